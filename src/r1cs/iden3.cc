// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "r1cs/iden3.h"

#include <cstring>
#include <fstream>
#include <map>
#include <utility>
#include <vector>

#include "base/mapped_file.h"

namespace cuzk::r1cs {
namespace {

constexpr uint32_t kFieldBytes = 32;

// Little-endian byte sink.
class Writer {
 public:
  void U32(uint32_t v) { Le(v, 4); }
  void U64(uint64_t v) { Le(v, 8); }
  void Field(const Fr& f) {
    auto b = f.ToBytesLE();
    bytes_.insert(bytes_.end(), b.begin(), b.end());
  }
  void Prime() {
    for (uint64_t limb : ff::FrConfig::kModulus) U64(limb);
  }
  void Raw(const void* p, size_t n) {
    const auto* b = static_cast<const uint8_t*>(p);
    for (size_t i = 0; i < n; ++i) bytes_.push_back(b[i]);
  }
  std::vector<uint8_t>& bytes() { return bytes_; }

 private:
  void Le(uint64_t v, size_t n) {
    for (size_t i = 0; i < n; ++i) bytes_.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  std::vector<uint8_t> bytes_;
};

// Appends `section` as (id, size, payload).
void Section(Writer& out, uint32_t id, Writer& section) {
  out.U32(id);
  out.U64(section.bytes().size());
  out.Raw(section.bytes().data(), section.bytes().size());
}

Status Save(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) return Status::InvalidArgument("cannot open " + path + " for writing");
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return f ? Status::Ok() : Status::InvalidArgument("write to " + path + " failed");
}

// Little-endian reader over one section, with errors that say where.
class Reader {
 public:
  Reader(std::span<const uint8_t> bytes, std::string where)
      : bytes_(bytes), where_(std::move(where)) {}
  Status Need(size_t n) const {
    if (bytes_.size() - pos_ >= n) return Status::Ok();
    return Status::InvalidArgument(where_ + ": truncated at byte " + std::to_string(pos_));
  }
  uint32_t U32() { return static_cast<uint32_t>(Le(4)); }
  uint64_t U64() { return Le(8); }
  std::span<const uint8_t> Take(size_t n) {
    auto s = bytes_.subspan(pos_, n);
    pos_ += n;
    return s;
  }
  size_t remaining() const { return bytes_.size() - pos_; }
  const std::string& where() const { return where_; }

 private:
  uint64_t Le(size_t n) {
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) v |= uint64_t{bytes_[pos_ + i]} << (8 * i);
    pos_ += n;
    return v;
  }
  std::span<const uint8_t> bytes_;
  std::string where_;
  size_t pos_ = 0;
};

// A parsed container: magic and version checked, sections by id.
struct Container {
  MappedFile file;
  std::map<uint32_t, std::span<const uint8_t>> sections;
};

Result<Container> ReadContainer(const std::string& path, const char magic[4], uint32_t version) {
  auto file = MappedFile::Open(path);
  RETURN_IF_ERROR(file);
  Container c{std::move(*file), {}};
  Reader r(c.file.bytes(), path);
  if (!r.Need(12).ok()) return Status::InvalidArgument(path + ": too short for a header");
  auto m = r.Take(4);
  if (std::memcmp(m.data(), magic, 4) != 0) {
    return Status::InvalidArgument(path + ": not a ." + std::string(magic, 4) +
                                   " file (bad magic)");
  }
  uint32_t v = r.U32();
  if (v != version) {
    return Status::InvalidArgument(path + ": unsupported version " + std::to_string(v) + " (want " +
                                   std::to_string(version) + ")");
  }
  uint32_t count = r.U32();
  for (uint32_t i = 0; i < count; ++i) {
    if (!r.Need(12).ok())
      return Status::InvalidArgument(path + ": truncated section header " + std::to_string(i));
    uint32_t id = r.U32();
    uint64_t size = r.U64();
    if (r.remaining() < size) {
      return Status::InvalidArgument(path + ": section " + std::to_string(id) + " declares " +
                                     std::to_string(size) + " bytes, only " +
                                     std::to_string(r.remaining()) + " remain");
    }
    if (!c.sections.emplace(id, r.Take(size)).second) {
      return Status::InvalidArgument(path + ": section " + std::to_string(id) + " appears twice");
    }
  }
  return c;
}

Status CheckPrime(Reader& r) {
  if (!r.Need(4 + kFieldBytes).ok())
    return Status::InvalidArgument(r.where() + ": truncated field header");
  uint32_t n8 = r.U32();
  if (n8 != kFieldBytes) {
    return Status::InvalidArgument(r.where() + ": field size " + std::to_string(n8) +
                                   " bytes, want 32");
  }
  auto prime = r.Take(kFieldBytes);
  for (size_t i = 0; i < 4; ++i) {
    uint64_t limb = 0;
    for (size_t b = 0; b < 8; ++b) limb |= uint64_t{prime[8 * i + b]} << (8 * b);
    if (limb != ff::FrConfig::kModulus[i]) {
      return Status::InvalidArgument(r.where() + ": prime is not the BLS12-381 scalar field");
    }
  }
  return Status::Ok();
}

// Reads a field element; an error names it "<kind> <index>" (built only then: a string per
// value would cost more than the value's conversion).
Result<Fr> ReadField(Reader& r, const char* kind, uint64_t index) {
  auto f = Fr::FromBytesLE(r.Take(kFieldBytes));
  if (!f.ok()) {
    return Status::InvalidArgument(r.where() + ": " + kind + " " + std::to_string(index) + ": " +
                                   f.status().message());
  }
  return *f;
}

// Sizes shape's matrices for the terms of the constraint section's first `constraints` rows,
// counted in one pass over the term counts: the rows then fill without regrowing (each doubling
// of a vector copies it and faults in fresh pages). A truncated section stops the count; the
// parse names the fault.
void Reserve(std::span<const uint8_t> section, uint32_t constraints, R1csShape& shape) {
  Reader r(section, "");
  size_t terms[3] = {0, 0, 0};
  for (uint32_t i = 0; i < constraints; ++i) {
    for (size_t& total : terms) {
      if (!r.Need(4).ok()) return;
      uint32_t n = r.U32();
      if (r.remaining() / (4 + kFieldBytes) < n) return;
      r.Take(size_t{n} * (4 + kFieldBytes));
      total += n;
    }
  }
  SparseMatrix* matrices[3] = {&shape.a, &shape.b, &shape.c};
  for (size_t m = 0; m < 3; ++m) {
    matrices[m]->entries.reserve(terms[m]);
    matrices[m]->row_start.reserve(size_t{constraints} + 1);
  }
}

void WriteCombination(Writer& w, const SparseMatrix& m, size_t row, size_t num_inputs) {
  // Inputs come first as wires 0.., aux after them: entries are already in ascending wire order.
  uint64_t begin = m.row_start[row], end = m.row_start[row + 1];
  w.U32(static_cast<uint32_t>(end - begin));
  for (uint64_t e = begin; e < end; ++e) {
    const SparseEntry& entry = m.entries[e];
    w.U32(static_cast<uint32_t>(entry.var.is_input() ? entry.var.index
                                                     : num_inputs + entry.var.index));
    w.Field(entry.coeff);
  }
}

}  // namespace

Status WriteIden3R1cs(const R1csShape& shape, const std::string& path) {
  size_t wires = shape.num_inputs + shape.num_aux;
  Writer header, constraints, labels, file;
  header.U32(kFieldBytes);
  header.Prime();
  header.U32(static_cast<uint32_t>(wires));
  header.U32(0);                                            // nPubOut
  header.U32(static_cast<uint32_t>(shape.num_inputs - 1));  // nPubIn
  header.U32(0);                                            // nPrvIn
  header.U64(wires);                                        // nLabels
  header.U32(static_cast<uint32_t>(shape.num_constraints()));
  for (size_t i = 0; i < shape.num_constraints(); ++i) {
    WriteCombination(constraints, shape.a, i, shape.num_inputs);
    WriteCombination(constraints, shape.b, i, shape.num_inputs);
    WriteCombination(constraints, shape.c, i, shape.num_inputs);
  }
  for (uint64_t i = 0; i < wires; ++i) labels.U64(i);
  file.Raw("r1cs", 4);
  file.U32(1);
  file.U32(3);
  Section(file, 1, header);
  Section(file, 2, constraints);
  Section(file, 3, labels);
  return Save(path, file.bytes());
}

Status WriteIden3Witness(std::span<const Fr> inputs, std::span<const Fr> aux,
                         const std::string& path) {
  Writer header, values, file;
  header.U32(kFieldBytes);
  header.Prime();
  header.U32(static_cast<uint32_t>(inputs.size() + aux.size()));
  for (const Fr& v : inputs) values.Field(v);
  for (const Fr& v : aux) values.Field(v);
  file.Raw("wtns", 4);
  file.U32(2);
  file.U32(2);
  Section(file, 1, header);
  Section(file, 2, values);
  return Save(path, file.bytes());
}

Result<R1csShape> ReadIden3R1cs(const std::string& path) {
  auto c = ReadContainer(path, "r1cs", 1);
  RETURN_IF_ERROR(c);
  if (!c->sections.count(1) || !c->sections.count(2)) {
    return Status::InvalidArgument(path + ": missing header (1) or constraint (2) section");
  }
  Reader h(c->sections.at(1), path + " header");
  RETURN_IF_ERROR(CheckPrime(h));
  if (!h.Need(28).ok()) return Status::InvalidArgument(path + " header: truncated");
  uint32_t wires = h.U32(), pub_out = h.U32(), pub_in = h.U32();
  h.U32();  // nPrvIn: private inputs are ordinary aux wires here
  h.U64();  // nLabels
  uint32_t num_constraints = h.U32();
  if (wires == 0 || uint64_t{pub_out} + pub_in + 1 > wires) {
    return Status::InvalidArgument(path + " header: " + std::to_string(pub_out + pub_in) +
                                   " public wires do not fit in " + std::to_string(wires) +
                                   " wires");
  }
  R1csShape shape;
  shape.num_inputs = 1 + pub_out + pub_in;
  shape.num_aux = wires - shape.num_inputs;
  Reserve(c->sections.at(2), num_constraints, shape);
  Reader r(c->sections.at(2), path + " constraints");
  LinearCombination lc;
  for (uint32_t i = 0; i < num_constraints; ++i) {
    for (SparseMatrix* m : {&shape.a, &shape.b, &shape.c}) {
      auto where = [i] { return "constraint " + std::to_string(i); };
      if (!r.Need(4).ok()) return Status::InvalidArgument(r.where() + ": truncated in " + where());
      uint32_t terms = r.U32();
      if (r.remaining() / (4 + kFieldBytes) < terms) {
        return Status::InvalidArgument(r.where() + ": truncated in " + where());
      }
      lc.Clear();
      for (uint32_t t = 0; t < terms; ++t) {
        uint32_t wire = r.U32();
        if (wire >= wires) {
          return Status::InvalidArgument(r.where() + ": " + where() + " uses wire " +
                                         std::to_string(wire) + " of " + std::to_string(wires));
        }
        auto coeff = ReadField(r, "constraint", i);
        RETURN_IF_ERROR(coeff);
        Variable v =
            wire < shape.num_inputs
                ? Variable{Variable::Kind::kInput, wire}
                : Variable{Variable::Kind::kAux, static_cast<uint32_t>(wire - shape.num_inputs)};
        lc.AddTerm(v, *coeff);  // duplicates merge
      }
      m->AppendRow(lc);
    }
  }
  if (r.remaining() != 0) return Status::InvalidArgument(r.where() + ": trailing bytes");
  return shape;
}

Result<std::vector<Fr>> ReadIden3Witness(const std::string& path) {
  auto c = ReadContainer(path, "wtns", 2);
  RETURN_IF_ERROR(c);
  if (!c->sections.count(1) || !c->sections.count(2)) {
    return Status::InvalidArgument(path + ": missing header (1) or values (2) section");
  }
  Reader h(c->sections.at(1), path + " header");
  RETURN_IF_ERROR(CheckPrime(h));
  if (!h.Need(4).ok()) return Status::InvalidArgument(path + " header: truncated");
  uint32_t n = h.U32();
  Reader r(c->sections.at(2), path + " values");
  if (r.remaining() != uint64_t{n} * kFieldBytes) {
    return Status::InvalidArgument(r.where() + ": " + std::to_string(r.remaining()) +
                                   " bytes for " + std::to_string(n) + " values");
  }
  std::vector<Fr> out;
  out.reserve(n);
  for (uint32_t i = 0; i < n; ++i) {
    auto v = ReadField(r, "value", i);
    RETURN_IF_ERROR(v);
    out.push_back(*v);
  }
  if (n == 0 || !out[0].IsOne()) return Status::InvalidArgument(path + ": wire 0 must be 1");
  return out;
}

Status Iden3Circuit::Synthesize(ConstraintSystem& cs) const {
  size_t wires = shape_.num_inputs + shape_.num_aux;
  if (!witness_.empty() && witness_.size() != wires) {
    return Status::InvalidArgument("witness has " + std::to_string(witness_.size()) +
                                   " values for " + std::to_string(wires) + " wires");
  }
  auto value = [&](size_t wire) { return witness_.empty() ? Fr::Zero() : witness_[wire]; };
  for (size_t i = 1; i < shape_.num_inputs; ++i) cs.AllocInput(value(i));
  for (size_t i = 0; i < shape_.num_aux; ++i) cs.Alloc(value(shape_.num_inputs + i));
  LinearCombination a, b, c;
  auto fill = [](LinearCombination& lc, const SparseMatrix& m, size_t row) {
    lc.Clear();
    for (uint64_t e = m.row_start[row]; e < m.row_start[row + 1]; ++e) {
      lc.AddTerm(m.entries[e].var, m.entries[e].coeff);
    }
  };
  for (size_t i = 0; i < shape_.num_constraints(); ++i) {
    fill(a, shape_.a, i);
    fill(b, shape_.b, i);
    fill(c, shape_.c, i);
    cs.Enforce(a, b, c);
  }
  return Status::Ok();
}

std::vector<Fr> Iden3Circuit::PublicInputs() const {
  if (witness_.empty()) return std::vector<Fr>(shape_.num_inputs - 1);
  return std::vector<Fr>(witness_.begin() + 1,
                         witness_.begin() + static_cast<long>(shape_.num_inputs));
}

}  // namespace cuzk::r1cs

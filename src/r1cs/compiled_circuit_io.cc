// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "r1cs/compiled_circuit_io.h"

#include <openssl/evp.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "base/mapped_file.h"

namespace cuzk::r1cs {
namespace {

constexpr char kMagic[8] = {'c', 'u', 'z', 'k', '-', 'c', 'c', '2'};
// Every array starts at a multiple of this offset (zero bytes before it), so that a reader can
// use the arrays where the file is mapped.
constexpr uint64_t kArrayAlignment = 8;
// A sanity bound on any count read back, far above any Filecoin circuit (2^32 variables are
// more than a u32 column can name anyway).
constexpr uint64_t kMaxCount = uint64_t{1} << 36;

// SHA-256 over every byte that passes.
class Sha256 {
 public:
  Sha256() : ctx_(EVP_MD_CTX_new(), EVP_MD_CTX_free) {
    EVP_DigestInit_ex(ctx_.get(), EVP_sha256(), nullptr);
  }
  void Update(const void* p, size_t n) { EVP_DigestUpdate(ctx_.get(), p, n); }
  std::array<uint8_t, 32> Finish() {
    std::array<uint8_t, 32> out{};
    unsigned int len = 0;
    EVP_DigestFinal_ex(ctx_.get(), out.data(), &len);
    return out;
  }

 private:
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx_;
};

// Lays out a compiled circuit, hashing every byte, into a file or (default-constructed) nowhere:
// CompiledFingerprint's hash of the same layout.
class Writer {
 public:
  Writer() = default;
  explicit Writer(const std::string& path)
      : out_(std::in_place, path, std::ios::binary | std::ios::trunc) {}
  bool ok() const { return !out_ || out_->good(); }
  void Bytes(const void* p, size_t n) {
    hash_.Update(p, n);
    if (out_) out_->write(static_cast<const char*>(p), static_cast<std::streamsize>(n));
    written_ += n;
  }
  void U64(uint64_t v) { Bytes(&v, sizeof(v)); }
  // Writes zero bytes up to the next multiple of kArrayAlignment, then the values.
  template <typename T>
  void Array(std::span<const T> values) {
    static constexpr uint8_t kZeros[kArrayAlignment] = {};
    Bytes(kZeros, (kArrayAlignment - written_ % kArrayAlignment) % kArrayAlignment);
    Bytes(values.data(), values.size_bytes());
  }
  void Bits(const DensityBits& bits) {
    U64(bits.size());
    std::vector<uint8_t> bytes((bits.size() + 7) / 8);
    for (size_t i = 0; i < bits.size(); ++i) bytes[i / 8] |= uint8_t(bits.Get(i)) << (i % 8);
    Array(std::span<const uint8_t>(bytes));
  }
  // Writes the hash of every byte so far after them and closes the file.
  Status Finish() {
    auto sum = hash_.Finish();
    out_->write(reinterpret_cast<const char*>(sum.data()), sum.size());
    out_->close();
    return out_->good() ? Status::Ok() : Status(StatusCode::kInternal, "writing failed");
  }
  // Returns the hash of every byte so far (a Writer to nowhere).
  std::array<uint8_t, 32> Sum() { return hash_.Finish(); }

 private:
  std::optional<std::ofstream> out_;
  Sha256 hash_;
  uint64_t written_ = 0;
};

// Reads a mapped file front to back, hashing what it passes; arrays are used where they lie.
class Reader {
 public:
  explicit Reader(std::shared_ptr<const MappedFile> file)
      : file_(std::move(file)), bytes_(file_->bytes()) {}
  // Returns what keeps the views alive.
  const std::shared_ptr<const MappedFile>& file() const { return file_; }
  // Copies n bytes out; fails, reading nothing, if the file holds fewer.
  Status Bytes(void* p, uint64_t n) {
    if (n > left()) return Status::InvalidArgument("the file ends early");
    std::memcpy(p, bytes_.data() + pos_, n);
    Pass(n);
    return Status::Ok();
  }
  Result<uint64_t> U64(const char* what) {
    uint64_t v = 0;
    RETURN_IF_ERROR(Bytes(&v, sizeof(v)));
    if (v > kMaxCount) {
      return Status::InvalidArgument(std::string(what) + " " + std::to_string(v) +
                                     " is out of range");
    }
    return v;
  }
  // Returns the next `count` values of an array where they lie in the file (after the zero bytes
  // that align it); fails if the file holds fewer.
  template <typename T>
  Result<std::span<const T>> View(uint64_t count) {
    uint64_t pad = (kArrayAlignment - pos_ % kArrayAlignment) % kArrayAlignment;
    if (pad > left()) return Status::InvalidArgument("the file ends early");
    for (uint64_t i = 0; i < pad; ++i) {
      if (bytes_[pos_ + i] != 0) return Status::InvalidArgument("an array's padding is not zero");
    }
    Pass(pad);
    if (count > left() / sizeof(T)) return Status::InvalidArgument("the file ends early");
    // The file's bytes hold these values (written from such an array, little-endian hosts only,
    // as the whole layout); the mapping is page-aligned and pos_ a multiple of the alignment.
    std::span<const T> view(reinterpret_cast<const T*>(bytes_.data() + pos_), count);
    Pass(count * sizeof(T));
    return view;
  }
  // Reads an array into `out` (the small ones, kept apart from the file).
  template <typename Vector>
  Status Array(Vector& out, uint64_t count) {
    using T = typename Vector::value_type;
    ASSIGN_OR_RETURN(std::span<const T> view, View<T>(count));
    out.assign(view.begin(), view.end());
    return Status::Ok();
  }
  Status Bits(DensityBits& bits, uint64_t expected, const char* what) {
    ASSIGN_OR_RETURN(uint64_t size, U64(what));
    if (size != expected) {
      return Status::InvalidArgument(std::string(what) + " covers " + std::to_string(size) +
                                     " variables, not " + std::to_string(expected));
    }
    ASSIGN_OR_RETURN(std::span<const uint8_t> bytes, View<uint8_t>((size + 7) / 8));
    bits.Clear();
    bits.Reserve(size);
    for (size_t i = 0; i < size; ++i) {
      bits.PushBack();
      if (bytes[i / 8] >> (i % 8) & 1) bits.Set(i);
    }
    return Status::Ok();
  }
  // Checks the trailing checksum and that nothing follows it.
  Status Finish() {
    auto want = hash_.Finish();
    std::array<uint8_t, 32> got{};
    if (left() != got.size()) {
      return Status::InvalidArgument(left() < got.size() ? "the file ends early"
                                                         : "bytes follow its checksum");
    }
    std::memcpy(got.data(), bytes_.data() + pos_, got.size());
    if (got != want) return Status::InvalidArgument("its checksum does not match: it is corrupt");
    return Status::Ok();
  }

 private:
  uint64_t left() const { return bytes_.size() - pos_; }
  // Hashes the next n bytes and moves past them.
  void Pass(uint64_t n) {
    hash_.Update(bytes_.data() + pos_, n);
    pos_ += n;
  }

  std::shared_ptr<const MappedFile> file_;
  std::span<const uint8_t> bytes_;
  uint64_t pos_ = 0;  // bytes read
  Sha256 hash_;
};

void WriteMatrix(Writer& w, const CompiledMatrix& m) {
  w.U64(m.rows());
  w.U64(m.terms());
  w.U64(m.long_rows().size());
  w.Array(m.columns());
  w.Array(m.coeff_ids());
  w.Array(m.row_terms());
  w.Array(m.long_rows());
}

Status ReadMatrix(Reader& r, CompiledMatrix& m, const CompiledCircuit& c, const char* name) {
  ASSIGN_OR_RETURN(uint64_t rows, r.U64("the row count"));
  ASSIGN_OR_RETURN(uint64_t terms, r.U64("the term count"));
  ASSIGN_OR_RETURN(uint64_t long_count, r.U64("the long-row count"));
  ASSIGN_OR_RETURN(std::span<const uint32_t> columns, r.View<uint32_t>(terms));
  ASSIGN_OR_RETURN(std::span<const uint16_t> ids, r.View<uint16_t>(terms));
  ASSIGN_OR_RETURN(std::span<const uint8_t> row_terms, r.View<uint8_t>(rows));
  std::vector<uint64_t> long_rows;
  RETURN_IF_ERROR(r.Array(long_rows, long_count));
  Status s = m.Adopt(columns, ids, row_terms, std::move(long_rows), r.file(), c.num_inputs,
                     c.num_aux, c.coefficients.size());
  if (!s.ok()) return s.Prefixed(std::string(name) + ": ");
  return Status::Ok();
}

Result<CompiledCircuit> Read(Reader& r) {
  char magic[sizeof(kMagic)];
  RETURN_IF_ERROR(r.Bytes(magic, sizeof(magic)));
  if (std::memcmp(magic, kMagic, sizeof(kMagic)) != 0) {
    return Status::InvalidArgument("it is not a compiled circuit of this layout (cuzk-cc2)");
  }
  CompiledCircuit c;
  ASSIGN_OR_RETURN(c.num_inputs, r.U64("the input count"));
  ASSIGN_OR_RETURN(c.num_aux, r.U64("the aux count"));
  ASSIGN_OR_RETURN(c.witness_other, r.U64("the witness's other values"));
  // Compact witnesses are reserved from it (engine/compiled_circuits.cc): never above the aux.
  if (c.witness_other > c.num_aux) {
    return Status::InvalidArgument(std::to_string(c.witness_other) + " other witness values for " +
                                   std::to_string(c.num_aux) + " aux values");
  }
  ASSIGN_OR_RETURN(uint64_t coefficients, r.U64("the coefficient count"));
  if (coefficients < 3 || coefficients > (uint64_t{1} << 16)) {
    return Status::InvalidArgument(std::to_string(coefficients) + " coefficients");
  }
  R1csDigest d;
  RETURN_IF_ERROR(r.Bytes(d.digest.data(), d.digest.size()));
  for (uint64_t* count : {&d.inputs, &d.aux, &d.constraints, &d.nnz_a, &d.nnz_b, &d.nnz_c,
                          &d.a_aux_density, &d.b_input_density, &d.b_aux_density}) {
    ASSIGN_OR_RETURN(*count, r.U64("a digest count"));
  }
  if (d.inputs != c.num_inputs || d.aux != c.num_aux) {
    return Status::InvalidArgument("its digest's counts are not its own");
  }
  c.digest = d;
  for (uint64_t i = 0; i < coefficients; ++i) {
    std::array<uint8_t, Fr::kBytes> be;
    RETURN_IF_ERROR(r.Bytes(be.data(), be.size()));
    ASSIGN_OR_RETURN(Fr value, Fr::FromBytesBE(be));
    c.coefficients.push_back(value);
  }
  if (c.coefficients[0] != Fr::Zero() || c.coefficients[1] != Fr::One() ||
      c.coefficients[2] != Fr::MinusOne()) {
    return Status::InvalidArgument("its coefficient table does not start with 0, 1 and -1");
  }
  RETURN_IF_ERROR(ReadMatrix(r, c.a, c, "A"));
  RETURN_IF_ERROR(ReadMatrix(r, c.b, c, "B"));
  if (c.a.rows() != c.b.rows() || c.a.rows() != d.constraints + c.num_inputs) {
    return Status::InvalidArgument("A and B do not have the digest's rows");
  }
  RETURN_IF_ERROR(r.Bits(c.a_aux_density, c.num_aux, "the A aux density"));
  RETURN_IF_ERROR(r.Bits(c.b_input_density, c.num_inputs, "the B input density"));
  RETURN_IF_ERROR(r.Bits(c.b_aux_density, c.num_aux, "the B aux density"));
  RETURN_IF_ERROR(r.Finish());
  return c;
}

// What a proof reads from a compiled circuit, as the file lays it out: the counts, the
// coefficients, A and B, the densities.
void WriteProofInputs(Writer& w, const CompiledCircuit& circuit) {
  w.U64(circuit.num_inputs);
  w.U64(circuit.num_aux);
  w.U64(circuit.coefficients.size());
  for (const Fr& c : circuit.coefficients) {
    auto be = c.ToBytesBE();
    w.Bytes(be.data(), be.size());
  }
  for (const CompiledMatrix* m : {&circuit.a, &circuit.b}) WriteMatrix(w, *m);
  for (const DensityBits* d :
       {&circuit.a_aux_density, &circuit.b_input_density, &circuit.b_aux_density}) {
    w.Bits(*d);
  }
}

}  // namespace

std::array<uint8_t, 32> CompiledFingerprint(const CompiledCircuit& circuit) {
  Writer w;
  static constexpr char kTag[8] = {'c', 'u', 'z', 'k', '-', 'c', 'f', '1'};
  w.Bytes(kTag, sizeof(kTag));
  WriteProofInputs(w, circuit);
  return w.Sum();
}

Status WriteCompiledCircuit(const CompiledCircuit& circuit, const std::string& path) {
  if (!circuit.digest) {
    return Status::InvalidArgument("a compiled circuit is written with its digest only");
  }
  // Unique to this writer: two processes keeping the same circuit each write their own.
  static std::atomic<uint64_t> writes{0};
  const std::string tmp =
      path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(writes++);
  std::error_code ec;
  if (auto parent = std::filesystem::path(path).parent_path(); !parent.empty()) {
    std::filesystem::create_directories(parent, ec);  // a failure shows when the file is created
  }
  {
    Writer w(tmp);
    if (!w.ok()) return Status(StatusCode::kInternal, tmp + ": cannot be created");
    w.Bytes(kMagic, sizeof(kMagic));
    w.U64(circuit.num_inputs);
    w.U64(circuit.num_aux);
    w.U64(circuit.witness_other);
    w.U64(circuit.coefficients.size());
    const R1csDigest& d = *circuit.digest;
    w.Bytes(d.digest.data(), d.digest.size());
    for (uint64_t count : {d.inputs, d.aux, d.constraints, d.nnz_a, d.nnz_b, d.nnz_c,
                           d.a_aux_density, d.b_input_density, d.b_aux_density}) {
      w.U64(count);
    }
    for (const Fr& c : circuit.coefficients) {
      auto be = c.ToBytesBE();
      w.Bytes(be.data(), be.size());
    }
    WriteMatrix(w, circuit.a);
    WriteMatrix(w, circuit.b);
    w.Bits(circuit.a_aux_density);
    w.Bits(circuit.b_input_density);
    w.Bits(circuit.b_aux_density);
    Status s = w.Finish();
    if (!s.ok()) {
      std::remove(tmp.c_str());
      return s.Prefixed(tmp + ": ");
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::remove(tmp.c_str());
    return Status(StatusCode::kInternal, path + ": " + ec.message());
  }
  return Status::Ok();
}

Result<CompiledCircuit> ReadCompiledCircuit(const std::string& path) {
  auto file = MappedFile::Open(path);
  if (!file.ok()) return file.status();  // kNotFound, naming the path
  Reader r(std::make_shared<const MappedFile>(std::move(file).value()));
  auto c = Read(r);
  if (!c.ok()) return c.status().Prefixed(path + ": ");
  return c;
}

}  // namespace cuzk::r1cs

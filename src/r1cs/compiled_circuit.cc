// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "r1cs/compiled_circuit.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <unordered_map>

#include "base/hex.h"
#include "base/parallel.h"
#include "r1cs/counting.h"

namespace cuzk::r1cs {
namespace {

constexpr uint8_t kLongRow = 255;
constexpr size_t kMaxCoefficients = size_t{1} << 16;

// Hashes a coefficient by its Montgomery limbs.
struct CoefficientHash {
  size_t operator()(const std::array<uint64_t, 4>& limbs) const {
    uint64_t h = limbs[0] * 0x9e3779b97f4a7c15ull;
    h ^= limbs[1] + (h << 6) + (h >> 2);
    h ^= limbs[2] + (h << 6) + (h >> 2);
    h ^= limbs[3] + (h << 6) + (h >> 2);
    return h;
  }
};

// Records A and B compactly and the densities; the witness values are ignored. With a digest
// writer, each constraint's A and B rows are hashed from the matrices just written and its C from
// the synthesis.
class CircuitCompiler final : public ConstraintSystem {
 public:
  CircuitCompiler(CompiledCircuit& out, R1csDigestWriter* digest) : out_(out), digest_(digest) {
    out_.coefficients = {Fr::Zero(), Fr::One(), Fr::MinusOne()};
    for (const Fr& c : out_.coefficients) coefficient_bytes_.push_back(c.ToBytesBE());
    AllocInput(Fr::One());
  }

  Variable Alloc(const Fr& value) override {
    if (!value.IsZero() && !value.IsOne()) ++out_.witness_other;
    out_.a_aux_density.PushBack();
    out_.b_aux_density.PushBack();
    return {Variable::Kind::kAux, static_cast<uint32_t>(out_.num_aux++)};
  }
  Variable AllocInput(const Fr&) override {
    out_.b_input_density.PushBack();
    return {Variable::Kind::kInput, static_cast<uint32_t>(out_.num_inputs++)};
  }

  // Appends bellperson's input constraints: Input(i) * 0 = 0.
  void AppendInputConstraints() {
    for (size_t i = 0; i < out_.num_inputs; ++i) {
      out_.a.AddTerm(static_cast<uint32_t>(i) | CompiledMatrix::kInputColumn, CompiledMatrix::kOne);
      out_.a.EndRow(1);
      out_.b.EndRow(0);
    }
  }

  // Returns the error of a circuit the table cannot hold, if any.
  const Status& status() const { return status_; }
  // Returns the constraints synthesized and C's non-zero terms.
  size_t constraints() const { return constraints_; }
  uint64_t nnz_c() const { return nnz_c_; }

 protected:
  void DoEnforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c,
                 std::string_view) override {
    ++constraints_;
    // A: inputs are always in the A query; aux terms with a non-zero coefficient mark it.
    size_t a_first = out_.a.terms(), b_first = out_.b.terms();
    AppendRow(a, out_.a, nullptr, &out_.a_aux_density);
    AppendRow(b, out_.b, &out_.b_input_density, &out_.b_aux_density);
    if (digest_) {
      HashRow(out_.a, a_first);
      HashRow(out_.b, b_first);
      nnz_c_ += digest_->AddCombination(c);
    } else {
      for (const TermList* list : {&c.inputs(), &c.aux()}) {
        for (const Term& t : *list) nnz_c_ += !t.coeff.IsZero();
      }
    }
  }

 private:
  // Hashes the terms of `m` from `first` on (the row just appended) as the digest writes them.
  void HashRow(const CompiledMatrix& m, size_t first) {
    digest_->BeginCombination(m.terms() - first);
    for (size_t t = first; t < m.terms(); ++t) {
      uint32_t column = m.column(t);
      digest_->AddTerm((column & CompiledMatrix::kInputColumn) != 0,
                       column & ~CompiledMatrix::kInputColumn, coefficient_bytes_[m.coeff_id(t)]);
    }
  }

  void AppendRow(const LinearCombination& lc, CompiledMatrix& m, DensityBits* input_density,
                 DensityBits* aux_density) {
    size_t count = 0;
    for (const Term& t : lc.inputs()) {
      if (t.coeff.IsZero()) continue;
      if (input_density) input_density->Set(t.index);
      m.AddTerm(static_cast<uint32_t>(t.index) | CompiledMatrix::kInputColumn,
                CoefficientId(t.coeff));
      ++count;
    }
    for (const Term& t : lc.aux()) {
      if (t.coeff.IsZero()) continue;
      aux_density->Set(t.index);
      m.AddTerm(static_cast<uint32_t>(t.index), CoefficientId(t.coeff));
      ++count;
    }
    m.EndRow(count);
  }

  uint16_t CoefficientId(const Fr& c) {
    if (c.IsOne()) return CompiledMatrix::kOne;
    if (c == minus_one_) return CompiledMatrix::kMinusOne;
    std::array<uint64_t, 4> key;
    std::memcpy(key.data(), c.montgomery().data(), sizeof(key));
    auto [it, inserted] = ids_.try_emplace(key, 0);
    if (inserted) {
      if (out_.coefficients.size() == kMaxCoefficients) {
        if (status_.ok()) {
          status_ = Status(StatusCode::kOutOfRange,
                           "the circuit has more than " + std::to_string(kMaxCoefficients - 1) +
                               " distinct non-zero coefficients, more than a compiled circuit "
                               "holds");
        }
        ids_.erase(it);
        return CompiledMatrix::kOne;
      }
      it->second = static_cast<uint16_t>(out_.coefficients.size());
      out_.coefficients.push_back(c);
      coefficient_bytes_.push_back(c.ToBytesBE());
    }
    return it->second;
  }

  CompiledCircuit& out_;
  R1csDigestWriter* digest_;
  // The table's coefficients as the digest writes them.
  std::vector<R1csDigestWriter::CoefficientBytes> coefficient_bytes_;
  size_t constraints_ = 0;
  uint64_t nnz_c_ = 0;
  const Fr minus_one_ = Fr::MinusOne();
  std::unordered_map<std::array<uint64_t, 4>, uint16_t, CoefficientHash> ids_;
  Status status_;
};

}  // namespace

void CompiledMatrix::Reserve(size_t rows, size_t terms) {
  row_terms_.reserve(rows);
  columns_.reserve(terms);
  coeff_ids_.reserve(terms);
  blocks_.reserve(rows / kRowsPerBlock + 1);
}

void CompiledMatrix::EndRow(size_t count) {
  if (row_terms_.size() % kRowsPerBlock == 0) {
    blocks_.push_back({columns_.size() - count, long_rows_.size()});
  }
  if (count < kLongRow) {
    row_terms_.push_back(static_cast<uint8_t>(count));
  } else {
    row_terms_.push_back(kLongRow);
    long_rows_.push_back(count);
  }
}

Status CompiledMatrix::Adopt(std::span<const uint32_t> columns, std::span<const uint16_t> coeff_ids,
                             std::span<const uint8_t> row_terms, std::vector<uint64_t> long_rows,
                             std::shared_ptr<const void> owner, size_t inputs, size_t aux,
                             size_t coefficients) {
  if (columns.size() != coeff_ids.size()) {
    return Status::InvalidArgument(std::to_string(columns.size()) + " columns but " +
                                   std::to_string(coeff_ids.size()) + " coefficient ids");
  }
  std::vector<Block> blocks;
  blocks.reserve(row_terms.size() / kRowsPerBlock + 1);
  uint64_t term = 0;
  size_t long_row = 0;
  for (size_t row = 0; row < row_terms.size(); ++row) {
    if (row % kRowsPerBlock == 0) blocks.push_back({term, long_row});
    uint64_t count = row_terms[row];
    if (count == kLongRow) {
      if (long_row == long_rows.size() || long_rows[long_row] < kLongRow) {
        return Status::InvalidArgument("row " + std::to_string(row) + "'s long count is missing");
      }
      count = long_rows[long_row++];
    }
    if (count > columns.size() - term) {
      return Status::InvalidArgument("row " + std::to_string(row) + " runs past the terms");
    }
    term += count;
  }
  if (term != columns.size() || long_row != long_rows.size()) {
    return Status::InvalidArgument("the rows hold " + std::to_string(term) + " terms, not " +
                                   std::to_string(columns.size()));
  }
  for (size_t t = 0; t < columns.size(); ++t) {
    uint32_t column = columns[t];
    bool ok = (column & kInputColumn) ? (column & ~kInputColumn) < inputs : column < aux;
    if (!ok || coeff_ids[t] == kZero || coeff_ids[t] >= coefficients) {
      return Status::InvalidArgument("term " + std::to_string(t) + " is out of range");
    }
  }
  // Freed, not just cleared (`= {}` would keep the capacity that Bytes() counts).
  HugeVector<uint32_t>().swap(columns_);
  HugeVector<uint16_t>().swap(coeff_ids_);
  HugeVector<uint8_t>().swap(row_terms_);
  owner_ = std::move(owner);
  adopted_columns_ = columns;
  adopted_coeff_ids_ = coeff_ids;
  adopted_row_terms_ = row_terms;
  long_rows_ = std::move(long_rows);
  blocks_ = std::move(blocks);
  return Status::Ok();
}

size_t CompiledMatrix::Bytes() const {
  // An adopted file's views count as held: they were read in (MAP_POPULATE) and are read by
  // every evaluation.
  return columns_.capacity() * 4 + coeff_ids_.capacity() * 2 + row_terms_.capacity() +
         adopted_columns_.size_bytes() + adopted_coeff_ids_.size_bytes() +
         adopted_row_terms_.size_bytes() + long_rows_.capacity() * 8 +
         blocks_.capacity() * sizeof(Block);
}

void CompiledMatrix::Evaluate(size_t begin, size_t end, std::span<const Fr> coefficients,
                              std::span<const Fr> inputs, const CompactWitness& aux,
                              Fr* out) const {
  const uint32_t* columns = this->columns().data();
  const uint16_t* coeff_ids = this->coeff_ids().data();
  const uint8_t* row_terms = this->row_terms().data();
  const Block& block = blocks_[begin / kRowsPerBlock];
  size_t term = block.first_term;
  size_t long_row = block.first_long_row;
  const Fr* coeffs = coefficients.data();
  // A term of an aux value other than 0 and 1, or of an input: its coefficient times the value.
  auto general_term = [coeffs](uint16_t id, const Fr& value) {
    if (id == kOne) return value;
    if (id == kMinusOne) return -value;
    return coeffs[id] * value;
  };
  // A term of a bit variable: its coefficient, or 0 (table entry kZero), chosen without a branch.
  // Half of a witness's bits are 1 at random: a branch on them mispredicts every other term
  // (on a 32GiB PoRep partition, it cost about a third of the evaluation's time).
  auto bit_term = [coeffs](uint16_t id, bool bit) -> const Fr& {
    return coeffs[id & (0u - static_cast<uint32_t>(bit))];
  };
  // The term's value: nearly every one is a bit's, Filecoin's B rows are nearly all one term.
  auto term_value = [&](size_t t) -> Fr {
    uint32_t column = columns[t];
    uint16_t id = coeff_ids[t];
    if (column & kInputColumn) [[unlikely]] {
      return general_term(id, inputs[column & ~kInputColumn]);
    }
    bool bit;
    const Fr* value = aux.AuxOrBit(column, &bit);
    if (value) [[unlikely]]
      return general_term(id, *value);
    return bit_term(id, bit);
  };
  for (size_t row = begin; row < end; ++row) {
    size_t count = row_terms[row];
    if (count == kLongRow) count = long_rows_[long_row++];
    if (count == 1) {
      out[row - begin] = term_value(term++);
      continue;
    }
    // As term_value, adding each term in place (through term_value's copy: measured slower).
    Fr acc;
    for (size_t last = term + count; term < last; ++term) {
      uint32_t column = columns[term];
      uint16_t id = coeff_ids[term];
      if (column & kInputColumn) [[unlikely]] {
        acc += general_term(id, inputs[column & ~kInputColumn]);
        continue;
      }
      bool bit;
      const Fr* value = aux.AuxOrBit(column, &bit);
      if (value) [[unlikely]] {
        acc += general_term(id, *value);
        continue;
      }
      acc += bit_term(id, bit);
    }
    out[row - begin] = acc;
  }
}

size_t CompiledCircuit::Bytes() const {
  return a.Bytes() + b.Bytes() + coefficients.capacity() * sizeof(Fr) +
         a_aux_density.CapacityBytes() + b_input_density.CapacityBytes() +
         b_aux_density.CapacityBytes();
}

std::optional<KnownCompilation> KnownCompilationOf(std::string_view r1cs_digest,
                                                   std::string_view fingerprint) {
  auto digest_bytes = FromHex(r1cs_digest);
  auto fingerprint_bytes = FromHex(fingerprint);
  KnownCompilation known;
  if (!digest_bytes.ok() || !fingerprint_bytes.ok() ||
      digest_bytes->size() != known.r1cs_digest.size() ||
      fingerprint_bytes->size() != known.fingerprint.size()) {
    return std::nullopt;
  }
  std::copy(digest_bytes->begin(), digest_bytes->end(), known.r1cs_digest.begin());
  std::copy(fingerprint_bytes->begin(), fingerprint_bytes->end(), known.fingerprint.begin());
  return known;
}

Result<CompiledCircuit> CompileCircuit(const Circuit& circuit, const CompileOptions& options) {
  CompiledCircuit out;
  size_t rows = options.rows, aux = options.aux;
  // The R1CS is hashed unless a known compilation's fingerprint stands for its digest.
  const bool hash = options.digest && !options.known;
  std::optional<CountingConstraintSystem> counts;
  if (hash) {
    counts.emplace();
    counts->SetCancel(options.cancel);
    RETURN_IF_ERROR(circuit.Synthesize(*counts));
    if (!rows) rows = counts->num_constraints() + counts->num_inputs();
    if (!aux) aux = counts->num_aux();
  }
  if (rows) {
    // Measured on Filecoin's circuits: A has about 2.4 terms per row, B about one.
    out.a.Reserve(rows, rows * 5 / 2);
    out.b.Reserve(rows, rows + rows / 16);
  }
  if (aux) {
    out.a_aux_density.Reserve(aux);
    out.b_aux_density.Reserve(aux);
  }
  std::optional<R1csDigestWriter> digest;
  if (hash) digest.emplace(counts->num_inputs(), counts->num_aux(), counts->num_constraints());
  CircuitCompiler compiler(out, digest ? &*digest : nullptr);
  compiler.SetCancel(options.cancel);
  RETURN_IF_ERROR(circuit.Synthesize(compiler));
  RETURN_IF_ERROR(compiler.status());
  if (options.digest) {
    if (hash && (out.num_inputs != counts->num_inputs() || out.num_aux != counts->num_aux() ||
                 compiler.constraints() != counts->num_constraints())) {
      return Status(StatusCode::kInternal, "the circuit synthesized differently in two passes (" +
                                               std::to_string(counts->num_constraints()) +
                                               " then " + std::to_string(compiler.constraints()) +
                                               " constraints)");
    }
    R1csDigest d;
    d.digest = hash ? digest->Finish() : options.known->r1cs_digest;
    d.inputs = out.num_inputs;
    d.aux = out.num_aux;
    d.constraints = compiler.constraints();
    d.nnz_a = out.a.terms();  // before the input constraints are appended
    d.nnz_b = out.b.terms();
    d.nnz_c = compiler.nnz_c();
    d.a_aux_density = out.a_aux_density.count();
    d.b_input_density = out.b_input_density.count();
    d.b_aux_density = out.b_aux_density.count();
    out.digest = d;
  }
  compiler.AppendInputConstraints();
  if (options.digest && options.known) {
    auto fingerprint = CompiledFingerprint(out);
    if (fingerprint != options.known->fingerprint) {
      return Status(StatusCode::kInvalidArgument,
                    "the compiled circuit's fingerprint " + ToHex(fingerprint) +
                        " is not the one known to hash to its R1CS digest (" +
                        ToHex(options.known->fingerprint) + ")");
    }
  }
  return out;
}

Status PrepareEvaluation(const CompiledCircuit& circuit, const CompactWitness& witness,
                         ProvingAssignment& out) {
  if (out.records_c()) {
    return Status::InvalidArgument(
        "a compiled circuit gives a and b only; the assignment must "
        "derive c (CEvaluations::kDerive)");
  }
  if (witness.inputs().size() != circuit.num_inputs || witness.num_aux() != circuit.num_aux) {
    return Status::InvalidArgument(
        "the witness has " + std::to_string(witness.inputs().size()) + " inputs and " +
        std::to_string(witness.num_aux()) + " aux values; the compiled circuit has " +
        std::to_string(circuit.num_inputs) + " and " + std::to_string(circuit.num_aux));
  }
  out.ResizeForEvaluation(witness.inputs(), circuit.num_aux, circuit.num_constraints(),
                          circuit.a_aux_density, circuit.b_input_density, circuit.b_aux_density);
  return Status::Ok();
}

Status EvaluateCompiled(const CompiledCircuit& circuit, const CompactWitness& witness,
                        ProvingAssignment& out, size_t threads) {
  RETURN_IF_ERROR(PrepareEvaluation(circuit, witness, out));
  size_t rows = circuit.num_constraints();
  witness.ExpandAux(out.mutable_aux(), threads);
  size_t blocks = (rows + CompiledMatrix::kRowsPerBlock - 1) / CompiledMatrix::kRowsPerBlock;
  std::span<const Fr> inputs = witness.inputs();
  Fr* a = out.mutable_a().data();
  Fr* b = out.mutable_b().data();
  // Block by block, so that the assignment's cancel flag (ConstraintSystem::SetCancel) stops it
  // within a block's time (a 32GiB partition's evaluation takes seconds).
  ParallelFor(blocks, threads, [&](size_t first, size_t last) {
    for (size_t block = first; block < last && !out.Cancelled(); ++block) {
      size_t begin = block * CompiledMatrix::kRowsPerBlock;
      size_t end = std::min(rows, begin + CompiledMatrix::kRowsPerBlock);
      circuit.a.Evaluate(begin, end, circuit.coefficients, inputs, witness, a + begin);
      circuit.b.Evaluate(begin, end, circuit.coefficients, inputs, witness, b + begin);
    }
  });
  if (out.Cancelled()) return Status(StatusCode::kCancelled, "the evaluation was cancelled");
  return Status::Ok();
}

}  // namespace cuzk::r1cs

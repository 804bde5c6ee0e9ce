// SPDX-License-Identifier: Apache-2.0 OR MIT
// CompiledCircuit: the A and B matrices of one circuit, recorded once from its synthesis and kept
// compact, so that the prover's evaluations a = A·w and b = B·w (c is derived, groth16/prover.cc)
// can be formed from a values-only witness (r1cs/compact_witness.h) just before proving, instead
// of being held from synthesis on. Every partition and sector of a circuit shares one.
//
// Layout: per matrix, the terms in row order as a u32 column (aux index, or input index with the
// top bit set) and a u16 index into the circuit's table of distinct coefficients (0, 1 and -1
// first: 1, -1 and a few powers of two are nearly all of Filecoin's); per row a one-byte term count
// (255: the count is in a side list). A 32GiB PoRep partition's 439 M terms take about 2.9 GB,
// where R1csShape's 40-byte entries would take 17.6 GB. Terms with a zero coefficient are dropped;
// the query densities follow ProvingAssignment's rules and are stored with the matrices.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "base/huge_page_allocator.h"
#include "base/status.h"
#include "r1cs/compact_witness.h"
#include "r1cs/constraint_system.h"
#include "r1cs/density.h"
#include "r1cs/digest.h"
#include "r1cs/proving_assignment.h"

namespace cuzk::r1cs {

// One compiled matrix (A or B).
class CompiledMatrix {
 public:
  // Marks a column as an input index (unset: an aux index).
  static constexpr uint32_t kInputColumn = uint32_t{1} << 31;
  // Coefficient ids of 0, 1 and -1 in every circuit's table. No term has id kZero: an evaluation
  // indexes the table with `id & -bit` to add a bit variable's term without a branch.
  static constexpr uint16_t kZero = 0, kOne = 1, kMinusOne = 2;

  // Appends a row of `count` terms whose columns and coefficient ids were pushed with AddTerm.
  void EndRow(size_t count);
  // Appends one term to the row being built.
  void AddTerm(uint32_t column, uint16_t coeff_id) {
    columns_.push_back(column);
    coeff_ids_.push_back(coeff_id);
  }
  // Reserves room for `rows` rows and `terms` terms.
  void Reserve(size_t rows, size_t terms);

  // Takes the arrays of a matrix read back from a file (r1cs/compiled_circuit_io.h): views into
  // memory that `owner` keeps alive (the file's mapping, shared by the circuit's matrices), checked
  // first, as a file may be corrupt: every row's terms present, every column an input below
  // `inputs` or an aux variable below `aux`, every coefficient id non-zero and below
  // `coefficients`. Fails, naming what is wrong, and leaves the matrix as it was.
  Status Adopt(std::span<const uint32_t> columns, std::span<const uint16_t> coeff_ids,
               std::span<const uint8_t> row_terms, std::vector<uint64_t> long_rows,
               std::shared_ptr<const void> owner, size_t inputs, size_t aux, size_t coefficients);
  // The arrays (a file's views after Adopt), for writing the matrix to a file.
  std::span<const uint32_t> columns() const {
    return owner_ ? adopted_columns_ : std::span<const uint32_t>(columns_);
  }
  std::span<const uint16_t> coeff_ids() const {
    return owner_ ? adopted_coeff_ids_ : std::span<const uint16_t>(coeff_ids_);
  }
  std::span<const uint8_t> row_terms() const {
    return owner_ ? adopted_row_terms_ : std::span<const uint8_t>(row_terms_);
  }
  std::span<const uint64_t> long_rows() const { return long_rows_; }

  // Returns the number of rows.
  size_t rows() const { return row_terms().size(); }
  // Returns term t's column (kInputColumn set for an input) and coefficient id.
  uint32_t column(size_t t) const { return columns()[t]; }
  uint16_t coeff_id(size_t t) const { return coeff_ids()[t]; }
  // Returns the number of terms.
  size_t terms() const { return columns().size(); }
  // Returns the bytes of memory the matrix holds.
  size_t Bytes() const;

  // Writes <row_i, w> to out[i - begin] for the rows i in [begin, end), begin a multiple of
  // kRowsPerBlock; w is `inputs` then `aux`, `coefficients` the circuit's table.
  void Evaluate(size_t begin, size_t end, std::span<const Fr> coefficients,
                std::span<const Fr> inputs, const CompactWitness& aux, Fr* out) const;

  // Rows per block: evaluation is split across threads at block boundaries.
  static constexpr size_t kRowsPerBlock = 4096;

 private:
  struct Block {
    uint64_t first_term;
    uint64_t first_long_row;
  };
  // Built by AddTerm and EndRow; empty after Adopt.
  HugeVector<uint32_t> columns_;
  HugeVector<uint16_t> coeff_ids_;
  HugeVector<uint8_t> row_terms_;  // 255: the row's count is the next entry of long_rows_
  // Adopted from a file: views into memory that owner_ keeps (set only after Adopt).
  std::shared_ptr<const void> owner_;
  std::span<const uint32_t> adopted_columns_;
  std::span<const uint16_t> adopted_coeff_ids_;
  std::span<const uint8_t> adopted_row_terms_;
  std::vector<uint64_t> long_rows_;  // counts of rows with 255 terms or more, in row order
  std::vector<Block> blocks_;        // where each block of kRowsPerBlock rows starts
};

// A circuit's A and B matrices, the input constraints the prover appends included.
struct CompiledCircuit {
  size_t num_inputs = 0;  // ONE included
  size_t num_aux = 0;
  // Aux values neither 0 nor 1 in the witness it was compiled from (sizes compact witnesses).
  size_t witness_other = 0;
  std::vector<Fr> coefficients;  // the distinct coefficients; [0] = 0, [1] = 1, [2] = -1
  CompiledMatrix a, b;
  // Query densities, as ProvingAssignment tracks them.
  DensityBits a_aux_density, b_input_density, b_aux_density;
  // The circuit's R1CS digest (r1cs/digest.h), hashed with A and B as compiled here (columns and
  // coefficients read back from the matrices) and C as synthesized; set when CompileCircuit was
  // asked for it. It equals DigestCircuit's only if the matrices hold exactly the circuit's terms.
  std::optional<R1csDigest> digest;

  // Returns the number of R1CS rows (synthesized constraints plus one per input).
  size_t num_constraints() const { return a.rows(); }
  // Returns the bytes of memory the compiled circuit holds.
  size_t Bytes() const;
};

// A circuit's R1CS digest with the fingerprint (CompiledFingerprint) of its compiled form, seen
// together: a compilation with that fingerprint has the matrices that hashed to that digest, so
// it needs no hashing of its own (a 32GiB PoRep partition's digest hashes 29.6 GB, 75-90 s on one
// core; its fingerprint 2.9 GB). The pairs are pinned by tests that compute both.
struct KnownCompilation {
  std::array<uint8_t, 32> r1cs_digest{};
  std::array<uint8_t, 32> fingerprint{};
};

// Returns the known compilation of `r1cs_digest` and `fingerprint` (64 hex digits each), or
// nothing when either is empty or not 32 bytes of hex.
std::optional<KnownCompilation> KnownCompilationOf(std::string_view r1cs_digest,
                                                   std::string_view fingerprint);

// How CompileCircuit works.
struct CompileOptions {
  // The circuit's rows and aux variables, when known: the memory is reserved up front (no growth
  // by doubling).
  size_t rows = 0, aux = 0;
  // Setting it stops the compilation as it stops a synthesis.
  const CancelFlag* cancel = nullptr;
  // Also computes the R1CS digest (CompiledCircuit::digest): a counting pass first (it costs
  // little), then the hashing beside the compilation on a thread of its own.
  bool digest = false;
  // With digest: the digest is taken from `known` if the compiled circuit's fingerprint is its
  // (nothing is hashed), and the compilation fails with kInvalidArgument if not.
  const KnownCompilation* known = nullptr;
};

// Synthesizes `circuit` into a CompiledCircuit (of its witness, only the count of aux values other
// than 0 and 1 is kept). Fails if the circuit has more than 65,535 distinct non-zero coefficients
// in A and B, or if it synthesized differently in the counting pass.
Result<CompiledCircuit> CompileCircuit(const Circuit& circuit, const CompileOptions& options = {});

// Returns the SHA-256 of what a proof reads from `circuit` (its counts, coefficient table,
// matrices and densities, as r1cs/compiled_circuit_io.h lays them out), not of its digest or
// witness statistics: equal fingerprints, equal proofs.
std::array<uint8_t, 32> CompiledFingerprint(const CompiledCircuit& circuit);

// Sizes `out` as EvaluateCompiled fills it (inputs, aux count, rows, densities) without
// evaluating, so that a proving key's sizes can be checked first; fails as EvaluateCompiled does.
Status PrepareEvaluation(const CompiledCircuit& circuit, const CompactWitness& witness,
                         ProvingAssignment& out);

// Fills `out` (which must derive c, CEvaluations::kDerive) as ProvingAssignment::SynthesizeFrom
// would from the same circuit and witness: the inputs and aux values of `witness`, a = A·w and
// b = B·w over every row, and the compiled densities; on up to `threads` threads (0 = all). Its
// buffers are reused as they are, without clearing (every entry is overwritten). Fails, naming
// the count, if the witness is not this circuit's size; `out`'s cancel flag
// (ConstraintSystem::SetCancel) stops it between blocks of rows with a kCancelled error.
Status EvaluateCompiled(const CompiledCircuit& circuit, const CompactWitness& witness,
                        ProvingAssignment& out, size_t threads = 0);

}  // namespace cuzk::r1cs

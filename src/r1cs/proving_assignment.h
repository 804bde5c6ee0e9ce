// SPDX-License-Identifier: Apache-2.0 OR MIT
// ProvingAssignment: what the Groth16 prover needs from synthesis (bellperson
// groth16/prover/mod.rs): the evaluations a_i, b_i, c_i of every constraint, the input and aux
// assignments, and the density of the A and B queries.
#pragma once

#include <span>
#include <vector>

#include "base/huge_page_allocator.h"
#include "r1cs/constraint_system.h"
#include "r1cs/density.h"

namespace cuzk::r1cs {

// Whether synthesis evaluates and stores c_i = <C_i, w>. For a satisfying witness
// c_i = a_i b_i on every row (the input rows too: a = input, b = c = 0), so the prover can form c
// from a and b (groth16/prover.cc) and the proof is the same. Deriving c skips evaluating every C
// and a third of the assignment's memory (4.2 GB of a 32GiB partition). An unsatisfied witness
// still gives a proof that fails verification, but only kRecord shows which constraint is broken.
enum class CEvaluations { kRecord, kDerive };

// Records values and per-constraint evaluations, tracking query density with bellperson's rules:
// an aux variable is in the A (B) query iff some constraint gives it a non-zero coefficient in A
// (B); an input is in the B query likewise, and every input is in the A query.
class ProvingAssignment final : public ConstraintSystem {
 public:
  // Starts with input 0 = ONE.
  explicit ProvingAssignment(CEvaluations c = CEvaluations::kRecord);

  // Reserves room for the expected numbers of constraints and aux variables (known in advance
  // for a circuit shape), so synthesis does not reallocate and copy as it grows. c is reserved in
  // both modes: with kDerive the prover fills it.
  void Reserve(size_t constraints, size_t aux);

  // Empties the assignment back to input 0 = ONE but keeps every buffer's capacity, so the next
  // synthesis writes into memory that is already mapped: at 32GiB, first-touch page clearing
  // of ~15 GiB is a third of a fresh partition's synthesis time.
  void Clear();

  Variable Alloc(const Fr& value) override;
  Variable AllocInput(const Fr& value) override;

  // Appends bellperson's input constraints, Input(i) * 0 = 0 for every input i; call once after
  // synthesis (the parameter generator appends the same ones).
  void AppendInputConstraints();
  // Synthesizes `circuit` and appends the input constraints.
  Status SynthesizeFrom(const Circuit& circuit);

  // Replaces the contents with `inputs` (ONE first), `num_aux` aux values, `rows` entries of a and
  // b (c stays empty) and the given densities, for an evaluator to fill in through mutable_aux(),
  // mutable_a() and mutable_b() (r1cs/compiled_circuit.h), which must overwrite every entry: an
  // assignment that already has those sizes (the previous partition's, not cleared) keeps its
  // old values there instead of writing zeros first (12 GB at 32GiB).
  void ResizeForEvaluation(std::span<const Fr> inputs, size_t num_aux, size_t rows,
                           const DensityBits& a_aux, const DensityBits& b_input,
                           const DensityBits& b_aux);

  // Returns true iff synthesis stores c (CEvaluations::kRecord).
  bool records_c() const { return c_mode_ == CEvaluations::kRecord; }
  // Evaluations <A_i, w>, <B_i, w>, <C_i, w>, one per constraint; c stays empty with kDerive.
  const HugeVector<Fr>& a() const { return a_; }
  const HugeVector<Fr>& b() const { return b_; }
  const HugeVector<Fr>& c() const { return c_; }
  HugeVector<Fr>& mutable_a() { return a_; }
  HugeVector<Fr>& mutable_b() { return b_; }
  HugeVector<Fr>& mutable_c() { return c_; }
  HugeVector<Fr>& mutable_aux() { return aux_; }
  // Values of the inputs (ONE first) and of the aux variables.
  const std::vector<Fr>& inputs() const { return inputs_; }
  const HugeVector<Fr>& aux() const { return aux_; }
  // Density of the aux part of the A query, and of both parts of the B query.
  const DensityBits& a_aux_density() const { return a_aux_density_; }
  const DensityBits& b_input_density() const { return b_input_density_; }
  const DensityBits& b_aux_density() const { return b_aux_density_; }
  // Returns the number of constraints so far.
  size_t num_constraints() const { return a_.size(); }
  // Returns the bytes of memory the buffers hold (their capacity, kept by Clear).
  size_t CapacityBytes() const;

 protected:
  void DoEnforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c,
                 std::string_view name) override;

 private:
  CEvaluations c_mode_;
  // Multi-GiB at 32GiB: on huge pages (see base/huge_page_allocator.h).
  HugeVector<Fr> a_, b_, c_;
  std::vector<Fr> inputs_;
  HugeVector<Fr> aux_;
  DensityBits a_aux_density_, b_input_density_, b_aux_density_;
};

}  // namespace cuzk::r1cs

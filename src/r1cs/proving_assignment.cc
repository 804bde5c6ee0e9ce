// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "r1cs/proving_assignment.h"

namespace cuzk::r1cs {
namespace {

// acc += coeff * value, skipping the multiplication for the values 0 and 1 that dominate
// Filecoin witnesses (bits).
inline void MulAdd(Fr& acc, const Fr& coeff, const Fr& value) {
  if (value.IsZero()) return;
  if (value.IsOne()) {
    acc += coeff;
  } else {
    acc += coeff * value;
  }
}

Fr Evaluate(const LinearCombination& lc, const std::vector<Fr>& inputs, const HugeVector<Fr>& aux) {
  Fr acc;
  for (const Term& t : lc.inputs()) MulAdd(acc, t.coeff, inputs[t.index]);
  for (const Term& t : lc.aux()) MulAdd(acc, t.coeff, aux[t.index]);
  return acc;
}

}  // namespace

ProvingAssignment::ProvingAssignment(CEvaluations c) : c_mode_(c) { AllocInput(Fr::One()); }

void ProvingAssignment::Reserve(size_t constraints, size_t aux) {
  a_.reserve(constraints);
  b_.reserve(constraints);
  c_.reserve(constraints);
  aux_.reserve(aux);
  a_aux_density_.Reserve(aux);
  b_aux_density_.Reserve(aux);
}

void ProvingAssignment::Clear() {
  a_.clear();
  b_.clear();
  c_.clear();
  inputs_.clear();
  aux_.clear();
  a_aux_density_.Clear();
  b_input_density_.Clear();
  b_aux_density_.Clear();
  AllocInput(Fr::One());
}

void ProvingAssignment::ResizeForEvaluation(std::span<const Fr> inputs, size_t num_aux, size_t rows,
                                            const DensityBits& a_aux, const DensityBits& b_input,
                                            const DensityBits& b_aux) {
  inputs_.assign(inputs.begin(), inputs.end());
  aux_.resize(num_aux);
  a_.resize(rows);
  b_.resize(rows);
  c_.clear();
  a_aux_density_ = a_aux;
  b_input_density_ = b_input;
  b_aux_density_ = b_aux;
}

size_t ProvingAssignment::CapacityBytes() const {
  size_t elements =
      a_.capacity() + b_.capacity() + c_.capacity() + inputs_.capacity() + aux_.capacity();
  return elements * sizeof(Fr) + a_aux_density_.CapacityBytes() + b_input_density_.CapacityBytes() +
         b_aux_density_.CapacityBytes();
}

Variable ProvingAssignment::Alloc(const Fr& value) {
  aux_.push_back(value);
  a_aux_density_.PushBack();
  b_aux_density_.PushBack();
  return {Variable::Kind::kAux, static_cast<uint32_t>(aux_.size() - 1)};
}

Variable ProvingAssignment::AllocInput(const Fr& value) {
  inputs_.push_back(value);
  b_input_density_.PushBack();
  return {Variable::Kind::kInput, static_cast<uint32_t>(inputs_.size() - 1)};
}

void ProvingAssignment::DoEnforce(const LinearCombination& a, const LinearCombination& b,
                                  const LinearCombination& c, std::string_view /*name*/) {
  // A: inputs are always dense; aux terms with a non-zero coefficient mark the A query.
  Fr va;
  for (const Term& t : a.inputs()) MulAdd(va, t.coeff, inputs_[t.index]);
  for (const Term& t : a.aux()) {
    if (t.coeff.IsZero()) continue;
    a_aux_density_.Set(t.index);
    MulAdd(va, t.coeff, aux_[t.index]);
  }
  // B: both inputs and aux mark the B query.
  Fr vb;
  for (const Term& t : b.inputs()) {
    if (t.coeff.IsZero()) continue;
    b_input_density_.Set(t.index);
    MulAdd(vb, t.coeff, inputs_[t.index]);
  }
  for (const Term& t : b.aux()) {
    if (t.coeff.IsZero()) continue;
    b_aux_density_.Set(t.index);
    MulAdd(vb, t.coeff, aux_[t.index]);
  }
  a_.push_back(va);
  b_.push_back(vb);
  if (records_c()) c_.push_back(Evaluate(c, inputs_, aux_));
}

void ProvingAssignment::AppendInputConstraints() {
  for (size_t i = 0; i < inputs_.size(); ++i) {
    a_.push_back(inputs_[i]);
    b_.push_back(Fr::Zero());
    if (records_c()) c_.push_back(Fr::Zero());
  }
}

Status ProvingAssignment::SynthesizeFrom(const Circuit& circuit) {
  Status s = circuit.Synthesize(*this);
  RETURN_IF_ERROR(s);
  AppendInputConstraints();
  return Status::Ok();
}

}  // namespace cuzk::r1cs

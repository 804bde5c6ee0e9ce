// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "r1cs/proving_assignment.h"

namespace cuzk::r1cs {

ProvingAssignment::ProvingAssignment() { AllocInput(Fr::One()); }

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
  for (const Term& t : a.inputs()) va += t.coeff * inputs_[t.index];
  for (const Term& t : a.aux()) {
    if (t.coeff.IsZero()) continue;
    a_aux_density_.Set(t.index);
    va += t.coeff * aux_[t.index];
  }
  // B: both inputs and aux mark the B query.
  Fr vb;
  for (const Term& t : b.inputs()) {
    if (t.coeff.IsZero()) continue;
    b_input_density_.Set(t.index);
    vb += t.coeff * inputs_[t.index];
  }
  for (const Term& t : b.aux()) {
    if (t.coeff.IsZero()) continue;
    b_aux_density_.Set(t.index);
    vb += t.coeff * aux_[t.index];
  }
  a_.push_back(va);
  b_.push_back(vb);
  c_.push_back(c.Evaluate(inputs_, aux_));
}

void ProvingAssignment::AppendInputConstraints() {
  for (size_t i = 0; i < inputs_.size(); ++i) {
    a_.push_back(inputs_[i]);
    b_.push_back(Fr::Zero());
    c_.push_back(Fr::Zero());
  }
}

Status ProvingAssignment::SynthesizeFrom(const Circuit& circuit) {
  Status s = circuit.Synthesize(*this);
  if (!s.ok()) return s;
  AppendInputConstraints();
  return Status::Ok();
}

}  // namespace cuzk::r1cs

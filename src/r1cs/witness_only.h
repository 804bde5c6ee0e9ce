// SPDX-License-Identifier: Apache-2.0 OR MIT
// WitnessOnly: records the values of every variable and ignores constraints, for callers that
// need a witness and nothing else (the .wtns export, witness generation ahead of proving).
#pragma once

#include <vector>

#include "base/huge_page_allocator.h"
#include "r1cs/constraint_system.h"

namespace cuzk::r1cs {

// Values only; Enforce costs nothing.
class WitnessOnly final : public ConstraintSystem {
 public:
  // Starts with input 0 = ONE.
  WitnessOnly() {
    SkipCombinations();
    AllocInput(Fr::One());
  }

  // Reserves room for `aux` aux values, so that a synthesis of known size does not reallocate.
  void Reserve(size_t aux) { aux_.reserve(aux); }

  Variable Alloc(const Fr& value) override {
    aux_.push_back(value);
    return {Variable::Kind::kAux, static_cast<uint32_t>(aux_.size() - 1)};
  }
  Variable AllocInput(const Fr& value) override {
    inputs_.push_back(value);
    return {Variable::Kind::kInput, static_cast<uint32_t>(inputs_.size() - 1)};
  }
  // Values of the inputs (ONE first) and of the aux variables (on huge pages, as the proving
  // assignment's: a 32GiB partition has 4 GiB of them, and with 4 KiB pages and no reservation
  // filling them took 34 s instead of 14 s on the project's VM).
  const std::vector<Fr>& inputs() const { return inputs_; }
  const HugeVector<Fr>& aux() const { return aux_; }

 protected:
  void DoEnforce(const LinearCombination&, const LinearCombination&, const LinearCombination&,
                 std::string_view) override {}

 private:
  std::vector<Fr> inputs_;
  HugeVector<Fr> aux_;
};

}  // namespace cuzk::r1cs

// SPDX-License-Identifier: Apache-2.0 OR MIT
// CountingConstraintSystem: counts inputs, aux variables and constraints and keeps nothing, to
// measure a circuit's shape (e.g. a 130-million-constraint PoRep partition) in O(1) memory.
#pragma once

#include "r1cs/constraint_system.h"

namespace cuzk::r1cs {

// Counts only.
class CountingConstraintSystem final : public ConstraintSystem {
 public:
  // Starts with input 0 = ONE.
  CountingConstraintSystem() { SkipCombinations(); }
  Variable Alloc(const Fr&) override {
    return {Variable::Kind::kAux, static_cast<uint32_t>(aux_++)};
  }
  Variable AllocInput(const Fr&) override {
    return {Variable::Kind::kInput, static_cast<uint32_t>(inputs_++)};
  }
  size_t num_inputs() const { return inputs_; }
  size_t num_aux() const { return aux_; }
  size_t num_constraints() const { return constraints_ + unread_constraints(); }

 protected:
  void DoEnforce(const LinearCombination&, const LinearCombination&, const LinearCombination&,
                 std::string_view) override {
    ++constraints_;
  }

 private:
  size_t inputs_ = 1, aux_ = 0, constraints_ = 0;
};

}  // namespace cuzk::r1cs

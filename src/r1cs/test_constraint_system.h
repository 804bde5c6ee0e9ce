// SPDX-License-Identifier: Apache-2.0 OR MIT
// TestConstraintSystem: keeps every constraint with its namespace path and checks them against
// the assigned values, naming the first one that fails (bellpepper's TestConstraintSystem).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "r1cs/constraint_system.h"

namespace cuzk::r1cs {

// A constraint system for tests: slow, complete, and explicit about what is wrong.
class TestConstraintSystem final : public ConstraintSystem {
 public:
  // Starts with input 0 = ONE.
  TestConstraintSystem() { AllocInput(Fr::One()); }

  Variable Alloc(const Fr& value) override;
  Variable AllocInput(const Fr& value) override;
  void PushNamespace(std::string_view name) override { path_.emplace_back(name); }
  void PopNamespace() override { path_.pop_back(); }
  bool WantsNames() const override { return true; }

  // Returns the path of the first unsatisfied constraint, or nullopt if all hold.
  std::optional<std::string> WhichIsUnsatisfied() const;
  // Returns true iff every constraint holds.
  bool IsSatisfied() const { return !WhichIsUnsatisfied().has_value(); }
  // Overwrites the value of an aux variable (to test that a wrong witness is caught).
  void SetAux(size_t index, const Fr& value) { aux_[index] = value; }
  // Returns the value of a variable.
  const Fr& Value(Variable v) const { return v.is_input() ? inputs_[v.index] : aux_[v.index]; }

  size_t num_constraints() const { return constraints_.size(); }
  size_t num_inputs() const { return inputs_.size(); }
  size_t num_aux() const { return aux_.size(); }
  const std::vector<Fr>& inputs() const { return inputs_; }
  const std::vector<Fr>& aux() const { return aux_; }

 protected:
  void DoEnforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c,
                 std::string_view name) override;

 private:
  struct Recorded {
    LinearCombination a, b, c;
    std::string path;
  };
  std::vector<Recorded> constraints_;
  std::vector<Fr> inputs_, aux_;
  std::vector<std::string> path_;
};

}  // namespace cuzk::r1cs

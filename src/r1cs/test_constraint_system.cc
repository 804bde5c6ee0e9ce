// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "r1cs/test_constraint_system.h"

namespace cuzk::r1cs {

Variable TestConstraintSystem::Alloc(const Fr& value) {
  aux_.push_back(value);
  return {Variable::Kind::kAux, static_cast<uint32_t>(aux_.size() - 1)};
}

Variable TestConstraintSystem::AllocInput(const Fr& value) {
  inputs_.push_back(value);
  return {Variable::Kind::kInput, static_cast<uint32_t>(inputs_.size() - 1)};
}

void TestConstraintSystem::DoEnforce(const LinearCombination& a, const LinearCombination& b,
                                     const LinearCombination& c, std::string_view name) {
  std::string path;
  for (const auto& p : path_) path += p + "/";
  path += name.empty() ? "constraint " + std::to_string(constraints_.size()) : std::string(name);
  constraints_.push_back({a, b, c, std::move(path)});
}

std::optional<std::string> TestConstraintSystem::WhichIsUnsatisfied() const {
  for (const Recorded& r : constraints_) {
    Fr a = r.a.Evaluate(inputs_, aux_);
    Fr b = r.b.Evaluate(inputs_, aux_);
    Fr c = r.c.Evaluate(inputs_, aux_);
    if (a * b != c) return r.path;
  }
  return std::nullopt;
}

}  // namespace cuzk::r1cs

// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "r1cs/linear_combination.h"

#include <algorithm>

namespace cuzk::r1cs {
namespace {

void Insert(TermList& terms, uint32_t index, const Fr& coeff) {
  if (terms.empty() || terms.back().index < index) {
    terms.push_back({index, coeff});
    return;
  }
  auto it = std::lower_bound(terms.begin(), terms.end(), index,
                             [](const Term& t, uint32_t i) { return t.index < i; });
  if (it != terms.end() && it->index == index) {
    it->coeff += coeff;
  } else {
    terms.insert(it, {index, coeff});
  }
}

}  // namespace

LinearCombination& LinearCombination::AddTerm(Variable v, const Fr& coeff) {
  Insert(v.is_input() ? inputs_ : aux_, v.index, coeff);
  return *this;
}

LinearCombination& LinearCombination::AddScaled(const LinearCombination& other, const Fr& scale) {
  for (const Term& t : other.inputs_) Insert(inputs_, t.index, t.coeff * scale);
  for (const Term& t : other.aux_) Insert(aux_, t.index, t.coeff * scale);
  return *this;
}

LinearCombination& LinearCombination::operator+=(const LinearCombination& other) {
  for (const Term& t : other.inputs_) Insert(inputs_, t.index, t.coeff);
  for (const Term& t : other.aux_) Insert(aux_, t.index, t.coeff);
  return *this;
}

LinearCombination& LinearCombination::operator-=(const LinearCombination& other) {
  for (const Term& t : other.inputs_) Insert(inputs_, t.index, -t.coeff);
  for (const Term& t : other.aux_) Insert(aux_, t.index, -t.coeff);
  return *this;
}

Fr LinearCombination::Evaluate(const std::vector<Fr>& input_values,
                               const std::vector<Fr>& aux_values) const {
  Fr acc;
  for (const Term& t : inputs_) acc += t.coeff * input_values[t.index];
  for (const Term& t : aux_) acc += t.coeff * aux_values[t.index];
  return acc;
}

}  // namespace cuzk::r1cs

// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "r1cs/linear_combination.h"

#include <algorithm>

namespace cuzk::r1cs {
namespace {

// Sorts `terms` by index and sums the coefficients of equal indices (coefficients are summed
// whatever their order, so the result equals a sorted insertion's).
void SortAndMergeList(TermList& terms) {
  std::sort(terms.begin(), terms.end(),
            [](const Term& x, const Term& y) { return x.index < y.index; });
  size_t out = 0;
  for (size_t i = 0; i < terms.size(); ++i) {
    if (out > 0 && terms[out - 1].index == terms[i].index) {
      terms[out - 1].coeff += terms[i].coeff;
    } else {
      terms[out++] = terms[i];
    }
  }
  terms.resize(out);
}

}  // namespace

void LinearCombination::Append(TermList& terms, uint32_t& sorted, uint32_t index, const Fr& coeff) {
  if (sorted == terms.size()) {  // no tail: keep the list sorted when the index allows
    if (terms.empty() || terms.back().index < index) {
      terms.push_back({index, coeff});
      ++sorted;
      return;
    }
    if (terms.back().index == index) {
      terms.back().coeff += coeff;
      return;
    }
  }
  terms.push_back({index, coeff});  // into the tail; sorted and merged on the next read
}

void LinearCombination::SortAndMerge() const {
  SortAndMergeList(inputs_);
  SortAndMergeList(aux_);
  inputs_sorted_ = static_cast<uint32_t>(inputs_.size());
  aux_sorted_ = static_cast<uint32_t>(aux_.size());
}

LinearCombination& LinearCombination::AddTerm(Variable v, const Fr& coeff) {
  if (v.is_input()) {
    Append(inputs_, inputs_sorted_, v.index, coeff);
  } else {
    Append(aux_, aux_sorted_, v.index, coeff);
  }
  return *this;
}

void LinearCombination::MergeList(TermList& terms, uint32_t& sorted, const TermList& other,
                                  const Fr* scale) {
  auto scaled = [scale](const Fr& c) { return scale ? c * *scale : c; };
  if (other.empty()) return;
  if (terms.empty() || terms.back().index < other.front().index) {  // disjoint and after: append
    for (const Term& t : other) terms.push_back({t.index, scaled(t.coeff)});
    sorted = static_cast<uint32_t>(terms.size());
    return;
  }
  // Two sorted lists: one linear merge through a scratch list.
  thread_local TermList merged;
  merged.clear();
  size_t i = 0, j = 0;
  while (i < terms.size() || j < other.size()) {
    if (j == other.size() || (i < terms.size() && terms[i].index < other[j].index)) {
      merged.push_back(terms[i++]);
    } else if (i == terms.size() || other[j].index < terms[i].index) {
      merged.push_back({other[j].index, scaled(other[j].coeff)});
      ++j;
    } else {
      merged.push_back({terms[i].index, terms[i].coeff + scaled(other[j].coeff)});
      ++i;
      ++j;
    }
  }
  terms.assign(merged.begin(), merged.end());
  sorted = static_cast<uint32_t>(terms.size());
}

LinearCombination& LinearCombination::AddScaled(const LinearCombination& other, const Fr& scale) {
  if (&other == this) return AddScaled(LinearCombination(other), scale);  // lc += k lc
  Normalize();
  other.Normalize();
  MergeList(inputs_, inputs_sorted_, other.inputs_, &scale);
  MergeList(aux_, aux_sorted_, other.aux_, &scale);
  return *this;
}

LinearCombination& LinearCombination::operator+=(const LinearCombination& other) {
  if (&other == this) return *this += LinearCombination(other);
  Normalize();
  other.Normalize();
  MergeList(inputs_, inputs_sorted_, other.inputs_, nullptr);
  MergeList(aux_, aux_sorted_, other.aux_, nullptr);
  return *this;
}

LinearCombination& LinearCombination::operator-=(const LinearCombination& other) {
  return AddScaled(other, Fr::MinusOne());
}

Fr LinearCombination::Evaluate(const std::vector<Fr>& input_values,
                               const std::vector<Fr>& aux_values) const {
  Fr acc;  // order-independent: no need to normalize
  for (const Term& t : inputs_) acc += t.coeff * input_values[t.index];
  for (const Term& t : aux_) acc += t.coeff * aux_values[t.index];
  return acc;
}

}  // namespace cuzk::r1cs

// SPDX-License-Identifier: Apache-2.0 OR MIT
// Variables and linear combinations of a rank-1 constraint system, with bellpepper-core's
// semantics (lc.rs): a combination is a map variable -> coefficient, so adding a variable twice
// merges the coefficients. That matters for the density of the Groth16 queries: a variable whose
// merged coefficient is zero does not count (docs/filecoin.md §4.1).
#pragma once

#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <vector>

#include "ff/fr.h"

namespace cuzk::r1cs {

using ff::Fr;

// A public input (index 0 is the constant ONE) or a private auxiliary variable.
struct Variable {
  enum class Kind : uint8_t { kInput, kAux };
  Kind kind = Kind::kInput;
  uint32_t index = 0;

  // Returns the variable that always holds 1.
  static constexpr Variable One() { return {Kind::kInput, 0}; }
  // Returns true iff this is a public input.
  bool is_input() const { return kind == Kind::kInput; }
  friend bool operator==(const Variable&, const Variable&) = default;
};

// One variable with its coefficient.
struct Term {
  uint32_t index;
  Fr coeff;
};

// Terms of one kind, sorted by index. Up to three live inline: most gadget constraints use
// one- to three-term combinations, which then cost no heap allocation.
using TermList = boost::container::small_vector<Term, 3>;

// A sum of coefficient * variable terms, kept as two lists (inputs, aux) sorted by index with
// merged coefficients. Each list is a sorted, merged prefix plus an unsorted tail: a term past
// the last index is appended to the prefix, any other term to the tail (O(1) either way); the
// first read sorts and merges the tail in (O(n log n)). Adding a whole combination is one linear
// merge of two sorted lists. So combinations accumulated out of order (MultiEq's packed sums)
// cost no element moves per term, and repeated variables (Poseidon's mixing) merge without
// growth. Clear()
// keeps the capacity, so a combination reused across constraints allocates only while it grows.
class LinearCombination {
 public:
  LinearCombination() = default;
  // Returns the combination 1 * v.
  static LinearCombination Of(Variable v) {
    LinearCombination lc;
    lc.Add(v);
    return lc;
  }
  // Returns the combination c * ONE.
  static LinearCombination Constant(const Fr& c) {
    LinearCombination lc;
    lc.AddTerm(Variable::One(), c);
    return lc;
  }

  // Adds coeff * v (merging with an existing term of v).
  LinearCombination& AddTerm(Variable v, const Fr& coeff);
  // Adds 1 * v.
  LinearCombination& Add(Variable v) { return AddTerm(v, Fr::One()); }
  // Adds -1 * v.
  LinearCombination& Sub(Variable v) { return AddTerm(v, Fr::MinusOne()); }
  // Adds scale * other, term by term.
  LinearCombination& AddScaled(const LinearCombination& other, const Fr& scale);
  LinearCombination& operator+=(const LinearCombination& other);
  LinearCombination& operator-=(const LinearCombination& other);
  // Removes every term, keeping the allocated capacity.
  void Clear() {
    inputs_.clear();
    aux_.clear();
    inputs_sorted_ = aux_sorted_ = 0;
  }

  // Input terms, sorted by index.
  const TermList& inputs() const {
    Normalize();
    return inputs_;
  }
  // Aux terms, sorted by index.
  const TermList& aux() const {
    Normalize();
    return aux_;
  }
  // Returns the number of terms (zero coefficients included).
  size_t size() const {
    Normalize();
    return inputs_.size() + aux_.size();
  }
  // Returns true iff there is no term.
  bool empty() const { return inputs_.empty() && aux_.empty(); }
  // Returns sum coeff * value over the given assignments.
  Fr Evaluate(const std::vector<Fr>& input_values, const std::vector<Fr>& aux_values) const;

 private:
  // Adds coeff * (variable `index`) to `terms`, whose first `sorted` entries are sorted.
  static void Append(TermList& terms, uint32_t& sorted, uint32_t index, const Fr& coeff);
  // Adds (scale *) `other` (sorted, merged) into `terms` (sorted, merged) in one linear pass.
  static void MergeList(TermList& terms, uint32_t& sorted, const TermList& other, const Fr* scale);
  // Sorts and merges the unsorted tails into the prefixes.
  void Normalize() const {
    if (inputs_sorted_ != inputs_.size() || aux_sorted_ != aux_.size()) SortAndMerge();
  }
  void SortAndMerge() const;

  // Mutable: reading a combination may first put it in normal form.
  mutable TermList inputs_;
  mutable TermList aux_;
  mutable uint32_t inputs_sorted_ = 0;  // length of inputs_' sorted, merged prefix
  mutable uint32_t aux_sorted_ = 0;
};

}  // namespace cuzk::r1cs

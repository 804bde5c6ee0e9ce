// SPDX-License-Identifier: Apache-2.0 OR MIT
// CompactWitness: a synthesis's values and nothing else, stored as Filecoin witnesses are made:
// almost all aux values are 0 or 1 (98.4% of a 2KiB PoRep partition's), so each aux variable
// takes two bits (is it another value; if not, which bit) and the other values sit in order in a
// side array, found through a running count per 64 variables. A 32GiB PoRep partition's 130 M
// aux values take about 0.1 GiB instead of 4 GiB. Enforce costs nothing: the constraints come
// from the compiled circuit (r1cs/compiled_circuit.h) when the partition is proved.
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "base/huge_page_allocator.h"
#include "r1cs/constraint_system.h"

namespace cuzk::r1cs {

class CompactWitness final : public ConstraintSystem {
 public:
  // Starts with input 0 = ONE.
  CompactWitness() {
    SkipCombinations();
    AllocInput(Fr::One());
  }

  // Reserves room for `aux` aux values, `other` of them neither 0 nor 1.
  void Reserve(size_t aux, size_t other = 0);
  // Returns the bytes a witness of `aux` aux values, `other` of them neither 0 nor 1, holds once
  // Reserve(aux, other) made its room (inputs aside).
  static uint64_t EstimatedBytes(size_t aux, size_t other);
  // Forgets every value (back to input 0 = ONE), keeping the capacity.
  void Clear();

  Variable Alloc(const Fr& value) override;
  Variable AllocBit(bool value) override {
    size_t i = num_aux_++;
    if ((i & 63) == 0) StartWord();
    words_.back().ones |= uint64_t{value} << (i & 63);
    return {Variable::Kind::kAux, static_cast<uint32_t>(i)};
  }
  // Allocates `count` (1 to 64) variables holding bits 0, 1, ... of `bits`, in that order, as
  // that many AllocBit calls would; returns the first (the others follow it).
  Variable AllocBitRun(uint64_t bits, unsigned count) {
    const size_t first = num_aux_;
    if (count < 64) bits &= (uint64_t{1} << count) - 1;
    const unsigned offset = first & 63;
    if (offset == 0) StartWord();
    words_.back().ones |= bits << offset;
    if (offset + count > 64) {
      StartWord();
      words_.back().ones |= bits >> (64 - offset);
    }
    num_aux_ += count;
    return {Variable::Kind::kAux, static_cast<uint32_t>(first)};
  }
  Variable AllocInput(const Fr& value) override {
    inputs_.push_back(value);
    return {Variable::Kind::kInput, static_cast<uint32_t>(inputs_.size() - 1)};
  }

  // Returns the number of aux values.
  size_t num_aux() const { return num_aux_; }
  // Values of the inputs (ONE first).
  const std::vector<Fr>& inputs() const { return inputs_; }
  // Returns aux value i: 0 or 1 when `*other` comes back false (the value is `*bit`), else the
  // value itself. Evaluation loops use this to skip zeros and multiplications by one.
  const Fr* AuxOrBit(size_t i, bool* bit) const {
    const size_t word = i >> 6;
    const uint64_t mask = uint64_t{1} << (i & 63);
    const BitWord& w = words_[word];  // one cache line holds both bitmaps' words
    if (w.other & mask) {
      *bit = false;
      return &side_[rank_[word] + std::popcount(w.other & (mask - 1))];
    }
    *bit = (w.ones & mask) != 0;
    return nullptr;
  }
  // Returns aux value i.
  Fr Aux(size_t i) const;
  // Writes every aux value, in order, to `out` (out.size() == num_aux()), on up to `threads`
  // threads (0 = all).
  void ExpandAux(std::span<Fr> out, size_t threads = 0) const;
  // Returns the number of aux values that are neither 0 nor 1.
  size_t num_other() const { return side_.size(); }
  // Returns the bytes of memory the values hold (their capacity).
  size_t CapacityBytes() const;

 protected:
  void DoEnforce(const LinearCombination&, const LinearCombination&, const LinearCombination&,
                 std::string_view) override {}

 private:
  // Opens the bitmap words of the next 64 aux values.
  void StartWord() {
    words_.push_back({});
    rank_.push_back(static_cast<uint32_t>(side_.size()));
  }

  // The two bitmaps' words for 64 aux values, side by side: an evaluation reads both for a
  // value, from one cache line instead of two.
  struct BitWord {
    uint64_t ones = 0;   // bit i: aux value i is 1 (when it is not another value)
    uint64_t other = 0;  // bit i: aux value i is in side_
  };

  std::vector<Fr> inputs_;
  size_t num_aux_ = 0;
  std::vector<BitWord> words_;  // per 64 aux values
  std::vector<uint32_t> rank_;  // per 64 aux values: how many of the earlier ones are in side_
  HugeVector<Fr> side_;         // the values other than 0 and 1, in variable order
};

}  // namespace cuzk::r1cs

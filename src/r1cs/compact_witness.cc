// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "r1cs/compact_witness.h"

#include "base/parallel.h"

namespace cuzk::r1cs {
namespace {

// The field elements 0 and 1, indexed by a bit.
constexpr Fr kBitValues[2] = {Fr::Zero(), Fr::One()};

}  // namespace

void CompactWitness::Reserve(size_t aux, size_t other) {
  size_t words = (aux + 63) / 64;
  words_.reserve(words);
  rank_.reserve(words);
  side_.reserve(other);
}

uint64_t CompactWitness::EstimatedBytes(size_t aux, size_t other) {
  uint64_t words = (aux + 63) / 64;
  return words * (8 + 8 + 4) + uint64_t{other} * sizeof(Fr);
}

void CompactWitness::Clear() {
  inputs_.clear();
  num_aux_ = 0;
  words_.clear();
  rank_.clear();
  side_.clear();
  AllocInput(Fr::One());
}

Variable CompactWitness::Alloc(const Fr& value) {
  size_t i = num_aux_++;
  if ((i & 63) == 0) StartWord();
  uint64_t mask = uint64_t{1} << (i & 63);
  if (value.IsZero()) {
    // both bits stay clear
  } else if (value.IsOne()) {
    words_.back().ones |= mask;
  } else {
    words_.back().other |= mask;
    side_.push_back(value);
  }
  return {Variable::Kind::kAux, static_cast<uint32_t>(i)};
}

Fr CompactWitness::Aux(size_t i) const {
  bool bit;
  const Fr* v = AuxOrBit(i, &bit);
  if (v) return *v;
  return bit ? Fr::One() : Fr::Zero();
}

void CompactWitness::ExpandAux(std::span<Fr> out, size_t threads) const {
  size_t words = (num_aux_ + 63) / 64;
  ParallelFor(
      words, threads,
      [&](size_t begin, size_t end) {
        for (size_t w = begin; w < end; ++w) {
          const Fr* side = side_.data() + rank_[w];
          size_t last = std::min<size_t>(64, num_aux_ - w * 64);
          Fr* dst = out.data() + w * 64;
          const BitWord word = words_[w];
          for (size_t j = 0; j < last; ++j) {
            if ((word.other >> j) & 1) [[unlikely]] {
              dst[j] = *side++;
            } else {
              // Indexed, not branched on: the bits are 1 at random, a branch mispredicts.
              dst[j] = kBitValues[(word.ones >> j) & 1];
            }
          }
        }
      },
      1024);
}

size_t CompactWitness::CapacityBytes() const {
  return inputs_.capacity() * sizeof(Fr) + words_.capacity() * sizeof(BitWord) +
         rank_.capacity() * 4 + side_.capacity() * sizeof(Fr);
}

}  // namespace cuzk::r1cs

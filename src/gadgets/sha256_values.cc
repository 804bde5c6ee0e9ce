// SPDX-License-Identifier: Apache-2.0 OR MIT
// What each step of Sha256Compression (sha256.cc) allocates when its operands are allocated bits,
// read off the gadgets (boolean.cc, uint32.cc):
//   xor of two bits that are not constants: one bit, one constraint, whose value is the xor of
//     the two underlying variables' values (a negated operand's variable holds its complement),
//     negated when exactly one operand is; with a constant: nothing, the other bit passes
//     through (negated by a constant true);
//   ch: one bit, one constraint; maj: the bit maj, then b & c, two constraints;
//   AddMany of n words, not all constant: bitlen(n (2^32 - 1)) bits of the 64-bit sum, one
//     constraint each, then one MultiEq equality of that width; of constants: nothing.
// In the rounds every operand is an allocated bit once the state's are; only the message
// schedule sees the block's constant and negated bits, so only it tracks them (ScheduleWord).
#include "gadgets/sha256_values.h"

#include <bit>
#include <type_traits>

#include "gadgets/sha256.h"
#include "r1cs/compact_witness.h"

namespace cuzk::gadgets {
namespace {

// A message-schedule word: its value, which bits are constants, and which of the others are
// negated (their variable holds the complement).
struct ScheduleWord {
  uint32_t value = 0, constant = 0, negated = 0;

  ScheduleWord Rotr(int n) const {
    return {std::rotr(value, n), std::rotr(constant, n), std::rotr(negated, n)};
  }
  // The vacated top bits are constant zeros.
  ScheduleWord Shr(int n) const {
    return {value >> n, (constant >> n) | ~(0xffffffffu >> n), negated >> n};
  }
};

// The compression over a system of static type CS (CompactWitness: a run of bits at once).
template <typename CS>
class Compression {
 public:
  explicit Compression(CS& cs) : cs_(cs), eq_(cs) {}

  std::array<UInt32, 8> Run(const std::array<ScheduleWord, 16>& block,
                            const std::array<uint32_t, 8>& state) {
    // 1. Message schedule: s0 and s1 as two xors each, then AddMany of four words.
    std::array<ScheduleWord, 64> sw;
    std::array<uint32_t, 64> w;
    for (size_t i = 0; i < 16; ++i) sw[i] = block[i];
    for (size_t i = 16; i < 64; ++i) {
      const ScheduleWord& x = sw[i - 15];
      const ScheduleWord& y = sw[i - 2];
      const ScheduleWord s0 = Xor(Xor(x.Rotr(7), x.Rotr(18)), x.Shr(3));
      const ScheduleWord s1 = Xor(Xor(y.Rotr(17), y.Rotr(19)), y.Shr(10));
      const ScheduleWord* ops[] = {&sw[i - 16], &s0, &sw[i - 7], &s1};
      uint64_t sum = 0;
      bool all_constant = true;
      for (const ScheduleWord* op : ops) {
        sum += op->value;
        all_constant &= op->constant == 0xffffffffu;
      }
      sw[i] = all_constant ? ScheduleWord{static_cast<uint32_t>(sum), 0xffffffffu, 0}
                           : ScheduleWord{AddMany(sum, 4), 0, 0};
    }
    for (size_t i = 0; i < 64; ++i) w[i] = sw[i].value;
    // 2. Rounds: a and e stay deferred sums (of 7 and 6 words) from the second round on.
    uint32_t b = state[1], c = state[2], d = state[3], f = state[5], g = state[6], h = state[7];
    uint32_t a_word = state[0], e_word = state[4];
    uint64_t a_sum = 0, e_sum = 0;
    for (size_t i = 0; i < 64; ++i) {
      const uint32_t new_e = i == 0 ? e_word : AddMany(e_sum, 6);
      const uint32_t s1 = Xor3(new_e, 6, 11, 25);
      const uint32_t ch = (new_e & f) ^ (~new_e & g);
      AllocWord(ch, 32);
      const uint64_t temp1 = uint64_t{h} + s1 + ch + kSha256RoundConstants[i] + w[i];
      const uint32_t new_a = i == 0 ? a_word : AddMany(a_sum, 7);
      const uint32_t s0 = Xor3(new_a, 2, 13, 22);
      const uint32_t bc = b & c;
      const uint32_t maj = (new_a & b) ^ (new_a & c) ^ bc;
      // Per bit: maj (no constraint of its own until after b & c), then b & c; two constraints.
      AllocWord(Spread(maj) | (Spread(bc) << 1), 64);
      h = g;
      g = f;
      f = new_e;
      e_sum = temp1 + d;
      d = c;
      c = b;
      b = new_a;
      a_sum = temp1 + s0 + maj;
    }
    // 3. The state additions, h0 and h4 absorbing the pending sums.
    std::array<UInt32, 8> out;
    out[0] = AddManyWord(a_sum + state[0], 8);
    out[1] = AddManyWord(uint64_t{state[1]} + b, 2);
    out[2] = AddManyWord(uint64_t{state[2]} + c, 2);
    out[3] = AddManyWord(uint64_t{state[3]} + d, 2);
    out[4] = AddManyWord(e_sum + state[4], 7);
    out[5] = AddManyWord(uint64_t{state[5]} + f, 2);
    out[6] = AddManyWord(uint64_t{state[6]} + g, 2);
    out[7] = AddManyWord(uint64_t{state[7]} + h, 2);
    eq_.Flush();
    return out;
  }

 private:
  // Boolean::Xor bit by bit, bit 0 first: a bit where neither operand is constant is allocated.
  ScheduleWord Xor(const ScheduleWord& a, const ScheduleWord& b) {
    const uint32_t both = ~a.constant & ~b.constant;
    const uint32_t allocated = (a.value ^ a.negated ^ b.value ^ b.negated) & both;
    for (uint32_t rest = both; rest != 0; rest &= rest - 1) {
      cs_.AllocBit((allocated >> std::countr_zero(rest)) & 1);
      cs_.EnforceUnread();
    }
    ScheduleWord out;
    out.value = a.value ^ b.value;
    out.constant = a.constant & b.constant;
    out.negated = (both & (a.negated ^ b.negated)) |
                  (a.constant & ~b.constant & (b.negated ^ a.value)) |
                  (b.constant & ~a.constant & (a.negated ^ b.value));
    return out;
  }

  // Allocates bits [0, count) of `value` (count <= 64), each with one constraint.
  void AllocWord(uint64_t value, int count) {
    if constexpr (std::is_same_v<CS, r1cs::CompactWitness>) {
      cs_.AllocBitRun(value, static_cast<unsigned>(count));
    } else {
      for (int k = 0; k < count; ++k) cs_.AllocBit((value >> k) & 1);
    }
    for (int k = 0; k < count; ++k) cs_.EnforceUnread();
  }

  // Bit k of x moved to bit 2k (Morton order's spread).
  static uint64_t Spread(uint32_t x) {
    uint64_t v = x;
    v = (v | (v << 16)) & 0x0000ffff0000ffffu;
    v = (v | (v << 8)) & 0x00ff00ff00ff00ffu;
    v = (v | (v << 4)) & 0x0f0f0f0f0f0f0f0fu;
    v = (v | (v << 2)) & 0x3333333333333333u;
    v = (v | (v << 1)) & 0x5555555555555555u;
    return v;
  }

  // rotr(x, r1) ^ rotr(x, r2) ^ rotr(x, r3) of an allocated word, as Sum3Xor: 32 bits each xor.
  uint32_t Xor3(uint32_t x, int r1, int r2, int r3) {
    const uint32_t t = std::rotr(x, r1) ^ std::rotr(x, r2);
    AllocWord(t, 32);
    const uint32_t out = t ^ std::rotr(x, r3);
    AllocWord(out, 32);
    return out;
  }

  // The result bits of an AddMany of n words summing to `sum`, and its MultiEq equality.
  uint32_t AddMany(uint64_t sum, uint64_t n) {
    const int bits = 64 - std::countl_zero(n * 0xffffffffu);
    AllocWord(sum, bits);
    eq_.BeginEquality(static_cast<size_t>(bits));
    return static_cast<uint32_t>(sum);
  }

  // AddMany whose result word is kept with its bits' variables (the compression's output).
  UInt32 AddManyWord(uint64_t sum, uint64_t n) {
    const int bits = 64 - std::countl_zero(n * 0xffffffffu);
    std::array<Boolean, 32> be;  // most significant first, as FromBitsBe takes them
    for (int k = 0; k < bits; ++k) {
      const bool bit = (sum >> k) & 1;
      Variable v = cs_.AllocBit(bit);
      cs_.EnforceUnread();
      if (k < 32) be[31 - k] = Boolean::Is({v, bit});
    }
    eq_.BeginEquality(static_cast<size_t>(bits));
    return UInt32::FromBitsBe(be);
  }

  CS& cs_;
  MultiEq eq_;
};

// Returns true iff every bit is an allocated, unnegated bit.
bool AllAllocated(std::span<const Boolean> bits) {
  for (const Boolean& b : bits) {
    if (b.kind() != Boolean::Kind::kIs) return false;
  }
  return true;
}

}  // namespace

std::optional<std::array<UInt32, 8>> Sha256CompressionValues(ConstraintSystem& cs,
                                                             std::span<const Boolean> block,
                                                             const std::array<UInt32, 8>& state) {
  if (cs.WantsCombinations()) return std::nullopt;
  for (const UInt32& word : state) {
    if (!AllAllocated(word.bits())) return std::nullopt;
  }
  std::array<ScheduleWord, 16> words;
  for (size_t i = 0; i < 16; ++i) {
    for (size_t k = 0; k < 32; ++k) {  // bit k of the word is message bit 32 i + 31 - k
      const Boolean& b = block[32 * i + 31 - k];
      words[i].value |= uint32_t{b.value()} << k;
      words[i].constant |= uint32_t{b.is_constant()} << k;
      words[i].negated |= uint32_t{b.kind() == Boolean::Kind::kNot} << k;
    }
  }
  std::array<uint32_t, 8> values;
  for (size_t i = 0; i < 8; ++i) values[i] = state[i].value();
  if (auto* compact = dynamic_cast<r1cs::CompactWitness*>(&cs)) {
    return Compression<r1cs::CompactWitness>(*compact).Run(words, values);
  }
  return Compression<ConstraintSystem>(cs).Run(words, values);
}

}  // namespace cuzk::gadgets

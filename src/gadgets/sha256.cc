// SPDX-License-Identifier: Apache-2.0 OR MIT
// SHA-256 (FIPS 180-4, Sec. 6.2) in circuit form. The order of operations inside a round, the
// deferred a/e words and the operand lists of every addition follow bellperson exactly (spec
// 4.3), since each changes where MultiEq flushes and so the constraint system.
#include "gadgets/sha256.h"

#include <boost/container/small_vector.hpp>
#include <string>

#include "gadgets/sha256_values.h"

namespace cuzk::gadgets {
namespace {

constexpr uint32_t kIv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                             0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

// A working variable that is either a word or a sum not yet carried out (bellperson's Maybe).
// Term lists live inline (at most 8 words), so a compression allocates no term vectors.
using Words = boost::container::small_vector<UInt32, 8>;

struct MaybeWord {
  bool deferred = false;
  UInt32 word;
  Words terms;

  UInt32 Compute(ConstraintSystem& cs, MultiEq& eq) const {
    return deferred ? UInt32::AddMany(cs, eq, std::span(terms.data(), terms.size())) : word;
  }
  // Returns the deferred terms followed by `extra` (for the final state additions).
  Words With(const UInt32& extra) const {
    Words v = deferred ? terms : Words{word};
    v.push_back(extra);
    return v;
  }
};

UInt32 Sum3Xor(ConstraintSystem& cs, const UInt32& a, const UInt32& b, const UInt32& c) {
  return a.Xor(cs, b).Xor(cs, c);
}

}  // namespace

std::array<UInt32, 8> Sha256Iv() {
  std::array<UInt32, 8> iv;
  for (size_t i = 0; i < 8; ++i) iv[i] = UInt32::Constant(kIv[i]);
  return iv;
}

std::array<UInt32, 8> Sha256Compression(ConstraintSystem& cs, std::span<const Boolean> block,
                                        const std::array<UInt32, 8>& state) {
  // A system that reads no constraints gets the same witness computed on words, when it applies.
  if (auto values = Sha256CompressionValues(cs, block, state)) return *values;
  // 1. Message schedule.
  std::array<UInt32, 64> w;
  for (size_t i = 0; i < 16; ++i) w[i] = UInt32::FromBitsBe(block.subspan(32 * i, 32));
  MultiEq eq(cs);
  for (size_t i = 16; i < 64; ++i) {
    UInt32 s0 = Sum3Xor(cs, w[i - 15].Rotr(7), w[i - 15].Rotr(18), w[i - 15].Shr(3));
    UInt32 s1 = Sum3Xor(cs, w[i - 2].Rotr(17), w[i - 2].Rotr(19), w[i - 2].Shr(10));
    UInt32 ops[] = {w[i - 16], s0, w[i - 7], s1};
    w[i] = UInt32::AddMany(cs, eq, ops);
  }
  // 2. Rounds, with a and e kept as deferred sums.
  MaybeWord a{false, state[0], {}}, e{false, state[4], {}};
  UInt32 b = state[1], c = state[2], d = state[3], f = state[5], g = state[6], h = state[7];
  for (size_t i = 0; i < 64; ++i) {
    UInt32 new_e = e.Compute(cs, eq);
    UInt32 s1 = Sum3Xor(cs, new_e.Rotr(6), new_e.Rotr(11), new_e.Rotr(25));
    UInt32 ch = UInt32::Sha256Ch(cs, new_e, f, g);
    Words temp1 = {h, s1, ch, UInt32::Constant(kSha256RoundConstants[i]), w[i]};
    UInt32 new_a = a.Compute(cs, eq);
    UInt32 s0 = Sum3Xor(cs, new_a.Rotr(2), new_a.Rotr(13), new_a.Rotr(22));
    UInt32 maj = UInt32::Sha256Maj(cs, new_a, b, c);
    h = g;
    g = f;
    f = new_e;
    e.deferred = true;
    e.terms = temp1;
    e.terms.push_back(d);
    d = c;
    c = b;
    b = new_a;
    a.deferred = true;
    a.terms = std::move(temp1);
    a.terms.push_back(s0);
    a.terms.push_back(maj);
  }
  // 3. Add into the state: h0 and h4 absorb the pending sums of a and e.
  std::array<UInt32, 8> out;
  Words a_sum = a.With(state[0]), e_sum = e.With(state[4]);
  out[0] = UInt32::AddMany(cs, eq, std::span(a_sum.data(), a_sum.size()));
  UInt32 ops1[] = {state[1], b}, ops2[] = {state[2], c}, ops3[] = {state[3], d};
  out[1] = UInt32::AddMany(cs, eq, ops1);
  out[2] = UInt32::AddMany(cs, eq, ops2);
  out[3] = UInt32::AddMany(cs, eq, ops3);
  out[4] = UInt32::AddMany(cs, eq, std::span(e_sum.data(), e_sum.size()));
  UInt32 ops5[] = {state[5], f}, ops6[] = {state[6], g}, ops7[] = {state[7], h};
  out[5] = UInt32::AddMany(cs, eq, ops5);
  out[6] = UInt32::AddMany(cs, eq, ops6);
  out[7] = UInt32::AddMany(cs, eq, ops7);
  eq.Flush();  // bellperson: when the MultiEq is dropped
  return out;
}

Result<std::vector<Boolean>> Sha256Gadget(ConstraintSystem& cs, std::span<const Boolean> message) {
  if (message.size() % 8 != 0) {
    return Status::InvalidArgument("sha256 gadget input of " + std::to_string(message.size()) +
                                   " bits is not a whole number of bytes");
  }
  std::vector<Boolean> padded(message.begin(), message.end());
  padded.push_back(Boolean::Constant(true));
  while (padded.size() % 512 != 448) padded.push_back(Boolean::Constant(false));
  uint64_t length = message.size();
  for (int i = 63; i >= 0; --i) padded.push_back(Boolean::Constant((length >> i) & 1));
  std::array<UInt32, 8> state = Sha256Iv();
  for (size_t offset = 0; offset < padded.size(); offset += 512) {
    state = Sha256Compression(cs, std::span(padded).subspan(offset, 512), state);
  }
  std::vector<Boolean> digest;
  for (const UInt32& word : state) {
    auto bits = word.IntoBitsBe();
    digest.insert(digest.end(), bits.begin(), bits.end());
  }
  return digest;
}

}  // namespace cuzk::gadgets

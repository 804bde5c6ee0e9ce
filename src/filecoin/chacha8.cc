// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "filecoin/chacha8.h"

namespace cuzk::filecoin {
namespace {

inline uint32_t Rotl(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

inline void QuarterRound(std::array<uint32_t, 16>& s, int a, int b, int c, int d) {
  s[a] += s[b];
  s[d] ^= s[a];
  s[d] = Rotl(s[d], 16);
  s[c] += s[d];
  s[b] ^= s[c];
  s[b] = Rotl(s[b], 12);
  s[a] += s[b];
  s[d] ^= s[a];
  s[d] = Rotl(s[d], 8);
  s[c] += s[d];
  s[b] ^= s[c];
  s[b] = Rotl(s[b], 7);
}

}  // namespace

ChaCha8Rng::ChaCha8Rng(const std::array<uint8_t, 32>& seed) {
  key_state_[0] = 0x61707865;  // "expand 32-byte k"
  key_state_[1] = 0x3320646e;
  key_state_[2] = 0x79622d32;
  key_state_[3] = 0x6b206574;
  for (int i = 0; i < 8; ++i) {
    key_state_[4 + i] = uint32_t{seed[4 * i]} | uint32_t{seed[4 * i + 1]} << 8 |
                        uint32_t{seed[4 * i + 2]} << 16 | uint32_t{seed[4 * i + 3]} << 24;
  }
  // Words 12-13: block counter; 14-15: stream id 0.
}

void ChaCha8Rng::Refill() {
  std::array<uint32_t, 16> input = key_state_;
  input[12] = static_cast<uint32_t>(counter_);
  input[13] = static_cast<uint32_t>(counter_ >> 32);
  block_ = input;
  for (int round = 0; round < 8; round += 2) {  // 4 double rounds
    QuarterRound(block_, 0, 4, 8, 12);
    QuarterRound(block_, 1, 5, 9, 13);
    QuarterRound(block_, 2, 6, 10, 14);
    QuarterRound(block_, 3, 7, 11, 15);
    QuarterRound(block_, 0, 5, 10, 15);
    QuarterRound(block_, 1, 6, 11, 12);
    QuarterRound(block_, 2, 7, 8, 13);
    QuarterRound(block_, 3, 4, 9, 14);
  }
  for (int i = 0; i < 16; ++i) block_[i] += input[i];
  ++counter_;
  word_ = 0;
}

uint64_t ChaCha8Rng::NextU64() {
  if (word_ >= 16) Refill();
  uint64_t lo = block_[word_++];
  if (word_ >= 16) Refill();
  uint64_t hi = block_[word_++];
  return (hi << 32) | lo;
}

}  // namespace cuzk::filecoin

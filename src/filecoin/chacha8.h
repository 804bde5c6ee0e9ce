// SPDX-License-Identifier: Apache-2.0 OR MIT
// ChaCha8Rng as rand_chacha 0.3 defines it (Bernstein's ChaCha with 8 rounds, 64-bit block
// counter from 0, 64-bit stream id 0), which seeds Filecoin's DRG parent sampling. OpenSSL offers
// only ChaCha20, so the core (RFC 7539 quarter round) is written here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace cuzk::filecoin {

// A sequential ChaCha8 keystream read as little-endian 64-bit words.
class ChaCha8Rng {
 public:
  explicit ChaCha8Rng(const std::array<uint8_t, 32>& seed);
  // Returns the next 8 keystream bytes as a little-endian integer (rand_core next_u64).
  uint64_t NextU64();

 private:
  void Refill();
  std::array<uint32_t, 16> key_state_{};
  std::array<uint32_t, 16> block_{};
  uint64_t counter_ = 0;
  size_t word_ = 16;  // next unread word of block_
};

}  // namespace cuzk::filecoin

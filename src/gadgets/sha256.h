// SPDX-License-Identifier: Apache-2.0 OR MIT
// The SHA-256 gadget (bellperson gadgets/sha256.rs; docs/filecoin.md §4.3), with the same
// constraint system constraint for constraint: Boolean folding, deferred additions and MultiEq
// batching. Costs 25,840 constraints per block of variable message under a constant state.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "base/status.h"
#include "gadgets/uint32.h"

namespace cuzk::gadgets {

// Returns the SHA-256 IV as constant words.
std::array<UInt32, 8> Sha256Iv();

// Compresses one 512-bit block (bits in message order, MSB of each byte first) into `state`;
// returns the new state.
std::array<UInt32, 8> Sha256Compression(ConstraintSystem& cs, std::span<const Boolean> block,
                                        const std::array<UInt32, 8>& state);

// Hashes a message of whole bytes (bits MSB first within each byte), padding with constants;
// returns the 256 digest bits in standard order. An error if the length is not a whole number
// of bytes.
Result<std::vector<Boolean>> Sha256Gadget(ConstraintSystem& cs, std::span<const Boolean> message);

}  // namespace cuzk::gadgets

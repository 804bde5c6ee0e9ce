// SPDX-License-Identifier: Apache-2.0 OR MIT
// SHA-256 through OpenSSL (which uses SHA-NI where the CPU has it), and Filecoin's mapping of a
// digest to a field element: keep the first 254 little-endian bits (docs/filecoin.md §10.1).
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "ff/fr.h"

namespace cuzk::hash {

using Digest = std::array<uint8_t, 32>;

// Returns SHA-256(data).
Digest Sha256(std::span<const uint8_t> data);

// Clears the two top bits of byte 31 (the digest read as a little-endian integer is then < 2^254).
Digest TruncateTo254Bits(Digest digest);

// Returns the field element whose little-endian repr is the 254-bit truncation of `digest`.
ff::Fr DigestToField(const Digest& digest);

}  // namespace cuzk::hash

// SPDX-License-Identifier: Apache-2.0 OR MIT
// The two byte forms bellperson's SnarkPack gives a target-group (GT) element, an Fp12 of the
// order-r cyclotomic subgroup: blstrs' `Compress` (288 bytes, in aggregate proofs) and its serde
// form under bincode (576 bytes, in the Fiat-Shamir transcript).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "base/status.h"
#include "ff/fp12.h"

namespace cuzk::snarkpack {

inline constexpr size_t kGtCompressedBytes = 288;
inline constexpr size_t kGtSerdeBytes = 576;

// Torus compression (Naehrig, Barreto, Schwabe, "On Compressible Pairings and Their
// Computation", 2008, Sec. 4.1; blstrs gt.rs): b = (c0 + 1) / c1 for f = c0 + c1 w, written as
// its six Fp coefficients (c0.c0, c0.c1, c1.c0, ..., c2.c1), each 48 bytes little-endian. `f`
// must lie in the cyclotomic subgroup with c1 != 0 (every pairing value but 1 does).
std::array<uint8_t, kGtCompressedBytes> GtCompress(const ff::Fp12& f);

// Inverts GtCompress (Rubin, Silverberg, "Compression in finite fields and torus-based
// cryptography", 2008): f = (b + w) / (b - w). Refuses bytes that are not six canonical Fp, and
// a result outside the order-r subgroup, naming what was wrong.
Result<ff::Fp12> GtDecompress(std::span<const uint8_t> bytes);

// Appends blstrs' serde form of `f` under bincode: its twelve Fp coefficients, c0 before c1 at
// every level of the tower, each as six little-endian u64 of its canonical value.
void AppendGtSerde(const ff::Fp12& f, std::vector<uint8_t>& out);

}  // namespace cuzk::snarkpack

// SPDX-License-Identifier: Apache-2.0 OR MIT
// ZCash BLS12-381 point encodings, as blst/blstrs and therefore bellperson write them
// (docs/filecoin.md §7.4). Fp is 48 bytes big-endian; an Fp2 is c1 || c0. Byte 0 carries
// three flags: 0x80 compressed, 0x40 infinity, 0x20 "y is the lexicographically larger root".
//
//   G1 compressed 48 B = x | flags     G1 uncompressed  96 B = x || y
//   G2 compressed 96 B = x | flags     G2 uncompressed 192 B = x || y
//
// Decoding rejects, with a message naming the fault: a wrong length, a missing or unexpected
// compression flag, a sort flag on an uncompressed point, a non-canonical infinity, a coordinate
// >= p, a point off the curve, and (unless asked not to) a point outside the prime-order subgroup.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "ec/g1.h"
#include "ec/g2.h"
#include "ff/fp_x8_ifma.h"

namespace cuzk::ec {

inline constexpr size_t kG1CompressedBytes = 48;
inline constexpr size_t kG1UncompressedBytes = 96;
inline constexpr size_t kG2CompressedBytes = 96;
inline constexpr size_t kG2UncompressedBytes = 192;

// Whether decoding also proves membership of the order-r subgroup (the expensive part).
enum class SubgroupCheck { kCheck, kSkip };

// Returns the 48-byte compressed encoding of P.
std::array<uint8_t, kG1CompressedBytes> G1ToCompressed(const G1Affine& p);
// Returns the 96-byte uncompressed encoding of P.
std::array<uint8_t, kG1UncompressedBytes> G1ToUncompressed(const G1Affine& p);
// Returns the 96-byte compressed encoding of Q.
std::array<uint8_t, kG2CompressedBytes> G2ToCompressed(const G2Affine& q);
// Returns the 192-byte uncompressed encoding of Q.
std::array<uint8_t, kG2UncompressedBytes> G2ToUncompressed(const G2Affine& q);

// Decodes a compressed G1 point (a square root, then the subgroup check).
Result<G1Affine> G1FromCompressed(std::span<const uint8_t> bytes,
                                  SubgroupCheck check = SubgroupCheck::kCheck);
// Decodes an uncompressed G1 point (curve equation, then the subgroup check).
Result<G1Affine> G1FromUncompressed(std::span<const uint8_t> bytes,
                                    SubgroupCheck check = SubgroupCheck::kCheck);
// Decodes a compressed G2 point.
Result<G2Affine> G2FromCompressed(std::span<const uint8_t> bytes,
                                  SubgroupCheck check = SubgroupCheck::kCheck);
// Decodes an uncompressed G2 point.
Result<G2Affine> G2FromUncompressed(std::span<const uint8_t> bytes,
                                    SubgroupCheck check = SubgroupCheck::kCheck);

// Decodes an uncompressed point that is not at infinity and checks the curve equation (not the
// subgroup), without allocating: the bulk path for parameter files. Returns false on any fault;
// G1FromUncompressed, given the same bytes, names it.
bool TryG1FromUncompressedFinite(std::span<const uint8_t, kG1UncompressedBytes> bytes,
                                 G1Affine& out);
// The G2 form of TryG1FromUncompressedFinite; G2FromUncompressed names the fault.
bool TryG2FromUncompressedFinite(std::span<const uint8_t, kG2UncompressedBytes> bytes,
                                 G2Affine& out);

// Decodes `count` consecutive uncompressed G1 points (96 bytes each) into out[0, count) as
// TryG1FromUncompressedFinite does; with `lanes` (ff/fp_x8_ifma.h; null: none), eight at a time:
// the Montgomery conversions and the curve equations of eight points run on the lanes, and a
// group with a fault is decoded again point by point. Returns the index of the first point that
// fails, or count.
size_t TryG1RunFromUncompressedFinite(const uint8_t* bytes, size_t count, G1Affine* out,
                                      const ff::ifma::FpX8Kernels* lanes);
// Decodes eight consecutive uncompressed finite G1 points on `lanes` (the eight-at-a-time step
// of TryG1RunFromUncompressedFinite); false when any has a fault (out is then partly written).
bool TryG1EightFromUncompressedFinite(const uint8_t* bytes, G1Affine* out,
                                      const ff::ifma::FpX8Kernels& lanes);
// The G2 form of TryG1RunFromUncompressedFinite, point by point (there are no Fp2 lanes).
size_t TryG2RunFromUncompressedFinite(const uint8_t* bytes, size_t count, G2Affine* out);

}  // namespace cuzk::ec

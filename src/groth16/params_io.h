// SPDX-License-Identifier: Apache-2.0 OR MIT
// bellperson's file formats (docs/formats.md):
//   .vk      alpha_g1 beta_g1 beta_g2 gamma_g2 delta_g1 delta_g2 | u32be n | ic[n]
//   .params  .vk | u32be + h[] | u32be + l[] | u32be + a[] | u32be + b_g1[] | u32be + b_g2[]
// with every point uncompressed (G1 96 B, G2 192 B) and none at infinity; a proof is
// A (48 B) || B (96 B) || C (48 B), compressed. Readers check lengths, encodings, the curve
// equation and (unless asked not to) subgroup membership, and name the section and index of the
// first bad point.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "base/cancel.h"
#include "base/status.h"
#include "ec/serialization.h"
#include "groth16/keys.h"

namespace cuzk::groth16 {

inline constexpr size_t kProofBytes = 192;

// Returns the .vk encoding of `vk`.
std::vector<uint8_t> SerializeVerifyingKey(const VerifyingKey& vk);
// Parses a .vk file's contents; trailing bytes are an error.
Result<VerifyingKey> ParseVerifyingKey(std::span<const uint8_t> bytes,
                                       ec::SubgroupCheck check = ec::SubgroupCheck::kCheck);

// Writes `pk` in the .params format to `path`.
Status WriteParams(const ProvingKey& pk, const std::string& path);
// Reads a .params file (memory-mapped, points decoded in parallel on `threads` threads). Every
// point is checked to be on its curve; `check` says whether the proving vectors (h, l, a, b_g1,
// b_g2) are also checked for subgroup membership, which costs ~50 us per point (minutes for a
// PoRep file). The vk part is always checked in full. Setting `*cancel` stops the read within a
// chunk (1 MiB per thread) with a kCancelled error.
Result<ProvingKey> ReadParams(const std::string& path,
                              ec::SubgroupCheck check = ec::SubgroupCheck::kCheck,
                              size_t threads = 0, const CancelFlag* cancel = nullptr);
// Parses .params contents already in memory.
Result<ProvingKey> ParseParams(std::span<const uint8_t> bytes,
                               ec::SubgroupCheck check = ec::SubgroupCheck::kCheck,
                               size_t threads = 0);
// Writes the .vk part alone to `path`.
Status WriteVerifyingKey(const VerifyingKey& vk, const std::string& path);
// Reads a .vk file.
Result<VerifyingKey> ReadVerifyingKey(const std::string& path);

// Returns the 192-byte encoding of a proof.
std::array<uint8_t, kProofBytes> SerializeProof(const Proof& proof);
// Parses 192 bytes into a proof; points at infinity are rejected, as bellperson does.
Result<Proof> ParseProof(std::span<const uint8_t> bytes);

}  // namespace cuzk::groth16

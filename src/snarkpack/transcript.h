// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnarkPack's Fiat-Shamir transcript, byte for byte as bellperson 0.27 builds it
// (groth16/aggregate/transcript.rs): SHA-256 over "snarkpack-v1", an application tag, then each
// value's bincode serialization under blstrs' serde (Fr: 32 bytes little-endian; G1/G2: ZCash
// compressed; GT: 576 bytes, gt_encoding.h; a byte slice: u64 little-endian length, then bytes).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "ec/g1.h"
#include "ec/g2.h"
#include "ff/fp12.h"
#include "ff/fr.h"

namespace cuzk::snarkpack {

// One transcript: values are written, then one challenge is drawn.
class Transcript {
 public:
  // Starts a transcript with the application tag `tag` (e.g. "random-r", "gipa-3").
  explicit Transcript(std::string_view tag);

  // Appends one value's serialization.
  Transcript& Write(const ff::Fr& x);
  Transcript& Write(const ec::G1Affine& p);
  Transcript& Write(const ec::G2Affine& q);
  Transcript& Write(const ff::Fp12& gt);
  // Appends a byte slice as bincode does: its length as u64 little-endian, then its bytes.
  Transcript& WriteBytes(std::span<const uint8_t> bytes);

  // Draws the challenge: for counter = 1, 2, ... the counter as 8 bytes big-endian is hashed in
  // (cumulatively), the digest is read little-endian with its top bit cleared, and the first
  // value that is a canonical field element other than 0 and 1 is returned.
  ff::Fr Challenge();

 private:
  std::vector<uint8_t> bytes_;  // everything hashed so far (transcripts are a few KiB)
};

}  // namespace cuzk::snarkpack

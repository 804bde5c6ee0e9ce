// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "snarkpack/transcript.h"

#include "ec/serialization.h"
#include "hash/sha256.h"
#include "snarkpack/gt_encoding.h"

namespace cuzk::snarkpack {

Transcript::Transcript(std::string_view tag) {
  constexpr std::string_view kPrefix = "snarkpack-v1";
  bytes_.insert(bytes_.end(), kPrefix.begin(), kPrefix.end());
  bytes_.insert(bytes_.end(), tag.begin(), tag.end());
}

Transcript& Transcript::Write(const ff::Fr& x) {
  auto le = x.ToBytesLE();
  bytes_.insert(bytes_.end(), le.begin(), le.end());
  return *this;
}

Transcript& Transcript::Write(const ec::G1Affine& p) {
  auto c = ec::G1ToCompressed(p);
  bytes_.insert(bytes_.end(), c.begin(), c.end());
  return *this;
}

Transcript& Transcript::Write(const ec::G2Affine& q) {
  auto c = ec::G2ToCompressed(q);
  bytes_.insert(bytes_.end(), c.begin(), c.end());
  return *this;
}

Transcript& Transcript::Write(const ff::Fp12& gt) {
  AppendGtSerde(gt, bytes_);
  return *this;
}

Transcript& Transcript::WriteBytes(std::span<const uint8_t> bytes) {
  uint64_t n = bytes.size();
  for (int i = 0; i < 8; ++i) bytes_.push_back(static_cast<uint8_t>(n >> (8 * i)));
  bytes_.insert(bytes_.end(), bytes.begin(), bytes.end());
  return *this;
}

ff::Fr Transcript::Challenge() {
  for (uint64_t counter = 1;; ++counter) {
    for (int i = 7; i >= 0; --i) bytes_.push_back(static_cast<uint8_t>(counter >> (8 * i)));
    hash::Digest d = hash::Sha256(bytes_);
    d[31] &= 0x7f;  // 256 - 255 bits shaved (Fr has 255 bits)
    auto c = ff::Fr::FromBytesLE(d);
    if (c.ok() && !c->IsZero() && !c->IsOne()) return *c;
  }
}

}  // namespace cuzk::snarkpack

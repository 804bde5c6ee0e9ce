// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "filecoin/graph.h"

#include <openssl/evp.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#include "filecoin/chacha8.h"
#include "hash/sha256.h"

namespace cuzk::filecoin {
namespace {

// dst_seed(tag) = SHA256(tag || porep_id).
hash::Digest DomainSeed(std::string_view tag, const Bytes32& porep_id) {
  std::vector<uint8_t> pre(tag.begin(), tag.end());
  for (uint8_t b : porep_id) pre.push_back(b);
  return hash::Sha256(pre);
}

// First 8 bytes, big-endian, of BLAKE2b-512(u64_be(r) || u64_be(key)).
uint64_t FeistelRound(uint64_t r, uint64_t key) {
  uint8_t in[16], out[64];
  for (int i = 0; i < 8; ++i) {
    in[i] = static_cast<uint8_t>(r >> (56 - 8 * i));
    in[8 + i] = static_cast<uint8_t>(key >> (56 - 8 * i));
  }
  // Fetch the algorithm once and reuse a context per thread: OpenSSL 3's implicit fetch inside
  // EVP_Digest costs more than the hash itself.
  static EVP_MD* const kBlake2b = EVP_MD_fetch(nullptr, "BLAKE2B-512", nullptr);
  thread_local std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(),
                                                                           EVP_MD_CTX_free);
  unsigned int len = 0;
  EVP_DigestInit_ex2(ctx.get(), kBlake2b, nullptr);
  EVP_DigestUpdate(ctx.get(), in, sizeof(in));
  EVP_DigestFinal_ex(ctx.get(), out, &len);
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | out[i];
  return v;
}

}  // namespace

StackedGraph::StackedGraph(uint64_t nodes, const Bytes32& porep_id, ApiVersion version)
    : nodes_(nodes), version_(version) {
  hash::Digest drg = DomainSeed("Filecoin_DRSample", porep_id);
  std::copy_n(drg.begin(), 28, drg_seed_.begin());
  hash::Digest feistel = DomainSeed("Filecoin_Feistel", porep_id);
  for (size_t k = 0; k < 3; ++k) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | feistel[8 * k + i];
    feistel_keys_[k] = v;
  }
  // Feistel over N = nodes * 8 elements: the smallest k >= 1 with 4^k >= N bits per half.
  uint64_t n = nodes * kExpansionDegree;
  half_bits_ = 1;
  while ((uint64_t{1} << (2 * half_bits_)) < n) ++half_bits_;
  right_mask_ = (uint64_t{1} << half_bits_) - 1;
}

void StackedGraph::BaseParents(uint64_t node, std::span<uint32_t, kBaseDegree> out) const {
  std::fill(out.begin(), out.end(), 0);
  if (node < 2) return;
  std::array<uint8_t, 32> seed{};
  std::copy(drg_seed_.begin(), drg_seed_.end(), seed.begin());
  for (int i = 0; i < 4; ++i) seed[28 + i] = static_cast<uint8_t>(node >> (8 * i));
  ChaCha8Rng rng(seed);
  // Bucket sampling (Fisch, "Tight proofs of space and replication", DRSample), m' = 5.
  constexpr uint64_t kPrime = kBaseDegree - 1;
  uint64_t meta = node * kPrime;
  uint64_t n_buckets = 64 - static_cast<uint64_t>(__builtin_clzll(meta - 1));  // ceil(log2(meta))
  uint32_t sampled[kPrime];
  for (uint64_t k = 0; k < kPrime; ++k) {
    uint64_t bucket = rng.NextU64() % n_buckets + 1;
    uint64_t largest = std::min(meta, uint64_t{1} << bucket);
    uint64_t smallest = std::max<uint64_t>(2, largest >> 1);
    uint64_t distance = smallest + rng.NextU64() % (largest - smallest + 1);
    uint64_t parent = (meta - distance) / kPrime;
    sampled[k] = static_cast<uint32_t>(parent == node ? node - 1 : parent);
  }
  // V1_0_0 puts the predecessor last; later versions first.
  bool first = version_ != ApiVersion::kV1_0_0;
  size_t offset = first ? 1 : 0;
  for (size_t k = 0; k < kPrime; ++k) out[offset + k] = sampled[k];
  out[first ? 0 : kPrime] = static_cast<uint32_t>(node - 1);
}

uint64_t StackedGraph::FeistelEncode(uint64_t x) const {
  uint64_t left = (x >> half_bits_) & right_mask_, right = x & right_mask_;
  for (uint64_t key : feistel_keys_) {
    uint64_t next_right = left ^ (FeistelRound(right, key) & right_mask_);
    left = right;
    right = next_right;
  }
  return (left << half_bits_) | right;
}

void StackedGraph::Parents(uint64_t node, std::span<uint32_t, kTotalParents> out) const {
  BaseParents(node, out.first<kBaseDegree>());
  uint64_t n = nodes_ * kExpansionDegree;
  for (size_t i = 0; i < kExpansionDegree; ++i) {
    uint64_t t = FeistelEncode(node * kExpansionDegree + i);
    while (t >= n) t = FeistelEncode(t);  // cycle walking
    // V1_0_0 truncates to u32 before dividing; later versions divide in u64.
    out[kBaseDegree + i] = version_ == ApiVersion::kV1_0_0 ? static_cast<uint32_t>(t) / 8
                                                           : static_cast<uint32_t>(t / 8);
  }
}

Bytes32 ParentCacheDigest(const StackedGraph& graph) {
  std::vector<uint8_t> bytes;
  bytes.reserve(graph.nodes() * kTotalParents * 4);
  std::array<uint32_t, kTotalParents> parents;
  for (uint64_t node = 0; node < graph.nodes(); ++node) {
    graph.Parents(node, parents);
    for (uint32_t p : parents) {
      for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(p >> (8 * i)));
    }
  }
  return hash::Sha256(bytes);
}

}  // namespace cuzk::filecoin

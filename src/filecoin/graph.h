// SPDX-License-Identifier: Apache-2.0 OR MIT
// The SDR parent graph (storage-proofs-core drgraph.rs, storage-proofs-porep stacked/vanilla/
// graph.rs, crypto/feistel.rs; docs/filecoin.md §3.4): 6 DRG (bucket-sampled) parents
// followed by 8 expander (Feistel-permuted) parents per node.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "filecoin/challenges.h"
#include "filecoin/registered_proof.h"

namespace cuzk::filecoin {

inline constexpr size_t kBaseDegree = 6;
inline constexpr size_t kExpansionDegree = 8;
inline constexpr size_t kTotalParents = kBaseDegree + kExpansionDegree;

// The graph of one sector size and porep_id.
class StackedGraph {
 public:
  StackedGraph(uint64_t nodes, const Bytes32& porep_id, ApiVersion version);

  // Writes the 14 parents of `node`: base (DRG) parents first, then expander parents.
  void Parents(uint64_t node, std::span<uint32_t, kTotalParents> out) const;
  uint64_t nodes() const { return nodes_; }

 private:
  void BaseParents(uint64_t node, std::span<uint32_t, kBaseDegree> out) const;
  uint64_t FeistelEncode(uint64_t x) const;

  uint64_t nodes_;
  ApiVersion version_;
  std::array<uint8_t, 28> drg_seed_{};
  std::array<uint64_t, 3> feistel_keys_{};
  uint32_t half_bits_ = 0;
  uint64_t right_mask_ = 0;
};

// SHA-256 of the parent cache file: for node 0..nodes, 14 parents as u32 little-endian (the
// digests Filecoin publishes in parent_cache.json).
Bytes32 ParentCacheDigest(const StackedGraph& graph);

}  // namespace cuzk::filecoin

// SPDX-License-Identifier: Apache-2.0 OR MIT
// The SDR label of one node (storage-proofs-porep stacked/vanilla/create_label; docs/filecoin.md
// §4.8): SHA-256(replica_id || u32_be(layer) || u64_be(node) || 20 zero bytes || 37 parent labels)
// truncated to 254 bits; node 0 hashes only the 64-byte prefix. The sealer labels sectors with
// it and the C1 checker recomputes a challenge's labels with it.
#pragma once

#include <cstdint>
#include <span>

#include "ff/fr.h"
#include "filecoin/challenges.h"

namespace cuzk::filecoin {

// The number of parent labels a label hashes (6 base parents 6 times, or 14 parents twice, and
// the first again to fill 37).
inline constexpr size_t kLabelParents = 37;

// Returns label(layer, node) from its 37 parent labels in hashing order (ignored for node 0).
Bytes32 SdrLabel(const ff::Fr& replica_id, uint32_t layer, uint64_t node,
                 std::span<const Bytes32, kLabelParents> parents);

}  // namespace cuzk::filecoin

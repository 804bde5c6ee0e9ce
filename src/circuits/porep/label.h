// SPDX-License-Identifier: Apache-2.0 OR MIT
// The SDR labeling gadget (storage-proofs-porep stacked/circuit/create_label.rs; docs/filecoin.md
// §4.8): label = SHA-256(replica_id || u32_be(layer) || u64_be(node) || 20 zero bytes || 37 parent
// labels), truncated to 254 bits and packed.
#pragma once

#include <span>
#include <vector>

#include "base/status.h"
#include "gadgets/sha256.h"

namespace cuzk::circuits::porep {

using gadgets::Boolean;

// Lays down one label: `replica_id_bits` (256, message order), the layer as a constant, `node_bits`
// (64, least significant first), and 37 parent bit-vectors (256 each, message order).
Result<gadgets::AllocatedNum> CreateLabel(r1cs::ConstraintSystem& cs,
                                          std::span<const Boolean> replica_id_bits,
                                          std::span<const std::vector<Boolean>> parents,
                                          uint32_t layer, std::span<const Boolean> node_bits);

}  // namespace cuzk::circuits::porep

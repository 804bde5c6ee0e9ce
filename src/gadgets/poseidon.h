// SPDX-License-Identifier: Apache-2.0 OR MIT
// The Poseidon gadget of Filecoin's circuits (neptune circuit.rs, Merkle-tree domain), laying
// down exactly the constraints and variables neptune does: docs/filecoin.md §5.3.
#pragma once

#include <span>

#include "base/status.h"
#include "gadgets/num.h"

namespace cuzk::gadgets {

// Hashes `preimage` (arity = its size: 2, 4, 8, 11, 16, 24 or 36) and returns the allocated
// digest. Costs 3(t-1) + 28t + 4 R_P + 1 constraints and as many aux variables (t = arity + 1):
// 311 for arity 2, 505 for 8, 598 for 11.
Result<AllocatedNum> PoseidonHashGadget(ConstraintSystem& cs,
                                        std::span<const AllocatedNum> preimage);
// The same with SnapDeals' Custom(1) domain tag 2^40 instead of the Merkle-tree tag (neptune
// poseidon_hash with POSEIDON_CONSTANTS_GEN_RANDOMNESS): the same constraints, another constant.
Result<AllocatedNum> PoseidonGenRandomnessGadget(ConstraintSystem& cs,
                                                 std::span<const AllocatedNum> preimage);

// filecoin-hashers hash_md_circuit: the Merkle-Damgard chain of hash::PoseidonHashMd over
// arity-36 Poseidon gadgets, padding zeros allocated as variables; 1,385 constraints per block
// (71 elements: 2 blocks, 2,770).
Result<AllocatedNum> PoseidonHashMdGadget(ConstraintSystem& cs,
                                          std::span<const AllocatedNum> elements);

}  // namespace cuzk::gadgets

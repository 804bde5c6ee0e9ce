// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnapDeals' randomness as the sealer derives it (storage-proofs-update challenges.rs and
// vanilla.rs): the challenges of a partition, phi and rho. Written here from the specification,
// not taken from circuits/snap, so that the vanilla proofs the sealer writes check the circuit's
// own derivation, and the other way round (sealed_update_test compares the two).
#pragma once

#include <cstdint>
#include <vector>

#include "ff/fr.h"

namespace cuzk::sealer {

// phi = Poseidon_genrandomness(comm_d_new, comm_r_old).
ff::Fr UpdatePhiOf(const ff::Fr& comm_d_new, const ff::Fr& comm_r_old);

// rho of node `c` in a sector of `nodes` nodes encoded with `h`:
// Poseidon_genrandomness(phi, c >> (log2(nodes) - h)).
ff::Fr UpdateRhoOf(const ff::Fr& phi, uint64_t nodes, uint64_t c, uint32_t h);

// The challenged nodes of partition `k`: each of the partition's challenges takes
// log2(nodes / partitions) bits, least significant first, from successive 254-bit digests
// Poseidon_genrandomness(comm_r_new, k * digests_per_partition + j) (as many whole challenges as
// fit in one digest), and carries k in its high bits.
std::vector<uint64_t> UpdateChallengesOf(uint64_t nodes, const ff::Fr& comm_r_new, uint32_t k);

}  // namespace cuzk::sealer

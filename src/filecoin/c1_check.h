// SPDX-License-Identifier: Apache-2.0 OR MIT
// The vanilla proofs of a C1 checked natively before anything is synthesized or proved (what
// rust-fil-proofs' seal_commit_phase2 verifies first, storage-proofs-porep stacked/vanilla
// proof_scheme.rs verify_all_partitions): a bad C1 fails in milliseconds, naming the partition,
// the challenge and what is wrong, instead of after a proof that does not verify.
#pragma once

#include <cstddef>

#include "base/status.h"
#include "filecoin/c1.h"

namespace cuzk::filecoin {

// Checks a parsed and validated C1 (ValidateC1): comm_r = Poseidon(comm_c, comm_r_last); every
// partition's challenges derived from the seed (or comm_r) are the nodes its proofs open; every
// Merkle path (tree D with SHA-256, trees C and R_last with Poseidon) leads to its commitment;
// every column hashes to its leaf, and its parents are the graph's; every label of the
// challenged node is the SDR label of its parents' labels; and the replica node is its last
// label plus its data. Runs on `threads` threads (0 = all).
Status CheckC1Proofs(const C1Output& c1, size_t threads = 0);

// Checks that the C1 is sector `sector_number` of miner `miner_id`: its replica_id must be the
// one they derive with the C1's ticket, comm_d and porep_id (storage-proofs-porep
// generate_replica_id); the error names the miner and sector.
Status CheckReplicaIdentity(const C1Output& c1, uint64_t miner_id, uint64_t sector_number);

}  // namespace cuzk::filecoin

// SPDX-License-Identifier: Apache-2.0 OR MIT
// A test-data sealer: it seals a sector exactly as Filecoin's SDR PoRep does (tree D, labels,
// tree C, encoding, tree R_last, comm_r; storage-proofs-porep stacked/vanilla/proof.rs) and
// writes the C1 output a storage provider's node hands to C2. Everything stays in memory, so it
// is meant for 2KiB-512MiB sectors, not for production sealing.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "filecoin/c1.h"
#include "sealer/merkle_tree.h"

namespace cuzk::sealer {

// Who seals what: everything replica_id depends on.
struct SealIdentity {
  uint64_t registered_proof = 0;  // Lotus / proofs-api id, 0..19
  Bytes32 prover_id{};
  uint64_t sector_id = 0;
  Bytes32 ticket{};
};

// Receives one line per finished sealing stage (for progress output).
using ProgressFn = std::function<void(std::string_view stage, double seconds)>;

// A sealed sector with everything C1 opens.
struct SealedSector {
  filecoin::RegisteredSealProof proof{};
  SealIdentity identity;
  Fr replica_id;
  Sha256Tree tree_d;
  std::vector<std::vector<Bytes32>> labels;  // [layer - 1][node]
  PoseidonTree tree_c;
  PoseidonTree tree_r_last;
  Fr comm_r;

  const Bytes32& comm_d() const { return tree_d.Root(); }
};

// Returns one random node below 2^254 (a valid field element and a valid 254-bit SHA node).
Bytes32 RandomNode(std::mt19937_64& rng);

// Returns `nodes` nodes of seeded random data, each < 2^254 as Fr32-padded data is.
std::vector<Bytes32> RandomSectorData(uint64_t nodes, uint64_t seed);

// Fr32-pads `raw` (254 bits of input per 32-byte node, two zero bits on top, the way Filecoin
// pads pieces) into `nodes` nodes, zero-filling the rest; fails if raw does not fit.
Result<std::vector<Bytes32>> Fr32Pad(std::string_view raw, uint64_t nodes);

// Seals `data` (one Bytes32 per node, each < 2^254). `threads` 0 means all.
Result<SealedSector> Seal(const SealIdentity& identity, std::vector<Bytes32> data,
                          size_t threads = 0, const ProgressFn& progress = nullptr);

// Derives the challenges from `seed` and writes every partition's vanilla proofs (C1).
Result<filecoin::C1Output> Commit1(const SealedSector& sector, const Bytes32& seed);

}  // namespace cuzk::sealer

// SPDX-License-Identifier: Apache-2.0 OR MIT
// From a SnapDeals partition's vanilla proof (Curio's bincode PartitionProof) to the circuit's
// witness and public inputs (storage-proofs-update compound.rs and circuit.rs PrivateInputs::new),
// with every opening checked natively first, as vanilla.rs verify does.
#pragma once

#include <string>
#include <vector>

#include "circuits/snap/update_circuit.h"
#include "filecoin/registered_update.h"
#include "filecoin/update_vanilla.h"

namespace cuzk::circuits::snap {

// The h index every SnapDeals proof uses (filecoin-proofs' default: h = hs[3]).
inline constexpr uint32_t kDefaultHIndex = 3;

// What a partition proves besides its openings.
struct UpdateStatement {
  filecoin::RegisteredUpdateProof proof;
  uint32_t k = 0;  // partition
  uint32_t h_index = kDefaultHIndex;
  Fr comm_r_old, comm_d_new, comm_r_new;
};

// The circuit shape of a registered update proof's sector size.
UpdateShape ShapeOf(const filecoin::RegisteredUpdateProof& proof);

// A tree R opening checked and hashed up: its leaf, its siblings per level, the root it reaches.
struct TreeROpening {
  Fr leaf;
  std::vector<std::vector<Fr>> siblings;
  Fr root;
};
// Checks that `p` opens node `c` of a tree of `shape`'s tree R arities and hashes it up; errors
// start with `what`.
Result<TreeROpening> OpenTreeR(const filecoin::MerkleProof& p, const UpdateShape& shape, uint64_t c,
                               const std::string& what);

// Checks `vanilla` against `statement` (counts, challenges, path shapes, roots, comm_r =
// H(comm_c, root), the apex leaves under comm_d_new, each new label = old + data * rho) and
// returns the circuit's witness. Errors name the challenge and what is wrong.
Result<UpdateWitness> UpdateWitnessFromVanilla(const UpdateStatement& statement,
                                               const filecoin::UpdatePartitionProof& vanilla);

// The public inputs of `statement` (without ONE).
std::vector<Fr> UpdateStatementInputs(const UpdateStatement& statement);

}  // namespace cuzk::circuits::snap

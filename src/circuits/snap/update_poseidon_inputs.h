// SPDX-License-Identifier: Apache-2.0 OR MIT
// From the Poseidon variant's vanilla proof (bincode poseidon PartitionProof) to its circuit's
// witness and public inputs (poseidon/compound.rs circuit, circuit.rs PrivateInputs::new), every
// opening checked natively first.
#pragma once

#include <vector>

#include "circuits/snap/update_inputs.h"
#include "circuits/snap/update_poseidon_circuit.h"
#include "filecoin/update_poseidon_vanilla.h"

namespace cuzk::circuits::snap {

// What the proof proves besides its openings.
struct UpdatePoseidonStatement {
  filecoin::RegisteredUpdateProof proof;
  uint32_t h_index = kDefaultHIndex;
  Fr comm_r_old, comm_d_new, comm_r_new;
};

// Checks `vanilla` against `statement` (the challenge count, each opening's shape and node, the
// old and new replica roots against comm_r = H(comm_c, root), the data paths against comm_d_new,
// each new label = old + data * rho) and returns the witness. Errors name the challenge.
Result<UpdatePoseidonWitness> UpdatePoseidonWitnessFromVanilla(
    const UpdatePoseidonStatement& statement,
    const filecoin::UpdatePoseidonPartitionProof& vanilla);

// The public inputs of `statement` (without ONE).
std::vector<Fr> UpdatePoseidonStatementInputs(const UpdatePoseidonStatement& statement);

}  // namespace cuzk::circuits::snap

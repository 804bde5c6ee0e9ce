// SPDX-License-Identifier: Apache-2.0 OR MIT
// From a parsed C1 to what one partition's proof needs: the circuit witness (StackedCompound::
// circuit, docs/filecoin.md §2.4) and the public inputs in the order of docs/filecoin.md §3.1
// (StackedCompound:: generate_public_inputs), with challenges and parents recomputed, not trusted
// from C1.
#pragma once

#include <vector>

#include "circuits/porep/stacked_circuit.h"
#include "filecoin/c1.h"

namespace cuzk::circuits::porep {

// What a seal proof's public inputs depend on besides the sector shape: the registered proof
// (shape, feature, partitions, graph version), the porep_id (which keys the parent graph and may
// differ from the registry's, as in rust-fil-proofs' regression records), and the commitments.
struct SealStatement {
  filecoin::RegisteredSealProof proof;
  filecoin::Bytes32 porep_id;
  Fr replica_id;
  Fr comm_d;
  Fr comm_r;
  filecoin::Bytes32 seed;
};

// The circuit shape of a sector size.
CircuitShape ShapeOf(const filecoin::SectorShape& sector);

// The challenges of partition `partition`, derived from replica_id, seed and comm_r as the
// registered proof's feature prescribes (docs/filecoin.md §3.3).
Result<std::vector<uint64_t>> PartitionChallenges(const filecoin::C1Output& c1, uint32_t partition);

// The witness of partition `partition`; every value converted to a canonical Fr.
Result<PartitionWitness> PartitionWitnessFromC1(const filecoin::C1Output& c1, uint32_t partition);

// The public inputs of partition `partition` of `statement`, without the implicit ONE:
// replica_id, comm_d, comm_r, then 18 per challenge (challenges derived, parents from the graph).
Result<std::vector<Fr>> StatementPublicInputs(const SealStatement& statement, uint32_t partition);

// The statement a C1 makes (its registered proof's porep_id); fails on a non-canonical value.
Result<SealStatement> StatementOf(const filecoin::C1Output& c1);

// The public inputs of partition `partition` of a C1, as StatementPublicInputs. Fails with a
// message naming the challenge when C1's challenges or parent columns differ from those derived
// from the seed and the graph.
Result<std::vector<Fr>> PartitionPublicInputs(const filecoin::C1Output& c1, uint32_t partition);

}  // namespace cuzk::circuits::porep

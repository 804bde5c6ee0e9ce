// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "snarkpack/seal_aggregate.h"

#include <string>

#include "hash/sha256.h"
#include "snarkpack/aggregate_proof.h"
#include "snarkpack/prover.h"
#include "snarkpack/verifier.h"

namespace cuzk::snarkpack {

size_t AggregateTargetLen(size_t count) {
  size_t n = 2;
  while (n < count) n *= 2;
  return n;
}

std::array<uint8_t, 32> SealTranscriptInclude(std::span<const Bytes32> comm_rs,
                                              std::span<const Bytes32> seeds,
                                              bool non_interactive) {
  std::vector<uint8_t> preimage;
  for (size_t i = 0; i < comm_rs.size(); ++i) {
    if (!non_interactive) preimage.insert(preimage.end(), seeds[i].begin(), seeds[i].end());
    preimage.insert(preimage.end(), comm_rs[i].begin(), comm_rs[i].end());
  }
  return hash::Sha256(preimage);
}

Result<std::vector<uint8_t>> AggregateSealProofs(const GenericSrs& srs,
                                                 std::vector<groth16::Proof> proofs,
                                                 std::span<const Bytes32> comm_rs,
                                                 std::span<const Bytes32> seeds,
                                                 bool non_interactive) {
  if (proofs.empty()) return Status::InvalidArgument("no proofs to aggregate");
  if (comm_rs.empty() || (!non_interactive && seeds.size() != comm_rs.size())) {
    return Status::InvalidArgument(
        "aggregation needs each sector's comm_r (and seed, unless "
        "non-interactive): " +
        std::to_string(comm_rs.size()) + " comm_r, " + std::to_string(seeds.size()) + " seeds");
  }
  const size_t target = AggregateTargetLen(proofs.size());
  proofs.resize(target, proofs.back());
  ASSIGN_OR_RETURN(ProverSrs prover, SpecializeProver(srs, target));
  const auto include = SealTranscriptInclude(comm_rs, seeds, non_interactive);
  ASSIGN_OR_RETURN(AggregateProof proof, AggregateProofs(prover, include, proofs));
  return SerializeAggregateProof(proof);
}

Status VerifySealAggregate(const GenericSrs& srs, const groth16::VerifyingKey& vk,
                           std::span<const uint8_t> bytes,
                           std::vector<std::vector<ff::Fr>> public_inputs,
                           std::span<const Bytes32> comm_rs, std::span<const Bytes32> seeds,
                           bool non_interactive) {
  ASSIGN_OR_RETURN(AggregateProof proof, ParseAggregateProof(bytes));
  const size_t n = proof.gipa.nproofs;
  // The prover pads k proofs to AggregateTargetLen(k): k input sets must pad to the same n.
  if (public_inputs.empty() || AggregateTargetLen(public_inputs.size()) != n) {
    return Status::InvalidArgument("an aggregate of " + std::to_string(n) + " proofs, " +
                                   std::to_string(public_inputs.size()) + " public input sets");
  }
  if (comm_rs.empty() || (!non_interactive && seeds.size() != comm_rs.size())) {
    return Status::InvalidArgument(
        "verifying an aggregate needs each sector's comm_r (and seed, "
        "unless non-interactive)");
  }
  public_inputs.resize(n, public_inputs.back());
  ASSIGN_OR_RETURN(VerifierSrs verifier, SpecializeVerifier(srs, n));
  const auto include = SealTranscriptInclude(comm_rs, seeds, non_interactive);
  return VerifyAggregateProof(verifier, vk, public_inputs, proof, include);
}

}  // namespace cuzk::snarkpack

// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "commands/seal_aggregate.h"

#include "circuits/porep/c1_inputs.h"
#include "engine/kinds/proof_kind.h"
#include "groth16/params_io.h"
#include "snarkpack/seal_aggregate.h"

namespace cuzk::bench {
namespace {

// What making and checking an aggregate of the C1s' proofs needs.
struct Context {
  std::vector<snarkpack::Bytes32> comm_rs, seeds;
  std::vector<std::vector<ff::Fr>> inputs;  // every partition's, in order
  bool non_interactive = false;
  groth16::VerifyingKey vk;
  snarkpack::GenericSrs srs;
};

Result<Context> MakeContext(std::span<const filecoin::C1Output> c1s, const std::string& param_dir) {
  if (c1s.empty()) return Status::InvalidArgument("no C1");
  Context c;
  for (const filecoin::C1Output& c1 : c1s) {
    if (c1.registered_proof.id != c1s[0].registered_proof.id) {
      return Status::InvalidArgument("the C1s are of different proof types");
    }
    c.comm_rs.push_back(c1.comm_r);
    c.seeds.push_back(c1.seed);
    for (uint32_t k = 0; k < c1.vanilla_proofs.size(); ++k) {
      ASSIGN_OR_RETURN(auto x, circuits::porep::PartitionPublicInputs(c1, k));
      c.inputs.push_back(std::move(x));
    }
  }
  c.non_interactive =
      c1s[0].registered_proof.feature == filecoin::PoRepFeature::kNonInteractivePoRep;
  ASSIGN_OR_RETURN(auto circuit, engine::FindCircuit(engine::ProofKind::kPoRepSealCommit,
                                                     c1s[0].registered_proof.shape.sector_bytes));
  ASSIGN_OR_RETURN(c.vk, groth16::ReadVerifyingKey(param_dir + "/" + circuit.vk_file));
  auto srs = snarkpack::ReadSrs(param_dir + "/" + snarkpack::kSrsFileName);
  if (!srs.ok()) {
    return Status(srs.status().code(), "SnarkPack SRS: " + srs.status().message());
  }
  c.srs = std::move(srs).value();
  return c;
}

}  // namespace

Result<std::vector<groth16::Proof>> ParseProofs(std::string_view bytes) {
  if (bytes.size() % groth16::kProofBytes != 0) {
    return Status::InvalidArgument(std::to_string(bytes.size()) + " bytes are not 192-byte proofs");
  }
  std::vector<groth16::Proof> proofs;
  const auto* b = reinterpret_cast<const uint8_t*>(bytes.data());
  for (size_t at = 0; at < bytes.size(); at += groth16::kProofBytes) {
    auto p = groth16::ParseProof(std::span(b + at, groth16::kProofBytes));
    if (!p.ok()) {
      return Status(p.status().code(), "proof " + std::to_string(at / groth16::kProofBytes) + ": " +
                                           p.status().message());
    }
    proofs.push_back(*p);
  }
  return proofs;
}

Result<std::vector<uint8_t>> AggregateSealC1s(std::span<const filecoin::C1Output> c1s,
                                              std::span<const groth16::Proof> proofs,
                                              const std::string& param_dir) {
  ASSIGN_OR_RETURN(Context c, MakeContext(c1s, param_dir));
  if (proofs.size() != c.inputs.size()) {
    return Status::InvalidArgument(std::to_string(proofs.size()) + " proofs for " +
                                   std::to_string(c.inputs.size()) + " partitions");
  }
  std::vector<groth16::Proof> copy(proofs.begin(), proofs.end());
  ASSIGN_OR_RETURN(auto aggregate, snarkpack::AggregateSealProofs(c.srs, std::move(copy), c.comm_rs,
                                                                  c.seeds, c.non_interactive));
  RETURN_IF_ERROR(snarkpack::VerifySealAggregate(c.srs, c.vk, aggregate, c.inputs, c.comm_rs,
                                                 c.seeds, c.non_interactive));
  return aggregate;
}

Status VerifySealC1sAggregate(std::span<const filecoin::C1Output> c1s,
                              std::span<const uint8_t> bytes, const std::string& param_dir) {
  ASSIGN_OR_RETURN(Context c, MakeContext(c1s, param_dir));
  return snarkpack::VerifySealAggregate(c.srs, c.vk, bytes, c.inputs, c.comm_rs, c.seeds,
                                        c.non_interactive);
}

}  // namespace cuzk::bench

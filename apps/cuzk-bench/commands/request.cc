// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "commands/request.h"

#include <array>
#include <vector>

#include "commands/common.h"
#include "server/wire.h"

namespace cuzk::bench {

void AddRequestOptions(CLI::App* cmd, RequestOptions* o, bool allow_unchecked) {
  o->randomness = kDefaultPoStRandomness;
  std::vector<std::string> kinds;
  for (engine::ProofKind kind : engine::kProofKinds) kinds.push_back(engine::ProofKindName(kind));
  cmd->add_option("-t,--type", o->type, "Proof kind")
      ->check(CLI::IsMember(kinds))
      ->capture_default_str();
  cmd->add_option("--c1", o->c1, "porep: C1 JSON (raw or Curio wrapper)")->check(CLI::ExistingFile);
  cmd->add_option("--vanilla", o->vanilla,
                  "snap/wpost/winning/snap-poseidon: JSON array of base64 bincode vanilla proofs "
                  "(gen-vanilla snap-prove / window-post / winning-post / snap-poseidon-prove "
                  "writes one)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--comm-r-old", o->comm_r_old, "snap/snap-poseidon: comm_r_old, 64 hex digits");
  cmd->add_option("--comm-d-new", o->comm_d_new, "snap/snap-poseidon: comm_d_new, 64 hex digits");
  cmd->add_option("--comm-r-new", o->comm_r_new, "snap/snap-poseidon: comm_r_new, 64 hex digits");
  cmd->add_option("--randomness", o->randomness,
                  "wpost/winning: challenge randomness, 64 hex digits")
      ->capture_default_str();
  cmd->add_option("--sector-size", o->sector_size, "snap/wpost/winning: sector size")
      ->capture_default_str();
  cmd->add_option("--partition", o->partition,
                  "wpost: the partition index; porep/snap: the partition meant, where one is")
      ->capture_default_str();
  cmd->add_option("--miner-id", o->miner_id,
                  "The miner, sent with every kind as Curio sends it (porep: the daemon checks "
                  "the C1's replica_id against it and --sector-num); default 0: not checked");
  cmd->add_option("--sector-num", o->sector_num,
                  "The sector number, sent with every kind (porep: checked with --miner-id)");
  cmd->add_option("--registered-proof", o->registered_proof,
                  "porep: send this id instead of the C1's (to test the daemon's checks); "
                  "wpost/winning: the Lotus RegisteredPoStProof id (default: the size's)");
  if (allow_unchecked) {
    cmd->add_flag("--unchecked", o->unchecked,
                  "porep: send the file as it is, without reading it as a C1 here (to test the "
                  "daemon's input checks); the registered proof is --registered-proof (default 0)");
  }
}

Result<v1::SubmitProofRequest> BuildSubmitRequest(const RequestOptions& o, uint64_t* sector_bytes) {
  bool post = o.type == "wpost" || o.type == "winning";
  bool snap = o.type == "snap" || o.type == "snap-poseidon";
  if ((post || snap) ? o.vanilla.empty() : o.c1.empty()) {
    return Status::InvalidArgument((post || snap) ? "--vanilla is required" : "--c1 is required");
  }
  v1::SubmitProofRequest submit;
  *sector_bytes = 0;
  if (snap) {
    // Sent as read: the daemon checks it (the client checks it only to verify the result).
    uint64_t id = 0;
    std::vector<std::string> vanilla;
    std::array<std::string, 3> commitments;
    RETURN_IF_ERROR(ReadUpdateRequest(o.sector_size, o.vanilla, o.comm_r_old, o.comm_d_new,
                                      o.comm_r_new, &id, &vanilla, &commitments));
    *sector_bytes = filecoin::UpdateProofById(id)->shape.sector_bytes;
    submit.set_registered_proof(id);
    for (std::string& v : vanilla) submit.add_vanilla_proofs(std::move(v));
    submit.set_comm_r_old(commitments[0]);
    submit.set_comm_d_new(commitments[1]);
    submit.set_comm_r_new(commitments[2]);
  } else if (post) {
    std::vector<std::string> vanilla;
    std::string id = o.registered_proof >= 0 ? std::to_string(o.registered_proof) : "";
    ASSIGN_OR_RETURN(engine::PoStInput input, LoadPoStInput(o.type, o.sector_size, id, o.randomness,
                                                            o.vanilla, o.partition, &vanilla));
    const auto& proof = input.statement.proof;
    *sector_bytes = proof.shape.sector_bytes;
    submit.set_registered_proof(proof.id);
    for (std::string& v : vanilla) submit.add_vanilla_proofs(std::move(v));
    const auto& r = input.statement.randomness;
    submit.set_randomness(std::string(r.begin(), r.end()));
    submit.set_partition_index(o.partition);
  } else {
    ASSIGN_OR_RETURN(std::string bytes, ReadFileBytes(o.c1));
    uint64_t c1_proof = 0;
    if (!o.unchecked) {
      auto c1 = filecoin::ParseC1(bytes);
      if (!c1.ok()) return Status(c1.status().code(), o.c1 + ": " + c1.status().message());
      *sector_bytes = c1->registered_proof.shape.sector_bytes;
      c1_proof = c1->registered_proof.id;
    }
    submit.set_registered_proof(o.registered_proof >= 0 ? static_cast<uint64_t>(o.registered_proof)
                                                        : c1_proof);
    submit.set_vanilla_proof(std::move(bytes));
  }
  submit.set_miner_id(o.miner_id);
  submit.set_sector_number(o.sector_num);
  ASSIGN_OR_RETURN(engine::ProofKind kind, engine::ProofKindFromName(o.type));
  submit.set_proof_kind(static_cast<v1::ProofKind>(kind));  // engine kinds use the wire numbers
  submit.set_sector_size(*sector_bytes);
  return submit;
}

Result<engine::PreparedJob> PrepareRequest(const RequestOptions& o) {
  uint64_t sector_bytes = 0;
  ASSIGN_OR_RETURN(v1::SubmitProofRequest submit, BuildSubmitRequest(o, &sector_bytes));
  ASSIGN_OR_RETURN(engine::JobRequest request, server::ToJobRequest(submit));
  return engine::DescriptorOf(request.kind).Prepare(request);
}

}  // namespace cuzk::bench

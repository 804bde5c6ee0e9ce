// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench single`: submits one proof of any kind to a running daemon (the gRPC contract Curio
// uses), waits for it, and with --params verifies the returned proof locally.
#include <array>
#include <cstdio>

#include "commands/commands.h"
#include "commands/common.h"
#include "commands/rpc.h"

namespace cuzk::bench {

void RegisterSingle(CLI::App& app) {
  struct Options {
    std::string type = "porep", c1, vanilla, randomness = kDefaultPoStRandomness,
                sector_size = "2KiB", out, params, request_id, comm_r_old, comm_d_new, comm_r_new;
    int priority = 0;
    int64_t registered_proof = -1;
    uint32_t partition = 0;
    uint64_t miner_id = 0, sector_num = 0;
    uint64_t timeout_s = 1800;
    bool unchecked = false;
  };
  static Options o;
  auto* cmd = app.add_subcommand("single", "Submit one proof to the daemon and wait for it");
  cmd->add_option("-t,--type", o.type, "Proof kind: porep, snap, wpost or winning")
      ->check(CLI::IsMember({"porep", "snap", "wpost", "winning"}))
      ->capture_default_str();
  cmd->add_option("--c1", o.c1, "porep: C1 JSON (raw or Curio wrapper)")->check(CLI::ExistingFile);
  cmd->add_option("--vanilla", o.vanilla,
                  "snap/wpost/winning: JSON array of base64 bincode vanilla proofs (gen-vanilla "
                  "snap-prove / window-post / winning-post writes one)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--comm-r-old", o.comm_r_old, "snap: comm_r_old, 64 hex digits");
  cmd->add_option("--comm-d-new", o.comm_d_new, "snap: comm_d_new, 64 hex digits");
  cmd->add_option("--comm-r-new", o.comm_r_new, "snap: comm_r_new, 64 hex digits");
  cmd->add_option("--randomness", o.randomness,
                  "wpost/winning: challenge randomness, 64 hex digits")
      ->capture_default_str();
  cmd->add_option("--sector-size", o.sector_size, "snap/wpost/winning: sector size")
      ->capture_default_str();
  cmd->add_option("--partition", o.partition, "wpost: partition index")->capture_default_str();
  cmd->add_option("--miner-id", o.miner_id,
                  "porep: the miner the C1 is for (as Curio sends it; the daemon checks it "
                  "against the C1's replica_id); default: not sent");
  cmd->add_option("--sector-num", o.sector_num, "porep: the sector number the C1 is for (checked with --miner-id)");
  cmd->add_option("--out", o.out, "Write the returned proof here");
  cmd->add_option("--params", o.params, "Parameter directory: verify the returned proof locally");
  cmd->add_option("--request-id", o.request_id, "Idempotency key (default <type>-<size>-<time>)");
  cmd->add_option("--priority", o.priority, "0 default, 1 LOW, 2 NORMAL, 3 HIGH, 4 CRITICAL")
      ->check(CLI::Range(0, 4))
      ->capture_default_str();
  cmd->add_option("--registered-proof", o.registered_proof,
                  "porep: send this id instead of the C1's (to test the daemon's checks); "
                  "wpost/winning: the Lotus RegisteredPoStProof id (default: the size's)");
  cmd->add_option("--timeout", o.timeout_s, "Seconds to wait (the gRPC deadline)")
      ->capture_default_str();
  cmd->add_flag("--unchecked", o.unchecked,
                "porep: send the file as it is, without reading it as a C1 here (to test the "
                "daemon's input checks); the registered proof is --registered-proof (default 0)");
  OnRun(cmd, [] {
    const char* name = "single";
    bool post = o.type == "wpost" || o.type == "winning", snap = o.type == "snap";
    if ((post || snap) ? o.vanilla.empty() : o.c1.empty()) {
      return Fail(
          name, "arguments",
          Status::InvalidArgument((post || snap) ? "--vanilla is required" : "--c1 is required"));
    }
    v1::ProveRequest request;
    v1::SubmitProofRequest* submit = request.mutable_submit();
    uint64_t sector_bytes = 0;
    if (snap) {
      // Sent as read: the daemon checks it (the client checks it only to verify the result).
      uint64_t id = 0;
      std::vector<std::string> vanilla;
      std::array<std::string, 3> commitments;
      Status read = ReadUpdateRequest(o.sector_size, o.vanilla, o.comm_r_old, o.comm_d_new,
                                      o.comm_r_new, &id, &vanilla, &commitments);
      if (!read.ok()) return Fail(name, "input", read);
      sector_bytes = filecoin::UpdateProofById(id)->shape.sector_bytes;
      submit->set_registered_proof(id);
      for (std::string& v : vanilla) submit->add_vanilla_proofs(std::move(v));
      submit->set_comm_r_old(commitments[0]);
      submit->set_comm_d_new(commitments[1]);
      submit->set_comm_r_new(commitments[2]);
    } else if (post) {
      std::vector<std::string> vanilla;
      std::string id = o.registered_proof >= 0 ? std::to_string(o.registered_proof) : "";
      auto input =
          LoadPoStInput(o.type, o.sector_size, id, o.randomness, o.vanilla, o.partition, &vanilla);
      if (!input.ok()) return Fail(name, "input", input.status());
      const auto& proof = input->statement.proof;
      sector_bytes = proof.shape.sector_bytes;
      submit->set_registered_proof(proof.id);
      for (std::string& v : vanilla) submit->add_vanilla_proofs(std::move(v));
      const auto& r = input->statement.randomness;
      submit->set_randomness(std::string(r.begin(), r.end()));
      submit->set_partition_index(o.partition);
    } else {
      auto bytes = ReadFileBytes(o.c1);
      if (!bytes.ok()) return Fail(name, "reading the C1", bytes.status());
      uint64_t c1_proof = 0;
      if (!o.unchecked) {
        auto c1 = filecoin::ParseC1(*bytes);
        if (!c1.ok()) return Fail(name, o.c1, c1.status());
        sector_bytes = c1->registered_proof.shape.sector_bytes;
        c1_proof = c1->registered_proof.id;
      }
      submit->set_registered_proof(
          o.registered_proof >= 0 ? static_cast<uint64_t>(o.registered_proof) : c1_proof);
      submit->set_vanilla_proof(*bytes);
      submit->set_miner_id(o.miner_id);
      submit->set_sector_number(o.sector_num);
    }
    std::string id = o.request_id.empty()
                         ? o.type + "-" + std::to_string(sector_bytes) + "-" +
                               std::to_string(Clock::now().time_since_epoch().count())
                         : o.request_id;
    submit->set_request_id(id);
    submit->set_proof_kind(o.type == "porep"   ? v1::POREP_SEAL_COMMIT
                           : snap              ? v1::SNAP_DEALS_UPDATE
                           : o.type == "wpost" ? v1::WINDOW_POST_PARTITION
                                               : v1::WINNING_POST);
    submit->set_priority(static_cast<v1::Priority>(o.priority));
    submit->set_sector_size(sector_bytes);
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(o.timeout_s));
    v1::ProveResponse response;
    auto start = Clock::now();
    grpc::Status s = Connect()->Prove(&context, request, &response);
    if (!s.ok()) return RpcFail(name, s);
    const v1::AwaitProofResponse& r = response.result();
    std::printf(
        "job %s: %s in %.2f s (queue %lu ms, srs load %lu ms, synthesis %lu ms, prove %lu "
        "ms, total %lu ms)\n",
        r.job_id().c_str(), v1::AwaitProofResponse::Status_Name(r.status()).c_str(), Since(start),
        static_cast<unsigned long>(r.queue_wait_ms()), static_cast<unsigned long>(r.srs_load_ms()),
        static_cast<unsigned long>(r.synthesis_ms()),
        static_cast<unsigned long>(r.gpu_compute_ms()), static_cast<unsigned long>(r.total_ms()));
    if (r.status() != v1::AwaitProofResponse::COMPLETED) {
      std::fprintf(stderr, "single: job %s: %s\n", r.job_id().c_str(), r.error_message().c_str());
      return 1;
    }
    if (!o.out.empty()) {
      if (Status w = WriteFileBytes(o.out, r.proof()); !w.ok()) return Fail(name, "writing", w);
    }
    // An unchecked PoRep request may not be a C1 at all: there is nothing to verify against.
    if (o.params.empty() || (o.type == "porep" && o.unchecked)) return 0;
    auto checker = ReturnedProofChecker::For(*submit, o.params);
    if (!checker.ok()) return Fail(name, "preparing to verify", checker.status());
    if (Status v = checker->Check(r.proof()); !v.ok()) {
      return Fail(name, "the returned proof is INVALID", v);
    }
    std::printf("returned proof verified locally (VALID)\n");
    return 0;
  });
}

}  // namespace cuzk::bench

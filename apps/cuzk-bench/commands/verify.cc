// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench verify`: checks a proof file of any kind against its request's public inputs (from
// a C1, or PoSt/SnapDeals vanilla proofs, as the daemon derives them) and the circuit's .vk in a
// parameter directory. Exit code 0 iff every partition verifies.
#include <cstdio>

#include "commands/commands.h"
#include "commands/common.h"
#include "commands/request.h"
#include "commands/rpc.h"
#include "groth16/params_io.h"

namespace cuzk::bench {

void RegisterVerify(CLI::App& app) {
  struct Options {
    RequestOptions request;
    std::string proof, params;
  };
  static Options o;
  auto* cmd = app.add_subcommand(
      "verify", "Verify a proof of any kind against its inputs (C1 or vanilla proofs) and a .vk");
  AddRequestOptions(cmd, &o.request);
  cmd->add_option("--proof", o.proof, "Proof file (192 bytes per partition)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--params", o.params, "Parameter directory holding the .vk")->required();
  OnRun(cmd, [] {
    const char* name = "verify";
    uint64_t sector_bytes = 0;
    auto submit = BuildSubmitRequest(o.request, &sector_bytes);
    if (!submit.ok()) return Fail(name, "reading the inputs", submit.status());
    auto proof = ReadFileBytes(o.proof);
    if (!proof.ok()) return Fail(name, "reading the proof", proof.status());
    auto checker = ReturnedProofChecker::For(*submit, o.params);
    if (!checker.ok()) return Fail(name, "preparing", checker.status());
    auto t = Clock::now();
    if (Status s = checker->Check(*proof); !s.ok()) return Fail(name, "INVALID", s);
    if (checker->aggregated()) {
      std::printf(
          "VALID: SnarkPack aggregate (%zu bytes) of %u partition proofs of %s verified "
          "in %.3f s\n",
          proof->size(), checker->partitions(), o.request.type.c_str(), Since(t));
    } else {
      std::printf("VALID: %zu partition proof(s) of %s verified in %.3f s\n",
                  proof->size() / groth16::kProofBytes, o.request.type.c_str(), Since(t));
    }
    return 0;
  });
}

}  // namespace cuzk::bench

// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench cancel`: cancels a queued or running job on the daemon.
#include <cstdio>

#include "commands/commands.h"
#include "commands/common.h"
#include "commands/rpc.h"

namespace cuzk::bench {

void RegisterCancel(CLI::App& app) {
  static std::string job_id;
  auto* cmd = app.add_subcommand("cancel", "Cancel a queued or running job on the daemon");
  cmd->add_option("job_id", job_id, "Job id (the request id)")->required();
  OnRun(cmd, [] {
    grpc::ClientContext context;
    v1::CancelProofRequest request;
    request.set_job_id(job_id);
    v1::CancelProofResponse response;
    grpc::Status s = Connect()->CancelProof(&context, request, &response);
    if (!s.ok()) return RpcFail("cancel", s);
    std::printf("cancelled %s (%s)\n", job_id.c_str(),
                response.was_running() ? "its proving stops at the next step" : "it was queued");
    return 0;
  });
}

}  // namespace cuzk::bench

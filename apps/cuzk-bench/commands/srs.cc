// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench preload` and `evict`: load or drop a circuit's parameters in the daemon.
#include <cstdio>

#include "commands/commands.h"
#include "commands/common.h"
#include "commands/rpc.h"

namespace cuzk::bench {

void RegisterSrsCommands(CLI::App& app) {
  static std::string preload_id, evict_id;
  auto* preload = app.add_subcommand("preload", "Load a circuit's parameters into the daemon");
  preload
      ->add_option(
          "circuit_id,-c,--circuit-id", preload_id,
          "Circuit id: porep-, snap-, wpost- or winning- followed by 2k, 8m, 512m, 32g or 64g")
      ->required();
  OnRun(preload, [] {
    grpc::ClientContext context;
    v1::PreloadSrsRequest request;
    request.set_circuit_id(preload_id);
    v1::PreloadSrsResponse response;
    grpc::Status s = Connect()->PreloadSRS(&context, request, &response);
    if (!s.ok()) return RpcFail("preload", s);
    std::printf("%s: %s\n", preload_id.c_str(),
                response.already_loaded()
                    ? "already loaded"
                    : ("loaded in " + std::to_string(response.load_time_ms()) + " ms").c_str());
    return 0;
  });
  auto* evict = app.add_subcommand("evict", "Drop a circuit's parameters from the daemon");
  evict->add_option("circuit_id", evict_id, "Circuit id")->required();
  OnRun(evict, [] {
    grpc::ClientContext context;
    v1::EvictSrsRequest request;
    request.set_circuit_id(evict_id);
    v1::EvictSrsResponse response;
    grpc::Status s = Connect()->EvictSRS(&context, request, &response);
    if (!s.ok()) return RpcFail("evict", s);
    std::printf("%s: %s\n", evict_id.c_str(),
                response.was_loaded()
                    ? ("freed " + std::to_string(response.freed_bytes()) + " bytes").c_str()
                    : "was not loaded");
    return 0;
  });
}

}  // namespace cuzk::bench

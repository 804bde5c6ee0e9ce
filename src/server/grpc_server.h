// SPDX-License-Identifier: Apache-2.0 OR MIT
// The daemon's gRPC server on a listen address: 256 MiB messages, no shared TCP port, a Unix
// socket of mode 0660, and a cap on the threads that serve calls (each waiting AwaitProof or
// Prove holds one; calls beyond the cap are refused with RESOURCE_EXHAUSTED instead of starting
// a thread each).
#pragma once

#include <grpcpp/grpcpp.h>

#include <memory>
#include <string>

#include "base/status.h"
#include "server/listen.h"

namespace cuzk::server {

// Threads that serve the synchronous calls (all but AwaitProof and Prove, which wait as
// callbacks and hold none) at once, by default: far above what clients send at once, far below
// what would exhaust a host.
inline constexpr int kDefaultMaxRpcThreads = 512;

// A started server and where it listens.
struct GrpcServer {
  std::unique_ptr<grpc::Server> server;
  std::string where;  // "host:port" with the port bound, or "unix:///path (mode 0660)"
};

// Claims the address (a Unix socket is claimed only when no one listens on it; see listen.h),
// registers `service` and starts serving on at most `max_threads` threads.
Result<GrpcServer> StartGrpcServer(grpc::Service& service, const std::string& listen,
                                   int max_threads = kDefaultMaxRpcThreads);

}  // namespace cuzk::server

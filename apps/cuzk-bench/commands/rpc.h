// SPDX-License-Identifier: Apache-2.0 OR MIT
// What the client subcommands share: the daemon address (--addr), a connection, and the error
// line of a failed call.
#pragma once

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <memory>
#include <string>

#include "cuzk/v1/proving.grpc.pb.h"
#include "filecoin/c1.h"

namespace cuzk::bench {

// The daemon address of --addr (default unix://$TMPDIR/cuzk.sock).
std::string& Address();
// Returns a stub on a channel to Address() (256 MiB receive limit; sends limited by the daemon).
std::unique_ptr<v1::ProvingEngine::Stub> Connect();
// Prints "<command>: <address>: gRPC <code>: <message>" to stderr and returns 1.
int RpcFail(const char* command, const grpc::Status& s);
// Returns a Prove request for a PoRep seal commit of `c1` (whose file bytes are `c1_bytes`).
v1::ProveRequest PoRepProveRequest(const std::string& request_id, v1::Priority priority,
                                   const filecoin::C1Output& c1, const std::string& c1_bytes);
// Calls Prove with a deadline; returns true iff the proof came back COMPLETED. `error` gets the
// transport's or the job's message otherwise.
bool ProveAndWait(v1::ProvingEngine::Stub& stub, const v1::ProveRequest& request,
                  std::chrono::seconds deadline, v1::ProveResponse* response, std::string* error);

}  // namespace cuzk::bench

// SPDX-License-Identifier: Apache-2.0 OR MIT
// What the client subcommands share: the daemon address (--addr), a connection, and the error
// line of a failed call.
#pragma once

#include <grpcpp/grpcpp.h>

#include <memory>
#include <string>

#include "cuzk/v1/proving.grpc.pb.h"

namespace cuzk::bench {

// The daemon address of --addr (default unix://$TMPDIR/cuzk.sock).
std::string& Address();
// Returns a stub on a channel to Address() (256 MiB receive limit; sends limited by the daemon).
std::unique_ptr<v1::ProvingEngine::Stub> Connect();
// Prints "<command>: <address>: gRPC <code>: <message>" to stderr and returns 1.
int RpcFail(const char* command, const grpc::Status& s);

}  // namespace cuzk::bench

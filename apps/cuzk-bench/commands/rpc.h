// SPDX-License-Identifier: Apache-2.0 OR MIT
// What the client subcommands share: the daemon address (--addr), a connection, the error line
// of a failed call, and local verification of the proofs the daemon returns.
#pragma once

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <memory>
#include <string>

#include "base/status.h"
#include "cuzk/v1/proving.grpc.pb.h"
#include "engine/kinds/proof_kind.h"
#include "filecoin/c1.h"
#include "groth16/verifier.h"
#include "snarkpack/srs.h"

namespace cuzk::bench {

// The daemon address of --addr (default unix://$TMPDIR/cuzk.sock).
std::string& Address();
// Returns the gRPC target of an address: "http://host:port" (the Rust cuzk-bench's form) becomes
// "host:port"; host:port and unix:///path are kept.
std::string ChannelTarget(const std::string& address);
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

// Verifies the proofs the daemon returns for one request, locally, against the public inputs the
// request's proof kind derives (proof_kind.h) and the circuit's .vk in a parameter directory.
class ReturnedProofChecker {
 public:
  // Prepares `submit` as the daemon would and reads its circuit's .vk from `param_dir`.
  static Result<ReturnedProofChecker> For(const v1::SubmitProofRequest& submit,
                                          const std::string& param_dir);
  // Returns OK iff `proof` (the job's partition proofs, concatenated; NI-PoRep: their SnarkPack
  // aggregate) verifies.
  Status Check(const std::string& proof) const;
  // Returns true when the job's proof is a SnarkPack aggregate (NI-PoRep).
  bool aggregated() const { return aggregation_srs_ != nullptr; }
  // Returns the job's partition count.
  uint32_t partitions() const { return job_.partitions; }

 private:
  engine::PreparedJob job_;
  groth16::PreparedVerifyingKey pvk_;
  groth16::VerifyingKey vk_;                                      // NI-PoRep only
  std::shared_ptr<const snarkpack::GenericSrs> aggregation_srs_;  // NI-PoRep only
};

}  // namespace cuzk::bench

// SPDX-License-Identifier: Apache-2.0 OR MIT
// What the client subcommands share (rpc.h): the daemon address, a connection, errors of failed
// calls, PoRep Prove requests, and local verification of a returned proof.
#include "commands/rpc.h"

#include <cstdio>
#include <cstdlib>

#include "commands/commands.h"
#include "groth16/params_io.h"
#include "server/listen.h"
#include "server/wire.h"

namespace cuzk::bench {

std::string& Address() {
  static std::string addr = server::kDefaultListen;  // the daemon's default
  return addr;
}

std::string ChannelTarget(const std::string& address) {
  std::string target = address;
  if (target.rfind("http://", 0) == 0) target = target.substr(7);
  while (target.size() > 1 && target.back() == '/' && target.rfind("unix:", 0) != 0)
    target.pop_back();
  return target;
}

std::unique_ptr<v1::ProvingEngine::Stub> Connect() {
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(256 << 20);
  args.SetMaxSendMessageSize(-1);  // the daemon enforces its own limit (256 MiB) and says so
  return v1::ProvingEngine::NewStub(grpc::CreateCustomChannel(
      ChannelTarget(Address()), grpc::InsecureChannelCredentials(), args));
}

int RpcFail(const char* command, const grpc::Status& s) {
  std::fprintf(stderr, "%s: %s: gRPC %d: %s\n", command, Address().c_str(),
               static_cast<int>(s.error_code()), s.error_message().c_str());
  return 1;
}

v1::ProveRequest PoRepProveRequest(const std::string& request_id, v1::Priority priority,
                                   const filecoin::C1Output& c1, const std::string& c1_bytes) {
  v1::ProveRequest request;
  v1::SubmitProofRequest* submit = request.mutable_submit();
  submit->set_request_id(request_id);
  submit->set_proof_kind(v1::POREP_SEAL_COMMIT);
  submit->set_priority(priority);
  submit->set_registered_proof(c1.registered_proof.id);
  submit->set_sector_size(c1.registered_proof.shape.sector_bytes);
  submit->set_vanilla_proof(c1_bytes);
  return request;
}

bool ProveAndWait(v1::ProvingEngine::Stub& stub, const v1::ProveRequest& request,
                  std::chrono::seconds deadline, v1::ProveResponse* response, std::string* error) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + deadline);
  grpc::Status s = stub.Prove(&context, request, response);
  bool ok = s.ok() && response->result().status() == v1::AwaitProofResponse::COMPLETED;
  if (!ok) *error = s.ok() ? response->result().error_message() : s.error_message();
  return ok;
}

Result<ReturnedProofChecker> ReturnedProofChecker::For(const v1::SubmitProofRequest& submit,
                                                       const std::string& param_dir) {
  ASSIGN_OR_RETURN(engine::JobRequest request, server::ToJobRequest(submit));
  ReturnedProofChecker checker;
  ASSIGN_OR_RETURN(checker.job_, engine::DescriptorOf(request.kind).Prepare(request));
  ASSIGN_OR_RETURN(engine::CircuitInfo circuit, engine::FindCircuit(checker.job_.circuit_id));
  ASSIGN_OR_RETURN(checker.pvk_, engine::ReadCircuitVerifyingKey(param_dir, circuit));
  if (!checker.job_.aggregate_comm_rs.empty()) {  // NI-PoRep: the proof is an aggregate
    const std::string dir = param_dir + "/";
    ASSIGN_OR_RETURN(checker.vk_, groth16::ReadVerifyingKey(dir + circuit.vk_file));
    ASSIGN_OR_RETURN(snarkpack::GenericSrs srs, snarkpack::ReadSrs(dir + snarkpack::kSrsFileName));
    checker.aggregation_srs_ = std::make_shared<const snarkpack::GenericSrs>(std::move(srs));
  }
  return checker;
}

Status ReturnedProofChecker::Check(const std::string& proof) const {
  std::span bytes(reinterpret_cast<const uint8_t*>(proof.data()), proof.size());
  if (aggregation_srs_) {
    return engine::VerifyAggregatedJobProof(job_, vk_, *aggregation_srs_, bytes);
  }
  return engine::VerifyJobProof(job_, pvk_, bytes);
}

void RegisterClientOptions(CLI::App& app) {
  app.add_option("-a,--addr", Address(),
                 "Daemon address for client commands: host:port, http://host:port (as the Rust "
                 "cuzk-bench takes it) or unix:///path")
      ->capture_default_str();
}

}  // namespace cuzk::bench

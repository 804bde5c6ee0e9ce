// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/update_work.h"

#include <chrono>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "engine/circuit_work.h"
#include "groth16/verifier.h"
#include "r1cs/counting.h"

namespace cuzk::engine {
namespace {

using circuits::snap::EmptySectorUpdateCircuit;

uint64_t UpdateMemoryEstimate(const filecoin::RegisteredUpdateProof& proof) {
  return PartitionMemoryEstimate(UpdateRows(proof));
}

Result<ff::Fr> Commitment(std::string_view raw, const char* name) {
  if (raw.size() != 32) {
    return Status::InvalidArgument(std::string(name) + " has " + std::to_string(raw.size()) +
                                   " bytes, expected 32");
  }
  auto fr = ff::Fr::FromBytesLE(std::span(reinterpret_cast<const uint8_t*>(raw.data()), 32));
  if (!fr.ok()) return Status::InvalidArgument(std::string(name) + " is not a field element");
  return *fr;
}

}  // namespace

Result<UpdateInput> ParseUpdateInput(uint64_t registered_proof,
                                     std::span<const std::string> vanilla_proofs,
                                     std::string_view comm_r_old, std::string_view comm_d_new,
                                     std::string_view comm_r_new) {
  auto proof = filecoin::UpdateProofById(registered_proof);
  if (!proof.ok()) return proof.status();
  UpdateInput input;
  input.proof = *proof;
  for (auto [raw, name, out] : {std::tuple{comm_r_old, "comm_r_old", &input.comm_r_old},
                                std::tuple{comm_d_new, "comm_d_new", &input.comm_d_new},
                                std::tuple{comm_r_new, "comm_r_new", &input.comm_r_new}}) {
    auto fr = Commitment(raw, name);
    if (!fr.ok()) return fr.status();
    *out = *fr;
  }
  uint32_t partitions = circuits::snap::ShapeOf(*proof).partitions();
  if (vanilla_proofs.size() != partitions) {
    return Status::InvalidArgument(std::string(proof->name) + " SnapDeals proofs have " +
                                   std::to_string(partitions) + " partitions, got " +
                                   std::to_string(vanilla_proofs.size()) + " vanilla proofs");
  }
  for (uint32_t k = 0; k < partitions; ++k) {
    const std::string& bytes = vanilla_proofs[k];
    auto v = filecoin::ParseUpdatePartitionProof(
        std::span(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
    if (!v.ok()) {
      return Status::InvalidArgument("vanilla_proofs[" + std::to_string(k) +
                                     "]: " + v.status().message());
    }
    auto w = circuits::snap::UpdateWitnessFromVanilla(input.Statement(k), *v);
    if (!w.ok()) return w.status();
    input.partitions.push_back(std::move(w).value());
  }
  return input;
}

Result<SynthesizedCircuit> SynthesizeUpdatePartition(const UpdateInput& input, uint32_t k,
                                                     AssignmentPtr reuse) {
  if (k >= input.partitions.size()) {
    return Status::InvalidArgument("no partition " + std::to_string(k));
  }
  SynthesizedCircuit out;
  out.index = k;
  out.inputs = circuits::snap::UpdateStatementInputs(input.Statement(k));
  auto start = std::chrono::steady_clock::now();
  out.assignment = PrepareAssignment(std::move(reuse), UpdateRows(input.proof));
  EmptySectorUpdateCircuit circuit(circuits::snap::ShapeOf(input.proof), input.partitions[k]);
  Status s = out.assignment->SynthesizeFrom(circuit);
  if (!s.ok()) {
    return Status::InvalidArgument("partition " + std::to_string(k) +
                                   ": synthesis: " + s.message());
  }
  out.synthesis_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

Status VerifyUpdate(const UpdateInput& input, const groth16::PreparedVerifyingKey& pvk,
                    std::span<const uint8_t> proof) {
  return VerifyPartitionProofs(input.partitions.size(), pvk, proof,
                               [&](uint32_t k) -> Result<std::vector<ff::Fr>> {
                                 return circuits::snap::UpdateStatementInputs(input.Statement(k));
                               });
}

Result<r1cs::R1csShape> UpdateCircuitShape(const filecoin::RegisteredUpdateProof& proof) {
  circuits::snap::UpdateShape shape = circuits::snap::ShapeOf(proof);
  EmptySectorUpdateCircuit circuit(shape, circuits::snap::PlaceholderUpdateWitness(shape, 1));
  return r1cs::ShapeRecorder::Record(circuit);
}

uint64_t UpdateRows(const filecoin::RegisteredUpdateProof& proof) {
  static std::mutex mu;
  static std::map<uint64_t, uint64_t> rows;  // by registered proof id
  std::lock_guard<std::mutex> lock(mu);
  auto it = rows.find(proof.id);
  if (it != rows.end()) return it->second;
  circuits::snap::UpdateShape shape = circuits::snap::ShapeOf(proof);
  r1cs::CountingConstraintSystem cs;
  EmptySectorUpdateCircuit circuit(shape, circuits::snap::PlaceholderUpdateWitness(shape, 1));
  (void)circuit.Synthesize(cs);  // placeholders always synthesize
  return rows[proof.id] = cs.num_constraints() + cs.num_inputs();
}

Result<std::unique_ptr<JobWork>> MakeUpdateWork(const JobRequest& r, SrsCache& srs,
                                                uint64_t budget_bytes, size_t threads,
                                                uint64_t* srs_load_ms) {
  auto input = ParseUpdateInput(r.registered_proof, r.vanilla_proofs, r.comm_r_old, r.comm_d_new,
                                r.comm_r_new);
  if (!input.ok()) return input.status();
  const filecoin::RegisteredUpdateProof& proof = input->proof;
  if (Status st = CheckSectorSize(r.sector_size, proof.shape.sector_bytes, std::string(proof.name));
      !st.ok()) {
    return st;
  }
  uint64_t memory = UpdateMemoryEstimate(proof);
  std::string circuit_id = UpdateCircuitId(proof);
  auto shared = std::make_shared<const UpdateInput>(std::move(input).value());
  return MakeCircuitWork(srs, circuit_id, static_cast<uint32_t>(shared->partitions.size()), memory,
                         budget_bytes, threads, srs_load_ms,
                         [shared](uint32_t k, AssignmentPtr reuse) {
                           return SynthesizeUpdatePartition(*shared, k, std::move(reuse));
                         });
}

}  // namespace cuzk::engine

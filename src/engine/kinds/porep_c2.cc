// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/kinds/porep_c2.h"

#include <chrono>
#include <filesystem>
#include <future>
#include <memory>

#include "circuits/porep/c1_inputs.h"
#include "groth16/params_io.h"

namespace cuzk::engine {
namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

Result<std::unique_ptr<r1cs::Circuit>> PoRepPartitionCircuit(const filecoin::C1Output& c1,
                                                             uint32_t k) {
  auto witness = circuits::porep::PartitionWitnessFromC1(c1, k);
  if (!witness.ok())
    return Status::InvalidArgument(PartitionPrefix(k) + witness.status().message());
  return std::unique_ptr<r1cs::Circuit>(std::make_unique<circuits::porep::StackedCircuit>(
      circuits::porep::ShapeOf(c1.registered_proof.shape), std::move(witness).value()));
}

Result<SynthesizedPartition> SynthesizePoRepPartition(const filecoin::C1Output& c1, uint32_t k,
                                                      AssignmentPtr reuse) {
  SynthesizedPartition out;
  out.index = k;
  auto inputs = circuits::porep::PartitionPublicInputs(c1, k);
  RETURN_IF_ERROR(inputs);
  out.inputs = std::move(inputs).value();
  ASSIGN_OR_RETURN(std::unique_ptr<r1cs::Circuit> circuit, PoRepPartitionCircuit(c1, k));
  auto t = Clock::now();
  out.assignment =
      PrepareAssignment(std::move(reuse), PoRepPartitionRows(c1.registered_proof.shape));
  Status s = out.assignment->SynthesizeFrom(*circuit);
  if (!s.ok()) return s.Prefixed(PartitionPrefix(k) + "synthesis: ");
  out.synthesis_s = SecondsSince(t);
  return out;
}

Result<C2Result> ProvePoRepC2(const filecoin::C1Output& c1, const groth16::ProvingKey& pk,
                              const C2Options& options) {
  groth16::PreparedVerifyingKey pvk = groth16::PrepareVerifyingKey(pk.vk);
  uint32_t partitions = static_cast<uint32_t>(c1.vanilla_proofs.size());
  C2Result result;
  // With overlap, partition k+1 synthesizes on its own thread while partition k proves. Partition
  // k's buffers go to the next synthesis started, k+2's, so a run maps its pages twice instead
  // of once per partition.
  std::future<Result<SynthesizedPartition>> next;
  AssignmentPtr spare;
  auto start_synthesis = [&](uint32_t k) {
    next = std::async(options.overlap_synthesis ? std::launch::async : std::launch::deferred,
                      [&c1, k, reuse = std::move(spare)]() mutable {
                        return SynthesizePoRepPartition(c1, k, std::move(reuse));
                      });
  };
  if (partitions > 0) start_synthesis(0);
  for (uint32_t k = 0; k < partitions; ++k) {
    if (options.cancelled && options.cancelled()) {
      return Status(StatusCode::kCancelled, "cancelled before partition " + std::to_string(k));
    }
    auto synthesized = next.get();
    RETURN_IF_ERROR(synthesized);
    SynthesizedPartition current = std::move(synthesized).value();
    if (k + 1 < partitions) start_synthesis(k + 1);
    PartitionReport report;
    bool reused = k + 2 < partitions;
    auto proof = ProveAndVerify(pk, pvk, std::move(current), options.threads, &report, nullptr,
                                reused ? &spare : nullptr);
    RETURN_IF_ERROR(proof);
    result.proof.insert(result.proof.end(), proof->begin(), proof->end());
    result.partitions.push_back(report);
    if (options.on_partition) options.on_partition(report);
  }
  return result;
}

Status VerifyPoRepC2(const filecoin::C1Output& c1, const groth16::PreparedVerifyingKey& pvk,
                     std::span<const uint8_t> proof) {
  return VerifyPartitionProofs(c1.vanilla_proofs.size(), pvk, proof, [&](uint32_t k) {
    return circuits::porep::PartitionPublicInputs(c1, k);
  });
}

Status VerifySealStatement(const circuits::porep::SealStatement& statement,
                           const groth16::PreparedVerifyingKey& pvk,
                           std::span<const uint8_t> proof) {
  return VerifyPartitionProofs(statement.proof.partitions, pvk, proof, [&](uint32_t k) {
    return circuits::porep::StatementPublicInputs(statement, k);
  });
}

uint64_t PoRepPartitionRows(const filecoin::SectorShape& sector) {
  // Spec 4.9, input constraints included: 2KiB, 8MiB, 512MiB; 64GiB's count for both 11-layer
  // sizes (32GiB has 130,278,869).
  if (sector.layers != 2) return 131186177;
  return sector.nodes <= 64 ? 2687961 : sector.nodes <= (1 << 18) ? 3844969 : 4423473;
}

uint64_t PoRepPartitionMemoryEstimate(const filecoin::SectorShape& sector) {
  return PartitionMemoryEstimate(PoRepPartitionRows(sector));
}

std::string PoRepParamsPath(const std::string& dir, const filecoin::SectorShape& sector,
                            const std::string& extension) {
  return (std::filesystem::path(dir) / filecoin::ParamsFileName(sector, extension)).string();
}

}  // namespace cuzk::engine

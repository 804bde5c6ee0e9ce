// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/partition.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>

#include "groth16/params_io.h"

namespace cuzk::engine {
namespace {

using Clock = std::chrono::steady_clock;

uint64_t NextPowerOfTwo(uint64_t n) {
  uint64_t p = 1;
  while (p < n) p <<= 1;
  return p;
}

}  // namespace

std::string PartitionPrefix(uint32_t k) { return "partition " + std::to_string(k) + ": "; }

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

AssignmentPtr PrepareAssignment(AssignmentPtr reuse, uint64_t rows) {
  if (reuse) {
    reuse->Clear();
  } else {
    // The prover forms c from a and b, and verifies every proof before it is returned.
    reuse = std::make_unique<r1cs::ProvingAssignment>(r1cs::CEvaluations::kDerive);
  }
  // Room for the whole partition up front: growing by doubling would copy every vector ~27
  // times at 32GiB, and a/b/c later grow to the QAP domain for the NTTs. Reserved but untouched
  // pages cost nothing.
  reuse->Reserve(NextPowerOfTwo(rows), rows);
  return reuse;
}

Result<std::vector<uint8_t>> ProveAndVerify(const groth16::ProvingKey& pk,
                                            const groth16::PreparedVerifyingKey& pvk,
                                            SynthesizedPartition partition, size_t threads,
                                            PartitionReport* report,
                                            const std::function<void()>& verifying,
                                            AssignmentPtr* keep, groth16::ProverBackend* backend,
                                            const std::atomic<bool>* cancel) {
  uint32_t k = partition.index;
  report->partition = k;
  report->synthesis_s = partition.synthesis_s;
  groth16::ProverOptions prover_options;
  prover_options.threads = threads;
  prover_options.timings = &report->prover;
  prover_options.keep_buffers = keep != nullptr;
  prover_options.backend = backend;
  prover_options.cancel = cancel;
  // On the compiled path the backend evaluates a and b from the compact witness into the
  // assignment's buffers where its transforms run (groth16::ProverInput).
  groth16::ProverInput input =
      partition.witness
          ? groth16::ProverInput(*partition.compiled, *partition.witness, *partition.assignment)
          : groth16::ProverInput(*partition.assignment);
  auto proof = groth16::CreateRandomProof(pk, input, prover_options);
  partition.witness.reset();
  partition.compiled.reset();
  if (!proof.ok())
    return Status(proof.status().code(), PartitionPrefix(k) + proof.status().message());
  if (keep) {
    *keep = std::move(partition.assignment);
  } else {
    partition.assignment.reset();  // free a/b/c before the next partition's arrive
  }
  if (verifying) verifying();
  auto t = Clock::now();
  Status s = groth16::VerifyProof(pvk, *proof, partition.inputs);
  report->verify_s = SecondsSince(t);
  if (!s.ok()) {
    return Status(StatusCode::kInternal,
                  PartitionPrefix(k) +
                      "the new proof does not verify (not returned): " + s.message() +
                      " — the C1 or vanilla proofs are inconsistent, or the parameters are not "
                      "this circuit's");
  }
  auto bytes = groth16::SerializeProof(*proof);
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

Status VerifyPartitionProofs(size_t partitions, const groth16::PreparedVerifyingKey& pvk,
                             std::span<const uint8_t> proof, const PartitionInputsFn& inputs_of) {
  if (proof.size() != partitions * groth16::kProofBytes) {
    return Status::InvalidArgument("proof has " + std::to_string(proof.size()) + " bytes, " +
                                   std::to_string(partitions) + " partitions need " +
                                   std::to_string(partitions * groth16::kProofBytes));
  }
  for (uint32_t k = 0; k < partitions; ++k) {
    auto parsed =
        groth16::ParseProof(proof.subspan(k * groth16::kProofBytes, groth16::kProofBytes));
    if (!parsed.ok())
      return Status::InvalidArgument(PartitionPrefix(k) + parsed.status().message());
    auto inputs = inputs_of(k);
    RETURN_IF_ERROR(inputs);
    Status s = groth16::VerifyProof(pvk, *parsed, *inputs);
    if (!s.ok()) return Status::InvalidArgument(PartitionPrefix(k) + s.message());
  }
  return Status::Ok();
}

uint64_t PartitionMemoryEstimate(uint64_t rows) {
  return NextPowerOfTwo(rows) * 256 + rows * 40 + (uint64_t{16} << 20);
}

uint64_t PartitionThreadMemory(size_t threads) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  return static_cast<uint64_t>(threads) * (uint64_t{20} << 20);
}

}  // namespace cuzk::engine

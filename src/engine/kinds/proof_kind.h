// SPDX-License-Identifier: Apache-2.0 OR MIT
// The proof-kind seam: one descriptor per kind (PoRep C2, SnapDeals and its Poseidon variant,
// WindowPoSt, WinningPoSt) says everything the engine, the parameter cache, the metrics and the
// service need to know of it: how a request is parsed and checked, which circuit and parameter
// file it needs, how many partitions and how much memory one takes, and how partition k is
// synthesized (its public inputs derived on the way). The engine's core (engine/*.h) includes
// none of engine/kinds: its owner hands it this table through UseProofKinds. Adding a kind means
// its descriptor (its own files here), one line in kKindTable (job_request.h) and in
// ProofKindTable (its descriptor), its ProofKind value and its proto value.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/mutex.h"
#include "base/status.h"
#include "engine/engine.h"
#include "engine/job_request.h"
#include "engine/job_work.h"
#include "engine/kinds/circuit_work.h"
#include "engine/srs_cache.h"
#include "r1cs/constraint_system.h"
#include "snarkpack/seal_aggregate.h"

namespace cuzk::engine {

// One circuit a kind proves, with its own parameter file.
struct CircuitInfo {
  std::string id;             // the SrsCache id, e.g. "porep-32g" (the Rust cuzk's names)
  uint64_t sector_bytes = 0;  // the sector size it proves
  std::string params_file;    // the official file name of its .params
  std::string vk_file;        // and of its .vk
  uint32_t partitions = 0;    // partitions of one proof (PoSt: one per job)
};

// A request parsed and checked, ready to be scheduled: its circuit, its partitions, the memory
// one partition holds from synthesis until proved (PartitionMemoryEstimate: its MSM threads'
// buckets are added by MakeJobWork), its rows, how to synthesize partition k,
// partition k's public inputs (derived from the request, never read from it) and its circuit
// (for tools that export it, and for the compiled path).
struct PreparedJob {
  std::string circuit_id;
  uint32_t partitions = 0;
  uint64_t partition_memory = 0;
  uint64_t rows = 0;  // R1CS rows of one partition, input constraints included
  CircuitWork::SynthesizeFn synthesize;
  PartitionInputsFn public_inputs;
  PartitionCircuitFn circuit;
  // Non-Interactive PoRep: the job's proof is not its partitions' proofs but their SnarkPack
  // aggregate, as seal_commit_phase2 returns it, over this sector's comm_r. Empty otherwise.
  std::vector<snarkpack::Bytes32> aggregate_comm_rs;
};

// What the engine knows of one proof kind.
class ProofKindDescriptor {
 public:
  virtual ~ProofKindDescriptor() = default;
  // Returns the kind described.
  virtual ProofKind kind() const = 0;
  // Parses and checks `request` without loading parameters, so a bad request fails at once with
  // an error that names what is wrong.
  virtual Result<PreparedJob> Prepare(const JobRequest& request) const = 0;
  // Returns the circuits of this kind, one per parameter file.
  virtual std::vector<CircuitInfo> Circuits() const = 0;
  // Returns the R1CS rows of one partition of `circuit` (input constraints included), from the
  // circuit's shape; counting is done once per circuit.
  virtual uint64_t PartitionRows(const CircuitInfo& circuit) const = 0;
  // Returns one partition of `circuit` with a placeholder witness: its R1CS, for parameter
  // generation and digests (the R1CS does not depend on the witness).
  virtual std::unique_ptr<r1cs::Circuit> PlaceholderCircuit(const CircuitInfo& circuit) const = 0;
};

// Remembers each circuit's row count: counting a circuit means synthesizing it, once.
class RowCache {
 public:
  // Returns `circuit_id`'s rows, calling `count` the first time.
  uint64_t Get(const std::string& circuit_id, const std::function<uint64_t()>& count) const {
    MutexLock lock(mu_);
    auto it = rows_.find(circuit_id);
    if (it != rows_.end()) return it->second;
    return rows_[circuit_id] = count();
  }

 private:
  mutable Mutex mu_;
  mutable std::map<std::string, uint64_t> rows_ CUZK_GUARDED_BY(mu_);
};

// Returns the descriptors, in wire order of their kinds (kKindTable's, job_request.h).
std::span<const ProofKindDescriptor* const> ProofKindTable();
// Returns `kind`'s descriptor.
const ProofKindDescriptor& DescriptorOf(ProofKind kind);
// Returns the circuit with SrsCache id `id`, of whatever kind, or NotFound listing the known ids.
Result<CircuitInfo> FindCircuit(std::string_view id);
// Returns `kind`'s circuit for sectors of `sector_bytes`, or NotFound.
Result<CircuitInfo> FindCircuit(ProofKind kind, uint64_t sector_bytes);
// Returns the ids of the circuits whose .params and .vk are both in `param_dir`, in table order.
std::vector<std::string> CircuitsWithKeysIn(const std::string& param_dir);

// Returns the .params and .vk file names of the circuit with SrsCache id `circuit_id`.
Result<KeyFileNames> KeyFilesOfCircuit(const std::string& circuit_id);

// The engine's work factory: prepares `request` through its kind's descriptor, refuses it if one
// partition can never fit the context's budget, then acquires its parameters from the context's
// SrsCache. Partitions prove on the context's prover threads.
Result<std::unique_ptr<JobWork>> MakeJobWork(const JobRequest& request, const WorkContext& context);
// Gives `config` every proof kind of this table: MakeJobWork and KeyFilesOfCircuit.
void UseProofKinds(Engine::Config& config);

// Reads and prepares the verifying key of `circuit` from the parameter directory `param_dir`.
Result<groth16::PreparedVerifyingKey> ReadCircuitVerifyingKey(const std::string& param_dir,
                                                              const CircuitInfo& circuit);
// Verifies a job's proof (its partitions' 192-byte proofs concatenated) against the public
// inputs `job` derives; the error names the first partition that fails.
Status VerifyJobProof(const PreparedJob& job, const groth16::PreparedVerifyingKey& pvk,
                      std::span<const uint8_t> proof);

// For a job with aggregate_comm_rs: aggregates its partitions' proofs (concatenated, in order)
// as filecoin-proofs does for NI-PoRep and verifies the aggregate under `vk` with the public
// inputs `job` derives before returning its bytes.
Result<std::vector<uint8_t>> AggregateJobProof(const PreparedJob& job,
                                               const groth16::VerifyingKey& vk,
                                               const snarkpack::GenericSrs& srs,
                                               std::span<const uint8_t> partition_proofs);
// Verifies an aggregated job's proof (its SnarkPack aggregate) as Rust's verify_seal does.
Status VerifyAggregatedJobProof(const PreparedJob& job, const groth16::VerifyingKey& vk,
                                const snarkpack::GenericSrs& srs, std::span<const uint8_t> proof);

// The descriptors, defined beside each kind's parsing and synthesis.
const ProofKindDescriptor& PoRepKind();
const ProofKindDescriptor& SnapDealsKind();
const ProofKindDescriptor& WindowPoStKind();
const ProofKindDescriptor& WinningPoStKind();
const ProofKindDescriptor& SnapDealsPoseidonKind();

}  // namespace cuzk::engine

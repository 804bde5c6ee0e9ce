// SPDX-License-Identifier: Apache-2.0 OR MIT
// The prover's backend seam: where a proof's heavy work runs. A backend turns a proof's input (an
// assignment, or a compiled circuit and a compact witness) and a proving key into the five query
// sums (the H coefficients' MSM, l, a, b_g1 and b_g2); the prover (groth16/prover.h) checks sizes
// before and blinds with r and s after, the same for every backend, so two correct backends give
// bit-for-bit the same proof.
#pragma once

#include <atomic>
#include <optional>
#include <string>

#include "base/cancel.h"
#include "base/huge_page_allocator.h"
#include "base/status.h"
#include "ec/g1.h"
#include "ec/g2.h"
#include "groth16/keys.h"
#include "r1cs/compact_witness.h"
#include "r1cs/compiled_circuit.h"
#include "r1cs/proving_assignment.h"

namespace cuzk::groth16 {

// Wall-clock seconds of each proving phase.
struct ProverTimings {
  double fft = 0, msm_h = 0, msm_l = 0, msm_a = 0, msm_b_g1 = 0, msm_b_g2 = 0, total = 0;
  double evaluation = 0;  // a = A·w and b = B·w from a compact input (0 for an assignment)
};

class ProverBackend;

// Options of one proof.
struct ProverOptions {
  size_t threads = 0;                // 0: every hardware thread
  ProverTimings* timings = nullptr;  // filled in when set
  // Keeps the b and c buffers' memory once H is computed (for an assignment that will be reused)
  // instead of freeing it for the MSMs.
  bool keep_buffers = false;
  ProverBackend* backend = nullptr;  // null: the CPU backend
  // Set by another thread to stop the proof: backends check it between their steps and, on the
  // CPU, inside each transform and MSM (base/cancel.h), and then return Cancelled().
  const CancelFlag* cancel = nullptr;

  // Returns whether the proof has been cancelled.
  bool cancelled() const { return IsCancelled(cancel); }
};

// Returns the status of a proof stopped by ProverOptions::cancel.
Status Cancelled();

// What one proof is computed from. Either an assignment that synthesis filled (values and a, b,
// and c when recorded), or, on the compiled path (r1cs/compiled_circuit.h), a compiled circuit
// and a compact witness, with an assignment that only lends its buffers: a backend evaluates a =
// A·w and b = B·w where its transforms run (Evaluate), so that a device backend can evaluate on
// the device instead of receiving a and b (issue 42; the CUDA backend evaluates on the host).
class ProverInput {
 public:
  // A synthesized assignment.
  explicit ProverInput(r1cs::ProvingAssignment& assignment) : assignment_(&assignment) {}
  // A compiled circuit and a compact witness, to be evaluated into `buffers` (which must derive
  // c, r1cs::CEvaluations::kDerive); all three must outlive the proof.
  ProverInput(const r1cs::CompiledCircuit& compiled, const r1cs::CompactWitness& witness,
              r1cs::ProvingAssignment& buffers)
      : assignment_(&buffers), compiled_(&compiled), witness_(&witness) {}

  // Returns whether a and b are still to be evaluated from a compiled circuit.
  bool compact() const { return compiled_ && !evaluated_; }
  // Returns the compiled circuit of a compact input (null for a synthesized assignment).
  const r1cs::CompiledCircuit* compiled() const { return compiled_; }
  // Returns the compact witness of a compact input (null for a synthesized assignment).
  const r1cs::CompactWitness* witness() const { return witness_; }
  // Sizes the assignment as the evaluation will fill it (values, a and b lengths, densities),
  // without evaluating, so that the key's sizes can be checked first; fails on a witness of
  // another size. Nothing to do for a synthesized assignment.
  Status Prepare();
  // Evaluates a and b and the values into the assignment on options.threads threads, once (later
  // calls, say by a fallback backend after a device failed, do nothing); adds the time to
  // options.timings->evaluation; stops with Cancelled() when options.cancel is set.
  Status Evaluate(const ProverOptions& options);
  // Returns the assignment; after Evaluate (or for a synthesized one) it holds a, b and values.
  r1cs::ProvingAssignment& assignment() { return *assignment_; }
  const r1cs::ProvingAssignment& assignment() const { return *assignment_; }

 private:
  r1cs::ProvingAssignment* assignment_;
  const r1cs::CompiledCircuit* compiled_ = nullptr;
  const r1cs::CompactWitness* witness_ = nullptr;
  bool evaluated_ = false;
};

// The multi-scalar sums of one proof, before r and s blind them.
struct QuerySums {
  ec::G1 h;     // sum_i h_i H_i over the quotient's coefficients
  ec::G1 l;     // sum over the aux variables of w_j L_j
  ec::G1 a;     // sum over the A query of w_j A_j
  ec::G1 b_g1;  // sum over the B query of w_j B_j in G1
  ec::G2 b_g2;  // the same in G2
};

// The device a backend proves on, for status pages.
struct DeviceUsage {
  uint32_t ordinal = 0;
  std::string name;
  uint64_t total_bytes = 0, free_bytes = 0;
  std::string fault;  // the fatal error that took the device out of use; empty while in use
};

// Where the transforms and MSMs of a proof run. Implementations: CpuBackend() and, when built
// with CUDA, gpu::CudaBackend.
class ProverBackend {
 public:
  virtual ~ProverBackend() = default;
  // Returns a short name for logs ("cpu", "cuda:0 NVIDIA H200").
  virtual std::string name() const = 0;
  // Returns the query sums of `input` under `pk`, whose sizes the caller has checked (CreateProof
  // does); a compact input is evaluated by the backend (ProverInput::Evaluate, or its own way),
  // and the assignment's a/b/c vectors are scratch. A backend that fails leaves the assignment's
  // a and b as it found them, or as Evaluate left them, so that another backend can retry.
  virtual Result<QuerySums> ComputeSums(const ProvingKey& pk, ProverInput& input,
                                        const ProverOptions& options) = 0;
  // Returns the device the backend proves on (none for the CPU).
  virtual std::optional<DeviceUsage> device() const { return std::nullopt; }
  // Drops whatever the backend keeps of `pk` (a GPU's resident copy of its queries); called
  // before `pk` is freed, so that evicting a key from host memory frees its device memory too.
  virtual void Release(const ProvingKey& /*pk*/) {}
};

// Returns the process-wide CPU backend (stateless; safe to share between threads).
ProverBackend& CpuBackend();

// Fills `a_scalars` with the A query's scalars (every input, then the aux in the A density) and
// `b_scalars` with the B query's (inputs and aux in their B densities), in the key's order.
void GatherQueryScalars(const r1cs::ProvingAssignment& assignment, HugeVector<ff::Fr>& a_scalars,
                        HugeVector<ff::Fr>& b_scalars);

}  // namespace cuzk::groth16

// SPDX-License-Identifier: Apache-2.0 OR MIT
// The Groth16 prover in bellperson's algorithm (prover/native.rs; spec porep-c2-circuit.md 7.6).
#pragma once

#include "base/status.h"
#include "groth16/keys.h"
#include "r1cs/proving_assignment.h"

namespace cuzk::groth16 {

// Wall-clock seconds of each proving phase.
struct ProverTimings {
  double fft = 0, msm_h = 0, msm_l = 0, msm_a = 0, msm_b_g1 = 0, msm_b_g2 = 0, total = 0;
};

// Options of one proof.
struct ProverOptions {
  size_t threads = 0;                // 0: every hardware thread
  ProverTimings* timings = nullptr;  // filled in when set
  // Keeps the b and c buffers' memory once H is computed (for an assignment that will be reused)
  // instead of freeing it for the MSMs.
  bool keep_buffers = false;
};

// Proves with explicit randomness r, s (for tests and cross-checks). `assignment` must have had
// its input constraints appended (ProvingAssignment::SynthesizeFrom does that); its a/b/c
// vectors are used as scratch. Errors name any size mismatch between the assignment and the key.
Result<Proof> CreateProof(const ProvingKey& pk, r1cs::ProvingAssignment& assignment,
                          const ff::Fr& r, const ff::Fr& s, const ProverOptions& options = {});

// Proves with r, s drawn from the operating system's random source.
Result<Proof> CreateRandomProof(const ProvingKey& pk, r1cs::ProvingAssignment& assignment,
                                const ProverOptions& options = {});

}  // namespace cuzk::groth16

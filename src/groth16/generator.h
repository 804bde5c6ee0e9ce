// SPDX-License-Identifier: Apache-2.0 OR MIT
// Groth16 parameter generation for any R1CS from known toxic waste, writing bellperson's layout.
// FOR TESTS AND TEST SECTORS ONLY: whoever knows the toxic waste can forge proofs. Production
// Filecoin proofs use the parameters of the public ceremony.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "groth16/keys.h"
#include "r1cs/shape.h"

namespace cuzk::groth16 {

// The secret scalars of a trusted setup.
struct ToxicWaste {
  ff::Fr tau, alpha, beta, gamma, delta;

  // Derives all five deterministically from a seed (reproducible test parameters).
  static ToxicWaste FromSeed(uint64_t seed);
};

// Builds the proving key of `shape` (which must include bellperson's input constraints, as
// ShapeRecorder::Record produces) for the given toxic waste. Deterministic.
Result<ProvingKey> GenerateParameters(const r1cs::R1csShape& shape, const ToxicWaste& waste,
                                      size_t threads = 0);

}  // namespace cuzk::groth16

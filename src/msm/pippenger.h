// SPDX-License-Identifier: Apache-2.0 OR MIT
// Multi-scalar multiplication sum_i k_i * P_i over G1 and G2 (Pippenger's bucket method).
#pragma once

#include <span>

#include "ec/g1.h"
#include "ec/g2.h"

namespace cuzk::msm {

using ff::Fr;

// Returns sum scalars[i] * bases[i]; the spans must have equal length. threads = 0 uses every
// hardware thread. Scalars 0 are skipped and the bases of scalars 1 are summed directly (in
// batch-affine rounds), which is what keeps Filecoin witnesses (mostly bits) cheap; the rest go
// through signed-digit Pippenger.
ec::G1 MsmG1(std::span<const ec::G1Affine> bases, std::span<const Fr> scalars, size_t threads = 0);
// G2 counterpart of MsmG1.
ec::G2 MsmG2(std::span<const ec::G2Affine> bases, std::span<const Fr> scalars, size_t threads = 0);

// Returns the Pippenger window width used for `n` non-trivial scalars.
unsigned WindowBits(size_t n);

}  // namespace cuzk::msm

// SPDX-License-Identifier: Apache-2.0 OR MIT
// Multi-scalar multiplication sum_i k_i * P_i over G1 and G2 (Pippenger's bucket method).
#pragma once

#include <span>

#include "base/cancel.h"
#include "ec/g1.h"
#include "ec/g2.h"

namespace cuzk::msm {

using ff::Fr;

// Which field arithmetic the batch-affine additions run on.
enum class MsmKernel {
  kAuto,               // eight AVX-512 IFMA lanes where the CPU has them, they pass their
                       // known-answer check and the field-kernel choice allows them; else scalar
  kScalar,             // the scalar Fp kernels
  kEightLanePortable,  // the IFMA lane kernels' plain-loop emulation (slow; for tests)
};

// Returns sum scalars[i] * bases[i]; the spans must have equal length. threads = 0 uses every
// hardware thread. A set `cancel` (base/cancel.h) stops it within milliseconds, with a meaningless
// result. Where scalars 0 and 1 are common (Filecoin witnesses are mostly bits), zeros
// are skipped, the bases of ones are summed directly (in batch-affine rounds) and the rest go
// through signed-digit Pippenger; where they are rare (at most 10% of a sample), all scalars go
// through Pippenger on the caller's bases, without copying them.
// `kernel` picks the field arithmetic of the additions (the result does not depend on it).
ec::G1 MsmG1(std::span<const ec::G1Affine> bases, std::span<const Fr> scalars, size_t threads = 0,
             const CancelFlag* cancel = nullptr, MsmKernel kernel = MsmKernel::kAuto);
// Returns sum scalars[i] * bases[i] like MsmG1, for dense scalars (few 0s and 1s, such as the
// H query's), converting the scalars in place instead of into a copy to the integers Pippenger
// reads (k or, with bit 255 set, r - k): afterwards `scalars` no longer holds field elements. This
// spares a buffer as large as the scalars (4 GiB at the 2^27 points of a 32GiB partition) and the
// page faults that fill it.
ec::G1 MsmG1DenseInPlace(std::span<const ec::G1Affine> bases, std::span<Fr> scalars,
                         size_t threads = 0, const CancelFlag* cancel = nullptr,
                         MsmKernel kernel = MsmKernel::kAuto);
// G2 counterpart of MsmG1 (on IFMA lanes, each Fp2 is a pair of Fp lanes).
ec::G2 MsmG2(std::span<const ec::G2Affine> bases, std::span<const Fr> scalars, size_t threads = 0,
             const CancelFlag* cancel = nullptr, MsmKernel kernel = MsmKernel::kAuto);

// Returns the Pippenger window width (2 to 17 bits) used for `n` non-trivial scalars.
unsigned WindowBits(size_t n);

}  // namespace cuzk::msm

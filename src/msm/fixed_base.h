// SPDX-License-Identifier: Apache-2.0 OR MIT
// Many scalar multiples of one fixed base (parameter generation): a windowed table of the base's
// multiples (built on the first call, then kept for the life of the process: about 26 MiB for
// both groups), then one mixed addition per window for each scalar.
#pragma once

#include <span>

#include "base/fill_later_vector.h"
#include "ec/g1.h"
#include "ec/g2.h"

namespace cuzk::msm {

// Returns k_i * G1 generator for every scalar, in affine form (one batched inversion per thread).
HugeFillLaterVector<ec::G1Affine> FixedBaseMulG1(std::span<const ff::Fr> scalars,
                                                 size_t threads = 0);
// Returns k_i * G2 generator for every scalar.
HugeFillLaterVector<ec::G2Affine> FixedBaseMulG2(std::span<const ff::Fr> scalars,
                                                 size_t threads = 0);

}  // namespace cuzk::msm

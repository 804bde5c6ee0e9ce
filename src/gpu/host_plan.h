// SPDX-License-Identifier: Apache-2.0 OR MIT
// Host-side planning for the device kernels: the MSM's window plan, the NTT's power tables, and
// conversions between src/ff, src/ec and the device types. Compiled by the host compiler always,
// so the plans are tested on every `make test`.
#pragma once

#include <cstddef>
#include <vector>

#include "ec/g1.h"
#include "ff/fr.h"
#include "gpu/g1_xyzz.h"
#include "gpu/msm_plan.h"
#include "gpu/ntt_steps.h"

namespace cuzk::gpu {

// Returns the plan for n non-trivial scalars: c = log2(n) - 6, within [4, 16] (about 64 points
// per bucket, 2^15 buckets per window at the top; to be tuned on a GPU), as many windows per sort
// pass as kMaxPairsPerPass allows, and segments of 2^log_segment buckets leaving up to 1,024 per
// window (32 buckets each at c = 16), merged in a tree (issue 46: 64 per window kept one or two
// SMs busy).
MsmPlan PlanMsm(size_t n);

// Host copies of PowerTables: lo[j] = base^j (j < 2^lo_bits), hi[j] = constant base^(j 2^lo_bits),
// covering exponents below 2^log_count.
struct HostPowerTables {
  std::vector<DevFr> lo, hi;
  unsigned lo_bits = 0;
  // Returns the tables as device code reads them (pointing into these vectors).
  PowerTables view() const { return {lo.data(), hi.data(), lo_bits}; }
};

// Returns the tables of constant * base^e for e < 2^log_count.
HostPowerTables MakePowerTables(const ff::Fr& base, const ff::Fr& constant, unsigned log_count);

// The constants of the device's quotient (H) for a domain of 2^log_n points (ntt::
// EvaluationDomain's omega and coset generator 7).
struct QuotientConstants {
  unsigned log_n = 0;
  HostPowerTables omega;       // omega^e, e < n/2: the forward transform's twiddles
  HostPowerTables omega_inv;   // omega^-e, e < n/2: the inverse transform's
  HostPowerTables to_coset;    // n^-1 g^i: between the inverse and the forward transform
  HostPowerTables from_coset;  // (n Z)^-1 g^-i: after the inverse transform of A*B
  DevFr c_scale;               // (n Z)^-1, Z = g^n - 1
};

// Returns the quotient's constants for 2^log_n points (1 <= log_n <= 32).
QuotientConstants MakeQuotientConstants(unsigned log_n);

// Returns the device form of a field element (its Montgomery limbs).
DevFr ToDevice(const ff::Fr& x);
// Returns the field element of a device value (which must be below r).
ff::Fr FromDevice(const DevFr& x);
// Returns the device form of an affine point ((0, 0) at infinity).
G1AffineDev ToDevice(const ec::G1Affine& p);
// Returns a device XYZZ point as a Jacobian point: (X ZZ^2 : Y ZZZ^2 : ZZZ), no inversion.
ec::G1 FromDevice(const G1Xyzz& p);

}  // namespace cuzk::gpu

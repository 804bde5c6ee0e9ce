// SPDX-License-Identifier: Apache-2.0 OR MIT
// The gadgets both SnapDeals circuits share (storage-proofs-update gadgets.rs): a number's bits,
// the challenges' random bits, a challenge's selected high bits, and the new replica's label.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "base/status.h"
#include "gadgets/boolean.h"
#include "gadgets/num.h"
#include "r1cs/constraint_system.h"

namespace cuzk::circuits::snap {

// Enforces [sum 2^i bits_i] * [ONE] = [x]: `bits` (least significant first) decompose x.
void EnforceDecomposition(r1cs::ConstraintSystem& cs, std::span<const gadgets::Boolean> bits,
                          const gadgets::AllocatedNum& x);

// Allocates x's 255 bits, least significant first, with one decomposition constraint
// (allocated_num_to_allocated_bits).
std::vector<gadgets::Boolean> AllocateBits(r1cs::ConstraintSystem& cs,
                                           const gadgets::AllocatedNum& x);

// The statement's three commitments, each allocated and made a public input in this order, and
// phi = H_gr(comm_d_new, comm_r_old).
struct UpdateCommitments {
  gadgets::AllocatedNum comm_r_old, comm_d_new, comm_r_new, phi;
};
// Allocates them (the circuits' common opening after their selector input).
Result<UpdateCommitments> AllocateCommitments(r1cs::ConstraintSystem& cs, const ff::Fr& comm_r_old,
                                              const ff::Fr& comm_d_new, const ff::Fr& comm_r_new);
// Enforces comm_r = H(comm_c, root_r) for the old replica, then for the new one.
Status EnforceCommR(r1cs::ConstraintSystem& cs, const UpdateCommitments& commitments,
                    const gadgets::AllocatedNum& comm_c, const gadgets::AllocatedNum& root_r_old,
                    const gadgets::AllocatedNum& root_r_new);

// Allocates one number per value.
std::vector<gadgets::AllocatedNum> AllocAll(r1cs::ConstraintSystem& cs,
                                            const std::vector<ff::Fr>& values);

// The random bits of `challenges` challenges, `bits_per_challenge` each (gen_challenge_bits):
// digest_j = H_gr(comm_r_new, partition * digests + j), its 255 bits cut into as many whole
// challenges as fit in 254 bits, the last digest only as far as needed.
Result<std::vector<std::vector<gadgets::Boolean>>> GenChallengeBits(
    r1cs::ConstraintSystem& cs, const gadgets::AllocatedNum& comm_r_new,
    const gadgets::AllocatedNum& partition, uint32_t challenges, uint32_t bits_per_challenge);

// The top h bits of the challenge `c_bits` (least significant first) for the h that `h_select`
// (one bit set) picks from `hs` (get_challenge_high_bits): per allowed h, its high bits packed
// and multiplied by its select bit; then their sum.
gadgets::AllocatedNum ChallengeHighBits(r1cs::ConstraintSystem& cs,
                                        std::span<const gadgets::Boolean> c_bits,
                                        std::span<const gadgets::Boolean> h_select,
                                        const std::array<uint32_t, 6>& hs);

// label_r_new = label_r_old + label_d_new * rho (label_r_new).
gadgets::AllocatedNum LabelRNew(r1cs::ConstraintSystem& cs, const gadgets::AllocatedNum& r_old,
                                const gadgets::AllocatedNum& d_new,
                                const gadgets::AllocatedNum& rho);

}  // namespace cuzk::circuits::snap

// SPDX-License-Identifier: Apache-2.0 OR MIT
// The sealer derives SnapDeals' challenges, phi and rho with code of its own
// (sealer/update_randomness.h); the circuit layer has its own (circuits/snap, which the in-circuit
// gadgets and the witness checks follow and which challenges.rs' vectors pin). The two must agree
// on every size, partition and h, on seeded random commitments.
#include "sealer/update_randomness.h"

#include <gtest/gtest.h>

#include <random>

#include "circuits/snap/update_circuit.h"

namespace cuzk::sealer {
namespace {

using circuits::snap::UpdateShape;
using ff::Fr;

TEST(UpdateRandomnessTest, SealerChallengesEqualTheCircuitLayers) {
  std::mt19937_64 rng(31);
  // 1KiB to 64GiB in nodes: every partition count, both challenge counts, both apex sizes.
  for (unsigned log_nodes = 5; log_nodes <= 31; ++log_nodes) {
    uint64_t nodes = uint64_t{1} << log_nodes;
    UpdateShape shape = UpdateShape::For(nodes, {});
    for (int trial = 0; trial < 3; ++trial) {
      Fr comm_r_new = Fr::Random(rng);
      for (uint32_t k = 0; k < shape.partitions(); ++k) {
        ASSERT_EQ(UpdateChallengesOf(nodes, comm_r_new, k),
                  circuits::snap::UpdateChallenges(shape, comm_r_new, k))
            << "nodes 2^" << log_nodes << " partition " << k;
      }
    }
  }
}

TEST(UpdateRandomnessTest, SealerPhiAndRhoEqualTheCircuitLayers) {
  std::mt19937_64 rng(32);
  for (uint64_t nodes : {uint64_t{1} << 6, uint64_t{1} << 18, uint64_t{1} << 30}) {
    UpdateShape shape = UpdateShape::For(nodes, {});
    Fr comm_d_new = Fr::Random(rng), comm_r_old = Fr::Random(rng);
    Fr phi = UpdatePhiOf(comm_d_new, comm_r_old);
    ASSERT_EQ(phi, circuits::snap::UpdatePhi(comm_d_new, comm_r_old));
    for (uint32_t h : shape.hs()) {
      for (int i = 0; i < 8; ++i) {
        uint64_t c = rng() % nodes;
        EXPECT_EQ(UpdateRhoOf(phi, nodes, c, h), circuits::snap::UpdateRho(shape, phi, c, h))
            << "nodes " << nodes << " h " << h << " node " << c;
      }
    }
  }
}

}  // namespace
}  // namespace cuzk::sealer

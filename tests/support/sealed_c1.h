// SPDX-License-Identifier: Apache-2.0 OR MIT
// A C1 of a freshly sealed test sector (the sealer's), for tests of what reads or checks C1s.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>

#include "filecoin/c1.h"
#include "sealer/sealer.h"

namespace cuzk::testing {

// Returns the C1 of a sector sealed for registered proof `proof_id` (prover 1, sector 3, ticket
// 0x11.., seed 0x22.., random data seeded by the proof id).
inline filecoin::C1Output SealedTestC1(uint64_t proof_id) {
  sealer::SealIdentity id;
  id.registered_proof = proof_id;
  id.prover_id[0] = 0x01;
  id.sector_id = 3;
  id.ticket.fill(0x11);
  auto sector = sealer::Seal(id, sealer::RandomSectorData(64, proof_id + 1));
  EXPECT_TRUE(sector.ok());
  filecoin::Bytes32 seed;
  seed.fill(0x22);
  auto c1 = sealer::Commit1(*sector, seed);
  EXPECT_TRUE(c1.ok()) << c1.status().message();
  return c1.ok() ? *c1 : filecoin::C1Output{};
}

}  // namespace cuzk::testing

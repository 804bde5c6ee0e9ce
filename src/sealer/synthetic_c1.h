// SPDX-License-Identifier: Apache-2.0 OR MIT
// A correctly shaped C1 with random contents for sector sizes too large to seal here (32GiB,
// 64GiB): the real challenges and parent indices (so public inputs derive), paths of the right
// shape and positions, and random hashes. It passes ValidateC1, synthesizes like a real C1, and
// does not satisfy the circuit.
#pragma once

#include <cstdint>

#include "filecoin/c1.h"

namespace cuzk::sealer {

// Returns a synthetic C1 for registered proof `proof_id`, deterministic in `seed`.
Result<filecoin::C1Output> SyntheticC1(uint64_t proof_id, uint64_t seed);

}  // namespace cuzk::sealer

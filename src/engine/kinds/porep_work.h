// SPDX-License-Identifier: Apache-2.0 OR MIT
// The PoRep C2 proof kind (its descriptor is PoRepKind(), proof_kind.h): a job's C1 parsed and
// checked once, then its partitions synthesized from it one by one.
#pragma once

#include <string>

#include "filecoin/registered_proof.h"

namespace cuzk::engine {

// Returns the circuit id of a sector size's PoRep circuit, e.g. "porep-32g" (the Rust cuzk's
// names; "porep-2k", "porep-8m", "porep-512m" for the small sizes).
std::string PoRepCircuitId(const filecoin::SectorShape& shape);

}  // namespace cuzk::engine

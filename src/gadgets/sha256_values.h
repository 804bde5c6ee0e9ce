// SPDX-License-Identifier: Apache-2.0 OR MIT
// The SHA-256 compression gadget's witness computed on words instead of bits, for constraint
// systems that never read constraints (CompactWitness, WitnessOnly, counting): the same values
// allocated in the same order, the same number of constraints, the same MultiEq flushes, as
// Sha256Compression's gadget path, without a Boolean object or a call per operation. It applies
// when every bit of the state is an allocated, unnegated bit (Boolean::Is), which fixes the
// rounds' shape; the block may mix allocated, negated and constant bits. Compressions under the
// constant IV take the gadget path. sha256_test, porep_circuit_test and compiled_circuits_test
// compare the two.
#pragma once

#include <array>
#include <optional>
#include <span>

#include "gadgets/uint32.h"

namespace cuzk::gadgets {

// Returns the new state as Sha256Compression would, or nullopt when the word path does not
// apply (a system that reads constraints, or a state bit that is not Boolean::Is).
std::optional<std::array<UInt32, 8>> Sha256CompressionValues(ConstraintSystem& cs,
                                                             std::span<const Boolean> block,
                                                             const std::array<UInt32, 8>& state);

}  // namespace cuzk::gadgets

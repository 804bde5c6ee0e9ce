// SPDX-License-Identifier: Apache-2.0 OR MIT
// The R1CS digest: byte for byte bellpepper-core's TestConstraintSystem::hash() (util_cs/
// test_cs.rs), so a circuit synthesized here can be compared with the same circuit synthesized by
// bellperson (docs/compatibility.md). Nothing else pins the exact order of allocations and
// constraints, or which side of a product a term sits on, that the official keys depend on.
//
// BLAKE2s-256 over: the input count (ONE included), the aux count and the constraint count as
// big-endian u64; then for each constraint, A, B and C in turn: the number of merged non-zero
// terms (u64 BE), then each such term, inputs before aux in index order, as the byte 'I' or 'A',
// the index as u64 BE and the 32-byte big-endian canonical coefficient. Names and witness values
// do not enter it, nor do the input constraints the prover appends.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "base/status.h"
#include "r1cs/constraint_system.h"

namespace cuzk::r1cs {

// A circuit's digest and the counts that come with it in the same pass.
struct R1csDigest {
  std::array<uint8_t, 32> digest{};
  uint64_t inputs = 0;  // ONE included
  uint64_t aux = 0;
  uint64_t constraints = 0;  // as synthesized, without the prover's input constraints
  // Merged non-zero terms of each matrix over the synthesized constraints.
  uint64_t nnz_a = 0, nnz_b = 0, nnz_c = 0;
  // Variables with a non-zero term in A (aux), in B (inputs, aux): bellperson's densities.
  uint64_t a_aux_density = 0, b_input_density = 0, b_aux_density = 0;

  // Returns the digest as 64 lowercase hex digits, as TestConstraintSystem::hash() prints it.
  std::string Hex() const;
};

// Synthesizes `circuit` twice (a counting pass for the header, then the hashing pass) and returns
// its digest. Memory: one bit per variable for the densities; constraints are streamed.
Result<R1csDigest> DigestCircuit(const Circuit& circuit);

}  // namespace cuzk::r1cs

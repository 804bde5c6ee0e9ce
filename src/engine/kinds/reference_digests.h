// SPDX-License-Identifier: Apache-2.0 OR MIT
// The R1CS digest (r1cs/digest.h) that rust-fil-proofs 19.1 gives each circuit the engine proves,
// by circuit id: a compiled circuit (engine/compiled_circuits.h) is used only if its digest equals
// this one. The values are testdata/rust-fil-proofs-19.1/digests*.txt, computed by bellperson
// itself (`bp-oracle digest`); a test checks that the two agree. Beside each, the fingerprint of
// the compiled circuit whose hashed digest a test saw equal to the reference
// (tests/reference/rust_vectors_test.cc, RustDigests*): a compilation with that fingerprint takes
// the reference digest without hashing the R1CS (29.6 GB for a 32GiB PoRep partition).
#pragma once

#include <span>
#include <string_view>

namespace cuzk::engine {

// One circuit's reference digest.
struct ReferenceDigest {
  std::string_view circuit_id;  // the SrsCache id, e.g. "porep-32g"
  std::string_view rust_name;   // the line's name in testdata/rust-fil-proofs-19.1/digests*.txt
  std::string_view digest;      // 64 lowercase hex digits
  // The compiled circuit's fingerprint (r1cs::CompiledFingerprint) that a test saw beside that
  // digest, so that compiling it needs no hashing of the R1CS (empty: none pinned).
  std::string_view compiled_fingerprint = {};
};

// Returns every circuit with a reference digest (the 64GiB ones have none yet).
std::span<const ReferenceDigest> ReferenceDigests();
// Returns `circuit_id`'s reference digest, or an empty view when there is none.
std::string_view ReferenceDigestOf(std::string_view circuit_id);
// Returns `circuit_id`'s pinned compiled fingerprint, or an empty view when there is none.
std::string_view CompiledFingerprintOf(std::string_view circuit_id);

}  // namespace cuzk::engine

// SPDX-License-Identifier: Apache-2.0 OR MIT
// The circuits whose R1CS digest (r1cs/digest.h) cuzk pins: small gadget harnesses, each laid out
// as the bellperson or storage-proofs test it mirrors so anyone can rebuild it in Rust
// (docs/compatibility.md), and every proof circuit with a placeholder witness (the digest does not
// depend on witness values).
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <string_view>

#include "filecoin/registered_post.h"
#include "filecoin/registered_proof.h"
#include "filecoin/registered_update.h"
#include "r1cs/constraint_system.h"

namespace cuzk::circuits {

// One gadget harness: its name, what it allocates and calls (one sentence), and the harness.
struct GadgetCase {
  std::string_view name;
  std::string_view harness;
  std::function<Status(r1cs::ConstraintSystem&)> synthesize;
};

// Returns the gadget harnesses: sha256-block, uint32-addmany, poseidon-2/8/11, por-8-8,
// por-8-8-2 and create-label.
std::span<const GadgetCase> GadgetCases();

// Returns one partition of `sector`'s PoRep circuit with a placeholder witness.
std::unique_ptr<r1cs::Circuit> PlaceholderPoRepCircuit(const filecoin::SectorShape& sector);
// Returns `proof`'s FallbackPoSt circuit (WindowPoSt or WinningPoSt) with a placeholder witness.
std::unique_ptr<r1cs::Circuit> PlaceholderPoStCircuit(const filecoin::RegisteredPoStProof& proof);
// Returns one partition of `proof`'s SnapDeals circuit with a placeholder witness.
std::unique_ptr<r1cs::Circuit> PlaceholderUpdateCircuit(
    const filecoin::RegisteredUpdateProof& proof);

}  // namespace cuzk::circuits

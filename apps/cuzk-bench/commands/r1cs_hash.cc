// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench r1cs-hash`: prints the R1CS digest (bellpepper-core's TestConstraintSystem::hash(),
// r1cs/digest.h) of a gadget harness or of one partition of a proof circuit, with its counts, so
// it can be compared with bellperson's (docs/compatibility.md).
#include <cstdio>

#include "circuits/porep/c1_inputs.h"
#include "circuits/porep/stacked_circuit.h"
#include "circuits/r1cs_cases.h"
#include "commands/commands.h"
#include "commands/common.h"
#include "engine/kinds/proof_kind.h"
#include "filecoin/c1.h"
#include "r1cs/digest.h"

namespace cuzk::bench {
namespace {

struct Options {
  std::string gadget;
  std::string type;
  uint64_t registered_proof = 0;
  std::string c1;
  uint32_t partition = 0;
};

void Print(const std::string& name, const r1cs::R1csDigest& d) {
  std::printf("%s  %s\n", d.Hex().c_str(), name.c_str());
  std::printf("  inputs %llu (ONE included), aux %llu, constraints %llu\n",
              (unsigned long long)d.inputs, (unsigned long long)d.aux,
              (unsigned long long)d.constraints);
  std::printf("  nnz A %llu, B %llu, C %llu; density a_aux %llu, b_input %llu, b_aux %llu\n",
              (unsigned long long)d.nnz_a, (unsigned long long)d.nnz_b, (unsigned long long)d.nnz_c,
              (unsigned long long)d.a_aux_density, (unsigned long long)d.b_input_density,
              (unsigned long long)d.b_aux_density);
}

// Returns 0, or prints the error and returns 1.
int Digest(const std::string& name, const r1cs::Circuit& circuit) {
  auto d = r1cs::DigestCircuit(circuit);
  if (!d.ok()) return Fail("r1cs-hash", name, d.status());
  Print(name, *d);
  return 0;
}

int Run(const Options& o) {
  if (!o.c1.empty()) {
    auto bytes = ReadFileBytes(o.c1);
    if (!bytes.ok()) return Fail("r1cs-hash", "reading the C1", bytes.status());
    auto c1 = filecoin::ParseC1(*bytes);
    if (!c1.ok()) return Fail("r1cs-hash", o.c1, c1.status());
    auto witness = circuits::porep::PartitionWitnessFromC1(*c1, o.partition);
    if (!witness.ok()) return Fail("r1cs-hash", "the partition's witness", witness.status());
    circuits::porep::StackedCircuit circuit(circuits::porep::ShapeOf(c1->registered_proof.shape),
                                            std::move(witness).value());
    return Digest(
        std::string(c1->registered_proof.name) + " partition " + std::to_string(o.partition),
        circuit);
  }
  if (o.type == "porep") {
    auto proof = filecoin::SealProofById(o.registered_proof);
    if (!proof.ok()) return Fail("r1cs-hash", "--registered-proof", proof.status());
    return Digest(std::string(proof->name), *circuits::PlaceholderPoRepCircuit(proof->shape));
  }
  if (o.type == "wpost" || o.type == "winning") {
    auto proof = filecoin::PoStProofById(o.registered_proof);
    if (!proof.ok()) return Fail("r1cs-hash", "--registered-proof", proof.status());
    bool winning = proof->kind == filecoin::PoStKind::kWinning;
    if (winning != (o.type == "winning")) {
      return Fail(
          "r1cs-hash", "--registered-proof",
          Status::InvalidArgument(std::string(proof->name) + " is not a " + o.type + " proof"));
    }
    return Digest(std::string(proof->name), *circuits::PlaceholderPoStCircuit(*proof));
  }
  if (o.type == "snap") {
    auto proof = filecoin::UpdateProofById(o.registered_proof);
    if (!proof.ok()) return Fail("r1cs-hash", "--registered-proof", proof.status());
    return Digest(std::string(proof->name), *circuits::PlaceholderUpdateCircuit(*proof));
  }
  if (o.type == "snap-poseidon") {
    auto proof = filecoin::UpdateProofById(o.registered_proof);
    if (!proof.ok()) return Fail("r1cs-hash", "--registered-proof", proof.status());
    const engine::ProofKindDescriptor& kind =
        engine::DescriptorOf(engine::ProofKind::kSnapDealsUpdatePoseidon);
    auto circuit = engine::FindCircuit(kind.kind(), proof->shape.sector_bytes);
    if (!circuit.ok()) return Fail("r1cs-hash", "--registered-proof", circuit.status());
    return Digest(std::string(proof->name) + " (Poseidon variant)",
                  *kind.PlaceholderCircuit(*circuit));
  }
  int failed = 0;
  bool found = false;
  for (const circuits::GadgetCase& c : circuits::GadgetCases()) {
    if (!o.gadget.empty() && o.gadget != c.name) continue;
    found = true;
    failed |= Digest(std::string(c.name), r1cs::FunctionCircuit(c.synthesize));
    std::printf("  harness: %.*s\n", int(c.harness.size()), c.harness.data());
  }
  if (!found) {
    return Fail("r1cs-hash", "--gadget",
                Status::InvalidArgument("no gadget case '" + o.gadget + "'"));
  }
  return failed;
}

}  // namespace

void RegisterR1csHash(CLI::App& app) {
  static Options o;
  auto* cmd = app.add_subcommand(
      "r1cs-hash",
      "Print the R1CS digest (bellpepper TestConstraintSystem::hash) of a circuit; with no "
      "option, of every gadget harness");
  cmd->add_option("--gadget", o.gadget,
                  "One gadget harness: sha256-block, uint32-addmany, poseidon-2, poseidon-8, "
                  "poseidon-11, por-8-8, por-8-8-2, create-label");
  cmd->add_option("-t,--type", o.type, "A proof circuit with a placeholder witness")
      ->check(CLI::IsMember({"porep", "wpost", "winning", "snap", "snap-poseidon"}));
  cmd->add_option("--registered-proof", o.registered_proof,
                  "With --type: the Lotus registered proof id (PoRep seal, PoSt or update)");
  cmd->add_option("--c1", o.c1,
                  "A PoRep partition with its witness from this C1 (or a synthetic one)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--partition", o.partition, "With --c1: the partition")->capture_default_str();
  cmd->callback([] {
    if (int rc = Run(o); rc != 0) std::exit(rc);
  });
}

}  // namespace cuzk::bench

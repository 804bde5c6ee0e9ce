// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench aggregate`: SnarkPack v2 over PoRep proofs as filecoin-proofs' aggregate_seal_
// commit_proofs does it (Lotus's commit aggregation; NI-PoRep's partitions), or, with --verify,
// the check verify_aggregate_seal_commit_proofs makes of an aggregate, with the SRS
// (v28-fil-inner-product-v1.srs) and the PoRep .vk from a parameter folder.
#include <cstdio>

#include "circuits/porep/c1_inputs.h"
#include "commands/commands.h"
#include "commands/common.h"
#include "engine/proof_kind.h"
#include "groth16/params_io.h"
#include "snarkpack/seal_aggregate.h"

namespace cuzk::bench {

void RegisterAggregate(CLI::App& app) {
  struct Options {
    std::vector<std::string> c1s, proofs;
    std::string params, out, verify;
  };
  static Options o;
  auto* cmd = app.add_subcommand(
      "aggregate",
      "Aggregate PoRep proofs with SnarkPack v2 (as Lotus and NI-PoRep do), or verify "
      "an aggregate");
  cmd->add_option("--c1", o.c1s, "The sectors' C1 files, in order")->required();
  cmd->add_option("--proof", o.proofs, "Each C1's proof (192 bytes per partition), same order");
  cmd->add_option("--params", o.params,
                  "Parameter folder with v28-fil-inner-product-v1.srs and the PoRep .vk")
      ->required();
  cmd->add_option("--out", o.out, "Write the aggregate here");
  cmd->add_option("--verify", o.verify, "Verify this aggregate instead of making one")
      ->check(CLI::ExistingFile);
  OnRun(cmd, [] {
    const char* name = "aggregate";
    if (o.verify.empty() && (o.proofs.size() != o.c1s.size() || o.out.empty())) {
      return Fail(name, "arguments",
                  Status::InvalidArgument("give one --proof per --c1, and --out (or --verify)"));
    }
    std::vector<filecoin::C1Output> c1s;
    std::vector<snarkpack::Bytes32> comm_rs, seeds;
    std::vector<std::vector<ff::Fr>> inputs;
    for (const std::string& path : o.c1s) {
      auto c1 = LoadC1(path);
      if (!c1.ok()) return Fail(name, path, c1.status());
      if (!c1s.empty() && c1->registered_proof.id != c1s[0].registered_proof.id) {
        return Fail(name, path, Status::InvalidArgument("the C1s are of different proof types"));
      }
      comm_rs.push_back(c1->comm_r);
      seeds.push_back(c1->seed);
      for (uint32_t k = 0; k < c1->vanilla_proofs.size(); ++k) {
        auto x = circuits::porep::PartitionPublicInputs(*c1, k);
        if (!x.ok()) return Fail(name, path, x.status());
        inputs.push_back(std::move(x).value());
      }
      c1s.push_back(std::move(c1).value());
    }
    const bool ni = c1s[0].registered_proof.feature == filecoin::PoRepFeature::kNonInteractivePoRep;
    auto circuit = engine::FindCircuit(engine::ProofKind::kPoRepSealCommit,
                                       c1s[0].registered_proof.shape.sector_bytes);
    if (!circuit.ok()) return Fail(name, "the circuit", circuit.status());
    auto vk = groth16::ReadVerifyingKey(o.params + "/" + circuit->vk_file);
    if (!vk.ok()) return Fail(name, "the .vk", vk.status());
    auto srs = snarkpack::ReadSrs(o.params + "/" + snarkpack::kSrsFileName);
    if (!srs.ok()) return Fail(name, "the SRS", srs.status());
    std::vector<uint8_t> aggregate;
    auto t = Clock::now();
    if (!o.verify.empty()) {
      auto bytes = ReadFileBytes(o.verify);
      if (!bytes.ok()) return Fail(name, o.verify, bytes.status());
      aggregate.assign(bytes->begin(), bytes->end());
    } else {
      std::vector<groth16::Proof> proofs;
      for (const std::string& path : o.proofs) {
        auto bytes = ReadFileBytes(path);
        if (!bytes.ok()) return Fail(name, path, bytes.status());
        std::span<const uint8_t> b(reinterpret_cast<const uint8_t*>(bytes->data()), bytes->size());
        for (size_t at = 0; at + groth16::kProofBytes <= b.size(); at += groth16::kProofBytes) {
          auto p = groth16::ParseProof(b.subspan(at, groth16::kProofBytes));
          if (!p.ok()) return Fail(name, path, p.status());
          proofs.push_back(*p);
        }
      }
      if (proofs.size() != inputs.size()) {
        return Fail(name, "the proofs",
                    Status::InvalidArgument(std::to_string(proofs.size()) + " proofs for " +
                                            std::to_string(inputs.size()) + " partitions"));
      }
      auto made = snarkpack::AggregateSealProofs(*srs, proofs, comm_rs, seeds, ni);
      if (!made.ok()) return Fail(name, "aggregating", made.status());
      aggregate = std::move(made).value();
      std::printf("aggregated %zu proofs (%zu sectors) into %zu bytes in %.3f s\n", inputs.size(),
                  c1s.size(), aggregate.size(), Since(t));
      t = Clock::now();
    }
    Status ok = snarkpack::VerifySealAggregate(*srs, *vk, aggregate, inputs, comm_rs, seeds, ni);
    if (!ok.ok()) return Fail(name, "INVALID", ok);
    if (o.verify.empty()) {
      if (Status s = WriteFileBytes(
              o.out,
              std::string_view(reinterpret_cast<const char*>(aggregate.data()), aggregate.size()));
          !s.ok()) {
        return Fail(name, "writing", s);
      }
    }
    std::printf("VALID: aggregate of %zu proofs verified in %.3f s\n", inputs.size(), Since(t));
    return 0;
  });
}

}  // namespace cuzk::bench

// SPDX-License-Identifier: Apache-2.0 OR MIT
// The proof-kind table: one descriptor per kind the service accepts, in wire order; every circuit
// the daemon serves found by its id, with its official parameter file name (docs/filecoin.md §7.1),
// its partitions and rows; rows equal to a count of the circuit itself for the 2KiB sizes.
#include "engine/kinds/proof_kind.h"

#include <gtest/gtest.h>

#include <set>

#include "r1cs/counting.h"
#include "r1cs/proving_assignment.h"

namespace cuzk::engine {
namespace {

TEST(ProofKindTableTest, OneDescriptorPerKindInWireOrder) {
  ASSERT_EQ(ProofKindTable().size(), kProofKinds.size());
  for (size_t i = 0; i < kProofKinds.size(); ++i) {
    EXPECT_EQ(ProofKindTable()[i]->kind(), kProofKinds[i]);
    EXPECT_EQ(&DescriptorOf(kProofKinds[i]), ProofKindTable()[i]);
  }
}

// kKindTable is the one list of kinds: wire values 1..N in order, every name unique and
// round-tripping, every descriptor its own kind's.
TEST(ProofKindTableTest, TheKindTableIsCompleteAndConsistent) {
  std::set<std::string> names, labels, status_names;
  for (size_t i = 0; i < std::size(kKindTable); ++i) {
    const KindFacts& f = kKindTable[i];
    EXPECT_EQ(static_cast<size_t>(f.kind), i + 1) << f.name;
    ASSERT_NE(ProofKindTable()[i], nullptr) << f.name << " has no descriptor";
    EXPECT_EQ(ProofKindTable()[i]->kind(), f.kind) << f.name;
    EXPECT_TRUE(names.insert(f.name).second) << f.name;
    EXPECT_TRUE(labels.insert(f.metric_label).second) << f.metric_label;
    EXPECT_TRUE(status_names.insert(f.status_name).second) << f.status_name;
    EXPECT_EQ(*ProofKindFromName(f.name), f.kind);
    EXPECT_EQ(*ProofKindFromWire(static_cast<int>(f.kind)), f.kind);
    EXPECT_STREQ(ProofKindMetricLabel(f.kind), f.metric_label);
    EXPECT_STREQ(ProofKindStatusName(f.kind), f.status_name);
    EXPECT_EQ(DefaultPriority(f.kind), f.default_priority);
  }
  EXPECT_FALSE(ProofKindFromWire(static_cast<int>(std::size(kKindTable)) + 1).ok());
}

TEST(ProofKindTableTest, EveryCircuitIsFoundByItsIdOnce) {
  std::set<std::string> ids;
  for (const ProofKindDescriptor* d : ProofKindTable()) {
    EXPECT_EQ(d->Circuits().size(), 5u) << ProofKindName(d->kind());
    for (const CircuitInfo& c : d->Circuits()) {
      EXPECT_TRUE(ids.insert(c.id).second) << c.id;
      auto found = FindCircuit(c.id);
      ASSERT_TRUE(found.ok()) << c.id;
      EXPECT_EQ(found->params_file, c.params_file);
      EXPECT_TRUE(c.params_file.starts_with("v28-") && c.params_file.ends_with(".params"));
    }
  }
  EXPECT_EQ(ids.size(), 5 * kProofKinds.size());
  auto unknown = FindCircuit("porep-1t");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.status().message().find("porep-32g"), std::string::npos);
}

TEST(ProofKindTableTest, PoRepCircuitsHaveTheOfficialNamesPartitionsAndRows) {
  struct Known {
    const char* id;
    const char* params_file;
    uint32_t partitions;
    uint64_t rows;
  };
  // Spec 7.1 and 4.9; rows are an upper bound at 32GiB: 64GiB's 131,186,177 for both 11-layer
  // sizes (32GiB has 130,278,869).
  const Known known[] = {
      {"porep-2k",
       "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-sha256_hasher-"
       "032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b3793b06832f.params",
       1, 2687961},
      {"porep-32g",
       "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-0-sha256_hasher-"
       "82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820.params",
       10, 131186177},
  };
  for (const Known& k : known) {
    auto circuit = FindCircuit(k.id);
    ASSERT_TRUE(circuit.ok()) << k.id;
    EXPECT_EQ(circuit->params_file, k.params_file);
    EXPECT_EQ(circuit->partitions, k.partitions) << k.id;
    EXPECT_EQ(PoRepKind().PartitionRows(*circuit), k.rows) << k.id;
  }
}

TEST(ProofKindTableTest, ThirtyTwoGiBCircuitsOfEveryKindHaveTheRustCuzksFiles) {
  // srs_manager.rs' circuit ids and file names (digests abbreviated there, as here), and the
  // partitions of one job (PoSt: one per request).
  struct Known {
    ProofKind kind;
    const char* id;
    const char* stem;
    const char* digest_end;
    uint32_t partitions;
  };
  const Known known[] = {
      {ProofKind::kPoRepSealCommit, "porep-32g",
       "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-0-sha256_hasher-82a357d2",
       "7820", 10},
      {ProofKind::kSnapDealsUpdate, "snap-32g",
       "v28-empty-sector-update-merkletree-poseidon_hasher-8-8-0-3b7f44a9", "9d18", 16},
      {ProofKind::kWindowPost, "wpost-32g",
       "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-0-0377ded6", "3edc", 1},
      {ProofKind::kWinningPost, "winning-32g",
       "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-0-559e581f", "d7e", 1},
      {ProofKind::kSnapDealsUpdatePoseidon, "snap-poseidon-32g",
       "v28-empty-sector-update-poseidon-merkletree-poseidon_hasher-8-8-0-3b7f44a9", "9d18", 1},
  };
  ASSERT_EQ(std::size(known), kProofKinds.size());
  for (const Known& k : known) {
    auto circuit = FindCircuit(k.kind, uint64_t{32} << 30);
    ASSERT_TRUE(circuit.ok()) << k.id;
    EXPECT_EQ(circuit->id, k.id);
    EXPECT_TRUE(circuit->params_file.starts_with(k.stem)) << circuit->params_file;
    EXPECT_TRUE(circuit->params_file.ends_with(std::string(k.digest_end) + ".params"))
        << circuit->params_file;
    EXPECT_EQ(circuit->params_file.size(), std::string_view(k.stem).size() - 8 + 64 + 7) << k.id;
    EXPECT_EQ(circuit->partitions, k.partitions) << k.id;
  }
}

TEST(ProofKindTableTest, SnapPoseidonCircuitsHaveOnePartitionAndTheirOwnFiles) {
  // poseidon/compound.rs: "empty-sector-update-poseidon-" + the tree's display; the identifier's
  // digest is the SHA-256 variant's. 2KiB: circuit_poseidon.rs' circuit counts 36,424
  // constraints with 5 inputs.
  auto circuit = FindCircuit("snap-poseidon-32g");
  ASSERT_TRUE(circuit.ok());
  EXPECT_EQ(circuit->params_file,
            "v28-empty-sector-update-poseidon-merkletree-poseidon_hasher-8-8-0-"
            "3b7f44a9362e3985369454947bc94022e118211e49fd672d52bec1cbfd599d18.params");
  EXPECT_EQ(circuit->partitions, 1u);
  auto small = FindCircuit(ProofKind::kSnapDealsUpdatePoseidon, 2048);
  ASSERT_TRUE(small.ok());
  EXPECT_EQ(small->id, "snap-poseidon-2k");
  EXPECT_EQ(SnapDealsPoseidonKind().PartitionRows(*small), 36424u + 5u);
}

// Rows of a circuit: its constraints plus the prover's one input constraint per input.
uint64_t CountedRows(const r1cs::Circuit& circuit) {
  r1cs::CountingConstraintSystem cs;
  EXPECT_TRUE(circuit.Synthesize(cs).ok());
  return cs.num_constraints() + cs.num_inputs();
}

// Each 2KiB circuit's rows, from its descriptor, equal a count of the descriptor's own
// placeholder circuit; parameter generation records that circuit.
TEST(ProofKindTableTest, TwoKiBRowsEqualACountOfTheCircuit) {
  for (const ProofKindDescriptor* d : ProofKindTable()) {
    auto circuit = FindCircuit(d->kind(), 2048);
    ASSERT_TRUE(circuit.ok()) << ProofKindName(d->kind());
    EXPECT_EQ(circuit->sector_bytes, 2048u);
    EXPECT_EQ(circuit->partitions, 1u);
    EXPECT_TRUE(circuit->vk_file.ends_with(".vk"));
    EXPECT_EQ(circuit->vk_file.substr(0, circuit->vk_file.size() - 3),
              circuit->params_file.substr(0, circuit->params_file.size() - 7));
    EXPECT_EQ(d->PartitionRows(*circuit), CountedRows(*d->PlaceholderCircuit(*circuit)))
        << circuit->id;
  }
  EXPECT_FALSE(FindCircuit(ProofKind::kWinningPost, 4096).ok());
}

// A set cancel flag stops every kind's synthesis before its first challenge (or sector, or apex
// tree) with a kCancelled error, a few hundred constraints in.
TEST(ProofKindTableTest, EveryCircuitStopsItsSynthesisWhenCancelled) {
  CancelFlag set{true};
  for (const ProofKindDescriptor* d : ProofKindTable()) {
    auto circuit = FindCircuit(d->kind(), 2048);
    ASSERT_TRUE(circuit.ok());
    r1cs::ProvingAssignment pa;
    pa.SetCancel(&set);
    Status s = d->PlaceholderCircuit(*circuit)->Synthesize(pa);
    EXPECT_EQ(s.code(), StatusCode::kCancelled) << circuit->id << ": " << s.message();
    EXPECT_LT(pa.num_constraints(), 2000u) << circuit->id;
  }
}

TEST(ProofKindTableTest, RequestsOfTheWrongShapeFailInPrepare) {
  JobRequest r;
  r.kind = ProofKind::kWindowPost;
  r.registered_proof = 0;  // WinningPoSt 2KiB
  r.randomness = std::string(32, '\0');
  r.vanilla_proofs = {"x"};
  EXPECT_FALSE(DescriptorOf(r.kind).Prepare(r).ok());
  r.kind = ProofKind::kSnapDealsUpdatePoseidon;
  r.comm_r_old = r.comm_d_new = r.comm_r_new = std::string(32, '\0');
  r.vanilla_proofs = {"x", "y"};
  auto snap = DescriptorOf(r.kind).Prepare(r);
  ASSERT_FALSE(snap.ok());
  EXPECT_NE(snap.status().message().find("one partition, got 2"), std::string::npos);
  r.kind = ProofKind::kPoRepSealCommit;
  r.vanilla_proof = "{}";
  auto porep = DescriptorOf(r.kind).Prepare(r);
  ASSERT_FALSE(porep.ok());
}

}  // namespace
}  // namespace cuzk::engine

// SPDX-License-Identifier: Apache-2.0 OR MIT
// The SnapDeals partition circuit against rust-fil-proofs' storage-proofs-update tests/circuit.rs:
// constraint counts of every test sector size and of 32GiB; and a real sector update (old replica,
// new data, the encoded new replica and their trees) satisfying the circuit of every partition
// with the public inputs the verifier derives, and not satisfying it once tampered with.
#include <gtest/gtest.h>

#include <random>

#include "circuits/snap/update_circuit.h"
#include "circuits/snap/update_inputs.h"
#include "hash/poseidon.h"
#include "r1cs/counting.h"
#include "r1cs/proving_assignment.h"
#include "sealer/merkle_tree.h"
#include "sealer/sealer.h"
#include "sealer/update.h"

namespace cuzk::circuits::snap {
namespace {

size_t Constraints(uint64_t nodes, std::vector<uint32_t> arities) {
  UpdateShape shape = UpdateShape::For(nodes, std::move(arities));
  r1cs::CountingConstraintSystem cs;
  EmptySectorUpdateCircuit circuit(shape, PlaceholderUpdateWitness(shape, 1));
  Status s = circuit.Synthesize(cs);
  EXPECT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(cs.num_inputs(), 5u);
  return cs.num_constraints();
}

TEST(EmptySectorUpdateCircuitTest, MatchesCircuitRsTestSizes) {
  // tests/circuit.rs: (sector nodes, tree R arities) -> constraints.
  EXPECT_EQ(Constraints(1 << 5, {8, 4}), 1248389u);         // 1KiB, U8 U4 U0
  EXPECT_EQ(Constraints(1 << 6, {8, 8}), 1705039u);         // 2KiB, U8
  EXPECT_EQ(Constraints(1 << 7, {8, 8, 2}), 2165109u);      // 4KiB, U8 U2
  EXPECT_EQ(Constraints(1 << 8, {8, 8, 4}), 2620359u);      // 8KiB, U8 U4
  EXPECT_EQ(Constraints(1 << 9, {8, 8, 8}), 6300021u);      // 16KiB, U8 U8
  EXPECT_EQ(Constraints(1 << 10, {8, 8, 8, 2}), 6760091u);  // 32KiB, U8 U8 U2
}

TEST(EmptySectorUpdateCircuitTest, Matches32GiB) {
  // test_empty_sector_update_constraints_32gib: 81,049,499 (counted in about 7 s).
  // U8 U8 U0 over 2^30 nodes: nine base levels of arity 8 and a sub level of 8.
  EXPECT_EQ(Constraints(uint64_t{1} << 30, std::vector<uint32_t>(10, 8)), 81049499u);
}

TEST(EmptySectorUpdateCircuitTest, HSelectIsTheFirstIndexOfH) {
  // storage-proofs-update constants.rs: h_select(nodes, h) = 1 << (first i with hs[i] == h), and
  // filecoin-proofs uses h = hs[3]. Up to 32KiB hs is [1; 6]: h_select is 1 for every index.
  for (uint64_t nodes : {uint64_t{1} << 5, uint64_t{1} << 6, uint64_t{1} << 10}) {
    UpdateShape small = UpdateShape::For(nodes, {8, 8});
    for (uint32_t i = 0; i < 6; ++i) EXPECT_EQ(small.h_select(i), 1u) << nodes << " nodes, " << i;
  }
  // From 64KiB up hs is [7..12]: every index is its own first.
  for (uint64_t nodes : {uint64_t{1} << 11, uint64_t{1} << 18, uint64_t{1} << 30}) {
    UpdateShape large = UpdateShape::For(nodes, {8, 8});
    for (uint32_t i = 0; i < 6; ++i) EXPECT_EQ(large.h_select(i), uint64_t{1} << i) << nodes;
  }
  // k_and_h_select of a 32KiB sector's second partition (one partition bit): 1 | 1 << 1.
  UpdateShape s32k = UpdateShape::For(1 << 10, {8, 8, 8, 2});
  EXPECT_EQ(UpdatePublicInputs(s32k, 1, kDefaultHIndex, Fr::Zero(), Fr::Zero(), Fr::Zero())[0],
            Fr::FromUint64(3));
}

// A sector update built the way storage-proofs-update's tests/common.rs builds one: random old
// labels and new data, the new replica encoded with rho, and the three trees.
struct SectorUpdate {
  UpdateShape shape;
  sealer::PoseidonTree tree_r_old, tree_r_new;
  std::vector<std::vector<Fr>> tree_d;  // levels of tree D, leaves first
  Fr comm_c, comm_r_old, comm_d_new, comm_r_new;
  uint32_t h_index = 0;
};

Fr ToFr(const filecoin::Bytes32& b) { return *Fr::FromBytesLE(b); }

SectorUpdate MakeUpdate(uint64_t nodes, std::vector<uint32_t> arities, uint64_t seed) {
  std::mt19937_64 rng(seed);
  UpdateShape shape = UpdateShape::For(nodes, arities);
  std::vector<Fr> labels_old;
  for (uint64_t i = 0; i < nodes; ++i) labels_old.push_back(Fr::Random(rng));
  std::vector<filecoin::Bytes32> data = sealer::RandomSectorData(nodes, seed);
  std::vector<std::vector<filecoin::Bytes32>> levels = {data};
  while (levels.back().size() > 1) {
    std::vector<filecoin::Bytes32> up;
    for (size_t i = 0; i < levels.back().size(); i += 2) {
      up.push_back(sealer::Sha256Node(levels.back()[i], levels.back()[i + 1]));
    }
    levels.push_back(std::move(up));
  }
  auto old_tree = sealer::PoseidonTree::Build(labels_old, arities);
  EXPECT_TRUE(old_tree.ok());
  Fr comm_c = Fr::Random(rng);
  Fr pair_old[] = {comm_c, old_tree->Root()};
  Fr comm_r_old = *hash::PoseidonHash(pair_old);
  Fr comm_d_new = ToFr(levels.back()[0]);
  uint32_t h_index = 3;
  uint32_t h = shape.hs()[h_index];
  Fr phi = UpdatePhi(comm_d_new, comm_r_old);
  std::vector<Fr> labels_new;
  for (uint64_t i = 0; i < nodes; ++i) {
    labels_new.push_back(labels_old[i] + ToFr(data[i]) * UpdateRho(shape, phi, i, h));
  }
  auto new_tree = sealer::PoseidonTree::Build(labels_new, arities);
  EXPECT_TRUE(new_tree.ok());
  Fr pair_new[] = {comm_c, new_tree->Root()};
  Fr comm_r_new = *hash::PoseidonHash(pair_new);
  std::vector<std::vector<Fr>> tree_d;
  for (const auto& level : levels) {
    tree_d.emplace_back();
    for (const auto& node : level) tree_d.back().push_back(ToFr(node));
  }
  return {shape,
          std::move(old_tree).value(),
          std::move(new_tree).value(),
          std::move(tree_d),
          comm_c,
          comm_r_old,
          comm_d_new,
          comm_r_new,
          h_index};
}

// The witness of partition k, from the trees (as vanilla.rs' prover opens them).
UpdateWitness WitnessOf(const SectorUpdate& u, uint32_t k, filecoin::MerkleProof::Kind kind) {
  const UpdateShape& s = u.shape;
  UpdateWitness w{k,        u.h_index,           u.comm_r_old,        u.comm_d_new, u.comm_r_new,
                  u.comm_c, u.tree_r_old.Root(), u.tree_r_new.Root(), {},           {}};
  uint32_t apex_level = s.challenge_bits() - s.partition_bits() - s.apex_leaf_bits();
  for (uint32_t i = 0; i < s.apex_leaves(); ++i) {
    w.apex_leaves.push_back(u.tree_d[apex_level][k * s.apex_leaves() + i]);
  }
  auto siblings = [](const filecoin::MerkleProof& p) {
    std::vector<std::vector<Fr>> out;
    for (const filecoin::PathElement* e : p.Levels()) {
      out.emplace_back();
      for (const auto& h : e->hashes) out.back().push_back(ToFr(h));
    }
    return out;
  };
  for (uint64_t c : UpdateChallenges(s, u.comm_r_new, k)) {
    UpdateChallengeWitness cw;
    cw.leaf_r_old = u.tree_r_old.Leaf(c);
    cw.leaf_d_new = u.tree_d[0][c];
    cw.path_r_old = siblings(u.tree_r_old.Proof(c, kind));
    cw.path_r_new = siblings(u.tree_r_new.Proof(c, kind));
    for (uint32_t l = 0; l < s.challenge_bits(); ++l) {
      cw.path_d_new.push_back(u.tree_d[l][(c >> l) ^ 1]);
    }
    w.challenges.push_back(std::move(cw));
  }
  return w;
}

// Synthesizes into a proving assignment; returns the index of the first constraint with
// a * b != c, or -1 when all hold. `inputs` receives the public inputs without ONE.
int64_t FirstUnsatisfied(const UpdateShape& shape, const UpdateWitness& w,
                         std::vector<Fr>* inputs = nullptr) {
  r1cs::ProvingAssignment pa;
  Status s = EmptySectorUpdateCircuit(shape, w).Synthesize(pa);
  EXPECT_TRUE(s.ok()) << s.message();
  if (inputs) inputs->assign(pa.inputs().begin() + 1, pa.inputs().end());
  for (size_t i = 0; i < pa.num_constraints(); ++i) {
    if (pa.a()[i] * pa.b()[i] != pa.c()[i]) return static_cast<int64_t>(i);
  }
  return -1;
}

void ExpectEveryPartitionSatisfied(uint64_t nodes, std::vector<uint32_t> arities,
                                   filecoin::MerkleProof::Kind kind) {
  SectorUpdate u = MakeUpdate(nodes, arities, nodes);
  for (uint32_t k = 0; k < u.shape.partitions(); ++k) {
    UpdateWitness w = WitnessOf(u, k, kind);
    for (uint64_t c : UpdateChallenges(u.shape, u.comm_r_new, k)) {
      EXPECT_EQ(c >> (u.shape.challenge_bits() - u.shape.partition_bits()), k);
    }
    std::vector<Fr> inputs;
    EXPECT_EQ(FirstUnsatisfied(u.shape, w, &inputs), -1) << nodes << " nodes, partition " << k;
    EXPECT_EQ(inputs,
              UpdatePublicInputs(u.shape, k, u.h_index, u.comm_r_old, u.comm_d_new, u.comm_r_new));
    if (k > 0) continue;
    // Another h than the replica was encoded with: rho differs, the circuit is unsatisfied.
    if (u.shape.hs()[0] != u.shape.hs()[u.h_index]) {
      UpdateWitness other_h = w;
      other_h.h_index = 0;
      EXPECT_NE(FirstUnsatisfied(u.shape, other_h), -1);
    }
    // New data that is not tree D's.
    UpdateWitness bad = w;
    bad.challenges[4].leaf_d_new += Fr::One();
    EXPECT_NE(FirstUnsatisfied(u.shape, bad), -1);
  }
}

// rand_xorshift's XorShiftRng (Marsaglia's xorshift128), as rust-fil-proofs' tests seed it.
class XorShiftRng {
 public:
  explicit XorShiftRng(const std::array<uint8_t, 16>& seed) {
    for (int i = 0; i < 4; ++i) {
      s_[i] = uint32_t{seed[4 * i]} | uint32_t{seed[4 * i + 1]} << 8 |
              uint32_t{seed[4 * i + 2]} << 16 | uint32_t{seed[4 * i + 3]} << 24;
    }
  }
  uint32_t NextU32() {
    uint32_t t = s_[0] ^ (s_[0] << 11);
    s_[0] = s_[1];
    s_[1] = s_[2];
    s_[2] = s_[3];
    s_[3] = s_[3] ^ (s_[3] >> 19) ^ (t ^ (t >> 8));
    return s_[3];
  }
  uint64_t NextU64() {
    uint64_t lo = NextU32();
    return uint64_t{NextU32()} << 32 | lo;
  }

 private:
  uint32_t s_[4];
};

// blstrs Scalar::random: four u64 limbs, the top bit cleared, resampled until below r.
Fr RandomScalar(XorShiftRng& rng) {
  for (;;) {
    ff::Limbs<4> raw;
    for (auto& l : raw) l = rng.NextU64();
    raw[3] &= ~uint64_t{0} >> 1;
    if (auto fr = Fr::FromCanonical(raw)) return *fr;
  }
}

TEST(UpdateChallengesTest, MatchesChallengesRsVectors) {
  // challenges.rs test_challenges_against_hardcoded: comm_r_new = TreeRDomain::random of an
  // XorShiftRng seeded with storage-proofs-core's TEST_SEED; the first five challenges.
  XorShiftRng rng({0x59, 0x62, 0xbe, 0x5d, 0x76, 0x3d, 0x31, 0x8d, 0x17, 0xdb, 0x37, 0x32, 0x54,
                   0x06, 0xbc, 0xe5});
  Fr comm_r_new = RandomScalar(rng);
  auto first5 = [&](uint64_t nodes, uint32_t k) {
    auto c = UpdateChallenges(UpdateShape::For(nodes, {}), comm_r_new, k);
    return std::vector<uint64_t>(c.begin(), c.begin() + 5);
  };
  using V = std::vector<uint64_t>;
  EXPECT_EQ(first5(1 << 5, 0), (V{21, 7, 3, 31, 0}));
  EXPECT_EQ(first5(1 << 6, 0), (V{53, 51, 56, 3, 0}));
  EXPECT_EQ(first5(1 << 8, 0), (V{245, 140, 15, 128, 28}));
  EXPECT_EQ(first5(1 << 10, 1), (V{542, 666, 955, 927, 911}));
  EXPECT_EQ(first5(1 << 18, 1), (V{78878, 130797, 112892, 93994, 78379}));
  EXPECT_EQ(first5(1 << 30, 0), (V{1019125, 27985696, 15282860, 11586600, 44651330}));
  EXPECT_EQ(first5(1 << 30, 15), (V{1038629497, 1053983614, 1030421316, 1027373887, 1068685433}));
  EXPECT_EQ(first5(uint64_t{1} << 31, 14),
            (V{1997053129, 1920414070, 2003609080, 1900492803, 1963254685}));
}

TEST(EmptySectorUpdateCircuitTest, RealUpdatesSatisfyEveryPartition) {
  using Kind = filecoin::MerkleProof::Kind;
  ExpectEveryPartitionSatisfied(1 << 5, {8, 4}, Kind::kSub);         // 1KiB, 1 partition
  ExpectEveryPartitionSatisfied(1 << 6, {8, 8}, Kind::kSingle);      // 2KiB
  ExpectEveryPartitionSatisfied(1 << 10, {8, 8, 8, 2}, Kind::kTop);  // 32KiB, 2 partitions
}

TEST(EmptySectorUpdateCircuitTest, EightMiBUsesTheLargeSectorRules) {
  // 8MiB: 4 partitions, 10 challenges, 128 apex leaves, h in 7..12 (h_index 3: h = 10).
  ExpectEveryPartitionSatisfied(1 << 18, {8, 8, 8, 8, 8, 8}, filecoin::MerkleProof::Kind::kSingle);
}

TEST(RegisteredUpdateTest, ParameterNamesMatchTheRustCuzk) {
  // srs_manager.rs: snap-32g and snap-64g.
  auto name = [](uint64_t id) {
    return filecoin::UpdateParamsFileName(*filecoin::UpdateProofById(id), "params");
  };
  const std::string prefix = "v28-empty-sector-update-merkletree-poseidon_hasher-";
  EXPECT_EQ(name(3), prefix +
                         "8-8-0-3b7f44a9362e3985369454947bc94022e118211e49fd672d52bec1cbfd599d18"
                         ".params");
  EXPECT_EQ(name(4), prefix +
                         "8-8-2-102e1444a7e9a97ebf1e3d6855dcc77e66c011ea66f936d9b2c508f87f2f83a7"
                         ".params");
  EXPECT_FALSE(filecoin::UpdateProofById(5).ok());
}

TEST(UpdateVanillaTest, SealedSectorUpdateSatisfiesTheCircuitThroughBincode) {
  sealer::SealIdentity id;
  id.registered_proof = 5;  // StackedDrg2KiBV1_1
  id.sector_id = 3;
  auto sector = sealer::Seal(id, sealer::RandomSectorData(64, 3));
  ASSERT_TRUE(sector.ok()) << sector.status().message();
  auto update = sealer::EncodeUpdate(*sector, sealer::RandomSectorData(64, 4));
  ASSERT_TRUE(update.ok()) << update.status().message();
  auto vanilla = sealer::UpdateVanillaProof(*sector, *update, 0);
  ASSERT_TRUE(vanilla.ok()) << vanilla.status().message();
  std::vector<uint8_t> bytes = filecoin::WriteUpdatePartitionProof(*vanilla);
  auto parsed = filecoin::ParseUpdatePartitionProof(bytes);
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  EXPECT_EQ(filecoin::WriteUpdatePartitionProof(*parsed), bytes);
  UpdateStatement st{update->proof,     0, kDefaultHIndex, update->comm_r_old, update->comm_d_new(),
                     update->comm_r_new};
  auto w = UpdateWitnessFromVanilla(st, *parsed);
  ASSERT_TRUE(w.ok()) << w.status().message();
  std::vector<Fr> inputs;
  EXPECT_EQ(FirstUnsatisfied(ShapeOf(st.proof), *w, &inputs), -1);
  EXPECT_EQ(inputs, UpdateStatementInputs(st));
  // Each wrong statement or opening is named.
  auto refused = [&](UpdateStatement s2, filecoin::UpdatePartitionProof v2, const char* says) {
    auto r = UpdateWitnessFromVanilla(s2, v2);
    ASSERT_FALSE(r.ok()) << says;
    EXPECT_NE(r.status().message().find(says), std::string::npos) << r.status().message();
  };
  UpdateStatement other = st;
  other.comm_r_old += Fr::One();
  refused(other, *parsed, "comm_r_old is not H(comm_c");
  other = st;
  other.comm_r_new += Fr::One();
  refused(other, *parsed, "opens node");  // other challenges
  filecoin::UpdatePartitionProof bad = *parsed;
  bad.challenge_proofs[2].proof_d_new.leaf[0] ^= 1;
  refused(st, bad, "challenge 2: the data path misses its apex leaf");
  bad = *parsed;
  bad.apex_leafs[5][0] ^= 1;
  refused(st, bad, "apex leaves do not hash");
  bad = *parsed;
  bad.challenge_proofs.pop_back();
  refused(st, bad, "challenge proofs");
  // Every truncation of the bincode is refused.
  for (size_t n = 0; n < bytes.size(); n += 97) {
    EXPECT_FALSE(filecoin::ParseUpdatePartitionProof(std::span(bytes).first(n)).ok()) << n;
  }
}

}  // namespace
}  // namespace cuzk::circuits::snap

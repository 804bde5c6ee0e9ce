// SPDX-License-Identifier: Apache-2.0 OR MIT
// Lotus's on-disk sector layout: what the sealer writes, PoSt vanilla proofs read back from it
// equal those made from the sector in memory (every tree shape, with and without discarded
// rows), and damaged or mismatched files are refused with the file named. `make xcheck` checks
// the same reader on sectors rust-fil-proofs sealed, and rust-fil-proofs on ours.
#include "sealer/lotus_layout.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "base/hex.h"
#include "hash/poseidon_optimized.h"
#include "sealer/post.h"

namespace cuzk::sealer {
namespace {

namespace fs = std::filesystem;

// A fresh folder under the test's temporary directory, removed at the end.
class TempDir {
 public:
  TempDir() {
    path_ = fs::temp_directory_path() /
            ("cuzk-lotus-" + std::to_string(::getpid()) + "-" + std::to_string(counter_++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  std::string str() const { return path_.string(); }

 private:
  static inline int counter_ = 0;
  fs::path path_;
};

filecoin::RegisteredPoStProof PoSt(uint64_t id) {
  auto post = filecoin::PoStProofById(id);
  EXPECT_TRUE(post.ok());
  return *post;
}

Bytes32 Randomness(uint64_t seed) {
  std::mt19937_64 rng(seed);
  Bytes32 r;
  for (auto& b : r) b = static_cast<uint8_t>(rng());
  r[31] &= 0x3f;
  return r;
}

std::vector<uint8_t> Vanilla(const Result<filecoin::FallbackPoStSectorProof>& v) {
  EXPECT_TRUE(v.ok()) << v.status().message();
  return v.ok() ? filecoin::WriteFallbackPoStSectorProof(*v) : std::vector<uint8_t>{};
}

// A sector of the shape `shape` (not necessarily a published size) with random replica and
// tree C roots: only tree R_last, comm_c and comm_r matter to PoSt.
SealedSector RandomSector(const filecoin::SectorShape& shape, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> leaves(shape.nodes);
  for (auto& x : leaves) x = Fr::FromUint64(rng());
  SealedSector s;
  s.proof.shape = shape;
  s.identity.sector_id = 7;
  s.tree_r_last = *PoseidonTree::Build(std::move(leaves), filecoin::TreeArities(shape));
  s.tree_c = *PoseidonTree::Build({Fr::FromUint64(seed), Fr::FromUint64(seed + 1)}, {2});
  Fr pair[] = {s.tree_c.Root(), s.tree_r_last.Root()};
  s.comm_r = *hash::PoseidonHashOptimized(pair);
  return s;
}

TEST(LotusLayoutTest, RowsToDiscardAsMerkletree) {
  EXPECT_EQ(DefaultRowsToDiscard(8, 8), 0u);        // leaves and root only
  EXPECT_EQ(DefaultRowsToDiscard(64, 8), 1u);       // 2KiB: three rows
  EXPECT_EQ(DefaultRowsToDiscard(512, 8), 2u);      // four rows: all but base and root
  EXPECT_EQ(DefaultRowsToDiscard(1 << 27, 8), 2u);  // a 32GiB base tree
  EXPECT_EQ(DefaultRowsToDiscard(1 << 10, 2), 7u);
  EXPECT_EQ(DefaultRowsToDiscard(1 << 10, 4), 4u);  // six rows: at most four
  EXPECT_EQ(DefaultRowsToDiscard(1 << 12, 4), 5u);
}

TEST(LotusLayoutTest, PathsAreLotusNames) {
  LotusSectorPaths p = LotusPaths("/data/s", 1000, 12);
  EXPECT_EQ(p.sealed, "/data/s/sealed/s-t01000-12");
  EXPECT_EQ(p.cache, "/data/s/cache/s-t01000-12");
}

// t_aux files rust-fil-proofs 19.1 wrote (bp-oracle lotus-seal: add_piece, PC1, PC2, clear_cache)
// for a 2KiB sector in R/cache/s-t01000-21 and an 8MiB one in R8/cache/s-t01000-31.
constexpr const char* kRustTAux2KiB =
    "02000000000000001300000000000000522f63616368652f732d7430313030302d323107000000000000006c"
    "617965722d3101400000000000000000000000000000001300000000000000522f63616368652f732d743031"
    "3030302d323107000000000000006c617965722d320140000000000000000000000000000000130000000000"
    "0000522f63616368652f732d7430313030302d32310600000000000000747265652d64017f00000000000000"
    "00000000000000001300000000000000522f63616368652f732d7430313030302d32310b0000000000000074"
    "7265652d722d6c61737401490000000000000001000000000000001300000000000000522f63616368652f73"
    "2d7430313030302d32310600000000000000747265652d630149000000000000000000000000000000";
constexpr const char* kRustTAux8MiB =
    "0200000000000000140000000000000052382f63616368652f732d7430313030302d33310700000000000000"
    "6c617965722d310100000400000000000000000000000000140000000000000052382f63616368652f732d74"
    "30313030302d333107000000000000006c617965722d32010000040000000000000000000000000014000000"
    "0000000052382f63616368652f732d7430313030302d33310600000000000000747265652d6401ffff070000"
    "0000000000000000000000140000000000000052382f63616368652f732d7430313030302d33310b00000000"
    "000000747265652d722d6c6173740149920400000000000200000000000000140000000000000052382f6361"
    "6368652f732d7430313030302d33310600000000000000747265652d63014992040000000000000000000000"
    "0000";

TEST(LotusLayoutTest, TemporaryAuxAsRustWritesIt) {
  auto two = filecoin::SealProofById(5);    // StackedDrg2KiBV1_1
  auto eight = filecoin::SealProofById(6);  // StackedDrg8MiBV1_1
  ASSERT_TRUE(two.ok() && eight.ok());
  EXPECT_EQ(ToHex(TemporaryAuxBytes(two->shape, "R/cache/s-t01000-21")), kRustTAux2KiB);
  EXPECT_EQ(ToHex(TemporaryAuxBytes(eight->shape, "R8/cache/s-t01000-31")), kRustTAux8MiB);
}

// A real 2KiB sector: the files have Lotus's sizes and the vanilla proofs read back from them
// equal the ones made in memory, for WindowPoSt and WinningPoSt.
TEST(LotusLayoutTest, TwoKiBSectorRoundTrips) {
  auto seal = filecoin::SealProofById(5);  // StackedDrg2KiBV1_1
  ASSERT_TRUE(seal.ok());
  SealIdentity id;
  id.registered_proof = seal->id;
  id.prover_id = filecoin::ProverId(1000);
  id.sector_id = 3;
  id.ticket = Randomness(1);
  auto sector = Seal(id, RandomSectorData(seal->shape.nodes, 1));
  ASSERT_TRUE(sector.ok());
  TempDir dir;
  LotusSectorPaths paths = LotusPaths(dir.str(), 1000, 3);
  ASSERT_TRUE(WriteLotusSector(*sector, paths).ok());
  EXPECT_EQ(fs::file_size(paths.sealed), 2048u);
  EXPECT_EQ(fs::file_size(fs::path(paths.cache) / "p_aux"), 64u);
  EXPECT_EQ(fs::file_size(fs::path(paths.cache) / "sc-02-data-tree-r-last.dat"), 32u);
  Bytes32 comm_r = FrBytes(sector->comm_r);
  for (uint64_t post_id : {5u, 10u, 0u}) {  // Window V1, Window V1_1, Winning
    filecoin::RegisteredPoStProof post = PoSt(post_id);
    for (uint64_t seed : {1u, 2u}) {
      Bytes32 r = Randomness(seed);
      EXPECT_EQ(Vanilla(GeneratePoStVanillaFromFiles(paths, post, comm_r, 3, r)),
                Vanilla(GeneratePoStVanilla(*sector, post, r)))
          << post.name;
    }
  }
}

// Shapes the published sizes have at 32GiB and 64GiB (base trees under a sub and a top level) and
// base trees deep enough to discard two rows, at sizes small enough to build here.
TEST(LotusLayoutTest, EveryTreeShapeRoundTrips) {
  filecoin::RegisteredPoStProof post = PoSt(0);  // WinningPoSt: 66 challenges per call
  struct Case {
    uint64_t nodes;
    uint32_t sub, top;
    size_t files;
    uint64_t file_bytes;  // rows above the discarded ones: the root alone, or 8 nodes and the root
  };
  for (Case c : {Case{4096, 0, 0, 1, 9 * 32}, Case{128, 2, 0, 2, 32}, Case{512 * 8, 8, 0, 8, 32},
                 Case{64 * 16, 8, 2, 16, 32}}) {
    filecoin::SectorShape shape = post.shape;
    shape.nodes = c.nodes;
    shape.sector_bytes = c.nodes * 32;
    shape.sub_arity = c.sub;
    shape.top_arity = c.top;
    post.shape = shape;
    SealedSector sector = RandomSector(shape, c.nodes + c.sub);
    TempDir dir;
    LotusSectorPaths paths = LotusPaths(dir.str(), 1, 7);
    ASSERT_TRUE(WriteLotusSector(sector, paths).ok());
    size_t files = 0;
    for (const auto& e : fs::directory_iterator(paths.cache)) {
      if (e.path().filename().string().starts_with("sc-02-data-tree-r-last")) {
        ++files;
        EXPECT_EQ(e.file_size(), c.file_bytes) << e.path();
      }
    }
    EXPECT_EQ(files, c.files) << c.nodes;
    for (uint64_t seed : {1u, 2u}) {
      Bytes32 r = Randomness(seed);
      EXPECT_EQ(Vanilla(GeneratePoStVanillaFromFiles(paths, post, FrBytes(sector.comm_r), 7, r)),
                Vanilla(GeneratePoStVanilla(sector, post, r)))
          << c.nodes << " nodes, sub " << c.sub << ", top " << c.top;
    }
  }
}

// Returns the error message of reading the sector at `paths` as a 4096-node single tree.
std::string ReadError(const LotusSectorPaths& paths, const filecoin::RegisteredPoStProof& post,
                      const Bytes32& comm_r) {
  auto v = GeneratePoStVanillaFromFiles(paths, post, comm_r, 7, Randomness(1));
  return v.ok() ? "ok" : v.status().message();
}

TEST(LotusLayoutTest, RefusesDamagedOrMismatchedFiles) {
  filecoin::RegisteredPoStProof post = PoSt(0);
  post.shape.nodes = 4096;
  post.shape.sector_bytes = 4096 * 32;
  SealedSector sector = RandomSector(post.shape, 11);
  Bytes32 comm_r = FrBytes(sector.comm_r);
  auto fresh = [&](const TempDir& dir) {
    LotusSectorPaths paths = LotusPaths(dir.str(), 1, 7);
    EXPECT_TRUE(WriteLotusSector(sector, paths).ok());
    return paths;
  };
  {
    TempDir dir;
    LotusSectorPaths paths = fresh(dir);
    EXPECT_EQ(ReadError(paths, post, comm_r), "ok");
    Bytes32 other = comm_r;
    other[0] ^= 1;
    EXPECT_NE(ReadError(paths, post, other).find("is not this sector's"), std::string::npos);
  }
  {
    TempDir dir;  // every leaf changed: whichever is challenged no longer hashes to the file
    LotusSectorPaths paths = fresh(dir);
    std::vector<Fr> other(4096, Fr::FromUint64(5));
    std::vector<uint8_t> bytes;
    for (const Fr& x : other) {
      Bytes32 b = FrBytes(x);
      bytes.insert(bytes.end(), b.begin(), b.end());
    }
    std::ofstream(paths.sealed, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    EXPECT_NE(ReadError(paths, post, comm_r).find("does not hash to"), std::string::npos);
  }
  {
    TempDir dir;
    LotusSectorPaths paths = fresh(dir);
    fs::path tree = fs::path(paths.cache) / "sc-02-data-tree-r-last.dat";
    fs::resize_file(tree, fs::file_size(tree) - 32);
    std::string e = ReadError(paths, post, comm_r);
    EXPECT_NE(e.find("sc-02-data-tree-r-last.dat holds"), std::string::npos) << e;
  }
  {
    TempDir dir;
    LotusSectorPaths paths = fresh(dir);
    fs::remove(fs::path(paths.cache) / "p_aux");
    EXPECT_NE(ReadError(paths, post, comm_r).find("p_aux"), std::string::npos);
  }
  {
    TempDir dir;  // a replica of another size
    LotusSectorPaths paths = fresh(dir);
    fs::resize_file(paths.sealed, 2048);
    EXPECT_NE(ReadError(paths, post, comm_r).find("a replica of this sector size"),
              std::string::npos);
  }
}

}  // namespace
}  // namespace cuzk::sealer

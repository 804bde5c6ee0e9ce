// SPDX-License-Identifier: Apache-2.0 OR MIT
// An updated sector in Lotus's on-disk layout: SnapDeals vanilla proofs read back from the sector
// key's and the update's files equal those made in memory, and mismatched commitments or files
// are refused with the file named. `make xcheck` checks the same reader on an update
// rust-fil-proofs encoded, and rust-fil-proofs on ours.
#include "sealer/lotus_update.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <random>

#include "base/hex.h"

namespace cuzk::sealer {
namespace {

namespace fs = std::filesystem;

class LotusUpdateTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("cuzk-lotus-update-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    auto seal = filecoin::SealProofById(5);  // StackedDrg2KiBV1_1
    ASSERT_TRUE(seal.ok());
    SealIdentity id;
    id.registered_proof = seal->id;
    id.prover_id = filecoin::ProverId(1000);
    id.sector_id = 4;
    id.ticket[0] = 9;
    auto sector = Seal(id, RandomSectorData(seal->shape.nodes, 3));
    ASSERT_TRUE(sector.ok());
    sector_ = std::move(sector).value();
    auto update = EncodeUpdate(sector_, RandomSectorData(seal->shape.nodes, 4));
    ASSERT_TRUE(update.ok());
    update_ = std::move(update).value();
    key_ = LotusPaths(root_.string(), 1000, 4);
    replica_ = LotusUpdatePaths(root_.string(), 1000, 4);
    ASSERT_TRUE(WriteLotusSector(sector_, key_).ok());
    ASSERT_TRUE(WriteLotusUpdate(update_, replica_).ok());
    comm_r_old_ = FrBytes(update_.comm_r_old);
    comm_d_new_ = update_.tree_d_new.Root();
    comm_r_new_ = FrBytes(update_.comm_r_new);
  }
  void TearDown() override { fs::remove_all(root_); }

  std::string Error() const {
    auto v = GenerateUpdateVanillaFromFiles(key_, replica_, update_.proof, comm_r_old_, comm_d_new_,
                                            comm_r_new_);
    return v.ok() ? "ok" : v.status().message();
  }

  fs::path root_;
  SealedSector sector_;
  UpdatedSector update_;
  LotusSectorPaths key_, replica_;
  Bytes32 comm_r_old_, comm_d_new_, comm_r_new_;
};

TEST_F(LotusUpdateTest, FilesGiveTheInMemoryProofs) {
  EXPECT_EQ(replica_.sealed, (root_ / "update" / "s-t01000-4").string());
  EXPECT_EQ(replica_.cache, (root_ / "update-cache" / "s-t01000-4").string());
  EXPECT_EQ(fs::file_size(fs::path(replica_.cache) / "sc-02-data-tree-d.dat"), 127u * 32);
  auto v = GenerateUpdateVanillaFromFiles(key_, replica_, update_.proof, comm_r_old_, comm_d_new_,
                                          comm_r_new_);
  ASSERT_TRUE(v.ok()) << v.status().message();
  ASSERT_EQ(v->size(), filecoin::UpdatePartitions(update_.proof.shape.nodes));
  for (uint32_t k = 0; k < v->size(); ++k) {
    auto mem = UpdateVanillaProof(sector_, update_, k);
    ASSERT_TRUE(mem.ok());
    EXPECT_EQ(filecoin::WriteUpdatePartitionProof((*v)[k]),
              filecoin::WriteUpdatePartitionProof(*mem))
        << "partition " << k;
  }
}

TEST_F(LotusUpdateTest, RefusesOtherCommitmentsAndFiles) {
  EXPECT_EQ(Error(), "ok");
  std::swap(comm_r_old_, comm_r_new_);
  EXPECT_NE(Error().find("comm_r_old"), std::string::npos);
  std::swap(comm_r_old_, comm_r_new_);
  comm_d_new_[0] ^= 1;
  EXPECT_NE(Error().find("is not the root of"), std::string::npos);
  comm_d_new_[0] ^= 1;
  // The sector key given as the update: its p_aux does not give comm_r_new.
  std::swap(key_, replica_);
  EXPECT_NE(Error().find("comm_r_old"), std::string::npos);
  std::swap(key_, replica_);
  fs::resize_file(fs::path(replica_.cache) / "sc-02-data-tree-d.dat", 32);
  EXPECT_NE(Error().find("sc-02-data-tree-d.dat holds 32 bytes"), std::string::npos) << Error();
}

}  // namespace
}  // namespace cuzk::sealer

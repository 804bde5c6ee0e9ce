// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "sealer/lotus_update.h"

#include <filesystem>

#include "base/hex.h"
#include "sealer/lotus_files.h"
#include "sealer/update_randomness.h"

namespace cuzk::sealer {
namespace {

namespace fs = std::filesystem;

// Tree D of the new data as DiskStore keeps it: row j (n >> j nodes) after rows 0 .. j-1.
class DiskTreeD {
 public:
  static Result<DiskTreeD> Open(const std::string& cache_dir, uint64_t leaves) {
    std::string path = (fs::path(cache_dir) / "sc-02-data-tree-d.dat").string();
    auto file = SectorFile::Open(path);
    RETURN_IF_ERROR(file);
    if (file->size() != (2 * leaves - 1) * kNodeBytes) {
      return Status::InvalidArgument(
          SizeMismatch(path, file->size(), (2 * leaves - 1) * kNodeBytes,
                       "tree D of " + std::to_string(leaves) + " leaves"));
    }
    return DiskTreeD(std::move(file).value(), leaves);
  }

  // Returns `count` nodes of row `row` from node `first` on.
  Result<std::vector<Bytes32>> Nodes(uint32_t row, uint64_t first, uint64_t count) const {
    uint64_t offset = 0;
    for (uint32_t j = 0; j < row; ++j) offset += leaves_ >> j;
    return file_.ReadBytes((offset + first) * kNodeBytes, count);
  }

  Result<Bytes32> Root() const {
    auto root = file_.ReadBytes(file_.size() - kNodeBytes, 1);
    RETURN_IF_ERROR(root);
    return (*root)[0];
  }

  // Returns the inclusion proof of leaf `index` (C1's "Single" binary proof).
  Result<filecoin::MerkleProof> Proof(uint64_t index, const Bytes32& root) const {
    filecoin::MerkleProof proof;
    proof.kind = filecoin::MerkleProof::Kind::kSingle;
    proof.root = root;
    auto leaf = Nodes(0, index, 1);
    RETURN_IF_ERROR(leaf);
    proof.leaf = (*leaf)[0];
    for (uint32_t j = 0; (leaves_ >> j) > 1; ++j) {
      uint64_t at = index >> j;
      auto sibling = Nodes(j, at ^ 1, 1);
      RETURN_IF_ERROR(sibling);
      filecoin::PathElement e;
      e.index = static_cast<uint32_t>(at & 1);
      e.hashes.push_back((*sibling)[0]);
      proof.base.push_back(std::move(e));
    }
    return proof;
  }

 private:
  DiskTreeD(SectorFile file, uint64_t leaves) : file_(std::move(file)), leaves_(leaves) {}
  SectorFile file_;
  uint64_t leaves_;
};

}  // namespace

LotusSectorPaths LotusUpdatePaths(const std::string& root, uint64_t miner_id,
                                  uint64_t sector_number) {
  std::string name = "s-t0" + std::to_string(miner_id) + "-" + std::to_string(sector_number);
  return {(fs::path(root) / "update" / name).string(),
          (fs::path(root) / "update-cache" / name).string()};
}

Status WriteLotusUpdate(const UpdatedSector& update, const LotusSectorPaths& paths) {
  const filecoin::SectorShape& shape = update.proof.shape;
  RETURN_IF_ERROR(WriteReplicaFiles(update.tree_r_new, update.comm_c, shape, paths));
  std::vector<uint8_t> bytes;
  for (uint64_t leaves = shape.nodes, j = 0; leaves >= 1; leaves >>= 1, ++j) {
    for (const Bytes32& node : update.tree_d_new.Level(j)) {
      bytes.insert(bytes.end(), node.begin(), node.end());
    }
  }
  return WriteWholeFile((fs::path(paths.cache) / "sc-02-data-tree-d.dat").string(), bytes);
}

Result<std::vector<filecoin::UpdatePartitionProof>> GenerateUpdateVanillaFromFiles(
    const LotusSectorPaths& sector_key, const LotusSectorPaths& replica,
    const filecoin::RegisteredUpdateProof& proof, const filecoin::Bytes32& comm_r_old,
    const filecoin::Bytes32& comm_d_new, const filecoin::Bytes32& comm_r_new) {
  const filecoin::SectorShape& shape = proof.shape;
  auto old_aux = ReadPAux(sector_key.cache);
  RETURN_IF_ERROR(old_aux);
  RETURN_IF_ERROR(CheckCommR(comm_r_old, *old_aux, "comm_r_old", sector_key.cache));
  auto new_aux = ReadPAux(replica.cache);
  RETURN_IF_ERROR(new_aux);
  RETURN_IF_ERROR(CheckCommR(comm_r_new, *new_aux, "comm_r_new", replica.cache));
  auto tree_r_old =
      DiskTreeRLast::OpenChecked(sector_key.sealed, sector_key.cache, shape, old_aux->comm_r_last);
  RETURN_IF_ERROR(tree_r_old);
  auto tree_r_new =
      DiskTreeRLast::OpenChecked(replica.sealed, replica.cache, shape, new_aux->comm_r_last);
  RETURN_IF_ERROR(tree_r_new);
  auto tree_d = DiskTreeD::Open(replica.cache, shape.nodes);
  RETURN_IF_ERROR(tree_d);
  auto root_d = tree_d->Root();
  RETURN_IF_ERROR(root_d);
  if (*root_d != comm_d_new) {
    return Status::InvalidArgument("comm_d_new " + ToHex(comm_d_new) + " is not the root of " +
                                   replica.cache + "/sc-02-data-tree-d.dat (" + ToHex(*root_d) +
                                   ")");
  }
  auto comm_r_new_fr = filecoin::DomainToFr(comm_r_new, "comm_r_new");
  RETURN_IF_ERROR(comm_r_new_fr);

  const uint32_t partitions = filecoin::UpdatePartitions(shape.nodes);
  const uint64_t apex = filecoin::UpdateApexLeaves(shape.nodes);
  uint32_t apex_row = 0;
  while ((shape.nodes >> apex_row) > partitions * apex) ++apex_row;
  const filecoin::MerkleProof::Kind kind = filecoin::TreeKind(shape);
  std::vector<filecoin::UpdatePartitionProof> out;
  for (uint32_t k = 0; k < partitions; ++k) {
    filecoin::UpdatePartitionProof p;
    p.comm_c = FrBytes(old_aux->comm_c);
    auto apex_leafs = tree_d->Nodes(apex_row, k * apex, apex);
    RETURN_IF_ERROR(apex_leafs);
    p.apex_leafs = std::move(apex_leafs).value();
    for (uint64_t c : UpdateChallengesOf(shape.nodes, *comm_r_new_fr, k)) {
      auto r_old = tree_r_old->Proof(c, kind);
      RETURN_IF_ERROR(r_old);
      auto d_new = tree_d->Proof(c, *root_d);
      RETURN_IF_ERROR(d_new);
      auto r_new = tree_r_new->Proof(c, kind);
      RETURN_IF_ERROR(r_new);
      p.challenge_proofs.push_back(
          {std::move(r_old).value(), std::move(d_new).value(), std::move(r_new).value()});
    }
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace cuzk::sealer

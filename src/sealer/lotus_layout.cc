// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "sealer/lotus_layout.h"

#include <filesystem>
#include <vector>

#include "base/hex.h"
#include "filecoin/c1.h"
#include "sealer/lotus_files.h"
#include "sealer/post.h"

namespace cuzk::sealer {
namespace {

namespace fs = std::filesystem;

// bincode of merkletree's StoreConfig {path, id, size: Option<usize>, rows_to_discard}.
void AppendStoreConfig(const std::string& path, const std::string& id, uint64_t size,
                       uint64_t rows_to_discard, std::vector<uint8_t>& out) {
  auto u64 = [&](uint64_t v) {
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
  };
  auto str = [&](const std::string& s) {
    u64(s.size());
    out.insert(out.end(), s.begin(), s.end());
  };
  str(path);
  str(id);
  out.push_back(1);  // Some
  u64(size);
  u64(rows_to_discard);
}

// Returns the number of nodes of a tree of `leaves` leaves of arity `arity`, root included.
uint64_t TreeNodes(uint64_t leaves, uint32_t arity) {
  uint64_t total = 0;
  for (; leaves > 1; leaves /= arity) total += leaves;
  return total + 1;
}

}  // namespace

LotusSectorPaths LotusPaths(const std::string& root, uint64_t miner_id, uint64_t sector_number) {
  std::string name = "s-t0" + std::to_string(miner_id) + "-" + std::to_string(sector_number);
  return {(fs::path(root) / "sealed" / name).string(), (fs::path(root) / "cache" / name).string()};
}

std::vector<uint8_t> TemporaryAuxBytes(const filecoin::SectorShape& shape,
                                       const std::string& cache_dir) {
  std::vector<uint8_t> out;
  for (int i = 0; i < 8; ++i)
    out.push_back(static_cast<uint8_t>(uint64_t{shape.layers} >> (8 * i)));
  for (uint32_t layer = 1; layer <= shape.layers; ++layer) {
    AppendStoreConfig(cache_dir, "layer-" + std::to_string(layer), shape.nodes, 0, out);
  }
  TreeRLastLayout l = TreeRLastLayoutOf(shape);
  uint64_t base_tree_nodes = TreeNodes(l.base_leaves, shape.base_arity);
  AppendStoreConfig(cache_dir, "tree-d", 2 * shape.nodes - 1, 0, out);
  AppendStoreConfig(cache_dir, "tree-r-last", base_tree_nodes, l.first_row - 1, out);
  AppendStoreConfig(cache_dir, "tree-c", base_tree_nodes, 0, out);
  return out;
}

Status WriteLotusSector(const SealedSector& sector, const LotusSectorPaths& paths) {
  const filecoin::SectorShape& shape = sector.proof.shape;
  RETURN_IF_ERROR(WriteReplicaFiles(sector.tree_r_last, sector.tree_c.Root(), shape, paths));
  return WriteWholeFile((fs::path(paths.cache) / "t_aux").string(),
                        TemporaryAuxBytes(shape, paths.cache));
}

Result<filecoin::FallbackPoStSectorProof> GeneratePoStVanillaFromFiles(
    const LotusSectorPaths& paths, const filecoin::RegisteredPoStProof& post,
    const filecoin::Bytes32& comm_r, uint64_t sector_id, const filecoin::Bytes32& randomness,
    uint32_t partition, uint32_t slot) {
  auto p_aux = ReadPAux(paths.cache);
  RETURN_IF_ERROR(p_aux);
  RETURN_IF_ERROR(CheckCommR(comm_r, *p_aux, "comm_r", paths.cache));
  const Fr comm_c = p_aux->comm_c, comm_r_last = p_aux->comm_r_last;
  auto tree = DiskTreeRLast::OpenChecked(paths.sealed, paths.cache, post.shape, comm_r_last);
  RETURN_IF_ERROR(tree);
  filecoin::MerkleProof::Kind kind = filecoin::TreeKind(post.shape);
  return GeneratePoStVanilla(
      post, randomness, sector_id, comm_r, FrBytes(comm_c), FrBytes(comm_r_last),
      [&](uint64_t leaf) { return tree->Proof(leaf, kind); }, partition, slot);
}

}  // namespace cuzk::sealer

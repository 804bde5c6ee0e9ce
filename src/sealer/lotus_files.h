// SPDX-License-Identifier: Apache-2.0 OR MIT
// What the readers and writers of Lotus's on-disk sector layout share (lotus_layout.h for PoSt,
// lotus_update.h for SnapDeals): files read by offset, tree R_last as merkletree's
// LevelCacheStore keeps it (one file per base tree, holding only the rows above the discarded
// ones; merkletree store/level_cache.rs, get_merkle_tree_cache_size) and the proofs it gives.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"
#include "filecoin/c1.h"
#include "filecoin/registered_proof.h"
#include "sealer/merkle_tree.h"

namespace cuzk::sealer {

// Bytes per node in every file of the layout.
inline constexpr uint64_t kNodeBytes = 32;

// Where one sector's replica and cache directory are.
struct LotusSectorPaths {
  std::string sealed;  // the replica file
  std::string cache;   // the cache directory
};

// Returns how many rows above the base of a tree of `leaves` leaves of arity `arity`
// LevelCacheStore leaves out of its file (merkletree StoreConfig::default_rows_to_discard, which
// filecoin-proofs uses for tree R_last): none below three rows, one at three, else at most two
// for arity 8 (seven for arity 2, five for arity 4) and never the row under the root.
uint32_t DefaultRowsToDiscard(uint64_t leaves, uint32_t arity);

// Returns the name of base tree `index`'s file among `count`: sc-02-data-tree-r-last.dat, or
// sc-02-data-tree-r-last-<index>.dat when there are several.
std::string TreeRLastFileName(uint32_t index, uint32_t count);

// Writes `tree` (a sector of shape `shape`) into `cache_dir` as tree R_last files.
Status WriteTreeRLastFiles(const PoseidonTree& tree, const filecoin::SectorShape& shape,
                           const std::string& cache_dir);

// Writes a replica whose tree R_last is `tree_r` (its leaves) at `paths.sealed`, and p_aux
// (`comm_c`, tree_r's root) and the tree R_last files into `paths.cache`, creating the folders.
Status WriteReplicaFiles(const PoseidonTree& tree_r, const Fr& comm_c,
                         const filecoin::SectorShape& shape, const LotusSectorPaths& paths);

// Writes `bytes` as the whole file `path`.
Status WriteWholeFile(const std::string& path, const std::vector<uint8_t>& bytes);

// Appends a field element's 32-byte little-endian repr.
void AppendNode(const Fr& x, std::vector<uint8_t>& out);

// Returns "<path> holds N bytes; <why> needs M".
std::string SizeMismatch(const std::string& path, uint64_t have, uint64_t want,
                         const std::string& why);

// A file read with pread at given offsets.
class SectorFile {
 public:
  // Opens `path` for reading; fails, naming it, if it cannot.
  static Result<SectorFile> Open(const std::string& path);
  SectorFile(SectorFile&& o) noexcept;
  SectorFile& operator=(SectorFile&&) = delete;
  ~SectorFile();

  uint64_t size() const { return size_; }
  const std::string& path() const { return path_; }

  // Returns `count` 32-byte nodes starting at byte `offset`.
  Result<std::vector<Bytes32>> ReadBytes(uint64_t offset, uint64_t count) const;
  // Returns `count` nodes starting at byte `offset`, each a canonical field element.
  Result<std::vector<Fr>> ReadNodes(uint64_t offset, uint64_t count) const;

 private:
  SectorFile(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  int fd_;
  std::string path_;
  uint64_t size_ = 0;
};

// The base trees of a sector's tree R_last and the rows their LevelCacheStore files hold.
struct TreeRLastLayout {
  uint32_t shift = 3;  // log2 of the base arity
  uint64_t base_leaves = 0;
  uint32_t base_trees = 1;
  uint32_t sub_arity = 0, top_arity = 0;
  uint32_t rows = 0;       // rows of a base tree, leaves and root included
  uint32_t first_row = 0;  // the lowest row a tree file holds: DefaultRowsToDiscard + 1
  // Returns the nodes of row `r` of one base tree.
  uint64_t RowNodes(uint32_t r) const { return base_leaves >> (shift * r); }
  // Returns where row `r` starts in a tree file, in bytes.
  uint64_t RowOffset(uint32_t r) const {
    uint64_t nodes = 0;
    for (uint32_t k = first_row; k < r; ++k) nodes += RowNodes(k);
    return nodes * kNodeBytes;
  }
  // Returns a tree file's size.
  uint64_t FileBytes() const { return RowOffset(rows); }
};

// Returns the layout of tree R_last for a sector of shape `shape`.
TreeRLastLayout TreeRLastLayoutOf(const filecoin::SectorShape& shape);

// A cache directory's p_aux (bincode PersistentAux).
struct PAux {
  Fr comm_c;
  Fr comm_r_last;
};

// Reads `cache_dir`/p_aux; fails, naming it, if it is missing, not 64 bytes or not two field
// elements.
Result<PAux> ReadPAux(const std::string& cache_dir);

// Checks that comm_r is Poseidon(comm_c, comm_r_last) of `p_aux` (read from `cache_dir`); the
// error names `what` ("comm_r", "comm_r_old", ...) and the file.
Status CheckCommR(const filecoin::Bytes32& comm_r, const PAux& p_aux, const std::string& what,
                  const std::string& cache_dir);

// A sector's tree R_last read from its LevelCacheStore files and its replica.
class DiskTreeRLast {
 public:
  // Opens the replica `replica` and the tree files in `cache_dir` of a sector of shape `shape`;
  // fails, naming the file, if one is missing or of the wrong size.
  static Result<DiskTreeRLast> Open(const std::string& replica_path, const std::string& cache_dir,
                                    const filecoin::SectorShape& shape);

  // Opens as Open does, and checks that the tree files' root is `comm_r_last` (p_aux's).
  static Result<DiskTreeRLast> OpenChecked(const std::string& replica_path,
                                           const std::string& cache_dir,
                                           const filecoin::SectorShape& shape,
                                           const Fr& comm_r_last);

  // Returns the root the tree files give (comm_r_last).
  const Fr& Root() const { return root_; }

  // Returns the inclusion proof of `leaf` in the form `kind`, rebuilding the discarded rows
  // around it from the replica and checking them against the lowest row the file holds.
  Result<filecoin::MerkleProof> Proof(uint64_t leaf, filecoin::MerkleProof::Kind kind) const;

 private:
  DiskTreeRLast(TreeRLastLayout layout, SectorFile replica)
      : layout_(layout), replica_(std::move(replica)) {}
  TreeRLastLayout layout_;
  SectorFile replica_;
  std::vector<SectorFile> files_;
  std::vector<Fr> roots_;      // of the base trees
  std::vector<Fr> sub_nodes_;  // the sub level's nodes, when the shape has a top level
  Fr root_;
};

}  // namespace cuzk::sealer

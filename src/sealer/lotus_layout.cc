// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "sealer/lotus_layout.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>
#include <utility>
#include <vector>

#include "base/hex.h"
#include "filecoin/c1.h"
#include "hash/poseidon_optimized.h"
#include "sealer/post.h"

namespace cuzk::sealer {
namespace {

namespace fs = std::filesystem;
constexpr uint64_t kNodeBytes = 32;

// The base trees of a sector's tree R_last and the rows their LevelCacheStore files hold.
struct TreeLayout {
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

uint32_t RowCount(uint64_t leaves, uint32_t arity) {
  uint32_t rows = 1;
  for (; leaves > 1; leaves /= arity) ++rows;
  return rows;
}

TreeLayout LayoutOf(const filecoin::SectorShape& shape) {
  TreeLayout l;
  l.shift = static_cast<uint32_t>(std::countr_zero(shape.base_arity));
  l.sub_arity = shape.sub_arity;
  l.top_arity = shape.top_arity;
  l.base_trees = std::max<uint32_t>(shape.sub_arity, 1) * std::max<uint32_t>(shape.top_arity, 1);
  l.base_leaves = shape.nodes / l.base_trees;
  l.rows = RowCount(l.base_leaves, shape.base_arity);
  l.first_row = DefaultRowsToDiscard(l.base_leaves, shape.base_arity) + 1;
  return l;
}

std::string TreeFileName(uint32_t index, uint32_t count) {
  return count == 1 ? "sc-02-data-tree-r-last.dat"
                    : "sc-02-data-tree-r-last-" + std::to_string(index) + ".dat";
}

Status WriteWholeFile(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(path.c_str(), "wb"), &std::fclose);
  if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f.get()) != bytes.size() ||
      std::fflush(f.get()) != 0) {
    return Status(StatusCode::kUnavailable, "writing " + path + ": " + std::strerror(errno));
  }
  return Status::Ok();
}

void AppendNode(const Fr& x, std::vector<uint8_t>& out) {
  Bytes32 b = FrBytes(x);
  out.insert(out.end(), b.begin(), b.end());
}

// A file read with pread at given offsets.
class ReadOnlyFile {
 public:
  static Result<ReadOnlyFile> Open(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      return Status(StatusCode::kNotFound, "cannot open " + path + ": " + std::strerror(errno));
    }
    ReadOnlyFile f(fd, path);
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
      return Status(StatusCode::kUnavailable, "cannot stat " + path + ": " + std::strerror(errno));
    }
    f.size_ = static_cast<uint64_t>(st.st_size);
    return f;
  }
  ReadOnlyFile(ReadOnlyFile&& o) noexcept
      : fd_(std::exchange(o.fd_, -1)), path_(std::move(o.path_)), size_(o.size_) {}
  ReadOnlyFile& operator=(ReadOnlyFile&&) = delete;
  ~ReadOnlyFile() {
    if (fd_ >= 0) ::close(fd_);
  }

  uint64_t size() const { return size_; }
  const std::string& path() const { return path_; }

  // Returns `count` nodes starting at byte `offset`, each a canonical field element.
  Result<std::vector<Fr>> ReadNodes(uint64_t offset, uint64_t count) const {
    std::vector<uint8_t> bytes(count * kNodeBytes);
    size_t done = 0;
    while (done < bytes.size()) {
      ssize_t n =
          ::pread(fd_, bytes.data() + done, bytes.size() - done, static_cast<off_t>(offset + done));
      if (n <= 0) {
        return Status(StatusCode::kUnavailable,
                      "reading " + path_ + " at byte " + std::to_string(offset + done) + ": " +
                          (n == 0 ? std::string("end of file") : std::strerror(errno)));
      }
      done += static_cast<size_t>(n);
    }
    std::vector<Fr> nodes(count);
    for (uint64_t i = 0; i < count; ++i) {
      auto x = Fr::FromBytesLE(std::span(bytes).subspan(i * kNodeBytes, kNodeBytes));
      if (!x.ok()) {
        return Status::InvalidArgument(path_ + ": the node at byte " +
                                       std::to_string(offset + i * kNodeBytes) +
                                       " is not a field element");
      }
      nodes[i] = *x;
    }
    return nodes;
  }

 private:
  ReadOnlyFile(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  int fd_;
  std::string path_;
  uint64_t size_ = 0;
};

Result<Fr> HashOne(std::span<const Fr> preimage) {
  Fr out;
  Status s = hash::PoseidonHashMany(preimage.size(), preimage, std::span(&out, 1), 1);
  RETURN_IF_ERROR(s);
  return out;
}

// Returns the path element over `group` (the children of one node) at position `index`.
filecoin::PathElement Element(std::span<const Fr> group, uint32_t index) {
  filecoin::PathElement e;
  e.index = index;
  for (uint32_t k = 0; k < group.size(); ++k) {
    if (k != index) e.hashes.push_back(FrBytes(group[k]));
  }
  return e;
}

std::string SizeMismatch(const std::string& path, uint64_t have, uint64_t want,
                         const std::string& why) {
  return path + " holds " + std::to_string(have) + " bytes; " + why + " needs " +
         std::to_string(want);
}

// A sector's tree R_last read from its LevelCacheStore files and replica.
class DiskTreeRLast {
 public:
  static Result<DiskTreeRLast> Open(const LotusSectorPaths& paths,
                                    const filecoin::SectorShape& shape) {
    TreeLayout layout = LayoutOf(shape);
    auto replica = ReadOnlyFile::Open(paths.sealed);
    RETURN_IF_ERROR(replica);
    if (replica->size() != shape.sector_bytes) {
      return Status::InvalidArgument(SizeMismatch(paths.sealed, replica->size(), shape.sector_bytes,
                                                  "a replica of this sector size"));
    }
    DiskTreeRLast tree(layout, std::move(replica).value());
    for (uint32_t t = 0; t < layout.base_trees; ++t) {
      std::string path = (fs::path(paths.cache) / TreeFileName(t, layout.base_trees)).string();
      auto file = ReadOnlyFile::Open(path);
      RETURN_IF_ERROR(file);
      if (file->size() != layout.FileBytes()) {
        return Status::InvalidArgument(
            SizeMismatch(path, file->size(), layout.FileBytes(),
                         "tree R_last of " + std::to_string(layout.base_leaves) + " leaves, " +
                             std::to_string(layout.first_row - 1) + " rows discarded,"));
      }
      auto root = file->ReadNodes(file->size() - kNodeBytes, 1);
      RETURN_IF_ERROR(root);
      tree.roots_.push_back((*root)[0]);
      tree.files_.push_back(std::move(file).value());
    }
    // Above the base trees: the sub level (groups of sub_arity roots), then the top level.
    if (layout.sub_arity == 0) {
      tree.root_ = tree.roots_[0];
      return tree;
    }
    for (uint32_t g = 0; g < std::max<uint32_t>(layout.top_arity, 1); ++g) {
      auto h = HashOne(std::span(tree.roots_).subspan(g * layout.sub_arity, layout.sub_arity));
      RETURN_IF_ERROR(h);
      tree.sub_nodes_.push_back(*h);
    }
    if (layout.top_arity == 0) {
      tree.root_ = tree.sub_nodes_[0];
      return tree;
    }
    auto top = HashOne(tree.sub_nodes_);
    RETURN_IF_ERROR(top);
    tree.root_ = *top;
    return tree;
  }

  const Fr& Root() const { return root_; }

  // Returns the inclusion proof of `leaf` in the form `kind`, rebuilding the discarded rows
  // around it from the replica and checking them against the lowest row the file holds.
  Result<filecoin::MerkleProof> Proof(uint64_t leaf, filecoin::MerkleProof::Kind kind) const {
    const TreeLayout& l = layout_;
    uint32_t t = static_cast<uint32_t>(leaf / l.base_leaves);
    uint64_t i = leaf % l.base_leaves;
    // The replica nodes under the challenged leaf's node in the lowest stored row.
    uint64_t chunk = uint64_t{1} << (l.shift * l.first_row);
    uint64_t start = i - i % chunk;
    auto leaves = replica_.ReadNodes((t * l.base_leaves + start) * kNodeBytes, chunk);
    RETURN_IF_ERROR(leaves);
    std::vector<std::vector<Fr>> built{std::move(leaves).value()};
    const uint32_t arity = 1u << l.shift;
    for (uint32_t r = 1; r <= l.first_row; ++r) {
      std::vector<Fr> row(built.back().size() / arity);
      Status s = hash::PoseidonHashMany(arity, built.back(), row, 1);
      RETURN_IF_ERROR(s);
      built.push_back(std::move(row));
    }
    const ReadOnlyFile& file = files_[t];
    uint64_t stored_index = i >> (l.shift * l.first_row);
    auto stored = file.ReadNodes(l.RowOffset(l.first_row) + stored_index * kNodeBytes, 1);
    RETURN_IF_ERROR(stored);
    if ((*stored)[0] != built.back()[0]) {
      return Status::InvalidArgument("replica " + replica_.path() + " does not hash to " +
                                     file.path() + " at leaf " + std::to_string(leaf) + " (row " +
                                     std::to_string(l.first_row) + ", node " +
                                     std::to_string(stored_index) + ")");
    }

    filecoin::MerkleProof proof;
    proof.kind = kind;
    proof.leaf = FrBytes(built[0][i - start]);
    proof.root = FrBytes(root_);
    for (uint32_t r = 0; r + 1 < l.rows; ++r) {
      uint64_t index = i >> (l.shift * r);
      uint32_t position = static_cast<uint32_t>(index % arity);
      uint64_t first = index - position;
      if (r < l.first_row) {
        uint64_t local = first - (start >> (l.shift * r));
        proof.base.push_back(Element(std::span(built[r]).subspan(local, arity), position));
      } else {
        auto group = file.ReadNodes(l.RowOffset(r) + first * kNodeBytes, arity);
        RETURN_IF_ERROR(group);
        proof.base.push_back(Element(*group, position));
      }
    }
    if (l.sub_arity != 0) {
      uint32_t g = t / l.sub_arity;
      proof.sub.push_back(
          Element(std::span(roots_).subspan(g * l.sub_arity, l.sub_arity), t % l.sub_arity));
      if (l.top_arity != 0) proof.top.push_back(Element(sub_nodes_, g));
    }
    return proof;
  }

 private:
  DiskTreeRLast(TreeLayout layout, ReadOnlyFile replica)
      : layout_(layout), replica_(std::move(replica)) {}
  TreeLayout layout_;
  ReadOnlyFile replica_;
  std::vector<ReadOnlyFile> files_;
  std::vector<Fr> roots_;      // of the base trees
  std::vector<Fr> sub_nodes_;  // the sub level's nodes, when the shape has a top level
  Fr root_;
};

}  // namespace

LotusSectorPaths LotusPaths(const std::string& root, uint64_t miner_id, uint64_t sector_number) {
  std::string name = "s-t0" + std::to_string(miner_id) + "-" + std::to_string(sector_number);
  return {(fs::path(root) / "sealed" / name).string(), (fs::path(root) / "cache" / name).string()};
}

uint32_t DefaultRowsToDiscard(uint64_t leaves, uint32_t arity) {
  uint32_t rows = RowCount(leaves, arity);
  if (rows <= 2) return 0;
  if (rows == 3) return 1;
  uint32_t most = arity == 2 ? 7 : arity == 4 ? 5 : 2;
  return std::min(rows - 2, most);
}

Status WriteLotusSector(const SealedSector& sector, const LotusSectorPaths& paths) {
  std::error_code ec;
  fs::create_directories(fs::path(paths.sealed).parent_path(), ec);
  if (!ec) fs::create_directories(paths.cache, ec);
  if (ec) {
    return Status(StatusCode::kUnavailable,
                  "creating the folders of " + paths.sealed + ": " + ec.message());
  }
  const PoseidonTree& tree = sector.tree_r_last;
  TreeLayout l = LayoutOf(sector.proof.shape);
  std::vector<uint8_t> bytes;
  bytes.reserve(sector.proof.shape.sector_bytes);
  for (const Fr& x : tree.Level(0)) AppendNode(x, bytes);
  RETURN_IF_ERROR(WriteWholeFile(paths.sealed, bytes));
  bytes.clear();
  AppendNode(sector.tree_c.Root(), bytes);
  AppendNode(tree.Root(), bytes);
  RETURN_IF_ERROR(WriteWholeFile((fs::path(paths.cache) / "p_aux").string(), bytes));
  for (uint32_t t = 0; t < l.base_trees; ++t) {
    bytes.clear();
    for (uint32_t r = l.first_row; r < l.rows; ++r) {
      const std::vector<Fr>& row = tree.Level(r);
      for (uint64_t k = 0; k < l.RowNodes(r); ++k) AppendNode(row[t * l.RowNodes(r) + k], bytes);
    }
    std::string path = (fs::path(paths.cache) / TreeFileName(t, l.base_trees)).string();
    RETURN_IF_ERROR(WriteWholeFile(path, bytes));
  }
  return Status::Ok();
}

Result<filecoin::FallbackPoStSectorProof> GeneratePoStVanillaFromFiles(
    const LotusSectorPaths& paths, const filecoin::RegisteredPoStProof& post,
    const filecoin::Bytes32& comm_r, uint64_t sector_id, const filecoin::Bytes32& randomness,
    uint32_t partition, uint32_t slot) {
  std::string p_aux_path = (fs::path(paths.cache) / "p_aux").string();
  auto p_aux_file = ReadOnlyFile::Open(p_aux_path);
  RETURN_IF_ERROR(p_aux_file);
  if (p_aux_file->size() != 2 * kNodeBytes) {
    return Status::InvalidArgument(
        SizeMismatch(p_aux_path, p_aux_file->size(), 2 * kNodeBytes, "comm_c and comm_r_last"));
  }
  auto p_aux = p_aux_file->ReadNodes(0, 2);
  RETURN_IF_ERROR(p_aux);
  const Fr comm_c = (*p_aux)[0], comm_r_last = (*p_aux)[1];
  auto comm_r_fr = filecoin::DomainToFr(comm_r, "comm_r");
  RETURN_IF_ERROR(comm_r_fr);
  Fr pair[] = {comm_c, comm_r_last};
  auto expected = hash::PoseidonHashOptimized(pair);
  RETURN_IF_ERROR(expected);
  if (*expected != *comm_r_fr) {
    return Status::InvalidArgument(
        "comm_r " + ToHex(comm_r) + " is not this sector's: " + p_aux_path +
        " gives Poseidon(comm_c, comm_r_last) = " + ToHex(FrBytes(*expected)));
  }
  auto tree = DiskTreeRLast::Open(paths, post.shape);
  RETURN_IF_ERROR(tree);
  if (tree->Root() != comm_r_last) {
    return Status::InvalidArgument("the tree R_last files in " + paths.cache + " hash to " +
                                   ToHex(FrBytes(tree->Root())) + ", but p_aux's comm_r_last is " +
                                   ToHex(FrBytes(comm_r_last)));
  }
  filecoin::MerkleProof::Kind kind = filecoin::TreeKind(post.shape);
  return GeneratePoStVanilla(
      post, randomness, sector_id, comm_r, FrBytes(comm_c), FrBytes(comm_r_last),
      [&](uint64_t leaf) { return tree->Proof(leaf, kind); }, partition, slot);
}

}  // namespace cuzk::sealer

// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "sealer/lotus_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <utility>

#include "base/hex.h"
#include "hash/poseidon_optimized.h"

namespace cuzk::sealer {
namespace {

namespace fs = std::filesystem;

uint32_t RowCount(uint64_t leaves, uint32_t arity) {
  uint32_t rows = 1;
  for (; leaves > 1; leaves /= arity) ++rows;
  return rows;
}

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

}  // namespace

uint32_t DefaultRowsToDiscard(uint64_t leaves, uint32_t arity) {
  uint32_t rows = RowCount(leaves, arity);
  if (rows <= 2) return 0;
  if (rows == 3) return 1;
  uint32_t most = arity == 2 ? 7 : arity == 4 ? 5 : 2;
  return std::min(rows - 2, most);
}

std::string TreeRLastFileName(uint32_t index, uint32_t count) {
  return count == 1 ? "sc-02-data-tree-r-last.dat"
                    : "sc-02-data-tree-r-last-" + std::to_string(index) + ".dat";
}

TreeRLastLayout TreeRLastLayoutOf(const filecoin::SectorShape& shape) {
  TreeRLastLayout l;
  l.shift = static_cast<uint32_t>(std::countr_zero(shape.base_arity));
  l.sub_arity = shape.sub_arity;
  l.top_arity = shape.top_arity;
  l.base_trees = std::max<uint32_t>(shape.sub_arity, 1) * std::max<uint32_t>(shape.top_arity, 1);
  l.base_leaves = shape.nodes / l.base_trees;
  l.rows = RowCount(l.base_leaves, shape.base_arity);
  l.first_row = DefaultRowsToDiscard(l.base_leaves, shape.base_arity) + 1;
  return l;
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

std::string SizeMismatch(const std::string& path, uint64_t have, uint64_t want,
                         const std::string& why) {
  return path + " holds " + std::to_string(have) + " bytes; " + why + " needs " +
         std::to_string(want);
}

Result<SectorFile> SectorFile::Open(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return Status(StatusCode::kNotFound, "cannot open " + path + ": " + std::strerror(errno));
  }
  SectorFile f(fd, path);
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    return Status(StatusCode::kUnavailable, "cannot stat " + path + ": " + std::strerror(errno));
  }
  f.size_ = static_cast<uint64_t>(st.st_size);
  return f;
}

SectorFile::SectorFile(SectorFile&& o) noexcept
    : fd_(std::exchange(o.fd_, -1)), path_(std::move(o.path_)), size_(o.size_) {}

SectorFile::~SectorFile() {
  if (fd_ >= 0) ::close(fd_);
}

Result<std::vector<Bytes32>> SectorFile::ReadBytes(uint64_t offset, uint64_t count) const {
  std::vector<Bytes32> nodes(count);
  auto* bytes = reinterpret_cast<uint8_t*>(nodes.data());
  const size_t total = count * kNodeBytes;
  size_t done = 0;
  while (done < total) {
    ssize_t n = ::pread(fd_, bytes + done, total - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      return Status(StatusCode::kUnavailable,
                    "reading " + path_ + " at byte " + std::to_string(offset + done) + ": " +
                        (n == 0 ? std::string("end of file") : std::strerror(errno)));
    }
    done += static_cast<size_t>(n);
  }
  return nodes;
}

Result<std::vector<Fr>> SectorFile::ReadNodes(uint64_t offset, uint64_t count) const {
  auto bytes = ReadBytes(offset, count);
  RETURN_IF_ERROR(bytes);
  std::vector<Fr> nodes(count);
  for (uint64_t i = 0; i < count; ++i) {
    auto x = Fr::FromBytesLE((*bytes)[i]);
    if (!x.ok()) {
      return Status::InvalidArgument(path_ + ": the node at byte " +
                                     std::to_string(offset + i * kNodeBytes) +
                                     " is not a field element");
    }
    nodes[i] = *x;
  }
  return nodes;
}

Result<PAux> ReadPAux(const std::string& cache_dir) {
  std::string path = (fs::path(cache_dir) / "p_aux").string();
  auto file = SectorFile::Open(path);
  RETURN_IF_ERROR(file);
  if (file->size() != 2 * kNodeBytes) {
    return Status::InvalidArgument(
        SizeMismatch(path, file->size(), 2 * kNodeBytes, "comm_c and comm_r_last"));
  }
  auto nodes = file->ReadNodes(0, 2);
  RETURN_IF_ERROR(nodes);
  return PAux{(*nodes)[0], (*nodes)[1]};
}

Status CheckCommR(const filecoin::Bytes32& comm_r, const PAux& p_aux, const std::string& what,
                  const std::string& cache_dir) {
  auto given = filecoin::DomainToFr(comm_r, what);
  RETURN_IF_ERROR(given);
  Fr pair[] = {p_aux.comm_c, p_aux.comm_r_last};
  auto expected = hash::PoseidonHashOptimized(pair);
  RETURN_IF_ERROR(expected);
  if (*expected != *given) {
    return Status::InvalidArgument(
        what + " " + ToHex(comm_r) +
        " is not this sector's: " + (fs::path(cache_dir) / "p_aux").string() +
        " gives Poseidon(comm_c, comm_r_last) = " + ToHex(FrBytes(*expected)));
  }
  return Status::Ok();
}

Status WriteReplicaFiles(const PoseidonTree& tree_r, const Fr& comm_c,
                         const filecoin::SectorShape& shape, const LotusSectorPaths& paths) {
  std::error_code ec;
  fs::create_directories(fs::path(paths.sealed).parent_path(), ec);
  if (!ec) fs::create_directories(paths.cache, ec);
  if (ec) {
    return Status(StatusCode::kUnavailable,
                  "creating the folders of " + paths.sealed + ": " + ec.message());
  }
  std::vector<uint8_t> bytes;
  bytes.reserve(shape.sector_bytes);
  for (const Fr& x : tree_r.Level(0)) AppendNode(x, bytes);
  RETURN_IF_ERROR(WriteWholeFile(paths.sealed, bytes));
  bytes.clear();
  AppendNode(comm_c, bytes);
  AppendNode(tree_r.Root(), bytes);
  RETURN_IF_ERROR(WriteWholeFile((fs::path(paths.cache) / "p_aux").string(), bytes));
  return WriteTreeRLastFiles(tree_r, shape, paths.cache);
}

Status WriteTreeRLastFiles(const PoseidonTree& tree, const filecoin::SectorShape& shape,
                           const std::string& cache_dir) {
  TreeRLastLayout l = TreeRLastLayoutOf(shape);
  std::vector<uint8_t> bytes;
  for (uint32_t t = 0; t < l.base_trees; ++t) {
    bytes.clear();
    for (uint32_t r = l.first_row; r < l.rows; ++r) {
      const std::vector<Fr>& row = tree.Level(r);
      for (uint64_t k = 0; k < l.RowNodes(r); ++k) AppendNode(row[t * l.RowNodes(r) + k], bytes);
    }
    std::string path = (fs::path(cache_dir) / TreeRLastFileName(t, l.base_trees)).string();
    RETURN_IF_ERROR(WriteWholeFile(path, bytes));
  }
  return Status::Ok();
}

Result<DiskTreeRLast> DiskTreeRLast::Open(const std::string& replica_path,
                                          const std::string& cache_dir,
                                          const filecoin::SectorShape& shape) {
  TreeRLastLayout layout = TreeRLastLayoutOf(shape);
  auto replica = SectorFile::Open(replica_path);
  RETURN_IF_ERROR(replica);
  if (replica->size() != shape.sector_bytes) {
    return Status::InvalidArgument(SizeMismatch(replica_path, replica->size(), shape.sector_bytes,
                                                "a replica of this sector size"));
  }
  DiskTreeRLast tree(layout, std::move(replica).value());
  for (uint32_t t = 0; t < layout.base_trees; ++t) {
    std::string path = (fs::path(cache_dir) / TreeRLastFileName(t, layout.base_trees)).string();
    auto file = SectorFile::Open(path);
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

Result<DiskTreeRLast> DiskTreeRLast::OpenChecked(const std::string& replica_path,
                                                 const std::string& cache_dir,
                                                 const filecoin::SectorShape& shape,
                                                 const Fr& comm_r_last) {
  auto tree = Open(replica_path, cache_dir, shape);
  RETURN_IF_ERROR(tree);
  if (tree->Root() != comm_r_last) {
    return Status::InvalidArgument("the tree R_last files in " + cache_dir + " hash to " +
                                   ToHex(FrBytes(tree->Root())) + ", but p_aux's comm_r_last is " +
                                   ToHex(FrBytes(comm_r_last)));
  }
  return tree;
}

Result<filecoin::MerkleProof> DiskTreeRLast::Proof(uint64_t leaf,
                                                   filecoin::MerkleProof::Kind kind) const {
  const TreeRLastLayout& l = layout_;
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
  const SectorFile& file = files_[t];
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

}  // namespace cuzk::sealer

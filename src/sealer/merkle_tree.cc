// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "sealer/merkle_tree.h"

#include <cstring>
#include <string>

#include "base/parallel.h"
#include "hash/poseidon_optimized.h"
#include "hash/sha256.h"

namespace cuzk::sealer {

Bytes32 FrBytes(const Fr& x) { return x.ToBytesLE(); }

Bytes32 Sha256Node(const Bytes32& left, const Bytes32& right) {
  uint8_t message[64];
  std::memcpy(message, left.data(), 32);
  std::memcpy(message + 32, right.data(), 32);
  return hash::TruncateTo254Bits(hash::Sha256(message));
}

Result<Sha256Tree> Sha256Tree::Build(std::vector<Bytes32> leaves, size_t threads) {
  if (leaves.empty() || (leaves.size() & (leaves.size() - 1)) != 0) {
    return Status::InvalidArgument("tree D needs a power-of-two number of leaves, got " +
                                   std::to_string(leaves.size()));
  }
  Sha256Tree tree;
  tree.levels_.push_back(std::move(leaves));
  while (tree.levels_.back().size() > 1) {
    const std::vector<Bytes32>& below = tree.levels_.back();
    std::vector<Bytes32> level(below.size() / 2);
    ParallelFor(
        level.size(), threads,
        [&](size_t begin, size_t end) {
          for (size_t i = begin; i < end; ++i)
            level[i] = Sha256Node(below[2 * i], below[2 * i + 1]);
        },
        1024);
    tree.levels_.push_back(std::move(level));
  }
  return tree;
}

filecoin::MerkleProof Sha256Tree::Proof(uint64_t index) const {
  filecoin::MerkleProof proof;
  proof.kind = filecoin::MerkleProof::Kind::kSingle;
  proof.leaf = levels_[0][index];
  proof.root = Root();
  for (size_t j = 0; j + 1 < levels_.size(); ++j) {
    filecoin::PathElement e;
    e.index = static_cast<uint32_t>(index & 1);
    e.hashes.push_back(levels_[j][index ^ 1]);
    proof.base.push_back(std::move(e));
    index >>= 1;
  }
  return proof;
}

Result<PoseidonTree> PoseidonTree::Build(std::vector<Fr> leaves, std::vector<uint32_t> arities,
                                         size_t threads) {
  uint64_t expected = 1;
  for (uint32_t a : arities) expected *= a;
  if (expected != leaves.size()) {
    return Status::InvalidArgument("Poseidon tree of " + std::to_string(leaves.size()) +
                                   " leaves does not match its arities (" +
                                   std::to_string(expected) + " leaves)");
  }
  PoseidonTree tree;
  tree.arities_ = std::move(arities);
  tree.levels_.push_back(std::move(leaves));
  for (uint32_t arity : tree.arities_) {
    const std::vector<Fr>& below = tree.levels_.back();
    std::vector<Fr> level(below.size() / arity);
    Status s = hash::PoseidonHashMany(arity, below, level, threads);
    RETURN_IF_ERROR(s);
    tree.levels_.push_back(std::move(level));
  }
  return tree;
}

filecoin::MerkleProof PoseidonTree::Proof(uint64_t index, filecoin::MerkleProof::Kind kind) const {
  using Kind = filecoin::MerkleProof::Kind;
  filecoin::MerkleProof proof;
  proof.kind = kind;
  proof.leaf = FrBytes(levels_[0][index]);
  proof.root = FrBytes(Root());
  size_t extra = kind == Kind::kTop ? 2 : kind == Kind::kSub ? 1 : 0;
  size_t base_levels = arities_.size() - extra;
  for (size_t j = 0; j < arities_.size(); ++j) {
    uint32_t arity = arities_[j];
    filecoin::PathElement e;
    e.index = static_cast<uint32_t>(index % arity);
    uint64_t first = index - e.index;
    for (uint32_t k = 0; k < arity; ++k) {
      if (k != e.index) e.hashes.push_back(FrBytes(levels_[j][first + k]));
    }
    auto& part = j < base_levels ? proof.base : j == base_levels ? proof.sub : proof.top;
    part.push_back(std::move(e));
    index /= arity;
  }
  return proof;
}

}  // namespace cuzk::sealer

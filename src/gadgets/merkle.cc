// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "gadgets/merkle.h"

#include <string>

#include "gadgets/insertion.h"
#include "gadgets/poseidon.h"
#include "gadgets/sha256.h"

namespace cuzk::gadgets {

Result<AllocatedNum> Sha256NodeGadget(ConstraintSystem& cs, const AllocatedNum& left,
                                      const AllocatedNum& right) {
  const AllocatedNum children[] = {left, right};
  return Sha256MultiNodeGadget(cs, children);
}

Result<AllocatedNum> Sha256MultiNodeGadget(ConstraintSystem& cs,
                                           std::span<const AllocatedNum> children) {
  std::vector<Boolean> message;
  for (const AllocatedNum& child : children) {
    std::vector<Boolean> bits = ReverseBitNumbering(ToBitsLe(cs, child));  // 255 -> 256 bits
    message.insert(message.end(), bits.begin(), bits.end());
  }
  auto digest = Sha256Gadget(cs, message);
  RETURN_IF_ERROR(digest);
  std::vector<Boolean> le = ReverseBitNumbering(std::move(*digest));
  return PackBits(cs, std::span(le).first(254));
}

Status MerkleInclusionGadget(ConstraintSystem& cs, TreeHash hash, const AllocatedNum& leaf,
                             std::span<const MerkleLevel> levels, const AllocatedNum& root) {
  AllocatedNum cur = leaf;
  std::vector<Boolean> all_bits;
  for (size_t l = 0; l < levels.size(); ++l) {
    const MerkleLevel& level = levels[l];
    size_t arity = level.siblings.size() + 1;
    size_t log_arity = 0;
    while ((size_t{1} << log_arity) < arity) ++log_arity;
    if ((size_t{1} << log_arity) != arity || level.position >= arity) {
      return Status::InvalidArgument("Merkle level " + std::to_string(l) + ": position " +
                                     std::to_string(level.position) + " with arity " +
                                     std::to_string(arity));
    }
    std::vector<Boolean> bits;
    for (size_t j = 0; j < log_arity; ++j)
      bits.push_back(Boolean::Alloc(cs, (level.position >> j) & 1));
    std::vector<AllocatedNum> siblings;
    for (const Fr& s : level.siblings) siblings.push_back(AllocatedNum::Alloc(cs, s));
    auto inserted = Insert(cs, cur, bits, siblings);
    RETURN_IF_ERROR(inserted);
    Result<AllocatedNum> next = Status::InvalidArgument("unreachable");
    if (hash == TreeHash::kPoseidon) {
      next = PoseidonHashGadget(cs, *inserted);
    } else {
      next = Sha256MultiNodeGadget(cs, *inserted);
    }
    RETURN_IF_ERROR(next);
    cur = *next;
    all_bits.insert(all_bits.end(), bits.begin(), bits.end());
  }
  PackIntoInputs(cs, all_bits);
  EnforceEqual(cs, cur, root);
  return Status::Ok();
}

Status MerkleInclusionWithBits(ConstraintSystem& cs, TreeHash hash, const AllocatedNum& leaf,
                               std::span<const Boolean> bits,
                               std::span<const std::vector<AllocatedNum>> siblings,
                               const AllocatedNum& root) {
  AllocatedNum cur = leaf;
  size_t used = 0;
  for (size_t l = 0; l < siblings.size(); ++l) {
    size_t arity = siblings[l].size() + 1;
    size_t log_arity = 0;
    while ((size_t{1} << log_arity) < arity) ++log_arity;
    if ((size_t{1} << log_arity) != arity || used + log_arity > bits.size()) {
      return Status::InvalidArgument("Merkle level " + std::to_string(l) + ": arity " +
                                     std::to_string(arity) + " does not fit the index bits");
    }
    auto inserted = Insert(cs, cur, bits.subspan(used, log_arity), siblings[l]);
    RETURN_IF_ERROR(inserted);
    used += log_arity;
    auto next = hash == TreeHash::kPoseidon ? PoseidonHashGadget(cs, *inserted)
                                            : Sha256MultiNodeGadget(cs, *inserted);
    RETURN_IF_ERROR(next);
    cur = *next;
  }
  if (used != bits.size()) {
    return Status::InvalidArgument(std::to_string(bits.size() - used) +
                                   " index bits left over after the path");
  }
  EnforceEqual(cs, cur, root);
  return Status::Ok();
}

}  // namespace cuzk::gadgets

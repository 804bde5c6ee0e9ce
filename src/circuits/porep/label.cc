// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "circuits/porep/label.h"

#include <string>

namespace cuzk::circuits::porep {

Result<gadgets::AllocatedNum> CreateLabel(r1cs::ConstraintSystem& cs,
                                          std::span<const Boolean> replica_id_bits,
                                          std::span<const std::vector<Boolean>> parents,
                                          uint32_t layer, std::span<const Boolean> node_bits) {
  if (replica_id_bits.size() != 256 || node_bits.size() != 64 || parents.size() != 37) {
    return Status::InvalidArgument("label needs 256 replica-id bits, 64 node bits and 37 parents");
  }
  std::vector<Boolean> message(replica_id_bits.begin(), replica_id_bits.end());
  auto layer_bits = gadgets::UInt32::Constant(layer).IntoBitsBe();
  message.insert(message.end(), layer_bits.begin(), layer_bits.end());
  message.insert(message.end(), node_bits.rbegin(), node_bits.rend());  // big-endian
  while (message.size() < 512) message.push_back(Boolean::Constant(false));
  for (const auto& parent : parents) {
    if (parent.size() != 256)
      return Status::InvalidArgument("parent bit-vector of " + std::to_string(parent.size()) +
                                     " bits");
    message.insert(message.end(), parent.begin(), parent.end());
  }
  auto digest = gadgets::Sha256Gadget(cs, message);
  RETURN_IF_ERROR(digest);
  std::vector<Boolean> le = gadgets::ReverseBitNumbering(std::move(*digest));
  return gadgets::PackBits(cs, std::span(le).first(254));
}

}  // namespace cuzk::circuits::porep

// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "gadgets/insertion.h"

#include <string>

namespace cuzk::gadgets {

Result<std::vector<AllocatedNum>> Insert(ConstraintSystem& cs, const AllocatedNum& cur,
                                         std::span<const Boolean> bits,
                                         std::span<const AllocatedNum> siblings) {
  size_t arity = siblings.size() + 1;
  auto pick = [&](const Boolean& c, const AllocatedNum& a, const AllocatedNum& b) {
    return Pick(cs, c, a, b);
  };
  const AllocatedNum& A = cur;
  if (arity == 2 && bits.size() == 1) {
    const AllocatedNum& s0 = siblings[0];
    AllocatedNum p0 = pick(bits[0], s0, A);
    AllocatedNum p1 = pick(bits[0], A, s0);
    return std::vector<AllocatedNum>{p0, p1};
  }
  if (arity == 4 && bits.size() == 2) {
    const AllocatedNum &b = siblings[0], &c = siblings[1], &d = siblings[2];
    AllocatedNum p0_x0 = pick(bits[0], b, A);
    AllocatedNum p0 = pick(bits[1], b, p0_x0);
    AllocatedNum p1_x0 = pick(bits[0], A, b);
    AllocatedNum p1 = pick(bits[1], c, p1_x0);
    AllocatedNum p2_x1 = pick(bits[0], d, A);
    AllocatedNum p2 = pick(bits[1], p2_x1, c);
    AllocatedNum p3_x1 = pick(bits[0], A, d);
    AllocatedNum p3 = pick(bits[1], p3_x1, d);
    return std::vector<AllocatedNum>{p0, p1, p2, p3};
  }
  if (arity == 8 && bits.size() == 3) {
    const AllocatedNum &b = siblings[0], &c = siblings[1], &d = siblings[2], &e = siblings[3],
                       &f = siblings[4], &g = siblings[5], &h = siblings[6];
    if (bits[0].kind() != Boolean::Kind::kIs || bits[1].kind() != Boolean::Kind::kIs) {
      return Status::InvalidArgument("insertion index bits must be allocated bits");
    }
    Boolean nor = Boolean::Is(AllocatedBit::Nor(cs, bits[0].bit(), bits[1].bit()));
    Boolean both = Boolean::Is(AllocatedBit::And(cs, bits[0].bit(), bits[1].bit()));
    AllocatedNum p0_xx0 = pick(nor, A, b);
    AllocatedNum p0 = pick(bits[2], b, p0_xx0);
    AllocatedNum p1_x00 = pick(bits[0], A, b);
    AllocatedNum p1_xx0 = pick(bits[1], c, p1_x00);
    AllocatedNum p1 = pick(bits[2], c, p1_xx0);
    AllocatedNum p2_x10 = pick(bits[0], d, A);
    AllocatedNum p2_xx0 = pick(bits[1], p2_x10, c);
    AllocatedNum p2 = pick(bits[2], d, p2_xx0);
    AllocatedNum p3_xx0 = pick(both, A, d);
    AllocatedNum p3 = pick(bits[2], e, p3_xx0);
    AllocatedNum p4_xx1 = pick(nor, A, f);
    AllocatedNum p4 = pick(bits[2], p4_xx1, e);
    AllocatedNum p5_x01 = pick(bits[0], A, f);
    AllocatedNum p5_xx1 = pick(bits[1], g, p5_x01);
    AllocatedNum p5 = pick(bits[2], p5_xx1, f);
    AllocatedNum p6_x11 = pick(bits[0], h, A);
    AllocatedNum p6_xx1 = pick(bits[1], p6_x11, g);
    AllocatedNum p6 = pick(bits[2], p6_xx1, g);
    AllocatedNum p7_xx1 = pick(both, A, h);
    AllocatedNum p7 = pick(bits[2], p7_xx1, h);
    return std::vector<AllocatedNum>{p0, p1, p2, p3, p4, p5, p6, p7};
  }
  if (arity < 2 || (arity & (arity - 1)) != 0 || (size_t{1} << bits.size()) != arity) {
    return Status::InvalidArgument(
        "insertion needs a power-of-two arity and log2(arity) bits, got "
        "arity " +
        std::to_string(arity) + " with " + std::to_string(bits.size()) + " bits");
  }
  // The general form (insertion.rs `insert`, size * (size - 1) constraints): output position
  // `pos` selects, by the index bits, the value it holds when `cur` is inserted at `index`:
  // cur when index == pos, siblings[pos] when index > pos, siblings[pos - 1] when index < pos.
  std::vector<AllocatedNum> out;
  out.reserve(arity);
  std::vector<AllocatedNum> choices(arity);
  for (size_t pos = 0; pos < arity; ++pos) {
    for (size_t index = 0; index < arity; ++index) {
      choices[index] = index == pos ? cur : index > pos ? siblings[pos] : siblings[pos - 1];
    }
    auto chosen = Select(cs, choices, bits);
    RETURN_IF_ERROR(chosen);
    out.push_back(*chosen);
  }
  return out;
}

Result<AllocatedNum> Select(ConstraintSystem& cs, std::span<const AllocatedNum> elements,
                            std::span<const Boolean> bits) {
  if (elements.size() != (size_t{1} << bits.size())) {
    return Status::InvalidArgument("select needs 2^bits elements, got " +
                                   std::to_string(elements.size()) + " for " +
                                   std::to_string(bits.size()) + " bits");
  }
  // insertion.rs `select`: most significant bit first, state[j] = pick(bit, state[half + j],
  // state[j]) for j < half, halving until one element is left.
  std::vector<AllocatedNum> layer(elements.begin(), elements.end());
  for (size_t i = bits.size(); i-- > 0;) {
    size_t half = layer.size() / 2;
    for (size_t j = 0; j < half; ++j) layer[j] = Pick(cs, bits[i], layer[half + j], layer[j]);
    layer.resize(half);
  }
  return layer[0];
}

}  // namespace cuzk::gadgets

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
  return Status::InvalidArgument(
      "insertion supports arity 2, 4 and 8 with log2(arity) bits, got arity " +
      std::to_string(arity) + " with " + std::to_string(bits.size()) + " bits");
}

Result<AllocatedNum> Select(ConstraintSystem& cs, std::span<const AllocatedNum> elements,
                            std::span<const Boolean> bits) {
  if (elements.size() != (size_t{1} << bits.size())) {
    return Status::InvalidArgument("select needs 2^bits elements, got " +
                                   std::to_string(elements.size()) + " for " +
                                   std::to_string(bits.size()) + " bits");
  }
  std::vector<AllocatedNum> layer(elements.begin(), elements.end());
  for (const Boolean& bit : bits) {
    std::vector<AllocatedNum> next;
    for (size_t i = 0; i < layer.size(); i += 2)
      next.push_back(Pick(cs, bit, layer[i + 1], layer[i]));
    layer = std::move(next);
  }
  return layer[0];
}

}  // namespace cuzk::gadgets

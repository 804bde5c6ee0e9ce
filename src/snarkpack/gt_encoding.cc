// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "snarkpack/gt_encoding.h"

#include <string>

#include "ff/fr.h"

namespace cuzk::snarkpack {
namespace {

using ff::Fp;
using ff::Fp12;
using ff::Fp2;
using ff::Fp6;

// The six Fp of an Fp6 in blstrs' order.
std::array<const Fp*, 6> Coefficients(const Fp6& x) {
  return {&x.c0.c0, &x.c0.c1, &x.c1.c0, &x.c1.c1, &x.c2.c0, &x.c2.c1};
}

}  // namespace

std::array<uint8_t, kGtCompressedBytes> GtCompress(const Fp12& f) {
  Fp6 c0 = f.c0;
  c0.c0 += Fp2::One();
  const Fp6 b = c0 * f.c1.Inverse();
  std::array<uint8_t, kGtCompressedBytes> out;
  size_t at = 0;
  for (const Fp* x : Coefficients(b)) {
    auto le = x->ToBytesLE();
    std::copy(le.begin(), le.end(), out.begin() + at);
    at += le.size();
  }
  return out;
}

Result<Fp12> GtDecompress(std::span<const uint8_t> bytes) {
  if (bytes.size() != kGtCompressedBytes) {
    return Status::InvalidArgument("a compressed GT element has " +
                                   std::to_string(kGtCompressedBytes) + " bytes, not " +
                                   std::to_string(bytes.size()));
  }
  Fp6 b;
  Fp* parts[] = {&b.c0.c0, &b.c0.c1, &b.c1.c0, &b.c1.c1, &b.c2.c0, &b.c2.c1};
  for (size_t i = 0; i < 6; ++i) {
    auto x = Fp::FromBytesLE(bytes.subspan(48 * i, 48));
    if (!x.ok()) return Status::InvalidArgument("compressed GT element: invalid fp");
    *parts[i] = *x;
  }
  const Fp12 numerator{b, Fp6::One()};
  const Fp12 denominator{b, -Fp6::One()};
  const Fp12 f = numerator * denominator.Inverse();
  // f^r == 1: in the order-r subgroup (which also excludes 0, what a zero b - w gives).
  const auto r = ff::FrConfig::kModulus;
  if (!f.Pow(r).IsOne()) {
    return Status::InvalidArgument("compressed GT element: not in the order-r subgroup");
  }
  return f;
}

void AppendGtSerde(const Fp12& f, std::vector<uint8_t>& out) {
  for (const Fp6* half : {&f.c0, &f.c1}) {
    for (const Fp* x : Coefficients(*half)) {
      auto le = x->ToBytesLE();
      out.insert(out.end(), le.begin(), le.end());
    }
  }
}

}  // namespace cuzk::snarkpack

// SPDX-License-Identifier: Apache-2.0 OR MIT
// Fixed-base comb in its simplest form (Menezes, van Oorschot, Vanstone, "Handbook of Applied
// Cryptography", Alg. 14.109 idea): table[w][d] = d * 2^(c w) * G for digits d < 2^c, so
// k * G = sum_w table[w][digit_w(k)], i.e. ceil(255/c) mixed additions and no doublings; c = 12.
#include "msm/fixed_base.h"

#include <algorithm>

#include "base/parallel.h"

namespace cuzk::msm {
namespace {

constexpr unsigned kWindow = 12;
constexpr size_t kWindows = (255 + kWindow - 1) / kWindow;

// Returns the comb's table for Curve's generator: row w holds d * 2^(12w) G for d < 4096,
// normalized to affine (about 9 MiB for G1, 17 MiB for G2). Built once per process and kept: one
// parameter generation multiplies by it ten times, and building it cost more than multiplying
// for a small circuit (5 s of each groth16_test case under AddressSanitizer).
template <typename Curve>
const std::vector<ec::Affine<Curve>>& CombTable() {
  using Point = ec::Jacobian<Curve>;
  static const std::vector<ec::Affine<Curve>> table = [] {
    std::vector<Point> rows(kWindows << kWindow);
    Point base = Point::Generator();
    for (size_t w = 0; w < kWindows; ++w) {
      Point* row = &rows[w << kWindow];
      row[0] = Point::Identity();
      for (size_t d = 1; d < (size_t{1} << kWindow); ++d) row[d] = row[d - 1] + base;
      base = row[(size_t{1} << kWindow) - 1] + base;  // 2^(12(w+1)) G
    }
    std::vector<ec::Affine<Curve>> affine(rows.size());
    Point::BatchToAffine(rows, affine);
    return affine;
  }();
  return table;
}

template <typename Curve>
HugeFillLaterVector<ec::Affine<Curve>> FixedBaseMul(std::span<const ff::Fr> scalars,
                                                    size_t threads) {
  using Point = ec::Jacobian<Curve>;
  using Affine = ec::Affine<Curve>;
  // 1. The table (CombTable).
  const std::vector<Affine>& table = CombTable<Curve>();
  // 2. Each scalar: one mixed addition per non-zero digit; results normalized per chunk.
  HugeFillLaterVector<Affine> out(scalars.size());  // every point written below
  ParallelFor(
      scalars.size(), threads,
      [&](size_t begin, size_t end) {
        std::vector<Point> acc(end - begin);
        for (size_t i = begin; i < end; ++i) {
          ff::Limbs<4> k = scalars[i].ToCanonical();
          Point sum;
          for (size_t w = 0; w < kWindows; ++w) {
            size_t digit = ff::BitField(k, w * kWindow, kWindow);
            if (digit) sum += table[(w << kWindow) + digit];
          }
          acc[i - begin] = sum;
        }
        Point::BatchToAffine(acc, std::span(out).subspan(begin, end - begin));
      },
      256);
  return out;
}

}  // namespace

HugeFillLaterVector<ec::G1Affine> FixedBaseMulG1(std::span<const ff::Fr> scalars, size_t threads) {
  return FixedBaseMul<ec::G1Curve>(scalars, threads);
}

HugeFillLaterVector<ec::G2Affine> FixedBaseMulG2(std::span<const ff::Fr> scalars, size_t threads) {
  return FixedBaseMul<ec::G2Curve>(scalars, threads);
}

}  // namespace cuzk::msm

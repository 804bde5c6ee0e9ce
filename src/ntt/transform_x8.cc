// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ntt/transform_x8.h"

#include <algorithm>
#include <cstdio>
#include <random>

#include "base/parallel.h"

namespace cuzk::ntt::x8 {
namespace {

constexpr uint64_t kMask = FrX8::kLimbMask;
static_assert(FrX8::kLimbs == 5 && FrX8::kLimbBits == 52, "Pack/Unpack split 4 words into 5 limbs");
static_assert(sizeof(Fr) == 4 * sizeof(uint64_t), "Fr is its four Montgomery limbs");

// Columns per tile, as EvaluationDomain's HighStagesTiled: two groups of eight lanes.
constexpr size_t kTileColumns = 16;
constexpr size_t kGroups = kTileColumns / 8;

// 1/16 in Fr: the portable butterfly's correction from Fr's 2^256 Montgomery product to the
// lanes' 2^260 one.
const Fr& InverseOfSixteen() {
  static const Fr v = Fr::FromUint64(16).Inverse();
  return v;
}

}  // namespace

void Pack(const Fr* x, FrX8& out) {
  for (int k = 0; k < 8; ++k) {
    const auto& w = x[k].montgomery();
    out.limb[0][k] = w[0] & kMask;
    out.limb[1][k] = ((w[0] >> 52) | (w[1] << 12)) & kMask;
    out.limb[2][k] = ((w[1] >> 40) | (w[2] << 24)) & kMask;
    out.limb[3][k] = ((w[2] >> 28) | (w[3] << 36)) & kMask;
    out.limb[4][k] = w[3] >> 16;
  }
}

void Unpack(const FrX8& in, Fr* x) {
  for (int k = 0; k < 8; ++k) {
    Fr::Repr w;
    w[0] = in.limb[0][k] | (in.limb[1][k] << 52);
    w[1] = (in.limb[1][k] >> 12) | (in.limb[2][k] << 40);
    w[2] = (in.limb[2][k] >> 24) | (in.limb[3][k] << 28);
    w[3] = (in.limb[3][k] >> 36) | (in.limb[4][k] << 16);
    x[k] = Fr::FromMontgomery(w);
  }
}

FrX8 PackTwiddles(const Fr* w, size_t stride) {
  static const Fr kSixteen = Fr::FromUint64(16);
  Fr lanes[8];
  for (size_t k = 0; k < 8; ++k) lanes[k] = w[k * stride] * kSixteen;
  FrX8 out;
  Pack(lanes, out);
  return out;
}

void ButterflyPortable(FrX8& u, FrX8& v, const FrX8& w) {
  Fr us[8], vs[8], ws[8];
  Unpack(u, us);
  Unpack(v, vs);
  Unpack(w, ws);  // the Montgomery form of 16 w'
  for (int k = 0; k < 8; ++k) {
    Fr t = vs[k] * ws[k] * InverseOfSixteen();
    vs[k] = us[k] - t;
    us[k] += t;
  }
  Pack(us, u);
  Pack(vs, v);
}

bool AgreesWithPortable(ButterflyFn kernel) {
  // Lanes of 0, 1, r - 1 and fixed pseudo-random values, in every role.
  std::mt19937_64 rng(0x1f2e3d4c);
  Fr values[24];
  for (int i = 0; i < 24; ++i) values[i] = Fr::Random(rng);
  values[0] = values[11] = values[22] = Fr::Zero();
  values[1] = values[12] = values[23] = Fr::One();
  values[2] = values[10] = values[21] = -Fr::One();
  for (int round = 0; round < 3; ++round) {
    FrX8 u, v, w = PackTwiddles(&values[(8 * round + 16) % 24], 1);
    Pack(&values[8 * round], u);
    Pack(&values[(8 * round + 8) % 24], v);
    FrX8 want_u = u, want_v = v;
    kernel(u, v, w);
    ButterflyPortable(want_u, want_v, w);
    Fr got[16], want[16];
    Unpack(u, got);
    Unpack(v, got + 8);
    Unpack(want_u, want);
    Unpack(want_v, want + 8);
    for (int k = 0; k < 16; ++k) {
      if (got[k] != want[k]) return false;
    }
  }
  return true;
}

ButterflyFn IfmaButterfly() {
  static const ButterflyFn checked = []() -> ButterflyFn {
#if defined(__x86_64__)
    if (!ff::ifma::FrX8Supported()) return nullptr;
    // A known-answer check on first use: a kernel that disagrees is never used, so a CPU or
    // compiler fault in it costs speed, not every proof.
    if (!AgreesWithPortable(&ff::ifma::ButterflyFrX8)) {
      std::fprintf(stderr,
                   "cuzk: the AVX-512 IFMA NTT butterfly disagrees with the portable one on this "
                   "CPU: the NTT runs scalar\n");
      return nullptr;
    }
    return &ff::ifma::ButterflyFrX8;
#else
    return nullptr;
#endif
  }();
  return checked;
}

ButterflyFn AutoButterfly() {
  return ff::ifma::IfmaDeclinedByEnvironment() ? nullptr : IfmaButterfly();
}

std::vector<FrX8> PackSmall(const std::vector<Fr>& small) {
  // small[h + j] for h >= 8: entries 8 .. small.size() - 1, eight at a time.
  std::vector<FrX8> packed(small.size() / 8);
  for (size_t i = 1; i < packed.size(); ++i) packed[i] = PackTwiddles(&small[8 * i], 1);
  return packed;
}

PackedTwiddles PackDirection(const std::vector<Fr>& small, const std::vector<std::vector<Fr>>& wide,
                             const std::vector<std::pair<size_t, unsigned>>& passes) {
  PackedTwiddles packed;
  packed.small = PackSmall(small);
  for (size_t p = 0; p < wide.size(); ++p) {
    const std::vector<Fr>& table = wide[p];
    std::vector<FrX8> lanes(table.size() / 8), even;
    ParallelFor(lanes.size(), 0, [&](size_t b, size_t e) {
      for (size_t i = b; i < e; ++i) lanes[i] = PackTwiddles(&table[8 * i], 1);
    });
    if (passes[p].second == 4) {
      even.resize(table.size() / 16);
      ParallelFor(even.size(), 0, [&](size_t b, size_t e) {
        for (size_t i = b; i < e; ++i) even[i] = PackTwiddles(&table[16 * i], 2);
      });
    }
    packed.wide.push_back(std::move(lanes));
    packed.even.push_back(std::move(even));
  }
  return packed;
}

void BlockStages(Fr* x, size_t block, const std::vector<FrX8>& small, ButterflyFn butterfly,
                 std::vector<FrX8>& scratch) {
  if (block < 16) return;
  size_t lanes = block / 8;
  scratch.resize(lanes);
  for (size_t i = 0; i < lanes; ++i) Pack(x + 8 * i, scratch[i]);
  // Half-width h = 8 hb points: lane group k of a 2h-group pairs with lane group k + hb.
  for (size_t hb = 1; 8 * hb < block; hb <<= 1) {
    for (size_t g = 0; g < lanes; g += 2 * hb) {
      for (size_t j = 0; j < hb; ++j) {
        butterfly(scratch[g + j], scratch[g + j + hb], small[hb + j]);
      }
    }
  }
  for (size_t i = 0; i < lanes; ++i) Unpack(scratch[i], x + 8 * i);
}

void HighStagesTiled(std::span<Fr> values, size_t block,
                     const std::vector<std::pair<size_t, unsigned>>& passes,
                     const PackedTwiddles& twiddles, ButterflyFn butterfly, size_t threads,
                     const CancelFlag* cancel) {
  size_t n = values.size(), rows = n / block;
  ParallelFor(
      block / kTileColumns, threads,
      [&](size_t t0, size_t t1) {
        // tile[r * kGroups + q]: lanes of row r, columns col + 8q .. col + 8q + 7.
        std::vector<FrX8> tile(rows * kGroups);
        // One stage of half-width `half` rows; `table` holds the twiddle of point index m (mod
        // the stage's half-width in points) in lane group m / 8.
        auto stage = [&](size_t col, size_t half, const std::vector<FrX8>& table) {
          for (size_t group = 0; group < rows; group += 2 * half) {
            for (size_t k = 0; k < half; ++k) {
              FrX8* u = &tile[(group + k) * kGroups];
              FrX8* v = u + half * kGroups;
              const FrX8* w = &table[(k * block + col) / 8];
              for (size_t q = 0; q < kGroups; ++q) butterfly(u[q], v[q], w[q]);
            }
          }
        };
        for (size_t t = t0; t < t1; ++t) {
          if (IsCancelled(cancel)) return;
          size_t col = t * kTileColumns;
          for (size_t r = 0; r < rows; ++r) {
            for (size_t q = 0; q < kGroups; ++q) {
              Pack(values.data() + r * block + col + 8 * q, tile[r * kGroups + q]);
            }
          }
          for (size_t p = 0; p < passes.size(); ++p) {
            auto [h, radix] = passes[p];
            if (radix == 2) {
              stage(col, h / block, twiddles.wide[p]);
            } else {
              stage(col, h / block, twiddles.even[p]);
              stage(col, 2 * h / block, twiddles.wide[p]);
            }
          }
          for (size_t r = 0; r < rows; ++r) {
            for (size_t q = 0; q < kGroups; ++q) {
              Unpack(tile[r * kGroups + q], values.data() + r * block + col + 8 * q);
            }
          }
        }
      },
      1);
}

}  // namespace cuzk::ntt::x8

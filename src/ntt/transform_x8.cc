// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ntt/transform_x8.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iterator>
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

// m r as a lane integer.
constexpr LaneInt MultipleOfModulus(uint64_t m) {
  LaneInt x{};
  for (uint64_t i = 0; i < m; ++i) {
    ff::AddInPlace(x, LaneInt{ff::FrConfig::kModulus[0], ff::FrConfig::kModulus[1],
                              ff::FrConfig::kModulus[2], ff::FrConfig::kModulus[3], 0});
  }
  return x;
}
constexpr LaneInt kModulus = MultipleOfModulus(1), kTwiceModulus = MultipleOfModulus(2),
                  kFourTimesModulus = MultipleOfModulus(4);

// x - m where that does not borrow, else x, without a branch on the data.
void SubtractIfNotBelow(LaneInt& x, const LaneInt& m) {
  LaneInt d = x;
  uint64_t keep_x = uint64_t{0} - ff::SubInPlace(d, m);
  for (size_t i = 0; i < x.size(); ++i) x[i] = (x[i] & keep_x) | (d[i] & ~keep_x);
}

// Whether every lane of x has 52-bit limbs and is below `bound`.
bool NormalizedAndBelow(const FrX8& x, const LaneInt& bound) {
  for (int k = 0; k < 8; ++k) {
    for (int j = 0; j < FrX8::kLimbs; ++j) {
      if (x.limb[j][k] > kMask) return false;
    }
    if (!ff::LessThan(LaneValue(x, k), bound)) return false;
  }
  return true;
}

}  // namespace

void SetLaneValue(FrX8& out, int lane, const LaneInt& w) {
  out.limb[0][lane] = w[0] & kMask;
  out.limb[1][lane] = ((w[0] >> 52) | (w[1] << 12)) & kMask;
  out.limb[2][lane] = ((w[1] >> 40) | (w[2] << 24)) & kMask;
  out.limb[3][lane] = ((w[2] >> 28) | (w[3] << 36)) & kMask;
  out.limb[4][lane] = ((w[3] >> 16) | (w[4] << 48)) & kMask;
}

LaneInt LaneValue(const FrX8& in, int lane) {
  LaneInt w;
  w[0] = in.limb[0][lane] | (in.limb[1][lane] << 52);
  w[1] = (in.limb[1][lane] >> 12) | (in.limb[2][lane] << 40);
  w[2] = (in.limb[2][lane] >> 24) | (in.limb[3][lane] << 28);
  w[3] = (in.limb[3][lane] >> 36) | (in.limb[4][lane] << 16);
  w[4] = in.limb[4][lane] >> 48;
  return w;
}

void Pack(const Fr* x, FrX8& out) {
  for (int k = 0; k < 8; ++k) {
    const Fr::Repr& m = x[k].montgomery();
    SetLaneValue(out, k, {m[0], m[1], m[2], m[3], 0});
  }
}

void Unpack(const FrX8& in, Fr* x) {
  for (int k = 0; k < 8; ++k) {
    LaneInt w = LaneValue(in, k);
    x[k] = Fr::FromMontgomery({w[0], w[1], w[2], w[3]});
  }
}

void ReducePortable(FrX8& x) {
  for (int k = 0; k < 8; ++k) {
    LaneInt w = LaneValue(x, k);  // below 4r
    SubtractIfNotBelow(w, kTwiceModulus);
    SubtractIfNotBelow(w, kModulus);
    SetLaneValue(x, k, w);
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
  ReducePortable(u);
  ReducePortable(v);
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

void MulPortable(FrX8& out, const FrX8& a, const FrX8& b) {
  FrX8 ra = a, rb = b;
  ReducePortable(ra);
  ReducePortable(rb);
  Fr as[8], bs[8];
  Unpack(ra, as);
  Unpack(rb, bs);
  // Fr's product of Montgomery integers A and B is A B / 2^256: one more 1/16 makes it 2^260.
  for (int k = 0; k < 8; ++k) as[k] = as[k] * bs[k] * InverseOfSixteen();
  Pack(as, out);
}

bool LanesBelowR(const FrX8& x) { return NormalizedAndBelow(x, kModulus); }

bool LanesBelowFourR(const FrX8& x) { return NormalizedAndBelow(x, kFourTimesModulus); }

void AddModulusToLanes(FrX8& x, unsigned lanes) {
  for (int k = 0; k < 8; ++k) {
    if (!(lanes >> k & 1)) continue;
    LaneInt w = LaneValue(x, k);
    ff::AddInPlace(w, kModulus);
    SetLaneValue(x, k, w);
  }
}

void EdgeLanes(FrX8& u, FrX8& v, FrX8& w, size_t group) {
  // u and v among 0, 1, r - 1, r, 2r - 1, 2r, 4r - 1; w among 0, 1, r - 1: 147 triples, in order.
  const LaneInt one{1}, r_less_one = ff::SubSmall(kModulus, 1),
                        two_r_less_one = ff::SubSmall(kTwiceModulus, 1),
                        four_r_less_one = ff::SubSmall(kFourTimesModulus, 1);
  const LaneInt edges[7] = {LaneInt{},      one,           r_less_one,     kModulus,
                            two_r_less_one, kTwiceModulus, four_r_less_one};
  for (int k = 0; k < 8; ++k) {
    size_t i = (8 * group + static_cast<size_t>(k)) % kEdgeTriples;
    SetLaneValue(u, k, edges[i / 21]);
    SetLaneValue(v, k, edges[i / 3 % 7]);
    SetLaneValue(w, k, edges[i % 3]);
  }
}

bool AgreesWithPortable(const LaneKernels& kernels) {
  // Lanes of 0, 1, r - 1 and fixed pseudo-random values, in every role, as u and v also lifted
  // into [r, 4r) (the lazy form) in some lanes.
  std::mt19937_64 rng(0x1f2e3d4c);
  Fr values[24];
  for (int i = 0; i < 24; ++i) values[i] = Fr::Random(rng);
  values[0] = values[11] = values[22] = Fr::Zero();
  values[1] = values[12] = values[23] = Fr::One();
  values[2] = values[10] = values[21] = -Fr::One();
  // Lanes lifted by r, 2r or 3r: round 1 adds r to u's odd lanes and v's low half, round 2 r to
  // every lane, r more to half of them and r more to two of those.
  const unsigned lifted_u[3][3] = {{}, {0xaa}, {0xff, 0x0f, 0x03}};
  const unsigned lifted_v[3][3] = {{}, {0x0f}, {0xff, 0xf0, 0xc0}};
  for (int round = 0; round < 4; ++round) {
    FrX8 u, v, w;
    if (round < 3) {
      w = PackTwiddles(&values[(8 * round + 16) % 24], 1);
      Pack(&values[8 * round], u);
      Pack(&values[(8 * round + 8) % 24], v);
      for (int lift = 0; lift < 3; ++lift) {
        AddModulusToLanes(u, lifted_u[round][lift]);
        AddModulusToLanes(v, lifted_v[round][lift]);
      }
    } else {
      EdgeLanes(u, v, w, 0);
    }
    FrX8 want_u = u, want_v = v;
    kernels.butterfly(u, v, w);
    ButterflyPortable(want_u, want_v, w);
    if (!LanesBelowFourR(u) || !LanesBelowFourR(v)) return false;
    kernels.reduce(u);
    kernels.reduce(v);
    if (!LanesBelowR(u) || !LanesBelowR(v)) return false;
    Fr got[16], want[16];
    Unpack(u, got);
    Unpack(v, got + 8);
    Unpack(want_u, want);
    Unpack(want_v, want + 8);
    for (int k = 0; k < 16; ++k) {
      if (got[k] != want[k]) return false;
    }
  }
  // The product, of twiddle-form lanes (the values above, and edge integers up to 2r - 1).
  for (int round = 0; round < 4; ++round) {
    FrX8 a, b, got, want;
    if (round < 3) {
      a = PackTwiddles(&values[8 * round], 1);
      b = PackTwiddles(&values[(8 * round + 8) % 24], 1);
      AddModulusToLanes(b, 0x5a >> round);  // a few lanes of b in [r, 2r)
    } else {
      FrX8 unused;
      EdgeLanes(a, b, unused, 0);  // a and b below 4r: keep those below 2r
      for (int k = 0; k < 8; ++k) {
        for (FrX8* x : {&a, &b}) {
          if (!ff::LessThan(LaneValue(*x, k), kTwiceModulus)) SetLaneValue(*x, k, LaneInt{});
        }
      }
    }
    kernels.mul(got, a, b);
    MulPortable(want, a, b);
    if (!LanesBelowR(got)) return false;
    for (int k = 0; k < 8; ++k) {
      if (LaneValue(got, k) != LaneValue(want, k)) return false;
    }
  }
  // The reduction on its own, of the edge integers up to 4r - 1.
  for (size_t group = 0; 8 * group < kEdgeTriples; group += 3) {
    FrX8 u, v, w;
    EdgeLanes(u, v, w, group);
    FrX8 want = v;
    kernels.reduce(v);
    ReducePortable(want);
    for (int k = 0; k < 8; ++k) {
      if (LaneValue(v, k) != LaneValue(want, k)) return false;
    }
  }
  return true;
}

const LaneKernels* IfmaKernels() {
  static const LaneKernels* checked = []() -> const LaneKernels* {
#if defined(__x86_64__)
    static constexpr LaneKernels kIfma = {&ff::ifma::ButterflyFrX8, &ff::ifma::ReduceFrX8,
                                          &ff::ifma::MulMontFrX8};
    if (!ff::ifma::FrX8Supported()) return nullptr;
    // A known-answer check on first use: kernels that disagree are never used, so a CPU or
    // compiler fault in them costs speed, not every proof.
    if (!AgreesWithPortable(kIfma)) {
      std::fprintf(stderr,
                   "cuzk: the AVX-512 IFMA NTT kernels disagree with the portable ones on this "
                   "CPU: the NTT runs scalar\n");
      return nullptr;
    }
    return &kIfma;
#else
    return nullptr;
#endif
  }();
  return checked;
}

const LaneKernels* AutoKernels() { return ff::ifma::IfmaDeclined() ? nullptr : IfmaKernels(); }

LaneTable PackSmall(const std::vector<Fr>& small) {
  // small[h + j] for h >= 8: entries 8 .. small.size() - 1, eight at a time (packed[0] unused).
  LaneTable packed(small.size() / 8);
  for (size_t i = 1; i < packed.size(); ++i) packed[i] = PackTwiddles(&small[8 * i], 1);
  return packed;
}

PackedTwiddles PackDirection(const std::vector<Fr>& small,
                             const std::vector<std::pair<size_t, unsigned>>& passes,
                             const WideTableFn& wide) {
  PackedTwiddles packed;
  packed.small = PackSmall(small);
  for (size_t p = 0; p < passes.size(); ++p) {
    size_t h = passes[p].first;
    unsigned radix = passes[p].second;  // not a structured binding: the lambda below uses it
    size_t size = radix / 2 * h;
    // Whole chunks of 16 entries or more: lane groups of `wide`, and of `even` (every other).
    size_t chunk = std::min<size_t>(size, 4096);
    if (size % 16 != 0 || size % chunk != 0) {  // pass tables are powers of two
      std::fprintf(stderr, "PackDirection: a pass table of %zu entries\n", size);
      std::abort();
    }
    LaneTable lanes(size / 8), even(radix == 4 ? size / 16 : 0);
    ParallelFor(size / chunk, 0, [&](size_t c0, size_t c1) {
      std::vector<Fr> entries(chunk);
      for (size_t c = c0; c < c1; ++c) {
        size_t begin = c * chunk;
        wide(p, begin, begin + chunk, entries.data());
        for (size_t i = 0; i < chunk; i += 8) lanes[(begin + i) / 8] = PackTwiddles(&entries[i], 1);
        if (radix == 4) {
          for (size_t i = 0; i < chunk; i += 16) {
            even[(begin + i) / 16] = PackTwiddles(&entries[i], 2);
          }
        }
      }
    });
    packed.wide.push_back(std::move(lanes));
    packed.even.push_back(std::move(even));
  }
  return packed;
}

void BlockStages(Fr* x, size_t block, const LaneTable& small, const LaneKernels& kernels,
                 std::vector<FrX8>& scratch) {
  if (block < 16) return;
  size_t lanes = block / 8;
  scratch.resize(lanes);
  for (size_t i = 0; i < lanes; ++i) Pack(x + 8 * i, scratch[i]);
  // Half-width h = 8 hb points: lane group k of a 2h-group pairs with lane group k + hb.
  for (size_t hb = 1; 8 * hb < block; hb <<= 1) {
    for (size_t g = 0; g < lanes; g += 2 * hb) {
      for (size_t j = 0; j < hb; ++j) {
        kernels.butterfly(scratch[g + j], scratch[g + j + hb], small[hb + j]);
      }
    }
  }
  for (size_t i = 0; i < lanes; ++i) {
    kernels.reduce(scratch[i]);
    Unpack(scratch[i], x + 8 * i);
  }
}

namespace {

// Runs stages(tile, col) on every tile of the rows of `block` values: the kTileColumns columns
// [col, col + kTileColumns) of every row, gathered into lanes (tile[r * kGroups + q]: row r,
// columns col + 8q .. col + 8q + 7), then reduced below r and written back. Tiles are spread
// over `threads`; returns early when `cancel` is set.
template <typename Stages>
void ForEachTile(std::span<Fr> values, size_t block, const LaneKernels& kernels, size_t threads,
                 const CancelFlag* cancel, Stages stages) {
  size_t rows = values.size() / block;
  ParallelFor(
      block / kTileColumns, threads,
      [&](size_t t0, size_t t1) {
        std::vector<FrX8> tile(rows * kGroups);
        for (size_t t = t0; t < t1; ++t) {
          if (IsCancelled(cancel)) return;
          size_t col = t * kTileColumns;
          for (size_t r = 0; r < rows; ++r) {
            for (size_t q = 0; q < kGroups; ++q) {
              Pack(values.data() + r * block + col + 8 * q, tile[r * kGroups + q]);
            }
          }
          stages(tile, col);
          for (size_t r = 0; r < rows; ++r) {
            for (size_t q = 0; q < kGroups; ++q) {
              kernels.reduce(tile[r * kGroups + q]);
              Unpack(tile[r * kGroups + q], values.data() + r * block + col + 8 * q);
            }
          }
        }
      },
      1);
}

}  // namespace

void HighStagesTiled(std::span<Fr> values, size_t block,
                     const std::vector<std::pair<size_t, unsigned>>& passes,
                     const PackedTwiddles& twiddles, const LaneKernels& kernels, size_t threads,
                     const CancelFlag* cancel) {
  size_t rows = values.size() / block;
  ForEachTile(values, block, kernels, threads, cancel, [&](std::vector<FrX8>& tile, size_t col) {
    // One stage of half-width `half` rows; `table` holds the twiddle of point index m (mod the
    // stage's half-width in points) in lane group m / 8.
    auto stage = [&](size_t half, const LaneTable& table) {
      for (size_t group = 0; group < rows; group += 2 * half) {
        for (size_t k = 0; k < half; ++k) {
          FrX8* u = &tile[(group + k) * kGroups];
          FrX8* v = u + half * kGroups;
          const FrX8* w = &table[(k * block + col) / 8];
          for (size_t q = 0; q < kGroups; ++q) kernels.butterfly(u[q], v[q], w[q]);
        }
      }
    };
    for (size_t p = 0; p < passes.size(); ++p) {
      auto [h, radix] = passes[p];
      if (radix == 2) {
        stage(h / block, twiddles.wide[p]);
      } else {
        stage(h / block, twiddles.even[p]);
        stage(2 * h / block, twiddles.wide[p]);
      }
    }
  });
}

Fr PowU64(const Fr& x, uint64_t e) {
  const uint64_t limbs[1] = {e};
  return x.Pow(limbs);
}

namespace {

// Returns base * step^k for k < 8 in the lanes' twiddle form.
FrX8 EightPowers(const Fr& base, const Fr& step) {
  Fr powers[8];
  powers[0] = base;
  for (int k = 1; k < 8; ++k) powers[k] = powers[k - 1] * step;
  return PackTwiddles(powers, 1);
}

// Returns x in every lane, in the twiddle form.
FrX8 Broadcast(const Fr& x) {
  Fr lanes[8];
  std::fill(std::begin(lanes), std::end(lanes), x);
  return PackTwiddles(lanes, 1);
}

}  // namespace

void ScaleByPowers(std::span<Fr> values, const Fr& start, const Fr& step,
                   const LaneKernels& kernels, size_t threads) {
  size_t groups = values.size() / 8;
  const FrX8 step8 = Broadcast(PowU64(step, 8));
  ParallelFor(
      groups, threads,
      [&](size_t g0, size_t g1) {
        FrX8 w = EightPowers(start * PowU64(step, 8 * g0), step), x;
        for (size_t g = g0; g < g1; ++g) {
          Pack(values.data() + 8 * g, x);
          kernels.mul(x, x, w);
          Unpack(x, values.data() + 8 * g);
          kernels.mul(w, w, step8);
        }
      },
      512);
  Fr w = start * PowU64(step, 8 * groups);
  for (size_t i = 8 * groups; i < values.size(); ++i, w *= step) values[i] *= w;
}

void ScaledDifference(std::span<Fr> ab, std::span<const Fr> c, const Fr& g, const Fr& k,
                      const LaneKernels& kernels, size_t threads) {
  size_t groups = ab.size() / 8;
  const FrX8 g8 = Broadcast(PowU64(g, 8)), k_lanes = Broadcast(k);
  ParallelFor(
      groups, threads,
      [&](size_t g0, size_t g1) {
        FrX8 w = EightPowers(k * PowU64(g, 8 * g0), g), x, y;
        Fr xs[8], ys[8];
        for (size_t i = g0; i < g1; ++i) {
          Pack(ab.data() + 8 * i, x);
          Pack(c.data() + 8 * i, y);
          kernels.mul(x, x, w);
          kernels.mul(y, y, k_lanes);
          Unpack(x, xs);
          Unpack(y, ys);
          for (int l = 0; l < 8; ++l) ab[8 * i + l] = xs[l] - ys[l];
          kernels.mul(w, w, g8);
        }
      },
      512);
  Fr w = PowU64(g, 8 * groups);
  for (size_t i = 8 * groups; i < ab.size(); ++i, w *= g) ab[i] = (ab[i] * w - c[i]) * k;
}

void HighStagesComposed(std::span<Fr> values, size_t block, const Fr& root,
                        const LaneKernels& kernels, size_t threads, const CancelFlag* cancel) {
  size_t n = values.size(), rows = n / block;
  if (rows < 2 || block % kTileColumns != 0) {  // EvaluationDomain: rows >= 2, block = 2^14
    std::fprintf(stderr, "HighStagesComposed: %zu values in blocks of %zu\n", n, block);
    std::abort();
  }
  // Per stage s (half-width 2^s rows): columns[s][c / 8] holds w^c .. w^(c + 7) for c < block,
  // row_factors[s][k] w^(k block) in every lane, for k < 2^s; all in the lanes' twiddle form.
  std::vector<LaneTable> columns, row_factors;
  for (size_t half = 1; half < rows; half <<= 1) {
    Fr w = PowU64(root, n / (2 * half * block));
    LaneTable column_table(block / 8);
    ParallelFor(
        block / 8, threads,
        [&](size_t g0, size_t g1) {
          Fr entries[8];
          Fr t = PowU64(w, 8 * g0);
          for (size_t g = g0; g < g1; ++g) {
            for (Fr& e : entries) {
              e = t;
              t *= w;
            }
            column_table[g] = PackTwiddles(entries, 1);
          }
        },
        64);
    LaneTable row_table(half);
    Fr step = PowU64(w, block), t = Fr::One();
    for (size_t k = 0; k < half; ++k, t *= step) row_table[k] = Broadcast(t);
    columns.push_back(std::move(column_table));
    row_factors.push_back(std::move(row_table));
  }
  ForEachTile(values, block, kernels, threads, cancel, [&](std::vector<FrX8>& tile, size_t col) {
    size_t s = 0;
    for (size_t half = 1; half < rows; half <<= 1, ++s) {
      const FrX8* column = &columns[s][col / 8];
      for (size_t k = 0; k < half; ++k) {
        FrX8 w[kGroups];
        for (size_t q = 0; q < kGroups; ++q) kernels.mul(w[q], row_factors[s][k], column[q]);
        for (size_t group = 0; group < rows; group += 2 * half) {
          FrX8* u = &tile[(group + k) * kGroups];
          FrX8* v = u + half * kGroups;
          for (size_t q = 0; q < kGroups; ++q) kernels.butterfly(u[q], v[q], w[q]);
        }
      }
    }
  });
}

}  // namespace cuzk::ntt::x8

// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ntt/evaluation_domain.h"

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "base/parallel.h"
#include "ntt/transform_x8.h"

namespace cuzk::ntt {
namespace {

constexpr size_t kMinChunk = 1 << 12;

using x8::PowU64;

// Elements per cache block: the first log2(kBlock) stages run block by block while the block
// sits in L2 (2^14 * 32 B = 512 KiB), so they cost one pass over memory instead of fourteen.
constexpr size_t kBlockLog = 14;

// Reverses the low `bits` bits of i with a byte table.
inline size_t ReverseBits(size_t i, uint32_t bits) {
  static const auto kTable = [] {
    std::array<uint8_t, 256> t{};
    for (unsigned b = 0; b < 256; ++b) {
      unsigned r = 0;
      for (unsigned k = 0; k < 8; ++k) r |= ((b >> k) & 1) << (7 - k);
      t[b] = static_cast<uint8_t>(r);
    }
    return t;
  }();
  uint32_t x = static_cast<uint32_t>(i);
  uint32_t r = uint32_t{kTable[x & 0xff]} << 24 | uint32_t{kTable[(x >> 8) & 0xff]} << 16 |
               uint32_t{kTable[(x >> 16) & 0xff]} << 8 | kTable[x >> 24];
  return bits == 0 ? 0 : r >> (32 - bits);
}

// Tiles of the tiled bit reversal: 2^kTileLog rows of 2^kTileLog contiguous elements (256 B).
constexpr uint32_t kTileLog = 3;

void BitReverse(std::span<Fr> values, uint32_t log_n, size_t threads) {
  if (log_n < 2 * kTileLog) {
    // Each pair (i, rev(i)) is swapped by the thread owning the smaller index.
    ParallelFor(
        values.size(), threads,
        [&](size_t begin, size_t end) {
          for (size_t i = begin; i < end; ++i) {
            size_t j = ReverseBits(i, log_n);
            if (i < j) std::swap(values[i], values[j]);
          }
        },
        kMinChunk);
    return;
  }
  // With i = (a, m, b) in bits (high kTileLog | middle | low kTileLog), rev(i) =
  // (rev b, rev m, rev a): the tile of middle m (rows a, each a contiguous run of b) trades places
  // with the tile of rev m, so every memory access is a whole 256-byte row instead of a scattered
  // element (Carter and Gatlin, "Towards an optimal bit-reversal permutation program", FOCS 1998).
  constexpr size_t kSide = size_t{1} << kTileLog;
  uint32_t mid_log = log_n - 2 * kTileLog;
  size_t row_stride = size_t{1} << (log_n - kTileLog);
  ParallelFor(
      size_t{1} << mid_log, threads,
      [&](size_t begin, size_t end) {
        std::array<Fr, kSide * kSide> tile, other;
        auto load = [&](size_t m, std::array<Fr, kSide * kSide>& buf) {
          for (size_t a = 0; a < kSide; ++a)
            for (size_t b = 0; b < kSide; ++b)
              buf[a * kSide + b] = values[a * row_stride + (m << kTileLog) + b];
        };
        // Writes buf, the tile of some middle m, to the places of middle m_rev = rev(m).
        auto store = [&](const std::array<Fr, kSide * kSide>& buf, size_t m_rev) {
          for (size_t a = 0; a < kSide; ++a)
            for (size_t b = 0; b < kSide; ++b)
              values[ReverseBits(b, kTileLog) * row_stride + (m_rev << kTileLog) +
                     ReverseBits(a, kTileLog)] = buf[a * kSide + b];
        };
        for (size_t m = begin; m < end; ++m) {
          size_t m_rev = ReverseBits(m, mid_log);
          if (m_rev < m) continue;  // done with the pair
          load(m, tile);
          if (m_rev != m) {
            load(m_rev, other);
            store(other, m);
          }
          store(tile, m_rev);
        }
      },
      64);
}

#if CUZK_ASM_ADD_SUB
// Lazy butterflies (Harvey, "Faster arithmetic for number-theoretic transforms", J. Symbolic
// Computation 60, 2014, Sec. 4, here with Montgomery products): between stages the values only
// stay below 2r, so every product skips its final conditional subtraction (the lazy kernel
// returns w v / 2^256 + (0 or r) < 2r for w < r and any v < 2^256), and the sums and differences
// are reduced modulo 2r. The last stage brings every value below r again (Canonicalize).
inline uint64_t* LimbsOf(Fr& x) { return reinterpret_cast<uint64_t*>(&x); }
inline const uint64_t* LimbsOf(const Fr& x) { return x.montgomery().data(); }
constexpr ff::Limbs<4> kTwiceR = [] {
  ff::Limbs<4> m = ff::FrConfig::kModulus;
  ff::AddInPlace(m, ff::FrConfig::kModulus);  // 2r < 2^256
  return m;
}();
constexpr ff::Limbs<4> kZeroLimbs = {};
static_assert(sizeof(Fr) == sizeof(ff::Limbs<4>), "Fr is its Montgomery limbs");

// One radix-2 butterfly: (u, v) <- (u + w v, u - w v), for u, v < 2r and w < r; both below 2r.
inline void Butterfly(Fr& u, Fr& v, const Fr& w) {
  ff::Limbs<4> t;
  if (ff::AsmKernelsInUse()) [[likely]] {
    cuzk_fr_mul_mont_lazy_x86_64(t.data(), LimbsOf(w), LimbsOf(v));
  } else {  // a CPU without MULX/ADX: the portable product of canonical operands, below r
    ff::Limbs<4> v_mod_r;
    ff::x86_64::AddMod4(v_mod_r.data(), LimbsOf(v), kZeroLimbs.data(),
                        ff::FrConfig::kModulus.data());
    Fr::MulPortable(t, w.montgomery(), v_mod_r);
  }
  ff::x86_64::SubMod4(LimbsOf(v), LimbsOf(u), t.data(), kTwiceR.data());
  ff::x86_64::AddBelowBound4(LimbsOf(u), LimbsOf(u), t.data(), kTwiceR.data());
}
// The butterfly of twiddle 1: (u, v) <- (u + v, u - v), below 2r.
inline void AddSub(Fr& u, Fr& v) {
  Fr v0 = v;
  ff::x86_64::SubMod4(LimbsOf(v), LimbsOf(u), LimbsOf(v0), kTwiceR.data());
  ff::x86_64::AddBelowBound4(LimbsOf(u), LimbsOf(u), LimbsOf(v0), kTwiceR.data());
}
// x <- x mod r, for x < 2r.
inline void Canonicalize(Fr& x) {
  ff::x86_64::AddMod4(LimbsOf(x), LimbsOf(x), kZeroLimbs.data(), ff::FrConfig::kModulus.data());
}
#else
// One radix-2 butterfly: (u, v) <- (u + w v, u - w v).
inline void Butterfly(Fr& u, Fr& v, const Fr& w) {
  Fr t = v * w;
  v = u - t;
  u += t;
}
// The butterfly of twiddle 1: (u, v) <- (u + v, u - v).
inline void AddSub(Fr& u, Fr& v) {
  Fr v0 = v;
  v = u - v0;
  u += v0;
}
// Values are always canonical here.
inline void Canonicalize(Fr&) {}
#endif

// Returns the lane kernels a domain of `kernel` runs, or null for kScalar.
const x8::LaneKernels* LanesOf(NttKernel kernel) {
  switch (kernel) {
    case NttKernel::kEightLaneIfma:
      return x8::IfmaKernels();
    case NttKernel::kEightLanePortable:
      return &x8::kPortableKernels;
    case NttKernel::kAuto:  // resolved by ForSize
    case NttKernel::kScalar:
      break;
  }
  return nullptr;
}

// ScaleByPowers on the lanes of `kernel` where it has them.
void Scale(std::span<Fr> values, const Fr& start, const Fr& step, size_t threads,
           NttKernel kernel) {
  if (const x8::LaneKernels* lanes = LanesOf(kernel)) {
    x8::ScaleByPowers(values, start, step, *lanes, threads);
  } else {
    ScaleByPowers(values, start, step, threads);
  }
}

}  // namespace

void ScaleByPowers(std::span<Fr> values, const Fr& start, const Fr& step, size_t threads) {
  ParallelFor(
      values.size(), threads,
      [&](size_t begin, size_t end) {
        Fr w = start * PowU64(step, begin);
        for (size_t i = begin; i < end; ++i) {
          values[i] *= w;
          w *= step;
        }
      },
      kMinChunk);
}

// The twiddle factors of one domain size, per direction (root omega or omega^-1):
//   small[h + j] = w_h^j for the stages 2h <= block, with w_h = root^(n/2h), built at once;
//   wide[k] for the k-th pass over memory past the block: a radix-2 pass at half-width h takes
//   w_2h^j for j < h, a radix-4 pass at h (stages h and 2h) takes w_4h^i for i < 2h. These take
//   2/3 n elements per direction, so they are built on first use and only in the form that use
//   needs: Fr tables for the scalar butterflies, or packed tables for the lanes (computed straight
//   into lanes, without Fr tables). At 2^22 points on a 2-core VM with IFMA, the first transform
//   now spends 0.46 s and 320 MiB on tables, against 1.0 s and 490 MiB when both were built.
struct EvaluationDomain::Twiddles {
  std::vector<Fr> small_forward, small_inverse;
  mutable std::once_flag wide_once, packed_once;
  mutable std::vector<x8::FrTable> wide_forward, wide_inverse;
  mutable x8::PackedTwiddles packed_forward, packed_inverse;
};

namespace {

// The wide passes of a transform of 2^log_n points: (half-width h of the first stage, radix).
std::vector<std::pair<size_t, unsigned>> WidePasses(uint32_t log_n) {
  size_t n = size_t{1} << log_n, block = std::min(n, size_t{1} << kBlockLog);
  size_t wide_stages = 0;
  for (size_t x = block; x < n; x <<= 1) ++wide_stages;
  std::vector<std::pair<size_t, unsigned>> passes;
  size_t h = block;
  if (wide_stages % 2 == 1) {
    passes.push_back({h, 2});
    h <<= 1;
  }
  for (; h < n; h <<= 2) passes.push_back({h, 4});
  return passes;
}

// Returns the `small` table of DirectionTwiddles.
std::vector<Fr> SmallTwiddles(size_t n, const Fr& root) {
  size_t block = std::min(n, size_t{1} << kBlockLog);
  std::vector<Fr> small(std::max<size_t>(block, 2));
  for (size_t h = 1; h < block; h <<= 1) {
    Fr w = PowU64(root, n / (2 * h)), t = Fr::One();
    for (size_t j = 0; j < h; ++j, t *= w) small[h + j] = t;
  }
  return small;
}

// Fills out[j] = w^j for j < count, w = root^(n / (2 half)), in parallel chunks.
void FillTwiddles(x8::FrTable& out, size_t n, size_t half, size_t count, const Fr& root,
                  size_t threads) {
  out.resize(count);
  Fr w = PowU64(root, n / (2 * half));
  ParallelFor(
      count, threads,
      [&](size_t begin, size_t end) {
        Fr t = PowU64(w, begin);
        for (size_t j = begin; j < end; ++j, t *= w) out[j] = t;
      },
      kMinChunk);
}

// Fills `table` with the twiddles of wide pass (h, radix): w_(radix h)^i for i < radix h / 2.
void FillPassTwiddles(x8::FrTable& table, size_t n, size_t h, unsigned radix, const Fr& root,
                      size_t threads) {
  size_t half = radix / 2 * h;
  FillTwiddles(table, n, half, half, root, threads);
}

// Returns the wide pass tables of one direction (FillPassTwiddles for every pass).
std::vector<x8::FrTable> WideTwiddles(uint32_t log_n, const Fr& root) {
  std::vector<x8::FrTable> wide;
  for (auto [h, radix] : WidePasses(log_n)) {
    wide.emplace_back();
    FillPassTwiddles(wide.back(), size_t{1} << log_n, h, radix, root, 0);
  }
  return wide;
}

// Returns one direction's tables packed for the lanes, the wide ones computed chunk by chunk
// (entry i of pass (h, radix)'s table is w^i, w = root^(n / (radix h)), as FillPassTwiddles).
x8::PackedTwiddles PackedDirection(uint32_t log_n, const std::vector<Fr>& small, const Fr& root) {
  auto passes = WidePasses(log_n);
  size_t n = size_t{1} << log_n;
  return x8::PackDirection(small, passes, [&](size_t p, size_t begin, size_t end, Fr* out) {
    auto [h, radix] = passes[p];
    Fr w = PowU64(root, n / (radix * h));
    Fr t = PowU64(w, begin);
    for (size_t i = begin; i < end; ++i, t *= w) out[i - begin] = t;
  });
}

// Columns per tile of HighStagesTiled: 2^8 rows x 16 columns x 32 B = 128 KiB, in L2.
constexpr size_t kTileColumns = 16;

// Runs the stages past the block (half-widths block .. n/2) with precomputed pass tables, tile
// by tile instead of pass by pass. Viewed as rows of `block` points, those stages pair rows
// only, so the kTileColumns columns [col, col + kTileColumns) of every row go through all of
// them on their own: a tile is gathered into a contiguous buffer (rows `block` points apart
// would share cache sets), transformed there and scattered back, one pass over memory instead
// of one per radix-4 pass (2^22 points: 4). The twiddles are the passes' tables: a pass at
// half-width h takes w_4h^(2j) for its first stage and w_4h^j for its second (radix 2: w_2h^j).
void HighStagesTiled(std::span<Fr> values, size_t block,
                     const std::vector<std::pair<size_t, unsigned>>& passes,
                     const std::vector<x8::FrTable>& tables, size_t threads,
                     const CancelFlag* cancel) {
  size_t n = values.size(), rows = n / block;
  ParallelFor(
      block / kTileColumns, threads,
      [&](size_t t0, size_t t1) {
        std::vector<Fr> tile(rows * kTileColumns);
        // One stage of half-width `half` rows; twiddle(j) for j = the point's index mod the
        // stage's half-width in points.
        auto stage = [&](size_t col, size_t half, const Fr* twiddles, size_t stride) {
          for (size_t group = 0; group < rows; group += 2 * half) {
            for (size_t k = 0; k < half; ++k) {
              Fr* u = &tile[(group + k) * kTileColumns];
              Fr* v = u + half * kTileColumns;
              const Fr* w = twiddles + (k * block + col) * stride;
              for (size_t l = 0; l < kTileColumns; ++l) Butterfly(u[l], v[l], w[l * stride]);
            }
          }
        };
        for (size_t t = t0; t < t1; ++t) {
          if (IsCancelled(cancel)) return;
          size_t col = t * kTileColumns;
          for (size_t r = 0; r < rows; ++r) {
            std::copy_n(values.data() + r * block + col, kTileColumns, &tile[r * kTileColumns]);
          }
          for (size_t p = 0; p < passes.size(); ++p) {
            auto [h, radix] = passes[p];
            const Fr* table = tables[p].data();
            if (radix == 2) {
              stage(col, h / block, table, 1);
            } else {
              stage(col, h / block, table, 2);
              stage(col, 2 * h / block, table, 1);
            }
          }
          for (size_t r = 0; r < rows; ++r) {
            Fr* x = &tile[r * kTileColumns];
            for (size_t l = 0; l < kTileColumns; ++l) Canonicalize(x[l]);
            std::copy_n(x, kTileColumns, values.data() + r * block + col);
          }
        }
      },
      1);
}

}  // namespace

Result<EvaluationDomain> EvaluationDomain::ForSize(size_t min_size, TwiddleTables tables,
                                                   NttKernel kernel) {
  if (kernel == NttKernel::kEightLaneIfma && x8::IfmaKernels() == nullptr) {
    return Status::InvalidArgument(
        "the eight-lane NTT kernel needs AVX-512 IFMA, which this CPU "
        "does not have");
  }
  uint32_t k = 0;
  while ((size_t{1} << k) < min_size) ++k;
  if (k > ff::kFrTwoAdicity) {
    return Status::InvalidArgument("evaluation domain of " + std::to_string(min_size) +
                                   " points exceeds Fr's 2-adicity (2^32)");
  }
  // omega = ROOT_OF_UNITY squared (32 - k) times.
  Fr omega = ff::FrRootOfUnity();
  for (uint32_t i = k; i < ff::kFrTwoAdicity; ++i) omega = omega.Square();
  EvaluationDomain domain(k, omega);
  bool precompute = tables == TwiddleTables::kPrecomputed ||
                    (tables == TwiddleTables::kAuto && k <= kMaxPrecomputedLogSize);
  if (precompute) domain.twiddles_ = SharedTwiddles(k, domain.omega_, domain.omega_inv_);
  if (kernel == NttKernel::kAuto) {
    kernel = x8::AutoKernels() ? NttKernel::kEightLaneIfma : NttKernel::kScalar;
  }
  domain.kernel_ = kernel;
  return domain;
}

std::shared_ptr<const EvaluationDomain::Twiddles> EvaluationDomain::SharedTwiddles(
    uint32_t log_size, const Fr& omega, const Fr& omega_inv) {
  // One table set per size for the whole process: the daemon proves the same sizes again and
  // again, and the tables are immutable once built.
  static std::mutex mutex;
  static std::map<uint32_t, std::shared_ptr<const Twiddles>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto& entry = cache[log_size];
  if (!entry) {
    auto tables = std::make_shared<Twiddles>();
    size_t n = size_t{1} << log_size;
    tables->small_forward = SmallTwiddles(n, omega);
    tables->small_inverse = SmallTwiddles(n, omega_inv);
    entry = std::move(tables);
  }
  return entry;
}

EvaluationDomain::EvaluationDomain(uint32_t log_size, const Fr& omega)
    : log_size_(log_size),
      omega_(omega),
      omega_inv_(omega.Inverse()),
      size_inv_(Fr::FromUint64(uint64_t{1} << log_size).Inverse()) {}

void EvaluationDomain::Transform(std::span<Fr> values, bool inverse, size_t threads,
                                 const CancelFlag* cancel) const {
  // Iterative radix-2 decimation in time (Cormen et al., "Introduction to Algorithms", 30.3):
  // bit-reverse, then log2(n) stages of butterflies; the stage of half-width h uses the
  // twiddles w_h^j, j < h, with w_h = root^(n/2h).
  size_t n = size();
  const Fr& root = inverse ? omega_inv_ : omega_;
  const Twiddles* shared = twiddles_.get();
  const std::vector<Fr>* shared_small =
      shared ? (inverse ? &shared->small_inverse : &shared->small_forward) : nullptr;
  const std::vector<x8::FrTable>* wide = nullptr;
  if (IsCancelled(cancel)) return;
  BitReverse(values, log_size_, threads);
  // The eight-lane kernels take the stages of half-width 8 and more (ntt/transform_x8.h).
  // Without precomputed tables, the block stages' table is packed per call.
  const x8::LaneKernels* lanes = LanesOf(kernel_);
  const x8::PackedTwiddles* packed = nullptr;
  if (shared && lanes) {
    std::call_once(shared->packed_once, [&] {
      shared->packed_forward = PackedDirection(log_size_, shared->small_forward, omega_);
      shared->packed_inverse = PackedDirection(log_size_, shared->small_inverse, omega_inv_);
    });
    packed = inverse ? &shared->packed_inverse : &shared->packed_forward;
  } else if (shared) {
    std::call_once(shared->wide_once, [&] {
      shared->wide_forward = WideTwiddles(log_size_, omega_);
      shared->wide_inverse = WideTwiddles(log_size_, omega_inv_);
    });
    wide = inverse ? &shared->wide_inverse : &shared->wide_forward;
  }
  // 1. Stages with 2h <= block: all of them per block.
  size_t block = std::min(n, size_t{1} << kBlockLog);
  size_t scalar_block = lanes ? std::min<size_t>(block, 8) : block;  // 2h <= scalar_block
  std::vector<Fr> computed_small;
  if (!shared_small) computed_small = SmallTwiddles(n, root);
  const std::vector<Fr>& small = shared_small ? *shared_small : computed_small;
  x8::LaneTable computed_small_lanes;
  if (lanes && !shared) computed_small_lanes = x8::PackSmall(computed_small);
  const x8::LaneTable* small_lanes = packed ? &packed->small : &computed_small_lanes;
  ParallelFor(n / block, threads, [&](size_t b0, size_t b1) {
    std::vector<x8::FrX8> scratch;
    for (size_t b = b0; b < b1; ++b) {
      if (IsCancelled(cancel)) return;
      Fr* x = values.data() + b * block;
      // The first stage's twiddle is 1: add and subtract, no multiplication.
      for (size_t k = 0; k + 1 < block; k += 2) AddSub(x[k], x[k + 1]);
      for (size_t h = 2; h < scalar_block; h <<= 1) {
        for (size_t k = 0; k < block; k += 2 * h) {
          // j = 0 has twiddle 1 too: over these stages that spares n/2 multiplications (~4%).
          AddSub(x[k], x[k + h]);
          for (size_t j = 1; j < h; ++j) Butterfly(x[k + j], x[k + j + h], small[h + j]);
        }
      }
      if (block == n || lanes) {
        for (size_t k = 0; k < block; ++k) Canonicalize(x[k]);
      }
      if (lanes) x8::BlockStages(x, block, *small_lanes, *lanes, scratch);
    }
  });
  // 2. Wider stages. With precomputed tables, all of them in one pass over memory, tile by tile
  //    (HighStagesTiled). Without (domains past 2^22, where every pass's table at once would
  //    take 2/3 n elements): on lanes, tile by tile too, with twiddles composed from two small
  //    tables per stage (x8::HighStagesComposed); scalar, two per pass where possible (a radix-4
  //    step: stages h and 2h on the four elements j, j + h, j + 2h, j + 3h of each 4h-group),
  //    so the last stages cost half as many passes; an odd stage count starts with one radix-2
  //    stage, and each pass first computes its own table (one buffer, grown once).
  auto passes = WidePasses(log_size_);
  if (packed && n > block) {
    x8::HighStagesTiled(values, block, passes, *packed, *lanes, threads, cancel);
    return;
  }
  if (lanes && n > block) {
    x8::HighStagesComposed(values, block, root, *lanes, threads, cancel);
    return;
  }
  if (wide && n > block) {
    HighStagesTiled(values, block, passes, *wide, threads, cancel);
    return;
  }
  x8::FrTable computed;
  if (!wide && n > block) computed.reserve(n / 2);
  for (size_t p = 0; p < passes.size(); ++p) {
    auto [h, radix] = passes[p];
    if (IsCancelled(cancel)) return;
    if (!wide) FillPassTwiddles(computed, n, h, radix, root, threads);
    const x8::FrTable& twiddles = wide ? (*wide)[p] : computed;
    bool last = p + 1 == passes.size();
    if (radix == 2) {
      ParallelFor(
          n / 2, threads,
          [&, h = h](size_t begin, size_t end) {
            for (size_t i = begin; i < end; ++i) {
              if (CancelledAt(i - begin, cancel)) return;
              size_t j = i & (h - 1);
              size_t lo = ((i - j) << 1) + j;  // group start (2h-aligned) + j
              Butterfly(values[lo], values[lo + h], twiddles[j]);
              if (last) {
                Canonicalize(values[lo]);
                Canonicalize(values[lo + h]);
              }
            }
          },
          kMinChunk);
      continue;
    }
    // twiddles[i] = w_4h^i for i < 2h; stage h uses w_2h^j = w_4h^(2j).
    ParallelFor(
        n / 4, threads,
        [&, h = h](size_t begin, size_t end) {
          for (size_t i = begin; i < end; ++i) {
            if (CancelledAt(i - begin, cancel)) return;
            size_t j = i & (h - 1);
            Fr* x = values.data() + ((i - j) << 2) + j;  // group start (4h-aligned) + j
            const Fr& w1 = twiddles[2 * j];
            Butterfly(x[0], x[h], w1);
            Butterfly(x[2 * h], x[3 * h], w1);
            Butterfly(x[0], x[2 * h], twiddles[j]);
            Butterfly(x[h], x[3 * h], twiddles[j + h]);
            if (last) {
              for (size_t q = 0; q < 4; ++q) Canonicalize(x[q * h]);
            }
          }
        },
        kMinChunk);
  }
}

void EvaluationDomain::Fft(std::span<Fr> values, size_t threads) const {
  Transform(values, /*inverse=*/false, threads);
}

void EvaluationDomain::Ifft(std::span<Fr> values, size_t threads) const {
  Transform(values, /*inverse=*/true, threads);
  Scale(values, size_inv_, Fr::One(), threads, kernel_);
}

void EvaluationDomain::CosetFft(std::span<Fr> values, size_t threads) const {
  Scale(values, Fr::One(), ff::FrMultiplicativeGenerator(), threads, kernel_);
  Fft(values, threads);
}

void EvaluationDomain::IcosetFft(std::span<Fr> values, size_t threads) const {
  Ifft(values, threads);
  Scale(values, Fr::One(), ff::FrMultiplicativeGenerator().Inverse(), threads, kernel_);
}

void EvaluationDomain::DomainToCoset(std::span<Fr> values, size_t threads,
                                     const CancelFlag* cancel) const {
  // Coefficient i needs 1/n (end of the Ifft) and g^i (start of the CosetFft): one pass.
  Transform(values, /*inverse=*/true, threads, cancel);
  if (IsCancelled(cancel)) return;  // the scaling pass alone is ~30 ms per 2^21 points
  Scale(values, size_inv_, ff::FrMultiplicativeGenerator(), threads, kernel_);
  Transform(values, /*inverse=*/false, threads, cancel);
}

void EvaluationDomain::QuotientCoefficients(std::span<Fr> ab, std::span<Fr> c, size_t threads,
                                            const CancelFlag* cancel) const {
  // Z is the constant z = g^n - 1 on the coset, and the coset interpolation is linear and gives
  // C (degree < n) back from C's coset evaluations, so
  //   H = icoset((AB - C)/z) = (icoset(AB) - C)/z:
  // C's coefficients are enough (its coset evaluations, two transforms, are never needed).
  // With T the unscaled inverse transform, icoset(AB)_i = g^-i T(ab)_i / n and C_i = T(c)_i / n.
  Transform(ab, /*inverse=*/true, threads, cancel);
  Transform(c, /*inverse=*/true, threads, cancel);
  if (IsCancelled(cancel)) return;
  Fr k = size_inv_ * VanishingOnCoset().Inverse();
  Fr g_inv = ff::FrMultiplicativeGenerator().Inverse();
  if (const x8::LaneKernels* lanes = LanesOf(kernel_)) {
    x8::ScaledDifference(ab, c, g_inv, k, *lanes, threads);
    return;
  }
  ParallelFor(
      ab.size(), threads,
      [&](size_t begin, size_t end) {
        Fr w = PowU64(g_inv, begin);
        for (size_t i = begin; i < end; ++i) {
          ab[i] = (ab[i] * w - c[i]) * k;
          w *= g_inv;
        }
      },
      kMinChunk);
}

Fr EvaluationDomain::VanishingOnCoset() const {
  return PowU64(ff::FrMultiplicativeGenerator(), size()) - Fr::One();
}

void EvaluationDomain::DivideByVanishingOnCoset(std::span<Fr> values, size_t threads) const {
  Scale(values, VanishingOnCoset().Inverse(), Fr::One(), threads, kernel_);
}

}  // namespace cuzk::ntt

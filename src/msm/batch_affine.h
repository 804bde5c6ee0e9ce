// SPDX-License-Identifier: Apache-2.0 OR MIT
// Batch-affine point additions for Pippenger's MSM (msm/pippenger.cc, its only includer): many
// affine additions whose slopes share one field inversion (Montgomery's trick; the "batch affine"
// method of gnark-crypto and of Aranha et al., eprint 2022/1396), ~6 multiplications each
// instead of the ~11 of a mixed Jacobian addition. The inversions run in variable time
// (Bernstein-Yang, ff/modinv.h): bases are public parameters and scalars a Filecoin witness,
// which a PoRep or PoSt proof does not hide. Given eight-lane Fp kernels (ff/fp_x8_ifma.h), the
// additions run eight at a time on them (msm/affine_lanes.h: G1 on Fp lanes, G2 on pairs of
// them) with the same results; a null kernel set keeps them scalar.
#pragma once

#include <algorithm>
#include <bit>
#include <optional>
#include <span>
#include <vector>

#include "base/huge_page_allocator.h"
#include "ec/curve.h"
#include "ec/g1.h"
#include "msm/affine_lanes.h"

namespace cuzk::msm::detail {

// The lane adder for `lanes` (null: none).
template <typename Curve>
class OptionalLaneAdder {
 public:
  explicit OptionalLaneAdder(const FpX8Kernels* lanes) : lanes_(lanes) {
    if (lanes_ != nullptr) adder_.emplace(*lanes_);
  }
  // Whether the additions run on lanes.
  bool enabled() const { return lanes_ != nullptr; }
  AffineLaneAdder<Curve>& operator*() { return *adder_; }

 private:
  const FpX8Kernels* lanes_;
  std::optional<AffineLaneAdder<Curve>> adder_;
};

// Asks the cache for the whole of *p (an affine point spans two or three cache lines).
template <typename T>
inline void PrefetchObject(const T* p) {
  const char* bytes = reinterpret_cast<const char*>(p);
  for (size_t offset = 0; offset < sizeof(T); offset += 64) __builtin_prefetch(bytes + offset);
  __builtin_prefetch(bytes + sizeof(T) - 1);
}

// Returns how many additions of a window of `buckets` affine buckets share one inversion.
inline size_t AffineBatchSize(size_t buckets) { return std::clamp<size_t>(buckets / 4, 32, 2048); }

// Affine buckets filled in batches of additions to distinct buckets. For one batch:
//   1. queue (bucket, base, sign) triples, the base by address (a G2 point is 200 bytes: copying
//      it into the queue cost 14% of a 2^16-point G2 MSM); an empty bucket just takes the
//      point, P + (-P) empties the bucket, the rare P + P is done at once in Jacobian form, and
//      a pair whose bucket already has a queued addition waits for the next batch;
//   2. invert all denominators x_P - x_B together;
//   3. lambda = (y_P - y_B)/(x_P - x_B), x = lambda^2 - x_B - x_P, y = lambda (x_B - x) - y_B.
template <typename Curve>
class AffineBuckets {
 public:
  using Field = typename Curve::Field;
  using Affine = ec::Affine<Curve>;

  // One inversion serves a whole batch, so batches are as large as the bucket count allows
  // without the additions of one batch colliding too often: a quarter of the buckets, 32 to
  // 2048 (AffineBatchSize). Measured with Fermat inversions (~476 multiplications; ~70 now,
  // and smaller batches measured no faster since): 2^20 random points, 512 -> 2048 took
  // 3.77 -> 3.63 s (4096 gained nothing); 2^20 points with 90% trivial scalars, 1/16 -> 1/4 of
  // the buckets took 600 -> 555 ms (1/2 was the same).
  // lanes: eight-lane Fp kernels for the additions, or null.
  explicit AffineBuckets(size_t count, const FpX8Kernels* lanes = nullptr)
      : buckets_(count), stamp_(count, 0), batch_(AffineBatchSize(count)), lanes_(lanes) {}

  // Asks the cache for bucket b and its batch stamp ahead of an Add to it.
  void Prefetch(uint32_t b) const {
    __builtin_prefetch(&stamp_[b]);
    PrefetchObject(&buckets_[b]);
  }
  // Empties every bucket.
  void Reset() { std::fill(buckets_.begin(), buckets_.end(), Affine::Identity()); }
  // Adds base, or -base where `negate`, into bucket b (deferred until Flush or until the batch
  // fills). The batch keeps a pointer to base (no copy): base must outlive the next Flush.
  void Add(uint32_t b, const Affine& base, bool negate) {
    // Only a queued addition makes the bucket busy: the other cases complete at once.
    if (stamp_[b] == batch_id_) {
      deferred_.push_back({b, negate, &base});
      // A long waiting list means few distinct buckets (skewed scalars): completing the batch
      // now bounds how often a point is replayed, where waiting for a full batch was quadratic.
      if (deferred_.size() >= batch_) ApplyAndRetry();
      return;
    }
    Affine& bucket = buckets_[b];
    if (bucket.infinity) {
      bucket = negate ? -base : base;
    } else if (bucket.x == base.x) {
      Affine p = negate ? -base : base;
      bucket = (bucket.y == p.y) ? ec::Jacobian<Curve>(p).Double().ToAffine() : Affine::Identity();
    } else {
      stamp_[b] = batch_id_;
      pending_.push_back({b, negate, &base});
      if (pending_.size() == batch_) ApplyAndRetry();
    }
  }
  // Completes every queued addition.
  void Flush() {
    while (!pending_.empty() || !deferred_.empty()) ApplyAndRetry();
  }
  std::span<const Affine> buckets() const { return {buckets_.data(), buckets_.size()}; }
  // The buckets, to be changed in place (MergeBucketCopies): Flush first.
  std::span<Affine> mutable_buckets() { return {buckets_.data(), buckets_.size()}; }

 private:
  // Completes the batch, then requeues the points that waited for it (they may wait again, and
  // requeueing may complete further batches: each call owns the list it replays).
  // Out of line (once per batch), as GCC chose before the lane path existed.
  __attribute__((noinline)) void ApplyAndRetry() {
    Apply();
    std::vector<Pending> retry;
    retry.swap(deferred_);
    for (const Pending& d : retry) Add(d.bucket, *d.base, d.negate);
  }
  // A queued addition: bucket += base, or -= base where negate.
  struct Pending {
    uint32_t bucket;
    bool negate;
    const Affine* base;
    Affine Point() const { return negate ? -*base : *base; }
  };

  // Two interleaved prefix-product chains (even and odd positions) share the one inversion, so
  // consecutive multiplications need not wait for each other (measured gain: within noise); each
  // bucket is updated in the same backward pass that recovers its inverse.
  void Apply() {
    if (lanes_.enabled()) return ApplyOnLanes();
    size_t n = pending_.size();
    diff_.resize(n);
    prefix_.resize(n);
    Field acc[2] = {Field::One(), Field::One()};
    for (size_t i = 0; i < n; ++i) {
      if (i + kLookahead < n) PrefetchObject(&buckets_[pending_[i + kLookahead].bucket]);
      diff_[i] = pending_[i].base->x - buckets_[pending_[i].bucket].x;
      prefix_[i] = acc[i & 1];
      acc[i & 1] *= diff_[i];
    }
    Field both = (acc[0] * acc[1]).InverseVartime();
    Field inv[2] = {both * acc[1], both * acc[0]};
    for (size_t i = n; i-- > 0;) {
      if (i >= kLookahead) PrefetchObject(&buckets_[pending_[i - kLookahead].bucket]);
      Field inverse = inv[i & 1] * prefix_[i];
      inv[i & 1] *= diff_[i];
      Affine& bucket = buckets_[pending_[i].bucket];
      const Affine p = pending_[i].Point();
      Field lambda = (p.y - bucket.y) * inverse;
      Field x = lambda.Square() - bucket.x - p.x;
      bucket.y = lambda * (bucket.x - x) - bucket.y;
      bucket.x = x;
    }
    pending_.clear();
    ++batch_id_;
  }

  // Apply on lanes. Out of line, as the other lane paths, so that the scalar path's inlining
  // does not depend on them.
  __attribute__((noinline)) void ApplyOnLanes() {
    (*lanes_).AddAll(
        pending_.size(), [&](size_t i) -> Affine& { return buckets_[pending_[i].bucket]; },
        [&](size_t i) -> const Affine& { return *pending_[i].base; },
        [&](size_t i) { return pending_[i].negate; });
    pending_.clear();
    ++batch_id_;
  }

  // How many additions ahead a bucket is prefetched: a batch's buckets do not stay in L1.
  static constexpr size_t kLookahead = 8;

  HugeVector<Affine> buckets_;
  std::vector<uint32_t> stamp_;
  size_t batch_;
  uint32_t batch_id_ = 1;
  std::vector<Pending> pending_, deferred_;
  std::vector<Field> diff_, prefix_;
  OptionalLaneAdder<Curve> lanes_;
};

// Sums affine points (the bases of the scalars 1) with batch-affine additions: the points are
// added in pairs, round after round, and all slopes of a round share one inversion, so a chunk of
// n points costs n - 1 additions of ~6 multiplications plus log2(n) inversions, instead of n
// mixed Jacobian additions of ~11. A pair with equal x (P + P or P - P) goes to the Jacobian
// total instead.
template <typename Curve>
class AffineSummer {
 public:
  using Field = typename Curve::Field;
  using Affine = ec::Affine<Curve>;

  // lanes: eight-lane Fp kernels for the additions, or null.
  explicit AffineSummer(const FpX8Kernels* lanes = nullptr) : lanes_(lanes) {}

  // Adds p to the sum.
  void Add(const Affine& p) {
    if (p.infinity) return;
    points_.push_back(p);
    if (points_.size() == kChunk) Reduce();
  }
  // Returns the sum of every point added.
  ec::Jacobian<Curve> Sum() {
    Reduce();
    return total_;
  }

 private:
  // Points per chunk: log2(kChunk) inversions per chunk. 4096 -> 16384 took the 2^20-point MSM
  // with 90% scalars 0/1 from 495 to 485 ms (65536: the same).
  static constexpr size_t kChunk = 16384;

  // Folds points_ into total_.
  void Reduce() {
    while (points_.size() > 1) {
      if (lanes_.enabled()) {
        ReduceRoundOnLanes();
        continue;
      }
      size_t pairs = points_.size() / 2;
      prefix_.resize(pairs);
      Field acc = Field::One();
      for (size_t i = 0; i < pairs; ++i) {
        prefix_[i] = acc;
        const Affine &a = points_[2 * i], &b = points_[2 * i + 1];
        if (a.x != b.x) acc *= b.x - a.x;
      }
      Field inv = acc.InverseVartime();
      // Back to front, so each pair's inverse is known when it is reached.
      std::vector<Affine>& next = next_;
      next.clear();
      for (size_t i = pairs; i-- > 0;) {
        const Affine &a = points_[2 * i], &b = points_[2 * i + 1];
        if (a.x == b.x) {
          total_ += a;
          total_ += b;
          continue;
        }
        Field d = b.x - a.x;
        Field lambda = (b.y - a.y) * (inv * prefix_[i]);
        inv *= d;
        Field x = lambda.Square() - a.x - b.x;
        Affine sum;
        sum.x = x;
        sum.y = lambda * (a.x - x) - a.y;
        sum.infinity = false;
        next.push_back(sum);
      }
      if (points_.size() % 2 == 1) next.push_back(points_.back());
      points_.swap(next);
    }
    if (!points_.empty()) total_ += points_[0];
    points_.clear();
  }

  // One round of Reduce on lanes, in the same order: pairs from the back, those with equal x to
  // total_, the sums (left in the pair's first point) to the next round.
  __attribute__((noinline)) void ReduceRoundOnLanes() {
    size_t pairs = points_.size() / 2;
    regular_.clear();
    for (size_t i = pairs; i-- > 0;) {
      const Affine &a = points_[2 * i], &b = points_[2 * i + 1];
      if (a.x == b.x) {
        total_ += a;
        total_ += b;
      } else {
        regular_.push_back(2 * i);
      }
    }
    (*lanes_).AddAll(
        regular_.size(), [&](size_t j) -> Affine& { return points_[regular_[j]]; },
        [&](size_t j) -> const Affine& { return points_[regular_[j] + 1]; });
    next_.clear();
    for (size_t at : regular_) next_.push_back(points_[at]);
    if (points_.size() % 2 == 1) next_.push_back(points_.back());
    points_.swap(next_);
  }

  std::vector<Affine> points_, next_;
  std::vector<Field> prefix_;
  std::vector<size_t> regular_;
  ec::Jacobian<Curve> total_;
  OptionalLaneAdder<Curve> lanes_;
};

// Returns sum_b (b+1) * buckets[b] with the running-sum trick.
template <typename Curve, typename Bucket>
ec::Jacobian<Curve> FoldBuckets(std::span<const Bucket> buckets) {
  ec::Jacobian<Curve> running, sum;
  for (size_t b = buckets.size(); b-- > 0;) {
    running += buckets[b];
    sum += running;
  }
  return sum;
}

// Adds many independent pairs in affine coordinates with one shared inversion (Montgomery's
// trick): acc[i] += addend(i) for every i. A pair with an infinity or with equal x (P + P,
// P - P) is completed on its own.
template <typename Curve>
class AffinePairAdder {
 public:
  using Field = typename Curve::Field;
  using Affine = ec::Affine<Curve>;

  // lanes: eight-lane Fp kernels for the additions, or null.
  explicit AffinePairAdder(const FpX8Kernels* lanes = nullptr) : lanes_(lanes) {}

  // addend(i) returns the point added to acc[i]; it must not alias acc.
  template <typename Addend>
  void AddAll(std::span<Affine> acc, Addend addend) {
    if (lanes_.enabled()) return AddAllOnLanes(acc, addend);
    size_t n = acc.size();
    diff_.resize(n);
    prefix_.resize(n);
    Field product = Field::One();
    for (size_t i = 0; i < n; ++i) {
      const Affine& q = addend(i);
      prefix_[i] = product;
      if (!IsSpecial(acc[i], q)) {
        diff_[i] = q.x - acc[i].x;
        product *= diff_[i];
      }
    }
    Field inv = product.InverseVartime();
    for (size_t i = n; i-- > 0;) {
      Affine& p = acc[i];
      const Affine& q = addend(i);
      if (IsSpecial(p, q)) {
        AddSpecial(p, q);
        continue;
      }
      Field lambda = (q.y - p.y) * (inv * prefix_[i]);
      inv *= diff_[i];
      Field x = lambda.Square() - p.x - q.x;
      p.y = lambda * (p.x - x) - p.y;
      p.x = x;
    }
  }

 private:
  static bool IsSpecial(const Affine& p, const Affine& q) {
    return p.infinity || q.infinity || p.x == q.x;
  }
  // Completes a special pair (an infinity, P + P or P - P) on its own.
  static void AddSpecial(Affine& p, const Affine& q) {
    if (q.infinity) return;
    if (p.infinity) {
      p = q;
    } else {
      p = (p.y == q.y) ? ec::Jacobian<Curve>(p).Double().ToAffine() : Affine::Identity();
    }
  }
  // AddAll on lanes: the special pairs one by one, the regular ones eight at a time.
  template <typename Addend>
  __attribute__((noinline)) void AddAllOnLanes(std::span<Affine> acc, Addend addend) {
    regular_.clear();
    for (size_t i = 0; i < acc.size(); ++i) {
      if (IsSpecial(acc[i], addend(i))) {
        AddSpecial(acc[i], addend(i));
      } else {
        regular_.push_back(i);
      }
    }
    (*lanes_).AddAll(
        regular_.size(), [&](size_t j) -> Affine& { return acc[regular_[j]]; },
        [&](size_t j) -> const Affine& { return addend(regular_[j]); });
  }
  std::vector<Field> diff_, prefix_;
  std::vector<size_t> regular_;
  OptionalLaneAdder<Curve> lanes_;
};

// Adds buckets[b + k width] into buckets[b] for b < width and 0 < k < copies (the copies a window
// with few buckets spreads its points over: PippengerWindows), then empties the buckets from
// width up to the next power of two, and returns that power of two: the buckets to fold. The
// copies are added pairwise, halving their number each round: ceil(log2(copies)) inversions.
template <typename Curve>
size_t MergeBucketCopies(std::span<ec::Affine<Curve>> buckets, size_t width, size_t copies,
                         const FpX8Kernels* lanes) {
  AffinePairAdder<Curve> adder(lanes);
  for (size_t live = copies; live > 1;) {
    // Copies [live - half, live) go into [live - 2 half, live - half); an odd one out (copy 0)
    // waits for the next round.
    size_t half = live / 2, into = live - 2 * half;
    adder.AddAll(
        buckets.subspan(into * width, half * width), [&](size_t j) -> const auto& {
          return buckets[(into + half) * width + j];
        });
    live -= half;
  }
  size_t folded = std::bit_ceil(width);
  std::fill(buckets.begin() + static_cast<ptrdiff_t>(width),
            buckets.begin() + static_cast<ptrdiff_t>(folded), ec::Affine<Curve>::Identity());
  return folded;
}

// Buckets from this many on are folded by FoldAffineBuckets.
constexpr size_t kSegmentedFoldMinBuckets = size_t{1} << 11;

// Returns sum_b (b+1) * buckets[b] for a power-of-two number of affine buckets, with the
// running-sum trick run on S segments of L consecutive buckets side by side, so that each of
// the L steps is S independent additions sharing one inversion (~6 multiplications each instead
// of the 11 + 16 of a mixed plus a Jacobian addition):
//   running_s = sum_j B[sL+j],  sum_s = sum_j (j+1) B[sL+j],
//   sum_b (b+1) B[b] = sum_s sum_s + L * sum_s s * running_s,
// the last sum again by the running-sum trick, over the S segments. S ~ 2 sqrt(n) balances the
// inversions (2 per step, ~70 multiplications each) against that Jacobian tail (~38
// multiplications per segment); 4 sqrt(n) measured the same.
template <typename Curve>
ec::Jacobian<Curve> FoldAffineBuckets(std::span<const ec::Affine<Curve>> buckets,
                                      const FpX8Kernels* lanes = nullptr) {
  using Affine = ec::Affine<Curve>;
  size_t n = buckets.size();
  unsigned log_n = 0;
  while ((size_t{1} << (log_n + 1)) <= n) ++log_n;
  size_t segments = std::min(n, size_t{1} << ((log_n + 1) / 2 + 1));
  size_t length = n / segments;  // both powers of two
  std::vector<Affine> running(segments), sum(segments);
  AffinePairAdder<Curve> adder(lanes);
  for (size_t t = length; t-- > 0;) {
    adder.AddAll(running, [&](size_t s) -> const Affine& { return buckets[s * length + t]; });
    adder.AddAll(sum, [&](size_t s) -> const Affine& { return running[s]; });
  }
  ec::Jacobian<Curve> total, suffix, weighted;
  for (size_t s = segments; s-- > 0;) {
    total += sum[s];
    if (s == 0) break;
    suffix += running[s];
    weighted += suffix;  // after the loop: sum_s s * running_s
  }
  for (size_t l = 1; l < length; l <<= 1) weighted = weighted.Double();
  return total + weighted;
}

}  // namespace cuzk::msm::detail

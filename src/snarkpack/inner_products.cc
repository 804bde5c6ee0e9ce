// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "snarkpack/inner_products.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "base/parallel.h"
#include "msm/pippenger.h"

namespace cuzk::snarkpack {
namespace {

// A run of one product's pairs (its terms' pairs, in order) whose Miller loop one thread
// computes.
struct MillerChunk {
  size_t product;
  std::vector<std::pair<ec::G1Affine, const ec::G2Prepared*>> pairs;
};

}  // namespace

std::vector<ec::G2Prepared> PrepareAll(std::span<const ec::G2Affine> b) {
  std::vector<ec::G2Prepared> prepared(b.size());
  ParallelFor(b.size(), 0, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) prepared[i] = ec::PrepareG2(b[i]);
  });
  return prepared;
}

std::vector<ff::Fp12> PairingProducts(std::span<const std::vector<PairingTerm>> products) {
  // Every chunk repeats the Miller loop's 63 squarings, so a product is cut only into as many
  // chunks as the threads need: about 4 per thread over the whole batch.
  size_t pairs = 0;
  for (const auto& terms : products) {
    for (const PairingTerm& t : terms) pairs += t.g1.size();
  }
  const size_t target = 4 * HardwareThreads();
  const size_t chunk_pairs = std::max<size_t>(1, (pairs + target - 1) / target);
  std::vector<MillerChunk> chunks;
  for (size_t p = 0; p < products.size(); ++p) {
    for (const PairingTerm& t : products[p]) {
      for (size_t i = 0; i < t.g1.size(); ++i) {
        if (chunks.empty() || chunks.back().product != p ||
            chunks.back().pairs.size() == chunk_pairs) {
          chunks.push_back({p, {}});
        }
        chunks.back().pairs.emplace_back(t.g1[i], &t.g2[i]);
      }
    }
  }
  // The Miller loop of a product is the product of its chunks' (the line functions multiply).
  // One task per chunk, and per final exponentiation, so free threads take the next one.
  std::vector<ff::Fp12> partial(chunks.size());
  ParallelFor(chunks.size(), chunks.size(), [&](size_t begin, size_t end) {
    for (size_t k = begin; k < end; ++k) partial[k] = ec::MultiMillerLoop(chunks[k].pairs);
  });
  std::vector<ff::Fp12> out(products.size(), ff::Fp12::One());
  for (size_t k = 0; k < chunks.size(); ++k) out[chunks[k].product] *= partial[k];
  ParallelFor(out.size(), out.size(), [&](size_t begin, size_t end) {
    for (size_t p = begin; p < end; ++p) out[p] = ec::FinalExponentiation(out[p]);
  });
  return out;
}

ff::Fp12 PairingProduct(std::span<const ec::G1Affine> a, std::span<const ec::G2Affine> b) {
  const std::vector<ec::G2Prepared> prepared = PrepareAll(b);
  const std::vector<PairingTerm> terms = {{a, prepared}};
  return PairingProducts(std::span(&terms, 1))[0];
}

ec::G1Affine MultiExp(std::span<const ec::G1Affine> a, std::span<const ff::Fr> s) {
  return msm::MsmG1(a, s).ToAffine();
}

}  // namespace cuzk::snarkpack

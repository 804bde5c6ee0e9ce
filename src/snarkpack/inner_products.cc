// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "snarkpack/inner_products.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "base/parallel.h"
#include "msm/pippenger.h"

namespace cuzk::snarkpack {
namespace {

// A run of one term's pairs whose Miller loop one thread computes.
struct MillerChunk {
  size_t product;
  const PairingTerm* term;
  size_t begin, end;
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
  // Chunks small enough that every thread gets several, large enough to share squarings.
  size_t pairs = 0;
  for (const auto& terms : products) {
    for (const PairingTerm& t : terms) pairs += t.g1.size();
  }
  const size_t chunk = std::max<size_t>(1, pairs / (4 * HardwareThreads()));
  std::vector<MillerChunk> chunks;
  for (size_t p = 0; p < products.size(); ++p) {
    for (const PairingTerm& t : products[p]) {
      for (size_t b = 0; b < t.g1.size(); b += chunk) {
        chunks.push_back({p, &t, b, std::min(t.g1.size(), b + chunk)});
      }
    }
  }
  // The Miller loop of a product is the product of its chunks' (the line functions multiply).
  std::vector<ff::Fp12> partial(chunks.size());
  ParallelFor(chunks.size(), 0, [&](size_t begin, size_t end) {
    std::vector<std::pair<ec::G1Affine, const ec::G2Prepared*>> refs;
    for (size_t k = begin; k < end; ++k) {
      const MillerChunk& c = chunks[k];
      refs.clear();
      for (size_t i = c.begin; i < c.end; ++i) refs.emplace_back(c.term->g1[i], &c.term->g2[i]);
      partial[k] = ec::MultiMillerLoop(refs);
    }
  });
  std::vector<ff::Fp12> out(products.size(), ff::Fp12::One());
  for (size_t k = 0; k < chunks.size(); ++k) out[chunks[k].product] *= partial[k];
  ParallelFor(out.size(), 0, [&](size_t begin, size_t end) {
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

// SPDX-License-Identifier: Apache-2.0 OR MIT
// Preprocessing of the optimized Poseidon (Grassi et al., Poseidon paper, Appendix B, as neptune
// implements it): the steps and names follow docs/filecoin.md §5.3.
#include "hash/poseidon_optimized.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "base/parallel.h"

namespace cuzk::hash {
namespace {

Matrix Identity(size_t t) {
  Matrix m(t, std::vector<Fr>(t));
  for (size_t i = 0; i < t; ++i) m[i][i] = Fr::One();
  return m;
}

Matrix Multiply(const Matrix& a, const Matrix& b) {
  size_t n = a.size(), k = b.size(), m = b[0].size();
  Matrix out(n, std::vector<Fr>(m));
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < m; ++j) {
      Fr acc;
      for (size_t l = 0; l < k; ++l) acc += a[i][l] * b[l][j];
      out[i][j] = acc;
    }
  }
  return out;
}

// Gauss-Jordan elimination; the matrices here (Cauchy and its minors) are invertible.
Matrix Invert(Matrix m) {
  size_t n = m.size();
  Matrix inv = Identity(n);
  for (size_t col = 0; col < n; ++col) {
    size_t pivot = col;
    while (m[pivot][col].IsZero()) ++pivot;
    std::swap(m[pivot], m[col]);
    std::swap(inv[pivot], inv[col]);
    Fr scale = m[col][col].Inverse();
    for (size_t j = 0; j < n; ++j) {
      m[col][j] *= scale;
      inv[col][j] *= scale;
    }
    for (size_t row = 0; row < n; ++row) {
      if (row == col || m[row][col].IsZero()) continue;
      Fr f = m[row][col];
      for (size_t j = 0; j < n; ++j) {
        m[row][j] -= f * m[col][j];
        inv[row][j] -= f * inv[col][j];
      }
    }
  }
  return inv;
}

Matrix Minor(const Matrix& x) {
  Matrix out(x.size() - 1, std::vector<Fr>(x.size() - 1));
  for (size_t i = 1; i < x.size(); ++i) {
    for (size_t j = 1; j < x.size(); ++j) out[i - 1][j - 1] = x[i][j];
  }
  return out;
}

// Row 0 = e_0; row i >= 1 = (0, X[i][1..]).
Matrix Prime(const Matrix& x) {
  Matrix out = x;
  for (size_t j = 0; j < x.size(); ++j) out[0][j] = j == 0 ? Fr::One() : Fr::Zero();
  for (size_t i = 1; i < x.size(); ++i) out[i][0] = Fr::Zero();
  return out;
}

// Row 0 = X[0]; row i >= 1 = (w_hat[i-1], e_i) with w_hat = (X[1..][0]) * minor(X)^-1.
SparseMatrix DoublePrime(const Matrix& x) {
  size_t t = x.size();
  std::vector<Fr> w(t - 1);
  for (size_t i = 1; i < t; ++i) w[i - 1] = x[i][0];
  std::vector<Fr> w_hat_rest = ApplyMatrix(Invert(Minor(x)), w);
  SparseMatrix s;
  s.w_hat.push_back(x[0][0]);
  s.w_hat.insert(s.w_hat.end(), w_hat_rest.begin(), w_hat_rest.end());
  s.v_rest.assign(x[0].begin() + 1, x[0].end());
  return s;
}

std::unique_ptr<OptimizedPoseidon> Preprocess(const PoseidonParams& p) {
  auto o = std::make_unique<OptimizedPoseidon>();
  o->params = &p;
  size_t t = p.width, rp = p.partial_rounds;
  const Matrix& m = p.mds;
  Matrix m_inv = Invert(m);
  // Sparse factorization: X <- M; R_P times: push double_prime(X); X <- M prime(X).
  Matrix x = m;
  std::vector<SparseMatrix> pushed;
  for (size_t i = 0; i < rp; ++i) {
    pushed.push_back(DoublePrime(x));
    x = Multiply(m, Prime(x));
  }
  o->pre_sparse = x;
  o->sparse.assign(pushed.rbegin(), pushed.rend());
  // Compressed constants.
  auto rk = [&](size_t round) {
    return std::vector<Fr>(p.round_constants.begin() + round * t,
                           p.round_constants.begin() + round * t + t);
  };
  auto emit = [&](const std::vector<Fr>& v) {
    o->compressed_constants.insert(o->compressed_constants.end(), v.begin(), v.end());
  };
  emit(rk(0));
  for (size_t r = 1; r <= 3; ++r) emit(ApplyMatrix(m_inv, rk(r)));
  size_t first_final = 4 + rp;
  std::vector<Fr> acc = rk(first_final), partial_keys;
  for (size_t i = 0; i < rp; ++i) {
    std::vector<Fr> v = ApplyMatrix(m_inv, acc);
    partial_keys.push_back(v[0]);
    v[0] = Fr::Zero();
    acc = rk(first_final - 1 - i);
    for (size_t j = 0; j < t; ++j) acc[j] += v[j];
  }
  emit(ApplyMatrix(m_inv, acc));
  emit(std::vector<Fr>(partial_keys.rbegin(), partial_keys.rend()));
  for (size_t r = first_final + 1; r <= first_final + 3; ++r) emit(ApplyMatrix(m_inv, rk(r)));
  return o;
}

Fr Quintic(const Fr& x) { return x * x.Square().Square(); }

}  // namespace

std::vector<Fr> ApplyMatrix(const Matrix& m, std::span<const Fr> v) {
  std::vector<Fr> out(m[0].size());
  for (size_t j = 0; j < out.size(); ++j) {
    for (size_t i = 0; i < v.size(); ++i) out[j] += v[i] * m[i][j];
  }
  return out;
}

Result<const OptimizedPoseidon*> OptimizedPoseidonFor(size_t arity) {
  auto params = PoseidonParamsFor(arity);
  RETURN_IF_ERROR(params);
  static std::mutex mu;
  static std::map<size_t, std::unique_ptr<OptimizedPoseidon>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = cache[arity];
  if (!slot) slot = Preprocess(**params);
  return static_cast<const OptimizedPoseidon*>(slot.get());
}

void PoseidonPermuteOptimized(const OptimizedPoseidon& o, std::span<Fr> e, std::span<Fr> scratch) {
  const PoseidonParams& p = *o.params;
  size_t t = p.width;
  const Fr* cc = o.compressed_constants.data();
  auto mix = [&](const Matrix& m) {
    for (size_t j = 0; j < t; ++j) {
      Fr acc;
      for (size_t i = 0; i < t; ++i) acc += e[i] * m[i][j];
      scratch[j] = acc;
    }
    std::copy_n(scratch.begin(), t, e.begin());
  };
  // Full round 0: (e + RK(0))^5 plus the first post-keys.
  for (size_t i = 0; i < t; ++i) e[i] = Quintic(e[i] + cc[i]) + cc[t + i];
  cc += 2 * t;
  mix(p.mds);
  // Full rounds 1..3 with post-keys; the third is mixed with pre_sparse.
  for (size_t r = 1; r <= 3; ++r) {
    for (size_t i = 0; i < t; ++i) e[i] = Quintic(e[i]) + *cc++;
    mix(r == 3 ? o.pre_sparse : p.mds);
  }
  // Partial rounds: S-box on e[0] with its key, then the round's sparse matrix.
  for (const SparseMatrix& s : o.sparse) {
    e[0] = Quintic(e[0]) + *cc++;
    Fr first;
    for (size_t i = 0; i < t; ++i) first += s.w_hat[i] * e[i];
    for (size_t j = 1; j < t; ++j) e[j] += s.v_rest[j - 1] * e[0];
    e[0] = first;
  }
  // Final full rounds with post-keys, then the terminal one without.
  for (size_t r = 0; r < 4; ++r) {
    for (size_t i = 0; i < t; ++i) e[i] = r < 3 ? Quintic(e[i]) + *cc++ : Quintic(e[i]);
    mix(p.mds);
  }
}

Result<Fr> PoseidonHashOptimized(std::span<const Fr> preimage) {
  auto opt = OptimizedPoseidonFor(preimage.size());
  RETURN_IF_ERROR(opt);
  std::vector<Fr> state(preimage.size() + 1), scratch(preimage.size() + 1);
  state[0] = (*opt)->params->merkle_tag;
  std::copy(preimage.begin(), preimage.end(), state.begin() + 1);
  PoseidonPermuteOptimized(**opt, state, scratch);
  return state[1];
}

Status PoseidonHashMany(size_t arity, std::span<const Fr> preimages, std::span<Fr> out,
                        size_t threads) {
  auto opt = OptimizedPoseidonFor(arity);
  RETURN_IF_ERROR(opt);
  if (preimages.size() != out.size() * arity) {
    return Status::InvalidArgument(std::to_string(preimages.size()) + " elements do not form " +
                                   std::to_string(out.size()) + " preimages of arity " +
                                   std::to_string(arity));
  }
  const OptimizedPoseidon& o = **opt;
  ParallelFor(
      out.size(), threads,
      [&](size_t begin, size_t end) {
        std::vector<Fr> state(arity + 1), scratch(arity + 1);
        for (size_t i = begin; i < end; ++i) {
          state[0] = o.params->merkle_tag;
          std::copy_n(preimages.begin() + static_cast<long>(i * arity), arity, state.begin() + 1);
          PoseidonPermuteOptimized(o, state, scratch);
          out[i] = state[1];
        }
      },
      64);
  return Status::Ok();
}

}  // namespace cuzk::hash

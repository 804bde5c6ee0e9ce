// SPDX-License-Identifier: Apache-2.0 OR MIT
// The slow, obvious reference for field tests: GMP integers and conversions from/to limbs.
#pragma once

#include <gmpxx.h>

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace cuzk::testing {

// Returns the integer whose little-endian 64-bit limbs are `limbs`.
template <size_t N>
mpz_class ToMpz(const std::array<uint64_t, N>& limbs) {
  mpz_class z;
  mpz_import(z.get_mpz_t(), N, -1, sizeof(uint64_t), 0, 0, limbs.data());
  return z;
}

// Returns the little-endian limbs of 0 <= z < 2^(64N).
template <size_t N>
std::array<uint64_t, N> FromMpz(const mpz_class& z) {
  std::array<uint64_t, N> limbs{};
  size_t count = 0;
  mpz_export(limbs.data(), &count, -1, sizeof(uint64_t), 0, 0, z.get_mpz_t());
  return limbs;
}

// Returns the BLS12-381 seed x = -0xd201000000010000.
inline mpz_class SeedX() { return -mpz_class("0xd201000000010000"); }

// Returns r = x^4 - x^2 + 1 computed from the seed.
inline mpz_class ScalarModulusFromSeed() {
  mpz_class x = SeedX();
  return x * x * x * x - x * x + 1;
}

// Returns p = (x-1)^2 r / 3 + x computed from the seed.
inline mpz_class BaseModulusFromSeed() {
  mpz_class x = SeedX();
  return (x - 1) * (x - 1) * ScalarModulusFromSeed() / 3 + x;
}

// Returns `count` seeded values below 2m: first the edges 0, 1, m - 1, m, 2m - 1, then random
// (64 kWords)-bit integers reduced mod 2m (operands of the lazy vector kernels, which accept up to
// 2m).
template <size_t kWords = 4>
std::vector<mpz_class> OperandsBelowTwice(const mpz_class& m, size_t count, uint64_t seed) {
  std::vector<mpz_class> out = {0, 1, m - 1, m, 2 * m - 1};
  std::mt19937_64 rng(seed);
  while (out.size() < count) {
    std::array<uint64_t, kWords> l;
    for (auto& w : l) w = rng();
    out.push_back(ToMpz(l) % (2 * m));
  }
  return out;
}

}  // namespace cuzk::testing

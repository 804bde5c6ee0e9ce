// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench tour`: shows that the arithmetic works end to end and how fast its pieces are.
// Every step checks its own result; a mismatch prints FAIL and exits with status 1.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "base/hex.h"
#include "commands/commands.h"
#include "ec/pairing.h"
#include "ec/serialization.h"

namespace cuzk::bench {
namespace {

using Clock = std::chrono::steady_clock;

double MicrosSince(Clock::time_point start) {
  return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

// Runs `step`, times it, and prints the outcome; exits on failure.
template <typename Step>
void Check(const char* what, Step step) {
  auto start = Clock::now();
  bool ok = step();
  double micros = MicrosSince(start);
  std::printf("  %-58s %10.1f us  %s\n", what, micros, ok ? "ok" : "FAIL");
  if (!ok) std::exit(1);
}

int RunTour(uint64_t seed) {
  using ec::G1;
  using ec::G2;
  using ff::Fr;
  std::mt19937_64 rng(seed);
  std::printf("cuzk arithmetic tour (BLS12-381, seed %llu)\nfield kernels: %s\n",
              static_cast<unsigned long long>(seed), ff::DescribeFieldKernels().c_str());

  auto g1_bytes = ec::G1ToCompressed(ec::G1Curve::Generator());
  Check("G1 generator compress + decompress (subgroup checked)", [&] {
    auto g1 = ec::G1FromCompressed(g1_bytes);
    return g1.ok() && *g1 == ec::G1Curve::Generator();
  });
  std::printf("    %s\n", ToHex(g1_bytes).c_str());
  Check("G2 generator compress + decompress (subgroup checked)", [] {
    auto g2 = ec::G2FromCompressed(ec::G2ToCompressed(ec::G2Curve::Generator()));
    return g2.ok() && *g2 == ec::G2Curve::Generator();
  });

  Fr a = Fr::Random(rng), b = Fr::Random(rng);
  ec::G1Affine ap, abp;
  ec::G2Affine bq;
  Check("random a*G1, b*G2, ab*G1, each subgroup checked", [&] {
    ap = ec::Mul(G1::Generator(), a).ToAffine();
    bq = ec::Mul(G2::Generator(), b).ToAffine();
    abp = ec::Mul(G1::Generator(), a * b).ToAffine();
    return ec::IsInG1Subgroup(ap) && ec::IsInG2Subgroup(bq) && ec::IsInG1Subgroup(abp);
  });
  Check("bilinearity: e(aP, bQ) == e(abP, Q) != 1 (two pairings)", [&] {
    auto lhs = ec::Pairing(ap, bq);
    return lhs == ec::Pairing(abp, ec::G2Curve::Generator()) && !lhs.IsOne();
  });
  std::vector<std::pair<ec::G1Affine, ec::G2Affine>> pairs = {{ap, bq},
                                                              {-abp, ec::G2Curve::Generator()}};
  Check("PairingCheck e(aP, bQ) * e(-abP, Q) == 1", [&] { return ec::PairingCheck(pairs); });
  pairs[1].first = abp;
  Check("PairingCheck rejects an unbalanced product", [&] { return !ec::PairingCheck(pairs); });
  std::printf("tour passed\n");
  return 0;
}

}  // namespace

void RegisterTour(CLI::App& app) {
  auto* cmd =
      app.add_subcommand("tour", "Self-checking tour of the BLS12-381 arithmetic, with timings");
  static uint64_t seed = 1;
  cmd->add_option("--seed", seed, "Seed of the random scalars")->capture_default_str();
  cmd->callback([] {
    int rc = RunTour(seed);
    if (rc != 0) std::exit(rc);
  });
}

}  // namespace cuzk::bench

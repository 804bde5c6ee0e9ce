// SPDX-License-Identifier: Apache-2.0 OR MIT
// Shared helpers of the micro-benchmarks: cheap distinct base points and peak-memory reporting.
#pragma once

#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <vector>

#include "ec/g1.h"
#include "ec/g2.h"

namespace cuzk::bench {

// Returns n distinct points P, P+G, P+2G, ... in affine form (one addition each).
template <typename Point>
std::vector<typename Point::AffinePoint> DistinctPoints(size_t n) {
  std::vector<Point> jac(n);
  Point p = Point::Generator().MulByUint64(0x1234567);
  for (auto& q : jac) {
    q = p;
    p += Point::Generator();
  }
  std::vector<typename Point::AffinePoint> out(n);
  Point::BatchToAffine(jac, out);
  return out;
}

// Records the process's peak resident set size (MiB) as a benchmark counter.
inline void ReportPeakRss(benchmark::State& state) {
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  state.counters["peak_rss_MiB"] = static_cast<double>(usage.ru_maxrss) / 1024.0;
}

}  // namespace cuzk::bench

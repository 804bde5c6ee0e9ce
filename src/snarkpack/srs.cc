// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "snarkpack/srs.h"

#include <atomic>
#include <fstream>
#include <iterator>

#include "base/parallel.h"
#include "ec/serialization.h"

namespace cuzk::snarkpack {
namespace {

// Reads one vector at `*offset`: u32 big-endian length, then the points; keeps at most max_len.
template <typename Point, size_t kBytes, typename Decode>
Status ReadVector(std::span<const uint8_t> bytes, size_t* offset, size_t max_len, const char* name,
                  Decode decode, std::vector<Point>* out) {
  if (bytes.size() - *offset < 4) {
    return Status::InvalidArgument(std::string("SRS: the file ends before ") + name + "'s length");
  }
  const uint8_t* p = bytes.data() + *offset;
  const size_t len = size_t{p[0]} << 24 | size_t{p[1]} << 16 | size_t{p[2]} << 8 | p[3];
  *offset += 4;
  if (len > kMaxSrsVectorLen) {
    return Status::InvalidArgument(std::string("SRS: ") + name + " has " + std::to_string(len) +
                                   " points, more than " + std::to_string(kMaxSrsVectorLen));
  }
  if ((bytes.size() - *offset) / kBytes < len) {
    return Status::InvalidArgument(std::string("SRS: the file ends inside ") + name + " (" +
                                   std::to_string(len) + " points announced)");
  }
  const size_t keep = std::min(len, max_len);
  out->assign(keep, Point::Identity());
  std::atomic<size_t> bad{keep};
  const uint8_t* base = bytes.data() + *offset;
  ParallelFor(keep, 0, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      auto point = decode(std::span<const uint8_t>(base + i * kBytes, kBytes));
      if (point.ok()) {
        (*out)[i] = *point;
      } else {
        size_t seen = bad.load();
        while (i < seen && !bad.compare_exchange_weak(seen, i)) {
        }
      }
    }
  });
  if (bad.load() < keep) {
    return Status::InvalidArgument(std::string("SRS: ") + name + " point " +
                                   std::to_string(bad.load()) +
                                   " is not a valid compressed point of its group");
  }
  *offset += len * kBytes;
  return Status::Ok();
}

Status CheckCount(size_t n) {
  if (n < 2 || (n & (n - 1)) != 0) {
    return Status::InvalidArgument("SnarkPack needs a power of two of at least 2 proofs, not " +
                                   std::to_string(n));
  }
  return Status::Ok();
}

}  // namespace

Result<GenericSrs> ParseSrs(std::span<const uint8_t> bytes, size_t max_len) {
  GenericSrs srs;
  size_t offset = 0;
  auto g1 = [](std::span<const uint8_t> b) { return ec::G1FromCompressed(b); };
  auto g2 = [](std::span<const uint8_t> b) { return ec::G2FromCompressed(b); };
  constexpr size_t k1 = ec::kG1CompressedBytes, k2 = ec::kG2CompressedBytes;
  RETURN_IF_ERROR((ReadVector<ec::G1Affine, k1>(bytes, &offset, max_len, "g_alpha_powers", g1,
                                                &srs.g_alpha_powers)));
  RETURN_IF_ERROR((ReadVector<ec::G1Affine, k1>(bytes, &offset, max_len, "g_beta_powers", g1,
                                                &srs.g_beta_powers)));
  RETURN_IF_ERROR((ReadVector<ec::G2Affine, k2>(bytes, &offset, max_len, "h_alpha_powers", g2,
                                                &srs.h_alpha_powers)));
  RETURN_IF_ERROR((ReadVector<ec::G2Affine, k2>(bytes, &offset, max_len, "h_beta_powers", g2,
                                                &srs.h_beta_powers)));
  return srs;
}

Result<GenericSrs> ReadSrs(const std::string& path, size_t max_len) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return Status(StatusCode::kNotFound,
                  "SnarkPack SRS " + path + " not found (needed to aggregate proofs)");
  }
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
  auto srs = ParseSrs(bytes, max_len);
  if (!srs.ok()) return srs.status().Prefixed(path + ": ");
  return srs;
}

Result<ProverSrs> SpecializeProver(const GenericSrs& srs, size_t n) {
  RETURN_IF_ERROR(CheckCount(n));
  const size_t need = 2 * n;
  if (srs.g_alpha_powers.size() < need || srs.g_beta_powers.size() < need ||
      srs.h_alpha_powers.size() < need || srs.h_beta_powers.size() < need) {
    return Status::InvalidArgument("the SnarkPack SRS is too short for " + std::to_string(n) +
                                   " proofs (needs " + std::to_string(need) + " powers of each)");
  }
  ProverSrs p;
  p.n = n;
  p.g_alpha_powers = std::span(srs.g_alpha_powers).first(need);
  p.g_beta_powers = std::span(srs.g_beta_powers).first(need);
  p.h_alpha_powers = std::span(srs.h_alpha_powers).first(n);
  p.h_beta_powers = std::span(srs.h_beta_powers).first(n);
  p.keys.v_a.assign(srs.h_alpha_powers.begin(), srs.h_alpha_powers.begin() + n);
  p.keys.v_b.assign(srs.h_beta_powers.begin(), srs.h_beta_powers.begin() + n);
  p.keys.w_a.assign(srs.g_alpha_powers.begin() + n, srs.g_alpha_powers.begin() + need);
  p.keys.w_b.assign(srs.g_beta_powers.begin() + n, srs.g_beta_powers.begin() + need);
  return p;
}

Result<VerifierSrs> SpecializeVerifier(const GenericSrs& srs, size_t n) {
  RETURN_IF_ERROR(CheckCount(n));
  const size_t len = srs.g_alpha_powers.size();
  if (len < 2 || srs.g_beta_powers.size() < 2 || srs.h_beta_powers.size() < 2 || n > len ||
      srs.h_alpha_powers.size() <= len - n) {
    return Status::InvalidArgument("the SnarkPack SRS is too short for " + std::to_string(n) +
                                   " proofs");
  }
  VerifierSrs v;
  v.n = n;
  v.g = srs.g_alpha_powers[0];
  v.h = srs.h_alpha_powers[0];
  v.g_alpha = srs.g_alpha_powers[1];
  v.g_beta = srs.g_beta_powers[1];
  v.h_alpha = srs.h_alpha_powers[1];
  v.h_beta = srs.h_beta_powers[1];
  v.h_alpha_d = srs.h_alpha_powers[len - n];
  return v;
}

}  // namespace cuzk::snarkpack

// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "snarkpack/aggregate_proof.h"

#include <string>

#include "ec/serialization.h"
#include "snarkpack/gt_encoding.h"
#include "snarkpack/srs.h"

namespace cuzk::snarkpack {
namespace {

// Appends in bellperson's order.
class Writer {
 public:
  void Gt(const ff::Fp12& f) { Put(GtCompress(f)); }
  void Gts(const GtPair& p) {
    Gt(p.first);
    Gt(p.second);
  }
  void G1(const ec::G1Affine& p) { Put(ec::G1ToCompressed(p)); }
  void G2(const ec::G2Affine& q) { Put(ec::G2ToCompressed(q)); }
  void U32(uint32_t x) {
    for (int i = 0; i < 4; ++i) out_.push_back(static_cast<uint8_t>(x >> (8 * i)));
  }
  std::vector<uint8_t> Take() { return std::move(out_); }

 private:
  template <size_t N>
  void Put(const std::array<uint8_t, N>& bytes) {
    out_.insert(out_.end(), bytes.begin(), bytes.end());
  }
  std::vector<uint8_t> out_;
};

// Reads in bellperson's order; the first error sticks and names the field.
class Reader {
 public:
  explicit Reader(std::span<const uint8_t> bytes) : bytes_(bytes) {}
  ff::Fp12 Gt(const char* field) {
    auto b = Take(kGtCompressedBytes, field);
    if (b.empty()) return ff::Fp12::One();
    auto f = GtDecompress(b);
    if (!f.ok()) return Fail(field, f.status().message()), ff::Fp12::One();
    return *f;
  }
  GtPair Gts(const char* field) {
    ff::Fp12 a = Gt(field);
    return {a, Gt(field)};
  }
  ec::G1Affine G1(const char* field) {
    auto b = Take(ec::kG1CompressedBytes, field);
    if (b.empty()) return {};
    auto p = ec::G1FromCompressed(b);
    if (!p.ok()) return Fail(field, p.status().message()), ec::G1Affine{};
    return *p;
  }
  ec::G2Affine G2(const char* field) {
    auto b = Take(ec::kG2CompressedBytes, field);
    if (b.empty()) return {};
    auto q = ec::G2FromCompressed(b);
    if (!q.ok()) return Fail(field, q.status().message()), ec::G2Affine{};
    return *q;
  }
  uint32_t U32(const char* field) {
    auto b = Take(4, field);
    if (b.empty()) return 0;
    return uint32_t{b[0]} | uint32_t{b[1]} << 8 | uint32_t{b[2]} << 16 | uint32_t{b[3]} << 24;
  }
  void Fail(const char* field, const std::string& why) {
    if (status_.ok())
      status_ = Status::InvalidArgument(std::string("aggregate proof ") + field + ": " + why);
  }
  bool ok() const { return status_.ok(); }
  const Status& status() const { return status_; }
  size_t left() const { return bytes_.size() - at_; }

 private:
  std::span<const uint8_t> Take(size_t n, const char* field) {
    if (!status_.ok()) return {};
    if (left() < n) {
      Fail(field, "the bytes end early (" + std::to_string(bytes_.size()) + " in all)");
      return {};
    }
    auto out = bytes_.subspan(at_, n);
    at_ += n;
    return out;
  }
  std::span<const uint8_t> bytes_;
  size_t at_ = 0;
  Status status_;
};

}  // namespace

std::vector<uint8_t> SerializeAggregateProof(const AggregateProof& p) {
  Writer w;
  w.Gts(p.com_ab);
  w.Gts(p.com_c);
  w.Gt(p.ip_ab);
  w.G1(p.agg_c);
  const GipaProof& g = p.gipa;
  w.U32(g.nproofs);
  for (const auto& [l, r] : g.comms_ab) w.Gts(l), w.Gts(r);
  for (const auto& [l, r] : g.comms_c) w.Gts(l), w.Gts(r);
  for (const auto& [l, r] : g.z_ab) w.Gt(l), w.Gt(r);
  for (const auto& [l, r] : g.z_c) w.G1(l), w.G1(r);
  w.G1(g.final_a);
  w.G2(g.final_b);
  w.G1(g.final_c);
  w.G2(g.final_vkey.first);
  w.G2(g.final_vkey.second);
  w.G1(g.final_wkey.first);
  w.G1(g.final_wkey.second);
  w.G2(p.vkey_opening.first);
  w.G2(p.vkey_opening.second);
  w.G1(p.wkey_opening.first);
  w.G1(p.wkey_opening.second);
  return w.Take();
}

Result<AggregateProof> ParseAggregateProof(std::span<const uint8_t> bytes) {
  Reader r(bytes);
  AggregateProof p;
  p.com_ab = r.Gts("com_ab");
  p.com_c = r.Gts("com_c");
  p.ip_ab = r.Gt("ip_ab");
  p.agg_c = r.G1("agg_c");
  GipaProof& g = p.gipa;
  g.nproofs = r.U32("nproofs");
  if (!r.ok()) return r.status();
  if (g.nproofs < 2 || g.nproofs > kMaxSrsVectorLen || (g.nproofs & (g.nproofs - 1)) != 0) {
    return Status::InvalidArgument("aggregate proof nproofs: " + std::to_string(g.nproofs) +
                                   " is not a power of two from 2 to 2^20");
  }
  size_t rounds = 0;
  while ((uint64_t{1} << rounds) < g.nproofs) ++rounds;
  for (size_t i = 0; i < rounds && r.ok(); ++i) {
    GtPair l = r.Gts("comms_ab");
    g.comms_ab.emplace_back(l, r.Gts("comms_ab"));
  }
  for (size_t i = 0; i < rounds && r.ok(); ++i) {
    GtPair l = r.Gts("comms_c");
    g.comms_c.emplace_back(l, r.Gts("comms_c"));
  }
  for (size_t i = 0; i < rounds && r.ok(); ++i) {
    ff::Fp12 l = r.Gt("z_ab");
    g.z_ab.emplace_back(l, r.Gt("z_ab"));
  }
  for (size_t i = 0; i < rounds && r.ok(); ++i) {
    ec::G1Affine l = r.G1("z_c");
    g.z_c.emplace_back(l, r.G1("z_c"));
  }
  g.final_a = r.G1("final_a");
  g.final_b = r.G2("final_b");
  g.final_c = r.G1("final_c");
  g.final_vkey.first = r.G2("final_vkey");
  g.final_vkey.second = r.G2("final_vkey");
  g.final_wkey.first = r.G1("final_wkey");
  g.final_wkey.second = r.G1("final_wkey");
  p.vkey_opening.first = r.G2("vkey_opening");
  p.vkey_opening.second = r.G2("vkey_opening");
  p.wkey_opening.first = r.G1("wkey_opening");
  p.wkey_opening.second = r.G1("wkey_opening");
  if (!r.ok()) return r.status();
  if (r.left() != 0) {
    return Status::InvalidArgument("aggregate proof: " + std::to_string(r.left()) +
                                   " bytes follow its last field");
  }
  return p;
}

}  // namespace cuzk::snarkpack

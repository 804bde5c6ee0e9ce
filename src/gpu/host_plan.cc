// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "gpu/host_plan.h"

#include <algorithm>
#include <cstring>

#include "ntt/evaluation_domain.h"

namespace cuzk::gpu {
namespace {

static_assert(sizeof(DevFr) == sizeof(ff::Fr::Repr) && sizeof(DevFp) == sizeof(ff::Fp::Repr));

ff::Fp FromDevice(const DevFp& x) {
  ff::Fp::Repr r;
  std::memcpy(r.data(), x.l, sizeof(r));
  return ff::Fp::FromMontgomery(r);
}

DevFp ToDevice(const ff::Fp& x) {
  DevFp d;
  std::memcpy(d.l, x.montgomery().data(), sizeof(d.l));
  return d;
}

unsigned Log2Floor(size_t n) {
  unsigned l = 0;
  while ((size_t{2} << l) <= n) ++l;
  return l;
}

}  // namespace

MsmPlan PlanMsm(size_t n) {
  MsmPlan plan;
  int c = static_cast<int>(Log2Floor(std::max<size_t>(n, 1))) - 6;
  plan.window_bits = static_cast<unsigned>(std::clamp(c, 4, 16));
  plan.windows = WindowCount(plan.window_bits);
  size_t per_pass = std::max<size_t>(1, kMaxPairsPerPass / std::max<size_t>(n, 1));
  plan.windows_per_pass = static_cast<unsigned>(std::min<size_t>(plan.windows, per_pass));
  unsigned log_buckets = plan.window_bits - 1;
  plan.log_segment = log_buckets > 10 ? log_buckets - 10 : 0;
  return plan;
}

HostPowerTables MakePowerTables(const ff::Fr& base, const ff::Fr& constant, unsigned log_count) {
  HostPowerTables t;
  t.lo_bits = (log_count + 1) / 2;
  size_t lo_size = size_t{1} << t.lo_bits;
  size_t hi_size = size_t{1} << (log_count - t.lo_bits);
  t.lo.reserve(lo_size);
  ff::Fr x = ff::Fr::One();
  for (size_t j = 0; j < lo_size; ++j, x *= base) t.lo.push_back(ToDevice(x));
  // x is now base^(2^lo_bits).
  ff::Fr step = x, y = constant;
  t.hi.reserve(hi_size);
  for (size_t j = 0; j < hi_size; ++j, y *= step) t.hi.push_back(ToDevice(y));
  return t;
}

QuotientConstants MakeQuotientConstants(unsigned log_n) {
  auto domain = ntt::EvaluationDomain::ForSize(size_t{1} << log_n, ntt::TwiddleTables::kPerCall);
  QuotientConstants q;
  q.log_n = log_n;
  ff::Fr omega = domain->omega();
  ff::Fr omega_inv = omega.Inverse();
  ff::Fr n_inv = ff::Fr::FromUint64(uint64_t{1} << log_n).Inverse();
  ff::Fr g = ff::Fr::FromUint64(7);
  ff::Fr nz_inv = n_inv * domain->VanishingOnCoset().Inverse();
  unsigned half_log = log_n - 1;
  q.omega = MakePowerTables(omega, ff::Fr::One(), half_log);
  q.omega_inv = MakePowerTables(omega_inv, ff::Fr::One(), half_log);
  q.to_coset = MakePowerTables(g, n_inv, log_n);
  q.from_coset = MakePowerTables(g.Inverse(), nz_inv, log_n);
  q.c_scale = ToDevice(nz_inv);
  return q;
}

DevFr ToDevice(const ff::Fr& x) {
  DevFr d;
  std::memcpy(d.l, x.montgomery().data(), sizeof(d.l));
  return d;
}

ff::Fr FromDevice(const DevFr& x) {
  ff::Fr::Repr r;
  std::memcpy(r.data(), x.l, sizeof(r));
  return ff::Fr::FromMontgomery(r);
}

G1AffineDev ToDevice(const ec::G1Affine& p) {
  if (p.infinity) return {DevFp::Zero(), DevFp::Zero()};
  return {ToDevice(p.x), ToDevice(p.y)};
}

ec::G1 FromDevice(const G1Xyzz& p) {
  if (p.IsInfinity()) return ec::G1::Identity();
  ff::Fp zz = FromDevice(p.zz), zzz = FromDevice(p.zzz);
  return ec::G1::FromXYZ(FromDevice(p.x) * zz.Square(), FromDevice(p.y) * zzz.Square(), zzz);
}

}  // namespace cuzk::gpu

// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ec/serialization.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace cuzk::ec {
namespace {

constexpr uint8_t kCompressedFlag = 0x80;
constexpr uint8_t kInfinityFlag = 0x40;
constexpr uint8_t kSortFlag = 0x20;
constexpr uint8_t kFlagMask = 0xe0;

// Per-group codec: how the coordinate field is written and how the group is checked.
struct G1Codec {
  using Curve = G1Curve;
  using Field = ff::Fp;
  static constexpr size_t kFieldBytes = 48;
  static constexpr const char* kName = "G1";
  static void Write(const Field& f, uint8_t* out) {
    auto b = f.ToBytesBE();
    std::copy(b.begin(), b.end(), out);
  }
  static Result<Field> Read(const uint8_t* in) {
    return Field::FromBytesBE(std::span<const uint8_t>(in, kFieldBytes));
  }
  // Reads a canonical big-endian coordinate; false when it is not less than p (Read names that).
  // The parameter loader's inner loop: whole words and FromCanonical, no Result or message.
  // Reads a big-endian coordinate's integer value; false when it is not less than p.
  static bool TryReadInteger(const uint8_t* in, Field::Repr& value) {
    for (size_t k = 0; k < Field::kLimbs; ++k) {
      uint64_t word;
      std::memcpy(&word, in + kFieldBytes - 8 * (k + 1), 8);
      value[k] = __builtin_bswap64(word);
    }
    return ff::LessThan(value, Field::kModulus);
  }
  // Converts in place (out *= R^2), which spares the copies of an optional<Field>: field
  // elements copied through memory cost a store-forwarding stall each on this project's EPYC VM.
  static bool TryRead(const uint8_t* in, Field& out) {
    Field::Repr value;
    if (!TryReadInteger(in, value)) return false;
    out = Field::FromMontgomery(value);
    out *= Field::FromMontgomery(Field::kR2);
    return true;
  }
  static bool InSubgroup(const G1Affine& p) { return IsInG1Subgroup(p); }
};

struct G2Codec {
  using Curve = G2Curve;
  using Field = ff::Fp2;
  static constexpr size_t kFieldBytes = 96;
  static constexpr const char* kName = "G2";
  static void Write(const Field& f, uint8_t* out) {
    G1Codec::Write(f.c1, out);
    G1Codec::Write(f.c0, out + 48);
  }
  static Result<Field> Read(const uint8_t* in) {
    Result<ff::Fp> c1 = G1Codec::Read(in);
    if (!c1.ok()) return Status::InvalidArgument("c1: " + c1.status().message());
    Result<ff::Fp> c0 = G1Codec::Read(in + 48);
    if (!c0.ok()) return Status::InvalidArgument("c0: " + c0.status().message());
    return Field{*c0, *c1};
  }
  static bool TryRead(const uint8_t* in, Field& out) {
    return G1Codec::TryRead(in, out.c1) && G1Codec::TryRead(in + 48, out.c0);
  }
  static bool InSubgroup(const G2Affine& q) { return IsInG2Subgroup(q); }
};

template <typename Codec, size_t kSize>
std::array<uint8_t, kSize> Encode(const Affine<typename Codec::Curve>& p, bool compressed) {
  std::array<uint8_t, kSize> out{};
  if (p.infinity) {
    out[0] = kInfinityFlag | (compressed ? kCompressedFlag : 0);
    return out;
  }
  Codec::Write(p.x, out.data());
  if (compressed) {
    out[0] |= kCompressedFlag;
    if (p.y.IsLexicographicallyLargest()) out[0] |= kSortFlag;
  } else {
    Codec::Write(p.y, out.data() + Codec::kFieldBytes);
  }
  return out;
}

Status Fail(const char* group, const std::string& what) {
  return Status::InvalidArgument(std::string(group) + " point: " + what);
}

template <typename Codec>
Result<Affine<typename Codec::Curve>> Decode(std::span<const uint8_t> bytes, bool compressed,
                                             SubgroupCheck check) {
  using Point = Affine<typename Codec::Curve>;
  using Field = typename Codec::Field;
  const char* name = Codec::kName;
  size_t want = compressed ? Codec::kFieldBytes : 2 * Codec::kFieldBytes;
  if (bytes.size() != want) {
    return Fail(name, std::string(compressed ? "compressed" : "uncompressed") +
                          " encoding must be " + std::to_string(want) + " bytes, got " +
                          std::to_string(bytes.size()));
  }
  uint8_t flags = bytes[0] & kFlagMask;
  if (((flags & kCompressedFlag) != 0) != compressed) {
    return Fail(name, compressed ? "compression flag (0x80) is not set"
                                 : "compression flag (0x80) is set on an uncompressed encoding");
  }
  if (flags & kInfinityFlag) {
    bool rest_zero = (bytes[0] & ~kFlagMask) == 0 &&
                     std::all_of(bytes.begin() + 1, bytes.end(), [](uint8_t b) { return b == 0; });
    if (!rest_zero || (flags & kSortFlag)) return Fail(name, "non-canonical encoding of infinity");
    return Point::Identity();
  }
  if (!compressed && (flags & kSortFlag)) {
    return Fail(name, "sort flag (0x20) is set on an uncompressed encoding");
  }
  std::vector<uint8_t> x_bytes(bytes.begin(), bytes.begin() + Codec::kFieldBytes);
  x_bytes[0] &= ~kFlagMask;
  Result<Field> x = Codec::Read(x_bytes.data());
  if (!x.ok()) return Fail(name, "x coordinate: " + x.status().message());
  Point p;
  if (compressed) {
    Field rhs = x->Square() * *x + Codec::Curve::B();
    std::optional<Field> y = rhs.Sqrt();
    if (!y) return Fail(name, "not on the curve (x^3 + b has no square root)");
    if (y->IsLexicographicallyLargest() != ((flags & kSortFlag) != 0)) *y = -*y;
    p = Point::FromXY(*x, *y);
  } else {
    Result<Field> y = Codec::Read(bytes.data() + Codec::kFieldBytes);
    if (!y.ok()) return Fail(name, "y coordinate: " + y.status().message());
    p = Point::FromXY(*x, *y);
    if (!p.IsOnCurve()) return Fail(name, "not on the curve");
  }
  if (check == SubgroupCheck::kCheck && !Codec::InSubgroup(p)) {
    return Fail(name, "not in the prime-order subgroup");
  }
  return p;
}

// The allocation-free decoding of an uncompressed finite point: flags all clear, both
// coordinates canonical, the curve equation holds.
template <typename Codec>
bool TryDecodeUncompressedFinite(const uint8_t* in, Affine<typename Codec::Curve>& out) {
  using Field = typename Codec::Field;
  if ((in[0] & kFlagMask) != 0) return false;
  // Straight into `out`, and the curve equation with in-place products (see G1Codec::TryRead).
  out.infinity = false;
  if (!Codec::TryRead(in, out.x) || !Codec::TryRead(in + Codec::kFieldBytes, out.y)) return false;
  Field rhs = out.x.Square();
  rhs *= out.x;
  rhs += Codec::Curve::B();
  return out.y.Square() == rhs;
}

}  // namespace

std::array<uint8_t, kG1CompressedBytes> G1ToCompressed(const G1Affine& p) {
  return Encode<G1Codec, kG1CompressedBytes>(p, true);
}
std::array<uint8_t, kG1UncompressedBytes> G1ToUncompressed(const G1Affine& p) {
  return Encode<G1Codec, kG1UncompressedBytes>(p, false);
}
std::array<uint8_t, kG2CompressedBytes> G2ToCompressed(const G2Affine& q) {
  return Encode<G2Codec, kG2CompressedBytes>(q, true);
}
std::array<uint8_t, kG2UncompressedBytes> G2ToUncompressed(const G2Affine& q) {
  return Encode<G2Codec, kG2UncompressedBytes>(q, false);
}

Result<G1Affine> G1FromCompressed(std::span<const uint8_t> bytes, SubgroupCheck check) {
  return Decode<G1Codec>(bytes, true, check);
}
Result<G1Affine> G1FromUncompressed(std::span<const uint8_t> bytes, SubgroupCheck check) {
  return Decode<G1Codec>(bytes, false, check);
}
Result<G2Affine> G2FromCompressed(std::span<const uint8_t> bytes, SubgroupCheck check) {
  return Decode<G2Codec>(bytes, true, check);
}
Result<G2Affine> G2FromUncompressed(std::span<const uint8_t> bytes, SubgroupCheck check) {
  return Decode<G2Codec>(bytes, false, check);
}

bool TryG1FromUncompressedFinite(std::span<const uint8_t, kG1UncompressedBytes> bytes,
                                 G1Affine& out) {
  return TryDecodeUncompressedFinite<G1Codec>(bytes.data(), out);
}
bool TryG2FromUncompressedFinite(std::span<const uint8_t, kG2UncompressedBytes> bytes,
                                 G2Affine& out) {
  return TryDecodeUncompressedFinite<G2Codec>(bytes.data(), out);
}

// The lanes take the integers, multiply them by R^2 into Montgomery form (R^2 x / R) and check
// y^2 = x^3 + 4 there.
bool TryG1EightFromUncompressedFinite(const uint8_t* in, G1Affine* out,
                                      const ff::ifma::FpX8Kernels& lanes) {
  using ff::Fp;
  using ff::ifma::FpX8;
  auto broadcast = [](const Fp::Repr& v) {
    FpX8 x;
    for (int k = 0; k < FpX8::kLanes; ++k) x.SetLane(k, v);
    return x;
  };
  static const FpX8 r2 = broadcast(Fp::kR2), b = broadcast(G1Curve::B().montgomery());
  FpX8 x, y;
  for (int k = 0; k < 8; ++k) {
    const uint8_t* p = in + k * kG1UncompressedBytes;
    Fp::Repr xi, yi;
    if ((p[0] & kFlagMask) != 0 || !G1Codec::TryReadInteger(p, xi) ||
        !G1Codec::TryReadInteger(p + G1Codec::kFieldBytes, yi)) {
      return false;
    }
    x.SetLane(k, xi);
    y.SetLane(k, yi);
  }
  lanes.mul(x, x, r2);
  lanes.mul(y, y, r2);
  FpX8 rhs, lhs;
  lanes.mul(rhs, x, x);
  lanes.mul(rhs, rhs, x);
  lanes.add(rhs, rhs, b);
  lanes.mul(lhs, y, y);
  for (int k = 0; k < 8; ++k) {
    if (lhs.Lane(k) != rhs.Lane(k)) return false;
  }
  for (int k = 0; k < 8; ++k) {
    out[k] = G1Affine::FromXY(Fp::FromMontgomery(x.Lane(k)), Fp::FromMontgomery(y.Lane(k)));
  }
  return true;
}

size_t TryG1RunFromUncompressedFinite(const uint8_t* bytes, size_t count, G1Affine* out,
                                      const ff::ifma::FpX8Kernels* lanes) {
  size_t i = 0;
  if (lanes != nullptr) {
    for (; i + 8 <= count; i += 8) {
      if (TryG1EightFromUncompressedFinite(bytes + i * kG1UncompressedBytes, out + i, *lanes))
        continue;
      for (size_t j = i; j < i + 8; ++j) {
        if (!TryDecodeUncompressedFinite<G1Codec>(bytes + j * kG1UncompressedBytes, out[j])) {
          return j;
        }
      }
    }
  }
  for (; i < count; ++i) {
    if (!TryDecodeUncompressedFinite<G1Codec>(bytes + i * kG1UncompressedBytes, out[i])) return i;
  }
  return count;
}

size_t TryG2RunFromUncompressedFinite(const uint8_t* bytes, size_t count, G2Affine* out) {
  for (size_t i = 0; i < count; ++i) {
    if (!TryDecodeUncompressedFinite<G2Codec>(bytes + i * kG2UncompressedBytes, out[i])) return i;
  }
  return count;
}

}  // namespace cuzk::ec

// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "filecoin/commitment_cid.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace cuzk::filecoin {
namespace {

constexpr std::string_view kBase32 = "abcdefghijklmnopqrstuvwxyz234567";  // RFC 4648, lower case

struct Codes {
  uint64_t codec;
  uint64_t multihash;
};

Codes CodesOf(CommitmentKind kind) {
  return kind == CommitmentKind::kSealed ? Codes{0xf102, 0xb401} : Codes{0xf101, 0x1012};
}

void PutVarint(uint64_t v, std::vector<uint8_t>& out) {
  while (v >= 0x80) {
    out.push_back(static_cast<uint8_t>(v) | 0x80);
    v >>= 7;
  }
  out.push_back(static_cast<uint8_t>(v));
}

// Reads an unsigned LEB128 varint of at most 9 bytes at `pos`.
Result<uint64_t> GetVarint(const std::vector<uint8_t>& in, size_t& pos) {
  uint64_t v = 0;
  for (int shift = 0; shift < 63; shift += 7) {
    if (pos >= in.size()) return Status::InvalidArgument("CID ends inside a varint");
    uint8_t b = in[pos++];
    v |= static_cast<uint64_t>(b & 0x7f) << shift;
    if ((b & 0x80) == 0) return v;
  }
  return Status::InvalidArgument("CID varint longer than 9 bytes");
}

// Decodes unpadded base32 (RFC 4648, lower case); fails on any other character or on leftover
// bits that are not zero.
Result<std::vector<uint8_t>> DecodeBase32(std::string_view text) {
  std::vector<uint8_t> out;
  uint32_t acc = 0;
  int bits = 0;
  for (char c : text) {
    size_t v = kBase32.find(c);
    if (v == std::string_view::npos) {
      return Status::InvalidArgument(std::string("CID has '") + c +
                                     "', not a base32 lower-case character");
    }
    acc = (acc << 5) | static_cast<uint32_t>(v);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<uint8_t>(acc >> bits));
      acc &= (1u << bits) - 1;
    }
  }
  if (acc != 0) return Status::InvalidArgument("CID's base32 has non-zero trailing bits");
  return out;
}

std::string EncodeBase32(const std::vector<uint8_t>& bytes) {
  std::string out;
  uint32_t acc = 0;
  int bits = 0;
  for (uint8_t b : bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out.push_back(kBase32[(acc >> bits) & 31]);
    }
    acc &= (1u << bits) - 1;
  }
  if (bits > 0) out.push_back(kBase32[(acc << (5 - bits)) & 31]);
  return out;
}

std::string Hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

std::string CommitmentToCid(const Bytes32& commitment, CommitmentKind kind) {
  Codes codes = CodesOf(kind);
  std::vector<uint8_t> bytes;
  PutVarint(1, bytes);  // CIDv1
  PutVarint(codes.codec, bytes);
  PutVarint(codes.multihash, bytes);
  PutVarint(commitment.size(), bytes);
  bytes.insert(bytes.end(), commitment.begin(), commitment.end());
  return "b" + EncodeBase32(bytes);
}

Result<Bytes32> CommitmentFromCid(std::string_view cid, CommitmentKind kind) {
  const char* what = kind == CommitmentKind::kSealed ? "sealed (comm_r)" : "unsealed (comm_d)";
  if (cid.empty() || cid[0] != 'b') {
    return Status::InvalidArgument("'" + std::string(cid) +
                                   "' is not a base32 CID (it must start with 'b')");
  }
  auto bytes = DecodeBase32(cid.substr(1));
  RETURN_IF_ERROR(bytes);
  size_t pos = 0;
  Codes want = CodesOf(kind);
  auto version = GetVarint(*bytes, pos);
  RETURN_IF_ERROR(version);
  if (*version != 1) return Status::InvalidArgument("CID version " + Hex(*version) + ", not 1");
  auto codec = GetVarint(*bytes, pos);
  RETURN_IF_ERROR(codec);
  auto multihash = GetVarint(*bytes, pos);
  RETURN_IF_ERROR(multihash);
  auto length = GetVarint(*bytes, pos);
  RETURN_IF_ERROR(length);
  if (*codec != want.codec || *multihash != want.multihash) {
    return Status::InvalidArgument("CID has codec " + Hex(*codec) + " and multihash " +
                                   Hex(*multihash) + ", not a " + what + " commitment's (" +
                                   Hex(want.codec) + ", " + Hex(want.multihash) + ")");
  }
  if (*length != 32 || bytes->size() - pos != 32) {
    return Status::InvalidArgument("CID digest of " + std::to_string(bytes->size() - pos) +
                                   " bytes, not 32");
  }
  Bytes32 out;
  std::copy(bytes->begin() + static_cast<std::ptrdiff_t>(pos), bytes->end(), out.begin());
  return out;
}

Result<CommDR> ParseCommDR(std::string_view text) {
  std::vector<std::string_view> parts;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) parts.push_back(text.substr(start, i - start));
  }
  if (parts.size() != 2 || !parts[0].starts_with("d:") || !parts[1].starts_with("r:")) {
    return Status::InvalidArgument("expected \"d:<CID> r:<CID>\" (lotus-bench's commdr.txt)");
  }
  CommDR out;
  auto d = CommitmentFromCid(parts[0].substr(2), CommitmentKind::kUnsealed);
  if (!d.ok()) return Status::InvalidArgument("d: " + d.status().message());
  auto r = CommitmentFromCid(parts[1].substr(2), CommitmentKind::kSealed);
  if (!r.ok()) return Status::InvalidArgument("r: " + r.status().message());
  out.comm_d = *d;
  out.comm_r = *r;
  return out;
}

std::string FormatCommDR(const CommDR& commitments) {
  return "d:" + CommitmentToCid(commitments.comm_d, CommitmentKind::kUnsealed) +
         " r:" + CommitmentToCid(commitments.comm_r, CommitmentKind::kSealed) + "\n";
}

}  // namespace cuzk::filecoin

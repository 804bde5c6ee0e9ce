// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "filecoin/challenges.h"

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string_view>

#include "hash/sha256.h"

namespace cuzk::filecoin {
namespace {

constexpr uint64_t kMaxSynthetic = uint64_t{1} << 18;

void AppendU32Le(std::vector<uint8_t>& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

void Append(std::vector<uint8_t>& out, std::span<const uint8_t> bytes) {
  for (uint8_t b : bytes) out.push_back(b);  // (vector::insert trips a GCC 12 false warning)
}

// (x mod (nodes - 1)) + 1 for the 256-bit little-endian x.
uint64_t ToChallenge(std::span<const uint8_t, 32> x, uint64_t nodes) {
  uint64_t m = nodes - 1;
  unsigned __int128 rem = 0;
  for (size_t i = 32; i-- > 0;) rem = ((rem << 8) | x[i]) % m;
  return static_cast<uint64_t>(rem) + 1;
}

// BLAKE2b with a 32-byte digest, keyed with `key` (OpenSSL's BLAKE2BMAC).
Result<Bytes32> Blake2bMac256(std::string_view key, std::span<const uint8_t> data) {
  std::unique_ptr<EVP_MAC, decltype(&EVP_MAC_free)> mac(
      EVP_MAC_fetch(nullptr, "BLAKE2BMAC", nullptr), EVP_MAC_free);
  if (!mac) return Status::InvalidArgument("OpenSSL lacks BLAKE2BMAC");
  std::unique_ptr<EVP_MAC_CTX, decltype(&EVP_MAC_CTX_free)> ctx(EVP_MAC_CTX_new(mac.get()),
                                                                EVP_MAC_CTX_free);
  size_t size = 32;
  OSSL_PARAM params[] = {OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &size),
                         OSSL_PARAM_construct_end()};
  Bytes32 out{};
  size_t written = 0;
  if (!EVP_MAC_init(ctx.get(), reinterpret_cast<const unsigned char*>(key.data()), key.size(),
                    params) ||
      !EVP_MAC_update(ctx.get(), data.data(), data.size()) ||
      !EVP_MAC_final(ctx.get(), out.data(), &written, out.size()) || written != 32) {
    return Status::InvalidArgument("BLAKE2b MAC failed");
  }
  return out;
}

// `length` bytes of IETF ChaCha20 keystream (32-bit counter from 0, nonce "synth-porep\0").
Result<std::vector<uint8_t>> ChaCha20Keystream(const Bytes32& key, size_t length) {
  unsigned char iv[16] = {0, 0, 0, 0};  // counter (LE) then the 12-byte nonce
  std::memcpy(iv + 4, "synth-porep\0", 12);
  std::unique_ptr<EVP_CIPHER_CTX, decltype(&EVP_CIPHER_CTX_free)> ctx(EVP_CIPHER_CTX_new(),
                                                                      EVP_CIPHER_CTX_free);
  std::vector<uint8_t> zeros(length), out(length);
  int n = 0;
  if (!EVP_EncryptInit_ex(ctx.get(), EVP_chacha20(), nullptr, key.data(), iv) ||
      !EVP_EncryptUpdate(ctx.get(), out.data(), &n, zeros.data(), static_cast<int>(length))) {
    return Status::InvalidArgument("ChaCha20 keystream failed");
  }
  return out;
}

Bytes32 Repr(const ff::Fr& f) { return f.ToBytesLE(); }

}  // namespace

Bytes32 ProverId(uint64_t miner_id) {
  Bytes32 id{};
  size_t i = 0;
  do {
    uint8_t byte = miner_id & 0x7f;
    miner_id >>= 7;
    id[i++] = static_cast<uint8_t>(byte | (miner_id ? 0x80 : 0));
  } while (miner_id);
  return id;
}

ff::Fr ReplicaId(const Bytes32& prover_id, uint64_t sector_id, const Bytes32& ticket,
                 const Bytes32& comm_d, const Bytes32& porep_id) {
  std::vector<uint8_t> pre;
  Append(pre, prover_id);
  for (int i = 7; i >= 0; --i) pre.push_back(static_cast<uint8_t>(sector_id >> (8 * i)));
  Append(pre, ticket);
  Append(pre, comm_d);
  Append(pre, porep_id);
  return hash::DigestToField(hash::Sha256(pre));
}

uint64_t InteractiveChallenge(const ff::Fr& replica_id, const Bytes32& seed, uint32_t j,
                              uint64_t nodes) {
  std::vector<uint8_t> pre;
  Append(pre, Repr(replica_id));
  Append(pre, seed);
  AppendU32Le(pre, j);
  return ToChallenge(hash::Sha256(pre), nodes);
}

uint64_t NonInteractiveChallenge(const ff::Fr& replica_id, const ff::Fr& comm_r, uint32_t j,
                                 uint64_t nodes) {
  constexpr std::string_view kTag = "filecoin.io|PoRep|1|NonInteractive|1";
  std::vector<uint8_t> pre(kTag.begin(), kTag.end());
  Append(pre, Repr(replica_id));
  Append(pre, Repr(comm_r));
  AppendU32Le(pre, j);
  return ToChallenge(hash::Sha256(pre), nodes);
}

uint64_t SyntheticChallengeCount(uint64_t nodes) { return std::min(nodes, kMaxSynthetic); }

Result<std::vector<uint64_t>> SyntheticChallenges(const ff::Fr& replica_id, const ff::Fr& comm_r,
                                                  uint64_t nodes, uint64_t num_synthetic) {
  std::vector<uint8_t> pre;
  Append(pre, Repr(replica_id));
  Append(pre, Repr(comm_r));
  auto key = Blake2bMac256("filecoin.io|PoRep|1|Synthetic|1|Generation", pre);
  RETURN_IF_ERROR(key);
  uint64_t count = num_synthetic;
  auto stream = ChaCha20Keystream(*key, count * 32);
  RETURN_IF_ERROR(stream);
  std::vector<uint64_t> out(count);
  for (uint64_t s = 0; s < count; ++s) {
    out[s] = ToChallenge(std::span<const uint8_t, 32>(stream->data() + 32 * s, 32), nodes);
  }
  return out;
}

Result<std::vector<uint64_t>> SyntheticPoRepChallenges(const ff::Fr& replica_id,
                                                       const ff::Fr& comm_r, const Bytes32& seed,
                                                       uint64_t nodes, uint64_t num_synthetic,
                                                       uint32_t first, uint32_t count) {
  auto synthetic = SyntheticChallenges(replica_id, comm_r, nodes, num_synthetic);
  RETURN_IF_ERROR(synthetic);
  std::vector<uint8_t> pre;
  Append(pre, Repr(replica_id));
  Append(pre, seed);
  auto key = Blake2bMac256("filecoin.io|PoRep|1|Synthetic|1|Selection", pre);
  RETURN_IF_ERROR(key);
  auto stream = ChaCha20Keystream(*key, 4 * (size_t{first} + count));
  RETURN_IF_ERROR(stream);
  std::vector<uint64_t> out;
  for (uint32_t j = first; j < first + count; ++j) {
    const uint8_t* b = stream->data() + 4 * j;
    uint32_t u = uint32_t{b[0]} | uint32_t{b[1]} << 8 | uint32_t{b[2]} << 16 | uint32_t{b[3]} << 24;
    out.push_back((*synthetic)[u % synthetic->size()]);
  }
  return out;
}

Result<std::vector<uint64_t>> PartitionChallenges(const RegisteredSealProof& proof,
                                                  const ff::Fr& replica_id, const ff::Fr& comm_r,
                                                  const Bytes32& seed, uint32_t partition) {
  uint64_t nodes = proof.shape.nodes;
  uint32_t count = proof.shape.challenges_per_partition;
  uint32_t first = count * partition;
  std::vector<uint64_t> challenges;
  switch (proof.feature) {
    case PoRepFeature::kInteractive:
      for (uint32_t i = 0; i < count; ++i) {
        challenges.push_back(InteractiveChallenge(replica_id, seed, first + i, nodes));
      }
      return challenges;
    case PoRepFeature::kNonInteractivePoRep:
      for (uint32_t i = 0; i < count; ++i) {
        challenges.push_back(NonInteractiveChallenge(replica_id, comm_r, first + i, nodes));
      }
      return challenges;
    case PoRepFeature::kSyntheticPoRep:
      return SyntheticPoRepChallenges(replica_id, comm_r, seed, nodes,
                                      SyntheticChallengeCount(nodes), first, count);
  }
  return Status::InvalidArgument("unknown PoRep feature");
}

}  // namespace cuzk::filecoin

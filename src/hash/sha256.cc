// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "hash/sha256.h"

#include <openssl/sha.h>

namespace cuzk::hash {

Digest Sha256(std::span<const uint8_t> data) {
  Digest out;
  SHA256(data.data(), data.size(), out.data());
  return out;
}

Digest TruncateTo254Bits(Digest digest) {
  digest[31] &= 0x3f;
  return digest;
}

ff::Fr DigestToField(const Digest& digest) {
  // < 2^254 < r, so the conversion cannot fail.
  return *ff::Fr::FromBytesLE(TruncateTo254Bits(digest));
}

}  // namespace cuzk::hash

// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "filecoin/base64.h"

#include <openssl/evp.h>

namespace cuzk::filecoin {

std::string EncodeBase64(std::string_view bytes) {
  std::string out((bytes.size() + 2) / 3 * 4 + 1, '\0');
  int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                          reinterpret_cast<const unsigned char*>(bytes.data()),
                          static_cast<int>(bytes.size()));
  out.resize(static_cast<size_t>(n));
  return out;
}

Result<std::string> DecodeBase64(std::string_view text) {
  if (text.size() % 4 != 0) return Status::InvalidArgument("length is not a multiple of 4");
  std::string out(text.size() / 4 * 3, '\0');
  int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                          reinterpret_cast<const unsigned char*>(text.data()),
                          static_cast<int>(text.size()));
  if (n < 0) return Status::InvalidArgument("not valid standard base64");
  size_t padding = 0;
  while (padding < 2 && padding < text.size() && text[text.size() - 1 - padding] == '=') {
    ++padding;
  }
  out.resize(static_cast<size_t>(n) - padding);
  return out;
}

}  // namespace cuzk::filecoin

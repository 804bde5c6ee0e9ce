// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "groth16/params_io.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <mutex>

#include "base/parallel.h"

namespace cuzk::groth16 {
namespace {

// Sequential reader over a byte span that reports truncation with the section's name.
class Reader {
 public:
  explicit Reader(std::span<const uint8_t> bytes) : bytes_(bytes) {}

  Result<std::span<const uint8_t>> Take(size_t n, const std::string& what) {
    if (bytes_.size() - pos_ < n) {
      return Status::InvalidArgument("truncated: " + what + " needs " + std::to_string(n) +
                                     " bytes at offset " + std::to_string(pos_) + ", only " +
                                     std::to_string(bytes_.size() - pos_) + " left");
    }
    auto out = bytes_.subspan(pos_, n);
    pos_ += n;
    return out;
  }
  Result<uint32_t> U32(const std::string& what) {
    auto b = Take(4, what);
    RETURN_IF_ERROR(b);
    return uint32_t{(*b)[0]} << 24 | uint32_t{(*b)[1]} << 16 | uint32_t{(*b)[2]} << 8 | (*b)[3];
  }
  size_t remaining() const { return bytes_.size() - pos_; }
  size_t position() const { return pos_; }

 private:
  std::span<const uint8_t> bytes_;
  size_t pos_ = 0;
};

void PutU32(std::vector<uint8_t>& out, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<uint8_t>(v >> s));
}

template <size_t N>
void Put(std::vector<uint8_t>& out, const std::array<uint8_t, N>& bytes) {
  out.insert(out.end(), bytes.begin(), bytes.end());
}

// Per-group decoding for the uncompressed, identity-free vectors of the formats.
struct G1Traits {
  using Point = ec::G1Affine;
  static constexpr size_t kBytes = ec::kG1UncompressedBytes;
  static Result<Point> Decode(std::span<const uint8_t> b, ec::SubgroupCheck c) {
    return ec::G1FromUncompressed(b, c);
  }
};
struct G2Traits {
  using Point = ec::G2Affine;
  static constexpr size_t kBytes = ec::kG2UncompressedBytes;
  static Result<Point> Decode(std::span<const uint8_t> b, ec::SubgroupCheck c) {
    return ec::G2FromUncompressed(b, c);
  }
};

template <typename T>
Result<typename T::Point> DecodeOne(std::span<const uint8_t> bytes, ec::SubgroupCheck check,
                                    const std::string& where) {
  auto p = T::Decode(bytes, check);
  if (!p.ok()) return Status::InvalidArgument(where + ": " + p.status().message());
  if (p->infinity) return Status::InvalidArgument(where + ": point at infinity is not allowed");
  return *p;
}

template <typename T>
Result<typename T::Point> ReadPoint(Reader& r, ec::SubgroupCheck check, const std::string& what) {
  auto b = r.Take(T::kBytes, what);
  RETURN_IF_ERROR(b);
  return DecodeOne<T>(*b, check, what);
}

// Reads `u32 count || count points`, decoding in parallel; the error names the lowest bad index.
template <typename T>
Result<std::vector<typename T::Point>> ReadVector(Reader& r, ec::SubgroupCheck check,
                                                  const std::string& section, size_t threads) {
  auto count = r.U32(section + " length");
  RETURN_IF_ERROR(count);
  size_t n = *count;
  if (r.remaining() / T::kBytes < n) {
    return Status::InvalidArgument("truncated: " + section + " declares " + std::to_string(n) +
                                   " points (" + std::to_string(n * T::kBytes) +
                                   " bytes) but only " + std::to_string(r.remaining()) +
                                   " bytes remain");
  }
  auto body = r.Take(n * T::kBytes, section);
  std::vector<typename T::Point> out(n);
  std::mutex mu;
  size_t bad_index = n;
  Status bad;
  ParallelFor(
      n, threads,
      [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
          auto p = DecodeOne<T>(body->subspan(i * T::kBytes, T::kBytes), check,
                                section + " point " + std::to_string(i));
          if (p.ok()) {
            out[i] = *p;
            continue;
          }
          std::lock_guard<std::mutex> lock(mu);
          if (i < bad_index) {
            bad_index = i;
            bad = p.status();
          }
          return;
        }
      },
      1024);
  if (bad_index < n) return bad;
  return out;
}

Result<VerifyingKey> ReadVerifyingKeyFrom(Reader& r, ec::SubgroupCheck check) {
  VerifyingKey vk;
  auto g1 = [&](ec::G1Affine& dst, const char* what) -> Status {
    auto p = ReadPoint<G1Traits>(r, check, std::string("vk ") + what);
    RETURN_IF_ERROR(p);
    dst = *p;
    return Status::Ok();
  };
  auto g2 = [&](ec::G2Affine& dst, const char* what) -> Status {
    auto p = ReadPoint<G2Traits>(r, check, std::string("vk ") + what);
    RETURN_IF_ERROR(p);
    dst = *p;
    return Status::Ok();
  };
  for (Status s :
       {g1(vk.alpha_g1, "alpha_g1"), g1(vk.beta_g1, "beta_g1"), g2(vk.beta_g2, "beta_g2"),
        g2(vk.gamma_g2, "gamma_g2"), g1(vk.delta_g1, "delta_g1"), g2(vk.delta_g2, "delta_g2")}) {
    RETURN_IF_ERROR(s);
  }
  auto ic = ReadVector<G1Traits>(r, check, "vk ic", 1);
  RETURN_IF_ERROR(ic);
  vk.ic = std::move(*ic);
  return vk;
}

void AppendVerifyingKey(std::vector<uint8_t>& out, const VerifyingKey& vk) {
  Put(out, ec::G1ToUncompressed(vk.alpha_g1));
  Put(out, ec::G1ToUncompressed(vk.beta_g1));
  Put(out, ec::G2ToUncompressed(vk.beta_g2));
  Put(out, ec::G2ToUncompressed(vk.gamma_g2));
  Put(out, ec::G1ToUncompressed(vk.delta_g1));
  Put(out, ec::G2ToUncompressed(vk.delta_g2));
  PutU32(out, static_cast<uint32_t>(vk.ic.size()));
  for (const auto& p : vk.ic) Put(out, ec::G1ToUncompressed(p));
}

Status WriteFile(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f)
    return Status::InvalidArgument("cannot open " + path + " for writing: " + std::strerror(errno));
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!f) return Status::InvalidArgument("write to " + path + " failed");
  return Status::Ok();
}

// A read-only memory map of a whole file, unmapped on destruction.
class MappedFile {
 public:
  static Result<MappedFile> Open(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0)
      return Status(StatusCode::kNotFound, "cannot open " + path + ": " + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
      ::close(fd);
      return Status::InvalidArgument("cannot stat " + path);
    }
    MappedFile m;
    m.size_ = static_cast<size_t>(st.st_size);
    if (m.size_ > 0) {
      void* p = ::mmap(nullptr, m.size_, PROT_READ, MAP_PRIVATE, fd, 0);
      if (p == MAP_FAILED) {
        ::close(fd);
        return Status::InvalidArgument("cannot mmap " + path + ": " + std::strerror(errno));
      }
      m.data_ = static_cast<const uint8_t*>(p);
    }
    ::close(fd);
    return m;
  }
  MappedFile(MappedFile&& o) noexcept : data_(std::exchange(o.data_, nullptr)), size_(o.size_) {}
  MappedFile(const MappedFile&) = delete;
  ~MappedFile() {
    if (data_) ::munmap(const_cast<uint8_t*>(data_), size_);
  }
  std::span<const uint8_t> bytes() const { return {data_, size_}; }

 private:
  MappedFile() = default;
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace

std::vector<uint8_t> SerializeVerifyingKey(const VerifyingKey& vk) {
  std::vector<uint8_t> out;
  AppendVerifyingKey(out, vk);
  return out;
}

Result<VerifyingKey> ParseVerifyingKey(std::span<const uint8_t> bytes, ec::SubgroupCheck check) {
  Reader r(bytes);
  auto vk = ReadVerifyingKeyFrom(r, check);
  RETURN_IF_ERROR(vk);
  if (r.remaining() != 0) {
    return Status::InvalidArgument(std::to_string(r.remaining()) + " trailing bytes after the vk");
  }
  return vk;
}

Result<ProvingKey> ParseParams(std::span<const uint8_t> bytes, ec::SubgroupCheck check,
                               size_t threads) {
  Reader r(bytes);
  ProvingKey pk;
  // The vk is always checked in full: it is small, and verification relies on it.
  auto vk = ReadVerifyingKeyFrom(r, ec::SubgroupCheck::kCheck);
  RETURN_IF_ERROR(vk);
  pk.vk = std::move(*vk);
  auto h = ReadVector<G1Traits>(r, check, "h", threads);
  RETURN_IF_ERROR(h);
  auto l = ReadVector<G1Traits>(r, check, "l", threads);
  RETURN_IF_ERROR(l);
  auto a = ReadVector<G1Traits>(r, check, "a", threads);
  RETURN_IF_ERROR(a);
  auto b_g1 = ReadVector<G1Traits>(r, check, "b_g1", threads);
  RETURN_IF_ERROR(b_g1);
  auto b_g2 = ReadVector<G2Traits>(r, check, "b_g2", threads);
  RETURN_IF_ERROR(b_g2);
  if (b_g1->size() != b_g2->size()) {
    return Status::InvalidArgument("b_g1 has " + std::to_string(b_g1->size()) +
                                   " points but b_g2 has " + std::to_string(b_g2->size()));
  }
  pk.h = std::move(*h);
  pk.l = std::move(*l);
  pk.a = std::move(*a);
  pk.b_g1 = std::move(*b_g1);
  pk.b_g2 = std::move(*b_g2);
  return pk;  // bytes after b_g2 (e.g. MPC transcripts) are ignored, as bellperson does
}

Result<ProvingKey> ReadParams(const std::string& path, ec::SubgroupCheck check, size_t threads) {
  auto file = MappedFile::Open(path);
  RETURN_IF_ERROR(file);
  auto pk = ParseParams(file->bytes(), check, threads);
  if (!pk.ok()) return Status::InvalidArgument(path + ": " + pk.status().message());
  return pk;
}

Status WriteParams(const ProvingKey& pk, const std::string& path) {
  std::vector<uint8_t> out;
  AppendVerifyingKey(out, pk.vk);
  auto g1s = [&](const std::vector<ec::G1Affine>& v) {
    PutU32(out, static_cast<uint32_t>(v.size()));
    for (const auto& p : v) Put(out, ec::G1ToUncompressed(p));
  };
  g1s(pk.h);
  g1s(pk.l);
  g1s(pk.a);
  g1s(pk.b_g1);
  PutU32(out, static_cast<uint32_t>(pk.b_g2.size()));
  for (const auto& p : pk.b_g2) Put(out, ec::G2ToUncompressed(p));
  return WriteFile(path, out);
}

Status WriteVerifyingKey(const VerifyingKey& vk, const std::string& path) {
  return WriteFile(path, SerializeVerifyingKey(vk));
}

Result<VerifyingKey> ReadVerifyingKey(const std::string& path) {
  auto file = MappedFile::Open(path);
  RETURN_IF_ERROR(file);
  auto vk = ParseVerifyingKey(file->bytes());
  if (!vk.ok()) return Status::InvalidArgument(path + ": " + vk.status().message());
  return vk;
}

std::array<uint8_t, kProofBytes> SerializeProof(const Proof& proof) {
  std::array<uint8_t, kProofBytes> out;
  auto a = ec::G1ToCompressed(proof.a);
  auto b = ec::G2ToCompressed(proof.b);
  auto c = ec::G1ToCompressed(proof.c);
  std::copy(a.begin(), a.end(), out.begin());
  std::copy(b.begin(), b.end(), out.begin() + 48);
  std::copy(c.begin(), c.end(), out.begin() + 144);
  return out;
}

Result<Proof> ParseProof(std::span<const uint8_t> bytes) {
  if (bytes.size() != kProofBytes) {
    return Status::InvalidArgument("proof must be 192 bytes, got " + std::to_string(bytes.size()));
  }
  auto a = ec::G1FromCompressed(bytes.subspan(0, 48));
  if (!a.ok()) return Status::InvalidArgument("proof A: " + a.status().message());
  auto b = ec::G2FromCompressed(bytes.subspan(48, 96));
  if (!b.ok()) return Status::InvalidArgument("proof B: " + b.status().message());
  auto c = ec::G1FromCompressed(bytes.subspan(144, 48));
  if (!c.ok()) return Status::InvalidArgument("proof C: " + c.status().message());
  if (a->infinity || b->infinity || c->infinity) {
    return Status::InvalidArgument("proof contains a point at infinity");
  }
  return Proof{*a, *b, *c};
}

}  // namespace cuzk::groth16

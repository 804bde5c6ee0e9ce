// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "groth16/params_io.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <mutex>

#include "base/parallel.h"

namespace cuzk::groth16 {
namespace {

// Where a parameter file's bytes come from: memory, or an open file read with pread, a chunk at a
// time, so that a load never holds a second copy of the file (not even as mapped page cache).
class ByteSource {
 public:
  explicit ByteSource(std::span<const uint8_t> bytes) : bytes_(bytes), size_(bytes.size()) {}
  ByteSource(int fd, uint64_t size) : fd_(fd), size_(size) {}

  uint64_t size() const { return size_; }
  // Returns bytes [offset, offset + n) (within size()), read into `scratch` for a file.
  Result<std::span<const uint8_t>> Read(uint64_t offset, size_t n,
                                        std::vector<uint8_t>& scratch) const {
    if (fd_ < 0) return bytes_.subspan(offset, n);
    if (scratch.size() < n) scratch.resize(n);
    for (size_t done = 0; done < n;) {
      ssize_t got =
          ::pread(fd_, scratch.data() + done, n - done, static_cast<off_t>(offset + done));
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) {
        return Status::InvalidArgument(
            "reading " + std::to_string(n) + " bytes at offset " + std::to_string(offset) +
            " failed: " + (got == 0 ? "the file ended early" : std::strerror(errno)));
      }
      done += static_cast<size_t>(got);
    }
    return std::span<const uint8_t>(scratch.data(), n);
  }

 private:
  std::span<const uint8_t> bytes_;
  int fd_ = -1;
  uint64_t size_ = 0;
};

// Sequential reader over a ByteSource that reports truncation with the section's name. A span
// that Take returns is valid until the next Take.
class Reader {
 public:
  explicit Reader(const ByteSource& source) : source_(source) {}

  Result<std::span<const uint8_t>> Take(size_t n, const std::string& what) {
    RETURN_IF_ERROR(Skip(n, what));
    return source_.Read(pos_ - n, n, scratch_);
  }
  // Steps over n bytes (read later, in parallel) and returns their offset.
  Result<uint64_t> Skip(uint64_t n, const std::string& what) {
    if (remaining() < n) {
      return Status::InvalidArgument("truncated: " + what + " needs " + std::to_string(n) +
                                     " bytes at offset " + std::to_string(pos_) + ", only " +
                                     std::to_string(remaining()) + " left");
    }
    pos_ += n;
    return pos_ - n;
  }
  Result<uint32_t> U32(const std::string& what) {
    auto b = Take(4, what);
    RETURN_IF_ERROR(b);
    return uint32_t{(*b)[0]} << 24 | uint32_t{(*b)[1]} << 16 | uint32_t{(*b)[2]} << 8 | (*b)[3];
  }
  uint64_t remaining() const { return source_.size() - pos_; }
  const ByteSource& source() const { return source_; }

 private:
  const ByteSource& source_;
  uint64_t pos_ = 0;
  std::vector<uint8_t> scratch_;
};

void PutU32(std::vector<uint8_t>& out, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<uint8_t>(v >> s));
}

template <size_t N>
void Put(std::vector<uint8_t>& out, const std::array<uint8_t, N>& bytes) {
  out.insert(out.end(), bytes.begin(), bytes.end());
}

// Per-group decoding for the uncompressed, identity-free vectors of the formats: G1 points eight
// at a time on AVX-512 IFMA Fp lanes where the CPU has them (ec::TryG1RunFromUncompressedFinite).
struct G1Traits {
  using Point = ec::G1Affine;
  static constexpr size_t kBytes = ec::kG1UncompressedBytes;
  static Result<Point> Decode(std::span<const uint8_t> b, ec::SubgroupCheck c) {
    return ec::G1FromUncompressed(b, c);
  }
  static size_t TryDecodeRun(const uint8_t* b, size_t count, Point* out) {
    return ec::TryG1RunFromUncompressedFinite(b, count, out, ff::ifma::CheckedIfmaFpKernels());
  }
  static bool InSubgroup(const Point& p) { return ec::IsInG1Subgroup(p); }
};
struct G2Traits {
  using Point = ec::G2Affine;
  static constexpr size_t kBytes = ec::kG2UncompressedBytes;
  static Result<Point> Decode(std::span<const uint8_t> b, ec::SubgroupCheck c) {
    return ec::G2FromUncompressed(b, c);
  }
  static size_t TryDecodeRun(const uint8_t* b, size_t count, Point* out) {
    return ec::TryG2RunFromUncompressedFinite(b, count, out);
  }
  static bool InSubgroup(const Point& p) { return ec::IsInG2Subgroup(p); }
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

// Returns n unwritten points on huge pages, first faulted in on `threads` threads (the kernel
// zeroes each page as it faults in: 0.8 s on one thread for the 2KiB PoRep key on this project's
// 2-core VM). On a 2-core VM with IFMA, 4 KiB pages faulted in by MADV_POPULATE_WRITE still made
// the decoder's first store to each page stall (the host backs the memory then): loading the
// 2KiB PoRep key took 1.67-2.29 s on 4 KiB pages against 1.00-1.31 s on huge pages (6
// interleaved runs of `cuzk-bench load-params`).
template <typename Point>
HugeFillLaterVector<Point> AllocatePoints(size_t n, size_t threads) {
  HugeFillLaterVector<Point> out(n);
  constexpr uintptr_t kPage = 4096;
  uintptr_t begin = (reinterpret_cast<uintptr_t>(out.data()) + kPage - 1) & ~(kPage - 1);
  uintptr_t end = reinterpret_cast<uintptr_t>(out.data() + n) & ~(kPage - 1);
  if (end > begin) {
    // Advisory: on kernels without MADV_POPULATE_WRITE (5.14) the pages fault in as decoded.
    ParallelFor((end - begin) / kPage, threads,
                [&](size_t first, size_t last) {
                  ::madvise(reinterpret_cast<void*>(begin + first * kPage), (last - first) * kPage,
                            MADV_POPULATE_WRITE);
                },
                1024);
  }
  return out;
}

// Reads `u32 count || count points`: each thread reads its own range a chunk at a time and decodes
// it without allocating; the error names the lowest bad index.
template <typename T>
Result<HugeFillLaterVector<typename T::Point>> ReadVector(Reader& r, ec::SubgroupCheck check,
                                                          const std::string& section,
                                                          size_t threads,
                                                          const CancelFlag* cancel = nullptr) {
  auto count = r.U32(section + " length");
  RETURN_IF_ERROR(count);
  size_t n = *count;
  if (r.remaining() / T::kBytes < n) {
    return Status::InvalidArgument("truncated: " + section + " declares " + std::to_string(n) +
                                   " points (" + std::to_string(n * T::kBytes) +
                                   " bytes) but only " + std::to_string(r.remaining()) +
                                   " bytes remain");
  }
  auto offset = r.Skip(n * T::kBytes, section);
  RETURN_IF_ERROR(offset);
  auto out = AllocatePoints<typename T::Point>(n, threads);
  constexpr size_t kChunkPoints = (size_t{1} << 20) / T::kBytes;  // about 1 MiB per read
  std::mutex mu;
  size_t bad_index = n;  // the lowest point that failed to decode
  Status read_error;     // or the first read that failed
  ParallelFor(
      n, threads,
      [&](size_t begin, size_t end) {
        std::vector<uint8_t> scratch;
        for (size_t chunk = begin; chunk < end; chunk += kChunkPoints) {
          if (IsCancelled(cancel)) return;  // the flag is never reset: seen again below
          size_t chunk_end = std::min(end, chunk + kChunkPoints);
          auto bytes = r.source().Read(*offset + chunk * T::kBytes, (chunk_end - chunk) * T::kBytes,
                                       scratch);
          if (!bytes.ok()) {
            std::lock_guard<std::mutex> lock(mu);
            if (read_error.ok()) read_error = bytes.status();
            return;
          }
          size_t bad = chunk + T::TryDecodeRun(bytes->data(), chunk_end - chunk, &out[chunk]);
          if (check == ec::SubgroupCheck::kCheck) {
            for (size_t i = chunk; i < bad; ++i) {
              if (!T::InSubgroup(out[i])) bad = i;
            }
          }
          if (bad < chunk_end) {
            std::lock_guard<std::mutex> lock(mu);
            bad_index = std::min(bad_index, bad);
            return;
          }
        }
      },
      1024);
  if (IsCancelled(cancel)) {
    return Status(StatusCode::kCancelled, "the load was cancelled at " + section);
  }
  if (!read_error.ok()) return Status::InvalidArgument(section + ": " + read_error.message());
  if (bad_index == n) return out;
  // The bad point again, through the decoder that names the fault.
  std::vector<uint8_t> scratch;
  auto bytes = r.source().Read(*offset + bad_index * T::kBytes, T::kBytes, scratch);
  RETURN_IF_ERROR(bytes);
  std::string where = section + " point " + std::to_string(bad_index);
  auto bad = DecodeOne<T>(*bytes, check, where);
  if (!bad.ok()) return bad.status();
  return Status(StatusCode::kInternal, where + ": the fast and the full decoder disagree");
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
  vk.ic.assign(ic->begin(), ic->end());
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

// A file open for reading, closed on destruction.
class OpenFile {
 public:
  static Result<OpenFile> Open(const std::string& path) {
    OpenFile f;
    f.fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (f.fd_ < 0)
      return Status(StatusCode::kNotFound, "cannot open " + path + ": " + std::strerror(errno));
    struct stat st {};
    if (::fstat(f.fd_, &st) != 0) return Status::InvalidArgument("cannot stat " + path);
    f.size_ = static_cast<uint64_t>(st.st_size);
    // Each reading thread walks its own range front to back: let the kernel read ahead far.
    ::posix_fadvise(f.fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
    return f;
  }
  OpenFile(OpenFile&& o) noexcept : fd_(std::exchange(o.fd_, -1)), size_(o.size_) {}
  OpenFile(const OpenFile&) = delete;
  ~OpenFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  ByteSource source() const { return ByteSource(fd_, size_); }

 private:
  OpenFile() = default;
  int fd_ = -1;
  uint64_t size_ = 0;
};

// A .vk file's whole contents: the key, and no trailing bytes.
Result<VerifyingKey> ParseWholeVerifyingKey(const ByteSource& source, ec::SubgroupCheck check) {
  Reader r(source);
  auto vk = ReadVerifyingKeyFrom(r, check);
  RETURN_IF_ERROR(vk);
  if (r.remaining() != 0) {
    return Status::InvalidArgument(std::to_string(r.remaining()) + " trailing bytes after the vk");
  }
  return vk;
}

Result<ProvingKey> ParseParamsFrom(const ByteSource& source, ec::SubgroupCheck check,
                                   size_t threads, const CancelFlag* cancel = nullptr) {
  Reader r(source);
  ProvingKey pk;
  // The vk is always checked in full: it is small, and verification relies on it.
  auto vk = ReadVerifyingKeyFrom(r, ec::SubgroupCheck::kCheck);
  RETURN_IF_ERROR(vk);
  pk.vk = std::move(*vk);
  auto h = ReadVector<G1Traits>(r, check, "h", threads, cancel);
  RETURN_IF_ERROR(h);
  auto l = ReadVector<G1Traits>(r, check, "l", threads, cancel);
  RETURN_IF_ERROR(l);
  auto a = ReadVector<G1Traits>(r, check, "a", threads, cancel);
  RETURN_IF_ERROR(a);
  auto b_g1 = ReadVector<G1Traits>(r, check, "b_g1", threads, cancel);
  RETURN_IF_ERROR(b_g1);
  auto b_g2 = ReadVector<G2Traits>(r, check, "b_g2", threads, cancel);
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

}  // namespace

std::vector<uint8_t> SerializeVerifyingKey(const VerifyingKey& vk) {
  std::vector<uint8_t> out;
  AppendVerifyingKey(out, vk);
  return out;
}

Result<VerifyingKey> ParseVerifyingKey(std::span<const uint8_t> bytes, ec::SubgroupCheck check) {
  return ParseWholeVerifyingKey(ByteSource(bytes), check);
}

Result<ProvingKey> ParseParams(std::span<const uint8_t> bytes, ec::SubgroupCheck check,
                               size_t threads) {
  return ParseParamsFrom(ByteSource(bytes), check, threads);
}

Result<ProvingKey> ReadParams(const std::string& path, ec::SubgroupCheck check, size_t threads,
                              const CancelFlag* cancel) {
  auto file = OpenFile::Open(path);
  RETURN_IF_ERROR(file);
  auto pk = ParseParamsFrom(file->source(), check, threads, cancel);
  if (!pk.ok()) return pk.status().Prefixed(path + ": ");
  return pk;
}

Status WriteParams(const ProvingKey& pk, const std::string& path) {
  std::vector<uint8_t> out;
  AppendVerifyingKey(out, pk.vk);
  auto g1s = [&](std::span<const ec::G1Affine> v) {
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
  auto file = OpenFile::Open(path);
  RETURN_IF_ERROR(file);
  auto vk = ParseWholeVerifyingKey(file->source(), ec::SubgroupCheck::kCheck);
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

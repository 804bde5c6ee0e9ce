// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "commands/common.h"

#include <sys/resource.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "base/hex.h"
#include "filecoin/commitment_cid.h"

namespace cuzk::bench {

double Since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

double PeakRssGiB() {
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / (1024.0 * 1024.0);
}

CpuSeconds ProcessCpuSeconds() {
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec * 1e-6; };
  return {seconds(usage.ru_utime), seconds(usage.ru_stime)};
}

void PrintPartitionReport(const engine::PartitionReport& r) {
  const auto& p = r.prover;
  std::printf(
      "partition %u (s): synthesis %.2f | a·w b·w %.2f | ntt %.2f | msm h %.2f l %.2f a %.2f b_g1 "
      "%.2f b_g2 %.2f | prove %.2f | verify %.3f\n",
      r.partition, r.synthesis_s, p.evaluation, p.fft, p.msm_h, p.msm_l, p.msm_a, p.msm_b_g1,
      p.msm_b_g2, p.total, r.verify_s);
  std::fflush(stdout);
}

Result<std::string> ReadFileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status(StatusCode::kNotFound, "cannot open " + path);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

Status WriteFileBytes(const std::string& path, std::string_view data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data.data(), static_cast<std::streamsize>(data.size()));
  out.close();
  if (!out) return Status(StatusCode::kInternal, "cannot write " + path);
  return Status::Ok();
}

namespace {
int exit_status = 0;
}  // namespace

void OnRun(CLI::App* cmd, std::function<int()> run) {
  cmd->callback([run = std::move(run)] { exit_status = run(); });
}

int ExitStatus() { return exit_status; }

int Fail(std::string_view command, std::string_view what, const Status& status) {
  std::fprintf(stderr, "%.*s: %.*s: %s\n", static_cast<int>(command.size()), command.data(),
               static_cast<int>(what.size()), what.data(), status.message().c_str());
  return 1;
}

Result<filecoin::RegisteredSealProof> ResolveProof(const std::string& sector_size,
                                                   const std::string& registered_proof) {
  if (!registered_proof.empty()) {
    bool numeric = registered_proof.find_first_not_of("0123456789") == std::string::npos;
    auto proof = numeric ? filecoin::SealProofById(std::stoull(registered_proof))
                         : filecoin::SealProofByName(registered_proof);
    RETURN_IF_ERROR(proof);
    std::string size_label = std::string(proof->name).substr(10);  // after "StackedDrg"
    if (!sector_size.empty() && size_label.rfind(sector_size + "V", 0) != 0) {
      return Status::InvalidArgument("registered proof " + std::string(proof->name) +
                                     " is not for sector size " + sector_size);
    }
    return proof;
  }
  static const std::map<std::string, uint64_t> kV1_1 = {
      {"2KiB", 5}, {"8MiB", 6}, {"512MiB", 7}, {"32GiB", 8}, {"64GiB", 9}};
  auto it = kV1_1.find(sector_size);
  if (it == kV1_1.end()) {
    return Status::InvalidArgument("unknown sector size \"" + sector_size +
                                   "\" (2KiB, 8MiB, 512MiB, 32GiB or 64GiB)");
  }
  return filecoin::SealProofById(it->second);
}

Result<filecoin::RegisteredPoStProof> ResolvePoStProof(const std::string& type,
                                                       const std::string& sector_size,
                                                       const std::string& registered_proof) {
  if (type != "wpost" && type != "winning") {
    return Status::InvalidArgument("PoSt type \"" + type + "\" is neither wpost nor winning");
  }
  auto seal = ResolveProof(sector_size, "");
  RETURN_IF_ERROR(seal);
  uint64_t id = seal->id % 5 + (type == "winning" ? 0 : 10);
  if (!registered_proof.empty()) {
    if (registered_proof.find_first_not_of("0123456789") != std::string::npos) {
      return Status::InvalidArgument("--registered-proof of a PoSt is a number 0..14");
    }
    id = std::stoull(registered_proof);
  }
  auto proof = filecoin::PoStProofById(id);
  RETURN_IF_ERROR(proof);
  if (proof->shape.sector_bytes != seal->shape.sector_bytes ||
      (proof->kind == filecoin::PoStKind::kWinning) != (type == "winning")) {
    return Status::InvalidArgument("registered PoSt proof " + std::string(proof->name) +
                                   " is not a " + type + " proof of a " + sector_size + " sector");
  }
  return proof;
}

Result<filecoin::C1Output> LoadC1(const std::string& path) {
  auto t = Clock::now();
  auto bytes = ReadFileBytes(path);
  RETURN_IF_ERROR(bytes);
  filecoin::C1Envelope envelope;
  auto c1 = filecoin::ParseC1(*bytes, &envelope);
  if (!c1.ok()) return Status::InvalidArgument(path + ": " + c1.status().message());
  std::printf(
      "C1: %s, %s, %zu partitions x %zu challenges, %.1f MB parsed and validated in %.3f s\n",
      std::string(c1->registered_proof.name).c_str(), envelope.wrapped ? "Curio wrapper" : "raw",
      c1->vanilla_proofs.size(),
      c1->vanilla_proofs.empty() ? size_t{0} : c1->vanilla_proofs[0].size(),
      static_cast<double>(bytes->size()) / 1e6, Since(t));
  return c1;
}

Result<filecoin::Bytes32> ParseCommRArgument(const std::string& arg) {
  bool hex = arg.size() == 64 && std::all_of(arg.begin(), arg.end(), [](char c) {
               return std::isxdigit(static_cast<unsigned char>(c));
             });
  if (hex) {
    auto bytes = FromHex(arg);
    RETURN_IF_ERROR(bytes);
    filecoin::Bytes32 out;
    std::copy(bytes->begin(), bytes->end(), out.begin());
    return out;
  }
  if (std::filesystem::is_regular_file(arg)) {
    auto text = ReadFileBytes(arg);
    RETURN_IF_ERROR(text);
    auto dr = filecoin::ParseCommDR(*text);
    if (!dr.ok()) return Status::InvalidArgument(arg + ": " + dr.status().message());
    return dr->comm_r;
  }
  return filecoin::CommitmentFromCid(arg, filecoin::CommitmentKind::kSealed);
}

}  // namespace cuzk::bench

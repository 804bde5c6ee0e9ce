// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench public-inputs`: prints one partition's public inputs for a request of any kind, as
// the daemon derives them (from a C1, or from PoSt or SnapDeals vanilla proofs), one 0x-prefixed
// big-endian field element per line.
#include <cstdio>

#include "base/hex.h"
#include "commands/commands.h"
#include "commands/common.h"
#include "commands/request.h"

namespace cuzk::bench {

void RegisterPublicInputs(CLI::App& app) {
  static RequestOptions o;
  auto* cmd = app.add_subcommand("public-inputs", "Print a partition's public inputs");
  AddRequestOptions(cmd, &o);
  OnRun(cmd, [] {
    const char* name = "public-inputs";
    auto job = PrepareRequest(o);
    if (!job.ok()) return Fail(name, "reading the inputs", job.status());
    // A PoSt job is one partition (--partition is the WindowPoSt partition it proves).
    uint32_t k = job->partitions == 1 ? 0 : o.partition;
    auto inputs = job->public_inputs(k);
    if (!inputs.ok()) return Fail(name, "deriving", inputs.status());
    for (const ff::Fr& x : *inputs) std::printf("0x%s\n", ToHex(x.ToBytesBE()).c_str());
    return 0;
  });
}

}  // namespace cuzk::bench

// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench export-r1cs`: writes one partition's constraint system and witness, for a request of
// any kind, as iden3 .r1cs / .wtns files, so other tools (snarkjs, circom-compat provers) can
// inspect or prove it.
#include <cstdio>
#include <filesystem>

#include "commands/commands.h"
#include "commands/common.h"
#include "commands/request.h"
#include "r1cs/iden3.h"
#include "r1cs/shape.h"
#include "r1cs/witness_only.h"

namespace cuzk::bench {

void RegisterExportR1cs(CLI::App& app) {
  struct Options {
    RequestOptions request;
    std::string out;
  };
  static Options o;
  auto* cmd = app.add_subcommand("export-r1cs",
                                 "Write a partition's circuit and witness as iden3 .r1cs/.wtns");
  AddRequestOptions(cmd, &o.request);
  cmd->add_option("--out", o.out, "Output directory (<type>.r1cs, <type>.wtns)")->required();
  OnRun(cmd, [] {
    const char* name = "export-r1cs";
    auto job = PrepareRequest(o.request);
    if (!job.ok()) return Fail(name, "reading the inputs", job.status());
    uint32_t k = job->partitions == 1 ? 0 : o.request.partition;
    auto circuit = job->circuit(k);
    if (!circuit.ok()) return Fail(name, "witness", circuit.status());
    auto shape = r1cs::ShapeRecorder::Record(**circuit, /*append_input_constraints=*/false);
    if (!shape.ok()) return Fail(name, "recording", shape.status());
    r1cs::WitnessOnly values;
    if (Status s = (*circuit)->Synthesize(values); !s.ok()) return Fail(name, "witness", s);
    std::filesystem::create_directories(o.out);
    std::string base = (std::filesystem::path(o.out) / o.request.type).string();
    Status s = r1cs::WriteIden3R1cs(*shape, base + ".r1cs");
    if (s.ok()) s = r1cs::WriteIden3Witness(values.inputs(), values.aux(), base + ".wtns");
    if (!s.ok()) return Fail(name, "writing", s);
    std::printf("wrote %s.r1cs and %s.wtns: %zu constraints, %zu inputs, %zu aux\n", base.c_str(),
                base.c_str(), shape->num_constraints(), shape->num_inputs, shape->num_aux);
    return 0;
  });
}

}  // namespace cuzk::bench

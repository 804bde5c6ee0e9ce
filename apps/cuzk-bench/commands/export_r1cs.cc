// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench export-r1cs`: writes one partition's constraint system and witness as iden3
// .r1cs / .wtns files, so other tools (snarkjs, circom-compat provers) can inspect or prove it.
#include <cstdio>
#include <filesystem>

#include "circuits/porep/c1_inputs.h"
#include "commands/commands.h"
#include "commands/common.h"
#include "r1cs/iden3.h"
#include "r1cs/shape.h"
#include "r1cs/witness_only.h"

namespace cuzk::bench {

void RegisterExportR1cs(CLI::App& app) {
  struct Options {
    std::string c1, out;
    uint32_t partition = 0;
  };
  static Options o;
  auto* cmd = app.add_subcommand("export-r1cs",
                                 "Write a partition's circuit and witness as iden3 .r1cs/.wtns");
  cmd->add_option("--c1", o.c1, "C1 JSON (raw or Curio wrapper)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--partition", o.partition, "Partition index")->capture_default_str();
  cmd->add_option("--out", o.out, "Output directory (porep.r1cs, porep.wtns)")->required();
  cmd->callback([] {
    const char* name = "export-r1cs";
    auto c1 = LoadC1(o.c1);
    if (!c1.ok()) std::exit(Fail(name, "reading the C1", c1.status()));
    auto witness = circuits::porep::PartitionWitnessFromC1(*c1, o.partition);
    if (!witness.ok()) std::exit(Fail(name, "witness", witness.status()));
    circuits::porep::StackedCircuit circuit(circuits::porep::ShapeOf(c1->registered_proof.shape),
                                            *witness);
    auto shape = r1cs::ShapeRecorder::Record(circuit, /*append_input_constraints=*/false);
    if (!shape.ok()) std::exit(Fail(name, "recording", shape.status()));
    r1cs::WitnessOnly values;
    if (Status s = circuit.Synthesize(values); !s.ok()) std::exit(Fail(name, "witness", s));
    std::filesystem::create_directories(o.out);
    std::string base = (std::filesystem::path(o.out) / "porep").string();
    Status s = r1cs::WriteIden3R1cs(*shape, base + ".r1cs");
    if (s.ok()) s = r1cs::WriteIden3Witness(values.inputs(), values.aux(), base + ".wtns");
    if (!s.ok()) std::exit(Fail(name, "writing", s));
    std::printf("wrote %s.r1cs and %s.wtns: %zu constraints, %zu inputs, %zu aux\n", base.c_str(),
                base.c_str(), shape->num_constraints(), shape->num_inputs, shape->num_aux);
  });
}

}  // namespace cuzk::bench

// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "sealer/labels.h"

#include "base/parallel.h"
#include "filecoin/sdr_label.h"

namespace cuzk::sealer {

using filecoin::kBaseDegree;
using filecoin::kTotalParents;

ParentTable::ParentTable(const filecoin::StackedGraph& graph, size_t threads)
    : table_(graph.nodes() * kTotalParents) {
  ParallelFor(
      graph.nodes(), threads,
      [&](size_t begin, size_t end) {
        for (size_t node = begin; node < end; ++node) {
          graph.Parents(node, std::span<uint32_t, kTotalParents>(
                                  table_.data() + node * kTotalParents, kTotalParents));
        }
      },
      4096);
}

void LabelParents(std::span<const uint32_t, kTotalParents> parents, uint32_t layer,
                  std::span<const Bytes32> this_layer, std::span<const Bytes32> previous_layer,
                  std::span<Bytes32, 37> out) {
  Bytes32 distinct[kTotalParents];
  size_t count = layer == 1 ? kBaseDegree : kTotalParents;
  for (size_t k = 0; k < count; ++k) {
    distinct[k] = k < kBaseDegree ? this_layer[parents[k]] : previous_layer[parents[k]];
  }
  for (size_t i = 0; i < out.size(); ++i) out[i] = distinct[i % count];
}

std::vector<std::vector<Bytes32>> LabelLayers(const ParentTable& parents, const ff::Fr& replica_id,
                                              uint32_t layers) {
  uint64_t nodes = parents.nodes();
  std::vector<std::vector<Bytes32>> labels(layers, std::vector<Bytes32>(nodes));
  std::array<Bytes32, 37> parent_labels;
  for (uint32_t layer = 1; layer <= layers; ++layer) {
    std::vector<Bytes32>& current = labels[layer - 1];
    std::span<const Bytes32> previous =
        layer > 1 ? std::span<const Bytes32>(labels[layer - 2]) : std::span<const Bytes32>();
    for (uint64_t node = 0; node < nodes; ++node) {
      if (node > 0) LabelParents(parents.Parents(node), layer, current, previous, parent_labels);
      current[node] = filecoin::SdrLabel(replica_id, layer, node, parent_labels);
    }
  }
  return labels;
}

}  // namespace cuzk::sealer

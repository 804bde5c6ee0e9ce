// SPDX-License-Identifier: Apache-2.0 OR MIT
// SDR labeling of whole sectors: the parent table and every layer's labels, each node's label
// computed by filecoin::SdrLabel.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ff/fr.h"
#include "filecoin/graph.h"

namespace cuzk::sealer {

using filecoin::Bytes32;

// The 14 parents of every node (base then expander), node-major: the parent cache.
class ParentTable {
 public:
  // Computes the table on `threads` threads (0 = all).
  ParentTable(const filecoin::StackedGraph& graph, size_t threads = 0);
  // Returns the 14 parents of `node`.
  std::span<const uint32_t, filecoin::kTotalParents> Parents(uint64_t node) const {
    return std::span<const uint32_t, filecoin::kTotalParents>(
        table_.data() + node * filecoin::kTotalParents, filecoin::kTotalParents);
  }
  uint64_t nodes() const { return table_.size() / filecoin::kTotalParents; }

 private:
  std::vector<uint32_t> table_;
};

// Writes the 37 parent labels node `node` of layer `layer` (1-based) hashes, in hashing order:
// layer 1: base parents' layer-1 labels 6x then the first again; layer > 1: (6 base parents of
// this layer, 8 expander parents of the previous layer) twice, then the first 9 again.
void LabelParents(std::span<const uint32_t, filecoin::kTotalParents> parents, uint32_t layer,
                  std::span<const Bytes32> this_layer, std::span<const Bytes32> previous_layer,
                  std::span<Bytes32, 37> out);

// Labels all `layers` layers; result[l-1][node] is the label of `node` in layer l. Within a layer
// the nodes depend on earlier ones, so each layer is computed in node order.
std::vector<std::vector<Bytes32>> LabelLayers(const ParentTable& parents, const ff::Fr& replica_id,
                                              uint32_t layers);

}  // namespace cuzk::sealer

// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/kinds/reference_digests.h"

namespace cuzk::engine {
namespace {

constexpr ReferenceDigest kDigests[] = {
    {"porep-2k", "StackedDrg2KiBV1_1 (PoRep)",
     "2c120b1125bd531d5a62b11932b2ae0e0cb47f455cea582994f97534e296bb42"},
    {"porep-8m", "StackedDrg8MiBV1_1 (PoRep)",
     "b1fe5a4629fb8fc6684d6c90d6f8d6d32e5bccf6bc9439e4e8a9758e579328db"},
    {"porep-512m", "StackedDrg512MiBV1_1 (PoRep)",
     "c7ade8c93707968e967cce4507669258eab20ff010e6dc1827d55544ee671cbb"},
    {"porep-32g", "StackedDrg32GiBV1_1 (PoRep partition)",
     "a790207ea0435359e7d5f286563586e3f9a3a286c97af2440f65a4a18063d9cb"},
    {"wpost-2k", "StackedDrgWindow2KiBV1_2",
     "14279e1c38053fa35eab6f56dbf1c5ef337b533f2c42fd3d7b4e7a116796b331"},
    {"wpost-8m", "StackedDrgWindow8MiBV1_2",
     "ee6185d4d0e58fb6f56f11ebc105ec7a08829c99bbf18b91634e40d07abaee6f"},
    {"wpost-512m", "StackedDrgWindow512MiBV1_2",
     "24ea17320d86130abde49b4eff2f6df38d8806b99018c5c2ac68930d951325c6"},
    {"wpost-32g", "StackedDrgWindow32GiBV1_2",
     "1036a47757014fa295aee4d8539d43c45adaf71c80a4b17c1dba6eca41b0d54f"},
    {"winning-2k", "StackedDrgWinning2KiBV1",
     "ce8079a9875ac8fafc46902e0e2368fa997e7f2ffb2065d2666ef92bc3ca2f67"},
    {"winning-8m", "StackedDrgWinning8MiBV1",
     "f76fd7ab1915553c8dbffbd06ef73bc77119d7b4e2e129534256b9abd952d38e"},
    {"winning-512m", "StackedDrgWinning512MiBV1",
     "1edcd1f497a9d12871d3f692ec90c670d9f837b3e37c31958dbf2ea239c021df"},
    {"winning-32g", "StackedDrgWinning32GiBV1",
     "f65cddbca7106bac1a8b92148badb4d96f488d56c233bd59b0d0a6919445cf4f"},
    {"snap-2k", "StackedDrg2KiBV1 (SnapDeals)",
     "c787aea9329f4525b3bcde14533b9b775654f6a9afe0a7c671783c8bd4f1f7a5"},
    {"snap-8m", "StackedDrg8MiBV1 (SnapDeals)",
     "ee2b98435ff8e35305acee8e08f1428bf5d19dd1164174a356e150c11df28ae4"},
    {"snap-512m", "StackedDrg512MiBV1 (SnapDeals)",
     "d9f9e8c5646d12ad5a07ce7967df4e19fd998a0439a3eb1585baf51559b24751"},
    {"snap-32g", "StackedDrg32GiBV1 (SnapDeals)",
     "ed11b3af5ba3ae6e1e9e56122c31c51507edb6516c97baf1893a97da69517634"},
    {"snap-poseidon-2k", "StackedDrg2KiBV1 (SnapDeals Poseidon)",
     "c4c30fa1d5352f2413fd7ac8d04dfb05747b33e49ba060892d1a1b801dd1220e"},
    {"snap-poseidon-8m", "StackedDrg8MiBV1 (SnapDeals Poseidon)",
     "77b5881b23fe9914434d69fe45e1fec959915b73634f07e1738c5ff9cd1a06d5"},
    {"snap-poseidon-512m", "StackedDrg512MiBV1 (SnapDeals Poseidon)",
     "eef3791ffffd8a8ac492c163a15e448fe787df303ed4e327042a5d0cdbea80da"},
    {"snap-poseidon-32g", "StackedDrg32GiBV1 (SnapDeals Poseidon)",
     "2f19365f3f926e9920e11bfb4e989ca7dbf97c5cded50984811afc5c6a3002a5"},
};

}  // namespace

std::span<const ReferenceDigest> ReferenceDigests() { return kDigests; }

std::string_view ReferenceDigestOf(std::string_view circuit_id) {
  for (const ReferenceDigest& d : kDigests) {
    if (d.circuit_id == circuit_id) return d.digest;
  }
  return {};
}

}  // namespace cuzk::engine

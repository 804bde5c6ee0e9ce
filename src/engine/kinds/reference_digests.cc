// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/kinds/reference_digests.h"

namespace cuzk::engine {
namespace {

constexpr ReferenceDigest kDigests[] = {
    {"porep-2k", "StackedDrg2KiBV1_1 (PoRep)",
     "2c120b1125bd531d5a62b11932b2ae0e0cb47f455cea582994f97534e296bb42",
     "87bb91f88c5345fac915e84c61d56fe23c87746712d295383eaf26d4d81371a9"},
    {"porep-8m", "StackedDrg8MiBV1_1 (PoRep)",
     "b1fe5a4629fb8fc6684d6c90d6f8d6d32e5bccf6bc9439e4e8a9758e579328db",
     "589e20302db5d3ed1bbfdb56e41de9d25ea4657e595a0fd900fe9bac2a7622cb"},
    {"porep-512m", "StackedDrg512MiBV1_1 (PoRep)",
     "c7ade8c93707968e967cce4507669258eab20ff010e6dc1827d55544ee671cbb",
     "4dbc75d4f12f9f78f58a50cb18f4d208cd9897a1dcbfc5502c6861aef7509168"},
    {"porep-32g", "StackedDrg32GiBV1_1 (PoRep partition)",
     "a790207ea0435359e7d5f286563586e3f9a3a286c97af2440f65a4a18063d9cb",
     "e95d041927a0ee066e95ee615c76879c4545dc972aa764360c07b59f826b9da6"},
    {"wpost-2k", "StackedDrgWindow2KiBV1_2",
     "14279e1c38053fa35eab6f56dbf1c5ef337b533f2c42fd3d7b4e7a116796b331",
     "30ad12ba7d8a39104b8893e1b2278b177be1f129f43411491935e8cfbc1095d3"},
    {"wpost-8m", "StackedDrgWindow8MiBV1_2",
     "ee6185d4d0e58fb6f56f11ebc105ec7a08829c99bbf18b91634e40d07abaee6f",
     "0375d6dfcbf94c9d9da0c8ec60266cb8888b91b0f2bdc3960969a92415865698"},
    {"wpost-512m", "StackedDrgWindow512MiBV1_2",
     "24ea17320d86130abde49b4eff2f6df38d8806b99018c5c2ac68930d951325c6",
     "268c72da0143f2f554ee3cbd2c9751c89b885532664f34666a772aa54942068d"},
    {"wpost-32g", "StackedDrgWindow32GiBV1_2",
     "1036a47757014fa295aee4d8539d43c45adaf71c80a4b17c1dba6eca41b0d54f",
     "d0a1f70963e9c7fa84e74493c33be9b1148447fe06d5803b93805e2554c2cde9"},
    {"winning-2k", "StackedDrgWinning2KiBV1",
     "ce8079a9875ac8fafc46902e0e2368fa997e7f2ffb2065d2666ef92bc3ca2f67",
     "3f3c347afde04182dd292dc5d035ce7ce94dc52fa60914a832e8ab3c03857219"},
    {"winning-8m", "StackedDrgWinning8MiBV1",
     "f76fd7ab1915553c8dbffbd06ef73bc77119d7b4e2e129534256b9abd952d38e",
     "305bd04dee8b6dfcf44e2e4c5d83c74c5e0f5fc6fbed6fabb8c7aed3d65e4844"},
    {"winning-512m", "StackedDrgWinning512MiBV1",
     "1edcd1f497a9d12871d3f692ec90c670d9f837b3e37c31958dbf2ea239c021df",
     "b73f8f1913ebb60304dda446e7d362ce1cee73b204ce6dfc4a92789602e0ebba"},
    {"winning-32g", "StackedDrgWinning32GiBV1",
     "f65cddbca7106bac1a8b92148badb4d96f488d56c233bd59b0d0a6919445cf4f",
     "5126fee0e04d54c80808ce5d8662a685ded37a987d5b5fef5c8ec3084ee6fa3d"},
    {"snap-2k", "StackedDrg2KiBV1 (SnapDeals)",
     "c787aea9329f4525b3bcde14533b9b775654f6a9afe0a7c671783c8bd4f1f7a5",
     "eaa3d52587a3a7c5e08676114c3c985667240a3c101100491148f16cf9545b68"},
    {"snap-8m", "StackedDrg8MiBV1 (SnapDeals)",
     "ee2b98435ff8e35305acee8e08f1428bf5d19dd1164174a356e150c11df28ae4",
     "895b4b6cbc7b91f3f0b3605fb21b7184a49d8e196b2eb46d79139fa5c6ab1cc8"},
    {"snap-512m", "StackedDrg512MiBV1 (SnapDeals)",
     "d9f9e8c5646d12ad5a07ce7967df4e19fd998a0439a3eb1585baf51559b24751",
     "d829c06c8237d9c3b68f542124e80535d15f7e09ba2540ed8851cc5cec624a1a"},
    {"snap-32g", "StackedDrg32GiBV1 (SnapDeals)",
     "ed11b3af5ba3ae6e1e9e56122c31c51507edb6516c97baf1893a97da69517634",
     "40710c6cbee8bfa76b37a6654ecc343888dcadeb314288d2752260fdf625835b"},
    {"snap-poseidon-2k", "StackedDrg2KiBV1 (SnapDeals Poseidon)",
     "c4c30fa1d5352f2413fd7ac8d04dfb05747b33e49ba060892d1a1b801dd1220e",
     "a9f6231d0018d582a5c01b346e14f9bc28e8f67a101f3de3025af1e0185702d6"},
    {"snap-poseidon-8m", "StackedDrg8MiBV1 (SnapDeals Poseidon)",
     "77b5881b23fe9914434d69fe45e1fec959915b73634f07e1738c5ff9cd1a06d5",
     "df87a33921ba6af979be3e9a5de3aca702e773765fd7a11f20094de947f2f355"},
    {"snap-poseidon-512m", "StackedDrg512MiBV1 (SnapDeals Poseidon)",
     "eef3791ffffd8a8ac492c163a15e448fe787df303ed4e327042a5d0cdbea80da",
     "73b8a8a620db167129ff6f179402205c8479dff59696f9850d8281af7a42e17b"},
    {"snap-poseidon-32g", "StackedDrg32GiBV1 (SnapDeals Poseidon)",
     "2f19365f3f926e9920e11bfb4e989ca7dbf97c5cded50984811afc5c6a3002a5",
     "546804ef78083027966827c267778913c52b3ec2bc0579c5e866ce98f4b1144c"},
};

}  // namespace

std::span<const ReferenceDigest> ReferenceDigests() { return kDigests; }

std::string_view ReferenceDigestOf(std::string_view circuit_id) {
  for (const ReferenceDigest& d : kDigests) {
    if (d.circuit_id == circuit_id) return d.digest;
  }
  return {};
}

std::string_view CompiledFingerprintOf(std::string_view circuit_id) {
  for (const ReferenceDigest& d : kDigests) {
    if (d.circuit_id == circuit_id) return d.compiled_fingerprint;
  }
  return {};
}

}  // namespace cuzk::engine

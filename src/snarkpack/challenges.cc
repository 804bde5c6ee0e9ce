// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "snarkpack/challenges.h"

#include <string>

#include "snarkpack/transcript.h"

namespace cuzk::snarkpack {

using ff::Fr;

namespace {

// The round's messages in the order every round transcript writes them.
Transcript& WriteRound(Transcript& t, const GipaRound& m) {
  return t.Write(m.zab_l)
      .Write(m.zab_r)
      .Write(m.zc_l)
      .Write(m.zc_r)
      .Write(m.tab_l.first)
      .Write(m.tab_l.second)
      .Write(m.tab_r.first)
      .Write(m.tab_r.second)
      .Write(m.tuc_l.first)
      .Write(m.tuc_l.second)
      .Write(m.tuc_r.first)
      .Write(m.tuc_r.second);
}

}  // namespace

GipaRound RoundOf(const GipaProof& g, size_t i) {
  return {g.comms_ab[i].first, g.comms_ab[i].second, g.comms_c[i].first, g.comms_c[i].second,
          g.z_ab[i].first,     g.z_ab[i].second,     g.z_c[i].first,     g.z_c[i].second};
}

Fr HcomChallenge(const GtPair& com_ab, const GtPair& com_c) {
  return Transcript("hcom")
      .Write(com_ab.first)
      .Write(com_ab.second)
      .Write(com_c.first)
      .Write(com_c.second)
      .Challenge();
}

Fr CombinationChallenge(const Fr& hcom, std::span<const uint8_t> transcript_include) {
  return Transcript("random-r").Write(hcom).WriteBytes(transcript_include).Challenge();
}

Fr GipaStartChallenge(const Fr& hcom, const ff::Fp12& ip_ab, const ec::G1Affine& agg_c,
                      const Fr& r) {
  return Transcript("gipa-0").Write(hcom).Write(ip_ab).Write(agg_c).Write(r).Challenge();
}

Fr GipaRoundChallenge(size_t i, const Fr& previous, const GipaRound& m) {
  Transcript t("gipa-" + std::to_string(i));
  t.Write(previous);
  return WriteRound(t, m).Challenge();
}

Fr GipaExtraChallenge(const Fr& last_challenge, const GipaProof& g) {
  Transcript t("gipa-extra-link");
  t.Write(last_challenge).Write(g.final_a).Write(g.final_b).Write(g.final_c);
  return WriteRound(t, RoundOf(g, g.comms_ab.size() - 1)).Challenge();
}

Fr KzgChallenge(const Fr& extra, const GipaProof& g) {
  return Transcript("random-z")
      .Write(extra)
      .Write(g.final_vkey.first)
      .Write(g.final_vkey.second)
      .Write(g.final_wkey.first)
      .Write(g.final_wkey.second)
      .Write(g.final_a)
      .Write(g.final_b)
      .Write(g.final_c)
      .Challenge();
}

}  // namespace cuzk::snarkpack

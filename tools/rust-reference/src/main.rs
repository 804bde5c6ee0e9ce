//! bp-oracle: the Rust Filecoin proving stack (filecoin-proofs-api 19.1, rust-fil-proofs 19.1,
//! bellperson 0.27, bellpepper-core 0.2.1) driven from the command line, as the reference for
//! the C++ Groth16 provers (cuzk). ../README.md says how to run it.
//! Every result is one stdout line ending in OK or FAIL; the exit status is 0 only if all are OK.

use std::collections::BTreeMap;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::{fs, time::Instant};

use anyhow::{anyhow, bail, ensure, Context, Result};
use base64::{engine::general_purpose::STANDARD as B64, Engine as _};
use bellpepper_core::test_cs::TestConstraintSystem;
use bellperson::util_cs::witness_cs::WitnessCS;
use bellperson::{groth16, Circuit, ConstraintSystem, Index, LinearCombination, SynthesisError, Variable};
use blstrs::{Bls12, Scalar as Fr};
use clap::{Args, Parser, Subcommand, ValueEnum};
use ff::{Field, PrimeField};
use filecoin_hashers::{poseidon::PoseidonHasher, Domain, Hasher};
use filecoin_proofs::parameters::{public_params, window_post_public_params, winning_post_public_params};
use filecoin_proofs::constants::{DefaultPieceDomain, DefaultPieceHasher};
use filecoin_proofs::types::{FallbackPoStSectorProof, SectorUpdateConfig, VanillaSealProof};
use filecoin_proofs::{as_safe_commitment, get_num_partition_for_fallback_post, partition_vanilla_proofs, with_shape};
use filecoin_proofs_api::post::{generate_single_window_post_with_vanilla, generate_window_post_with_vanilla};
use filecoin_proofs_api::post::{generate_winning_post_with_vanilla, verify_window_post, verify_winning_post};
use filecoin_proofs_api::post::{generate_fallback_sector_challenges, generate_single_vanilla_proof};
use filecoin_proofs_api::post::generate_winning_post_sector_challenge;
use filecoin_proofs_api::seal::{add_piece, clear_cache, seal_pre_commit_phase1, seal_pre_commit_phase2};
use filecoin_proofs_api::{PaddedBytesAmount, PrivateReplicaInfo, UnpaddedBytesAmount};
use filecoin_proofs_api::seal::{seal_commit_phase2, verify_seal, SealCommitPhase1Output};
use filecoin_proofs_api::update::{generate_empty_sector_update_proof_with_vanilla as snap_prove_api};
use filecoin_proofs_api::update::verify_empty_sector_update_proof;
use filecoin_proofs_api::update::{empty_sector_update_encode_into, generate_partition_proofs};
use filecoin_proofs_api::{PartitionProofBytes, PoStType, PublicReplicaInfo, SectorId};
use filecoin_proofs_api::{RegisteredPoStProof, RegisteredSealProof, RegisteredUpdateProof};
use rand_chacha::{rand_core::{RngCore, SeedableRng}, ChaCha20Rng};
use storage_proofs_core::parameter_cache::{metadata_id, parameter_id, verifying_key_id};
use storage_proofs_core::parameter_cache::{CacheEntryMetadata, CacheableParameters};
use storage_proofs_core::{compound_proof::CompoundProof, merkle::MerkleTreeTrait, proof::ProofScheme};
use storage_proofs_porep::stacked::{self, generate_replica_id, StackedCircuit, StackedCompound, StackedDrg};
use storage_proofs_post::fallback::{self, FallbackPoSt, FallbackPoStCircuit, FallbackPoStCompound, PublicSector};
use storage_proofs_update::constants::{TreeDDomain, TreeRDomain, TreeRHasher};
use storage_proofs_update::{poseidon as snap_p, EmptySectorUpdate, EmptySectorUpdateCircuit as SnapCircuit};
use storage_proofs_update::{EmptySectorUpdateCompound as SnapCompound, PartitionProof};
use storage_proofs_update::{PublicInputs as SnapInputs, PublicParams as SnapParams};

type G = DefaultPieceHasher;

// ------------------------------------------------------------------------------------------------
// Command line

#[derive(Parser)]
#[command(name = "bp-oracle", about = "Rust reference (filecoin-proofs 19.1, bellperson 0.27) for the C++ provers")]
struct Cli {
    /// Folder with .params/.vk under the official names (sets FIL_PROOFS_PARAMETER_CACHE)
    #[arg(long, global = true)]
    params: Option<PathBuf>,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// seal_commit_phase2 on a C1 (raw SealCommitPhase1Output JSON or Curio's wrapper)
    PorepProve { #[command(flatten)] p: PorepArgs, #[arg(long)] out: PathBuf },
    /// verify_seal with comm_r, comm_d, ticket and seed taken from the C1
    PorepVerify { #[command(flatten)] p: PorepArgs, #[arg(long)] proof: PathBuf },
    /// Window/Winning PoSt from vanilla proofs (JSON array of base64 bincode FallbackPoStSectorProof)
    PostProve {
        #[command(flatten)] p: PostArgs,
        #[arg(long)] vanilla: PathBuf,
        #[arg(long)] out: PathBuf,
        /// WindowPoSt: prove this partition only (generate_single_window_post_with_vanilla)
        #[arg(long)] partition: Option<usize>,
    },
    /// verify_window_post / verify_winning_post (sector ids and comm_r from --replicas or --vanilla)
    PostVerify {
        #[command(flatten)] p: PostArgs,
        #[arg(long)] proof: PathBuf,
        /// JSON [{"sector_id": N, "comm_r": "<64 hex>"}, ...]
        #[arg(long)] replicas: Option<PathBuf>,
        #[arg(long)] vanilla: Option<PathBuf>,
    },
    /// Seal seeded random data as Lotus and Curio do (add_piece, seal_pre_commit_phase1 and 2,
    /// clear_cache) into DIR/sealed/s-t0<miner>-<n> and DIR/cache/s-t0<miner>-<n> (Lotus's
    /// layout); prints comm_r as 64 hex (the Fr little-endian repr)
    LotusSeal {
        #[arg(long, default_value = "StackedDrg2KiBV1_1")] registered_proof: String,
        #[arg(long)] dir: PathBuf,
        #[arg(long)] miner_id: u64,
        #[arg(long)] sector_id: u64,
        /// ChaCha20 seed of the data and the ticket
        #[arg(long, default_value_t = 0)] seed: u64,
    },
    /// One sector's PoSt vanilla proof from its sealed file and cache directory, as Curio's Rust
    /// cuzk-bench gen-vanilla makes it (generate_fallback_sector_challenges, then
    /// generate_single_vanilla_proof), written as a JSON array of one base64 string
    PostVanilla {
        #[command(flatten)] p: PostArgs,
        #[arg(long)] sealed: PathBuf,
        #[arg(long)] cache: PathBuf,
        /// 64 hex chars (the Fr little-endian repr)
        #[arg(long)] comm_r: String,
        #[arg(long)] sector_id: u64,
        #[arg(long)] out: PathBuf,
    },
    /// Update a sector lotus-seal sealed in DIR with seeded random data as Lotus does (add_piece,
    /// empty_sector_update_encode_into) into DIR/update/s-t0<miner>-<n> and
    /// DIR/update-cache/s-t0<miner>-<n>; prints comm_r_new and comm_d_new as 64 hex
    SnapEncode {
        #[arg(long, default_value = "StackedDrg2KiBV1")] registered_proof: String,
        #[arg(long)] dir: PathBuf,
        #[arg(long)] miner_id: u64,
        #[arg(long)] sector_id: u64,
        /// ChaCha20 seed of the new data
        #[arg(long, default_value_t = 1)] seed: u64,
    },
    /// SnapDeals partition vanilla proofs of an update from its files, as Curio's Rust cuzk-bench
    /// gen-vanilla snap-prove makes them (generate_partition_proofs), as a JSON array of base64
    SnapVanilla {
        #[command(flatten)] s: SnapArgs,
        #[arg(long)] sector_key: PathBuf,
        #[arg(long)] sector_key_cache: PathBuf,
        #[arg(long)] replica: PathBuf,
        #[arg(long)] replica_cache: PathBuf,
        #[arg(long)] out: PathBuf,
    },
    /// SnapDeals proof from partition vanilla proofs (JSON array of base64 bincode PartitionProof)
    SnapProve { #[command(flatten)] s: SnapArgs, #[arg(long)] vanilla: PathBuf, #[arg(long)] out: PathBuf },
    /// verify_empty_sector_update_proof
    SnapVerify { #[command(flatten)] s: SnapArgs, #[arg(long)] proof: PathBuf },
    /// SnapDeals' Poseidon variant (storage-proofs-update poseidon; filecoin-proofs has no API for
    /// it): EmptySectorUpdateCompound::prove_with_vanilla on one bincode poseidon PartitionProof,
    /// with the parameters under their cache name in --params
    SnapPoseidonProve { #[command(flatten)] s: SnapArgs, #[arg(long)] vanilla: PathBuf, #[arg(long)] out: PathBuf },
    /// SnapDeals' Poseidon variant: CompoundProof::verify with the .vk under its cache name
    SnapPoseidonVerify { #[command(flatten)] s: SnapArgs, #[arg(long)] proof: PathBuf },
    /// R1CS digest: TestConstraintSystem::hash(), and our streaming digest of witness and blank circuit
    Digest {
        #[command(flatten)] c: CircuitArgs,
        /// skip TestConstraintSystem (it stores every name; skip at 32GiB)
        #[arg(long)] skip_test_cs: bool,
        /// skip the blank circuit (the one parameters are generated from)
        #[arg(long)] skip_blank: bool,
        /// write the public inputs (without ONE), one 0x-prefixed big-endian hex per line
        #[arg(long)] inputs_out: Option<PathBuf>,
    },
    /// groth16::generate_random_parameters on the blank circuit, written under the official names
    GenParams {
        #[command(flatten)] c: CircuitArgs,
        #[arg(long)] out: PathBuf,
        /// ChaCha20 seed of the toxic waste (same seed, same files)
        #[arg(long, default_value_t = 0)] seed: u64,
    },
    /// Time the synthesis of one partition (witness: bellperson WitnessCS; prove: our A/B/C evaluator)
    SynthTime {
        #[command(flatten)] c: CircuitArgs,
        #[arg(long, value_enum, default_value_t = Mode::Witness)] mode: Mode,
        #[arg(long, default_value_t = 1)] repeat: usize,
    },
    /// Rust's vanilla verifier on the C1 / vanilla proofs
    VanillaCheck { #[command(flatten)] c: CircuitArgs },
    /// SnarkPack (v2) aggregation of PoRep proofs: aggregate_seal_commit_proofs, then
    /// verify_aggregate_seal_commit_proofs; writes a fake SRS (seeded) if --params has none
    Aggregate {
        /// C1 files (Curio wrappers carry their sector number), one per proof, same order
        #[arg(long, num_args = 1.., required = true)] c1: Vec<PathBuf>,
        /// 192-byte-per-partition proofs of those C1s, same order (not with --verify)
        #[arg(long, num_args = 1..)] proof: Vec<PathBuf>,
        #[arg(long)] prover_id: String,
        #[arg(long)] out: Option<PathBuf>,
        /// verify this aggregate (made by another prover) instead of making one
        #[arg(long)] verify: Option<PathBuf>,
        /// ChaCha20 seed and size of the fake SRS written when the cache has none
        #[arg(long, default_value_t = 0)] srs_seed: u64,
        #[arg(long, default_value_t = 256)] srs_size: usize,
        /// write the flattened public inputs (as verify_aggregate_seal_commit_proofs takes them)
        #[arg(long)] inputs_out: Option<PathBuf>,
    },
    /// Time bellperson's SnarkPack v2 (specialize, aggregate_proofs, verify_aggregate_proof) on
    /// random proofs over a seeded fake SRS, one line per count (the side of
    /// scripts/snarkpack-vs-bellperson.sh that cuzk's bench/snarkpack_bench mirrors)
    AggregateBench {
        /// proof counts, each a power of two
        #[arg(long, value_delimiter = ',', default_values_t = [2usize, 8, 32, 128, 512, 1024])] counts: Vec<usize>,
        /// runs per count; the median is printed
        #[arg(long, default_value_t = 3)] repeat: usize,
    },
}

#[derive(Args)]
struct PorepArgs {
    #[arg(long)] c1: PathBuf,
    /// 64 hex chars, or a miner actor id (1000 / f01000 / t01000)
    #[arg(long)] prover_id: String,
    /// default: SectorNum of a Curio wrapper
    #[arg(long)] sector_id: Option<u64>,
}

#[derive(Args)]
struct PostArgs {
    /// e.g. StackedDrgWindow2KiBV1_2, StackedDrgWinning2KiBV1
    #[arg(long)] registered_proof: String,
    /// 64 hex chars, used as given (Lotus/Curio clear the top 2 bits of byte 31 before proving)
    #[arg(long)] randomness: String,
    #[arg(long)] prover_id: String,
}

#[derive(Args)]
struct SnapArgs {
    #[arg(long, default_value = "StackedDrg2KiBV1")] registered_proof: String,
    #[arg(long)] comm_r_old: String,
    #[arg(long)] comm_d_new: String,
    #[arg(long)] comm_r_new: String,
}

/// Which circuit, and its witness source (none given: the blank circuit only).
#[derive(Args)]
struct CircuitArgs {
    #[arg(long, value_enum, default_value_t = What::Porep)] what: What,
    /// RegisteredSealProof / RegisteredPoStProof / RegisteredUpdateProof name (default: the C1's, else 2KiB)
    #[arg(long)] registered_proof: Option<String>,
    #[arg(long)] c1: Option<PathBuf>,
    #[arg(long)] vanilla: Option<PathBuf>,
    #[arg(long)] randomness: Option<String>,
    #[arg(long)] prover_id: Option<String>,
    #[arg(long)] comm_r_old: Option<String>,
    #[arg(long)] comm_d_new: Option<String>,
    #[arg(long)] comm_r_new: Option<String>,
    #[arg(long, default_value_t = 0)] partition: usize,
}

#[derive(Clone, Copy, ValueEnum)]
enum What { Porep, Wpost, Winning, Snap, SnapPoseidon }

#[derive(Clone, Copy, ValueEnum)]
enum Mode { Witness, Prove }

fn main() {
    env_logger::init();
    let cli = Cli::parse();
    if let Some(p) = &cli.params {
        // Before the first use of storage-proofs-core's SETTINGS (a lazy_static read from env).
        std::env::set_var("FIL_PROOFS_PARAMETER_CACHE", p);
    }
    if Path::new("rust-fil-proofs.config.toml").exists() {
        eprintln!("warning: ./rust-fil-proofs.config.toml is read as well and may override FIL_PROOFS_*");
    }
    let s = &*storage_proofs_core::settings::SETTINGS;
    eprintln!("parameter cache {} (verify_production_params={})", s.parameter_cache, s.verify_production_params);
    let ok = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| dispatch(cli.cmd))) {
        Ok(Ok(ok)) => ok,
        Ok(Err(e)) => line(&format!("error: {e:#}"), false),
        Err(_) => line("panicked (message above)", false),
    };
    std::process::exit(if ok { 0 } else { 1 });
}

fn dispatch(cmd: Cmd) -> Result<bool> {
    match cmd {
        Cmd::PorepProve { p, out } => porep_prove(&p, &out),
        Cmd::PorepVerify { p, proof } => porep_verify(&p, &proof),
        Cmd::PostProve { p, vanilla, out, partition } => post_prove(&p, &vanilla, &out, partition),
        Cmd::PostVerify { p, proof, replicas, vanilla } => post_verify(&p, &proof, replicas.as_deref(), vanilla.as_deref()),
        Cmd::LotusSeal { registered_proof, dir, miner_id, sector_id, seed } => {
            lotus_seal(&registered_proof, &dir, miner_id, sector_id, seed)
        }
        Cmd::PostVanilla { p, sealed, cache, comm_r, sector_id, out } => {
            post_vanilla(&p, &sealed, &cache, &comm_r, sector_id, &out)
        }
        Cmd::SnapEncode { registered_proof, dir, miner_id, sector_id, seed } => {
            snap_encode(&registered_proof, &dir, miner_id, sector_id, seed)
        }
        Cmd::SnapVanilla { s, sector_key, sector_key_cache, replica, replica_cache, out } => {
            snap_vanilla(&s, &sector_key, &sector_key_cache, &replica, &replica_cache, &out)
        }
        Cmd::SnapProve { s, vanilla, out } => snap_prove(&s, &vanilla, &out),
        Cmd::SnapVerify { s, proof } => snap_verify(&s, &proof),
        Cmd::SnapPoseidonProve { s, vanilla, out } => snap_poseidon_groth(&s, SnapPoseidonAct::Prove { vanilla, out }),
        Cmd::SnapPoseidonVerify { s, proof } => snap_poseidon_groth(&s, SnapPoseidonAct::Verify { proof }),
        Cmd::Digest { c, skip_test_cs, skip_blank, inputs_out } => {
            circuit_cmd(&c, Act::Digest { test_cs: !skip_test_cs, blank: !skip_blank, inputs_out })
        }
        Cmd::GenParams { c, out, seed } => circuit_cmd(&c, Act::Params { out, seed }),
        Cmd::SynthTime { c, mode, repeat } => circuit_cmd(&c, Act::Synth { prove: matches!(mode, Mode::Prove), repeat }),
        Cmd::VanillaCheck { c } => circuit_cmd(&c, Act::Vanilla),
        Cmd::Aggregate { c1, proof, prover_id, out, verify, srs_seed, srs_size, inputs_out } => {
            aggregate(&c1, &proof, &prover_id, out.as_deref(), verify.as_deref(), srs_seed, srs_size, inputs_out.as_deref())
        }
        Cmd::AggregateBench { counts, repeat } => aggregate_bench(&counts, repeat),
    }
}

// ------------------------------------------------------------------------------------------------
// Input files and small helpers

fn line(msg: &str, ok: bool) -> bool {
    println!("{msg} {}", if ok { "OK" } else { "FAIL" });
    ok
}

fn verdict(what: &str, r: Result<bool>) -> bool {
    match r {
        Ok(true) => line(&format!("{what}: accepted"), true),
        Ok(false) => line(&format!("{what}: rejected"), false),
        Err(e) => line(&format!("{what}: error: {e:#}"), false),
    }
}

fn parse_enum<T: serde::de::DeserializeOwned>(name: &str) -> Result<T> {
    serde_json::from_value(serde_json::Value::String(name.to_string()))
        .with_context(|| format!("unknown registered proof name {name:?}"))
}

/// 32 raw bytes in hex: a commitment exactly as the C1 arrays hold it (the Fr little-endian repr).
fn hex32(s: &str) -> Result<[u8; 32]> {
    let b = hex::decode(s.trim_start_matches("0x")).with_context(|| format!("bad hex {s:?}"))?;
    b.try_into().map_err(|b: Vec<u8>| anyhow!("expected 32 bytes of hex, got {}", b.len()))
}

/// 64 hex chars, or a miner actor id (1000, f01000, t01000): unsigned LEB128 of the id, zero-padded
/// to 32 bytes (the payload of the ID address, as filecoin-ffi's toProverID builds it).
fn parse_prover_id(s: &str) -> Result<[u8; 32]> {
    let id = s.strip_prefix("f0").or_else(|| s.strip_prefix("t0")).unwrap_or(s);
    if id.len() > 20 {
        return hex32(s);
    }
    let (mut n, mut out): (u64, [u8; 32]) = (id.parse().context("prover id: 64 hex or a miner actor id")?, [0; 32]);
    for b in out.iter_mut() {
        *b = (n & 0x7f) as u8 | if n > 0x7f { 0x80 } else { 0 };
        n >>= 7;
        if n == 0 {
            break;
        }
    }
    Ok(out)
}

/// C1 output: raw filecoin-proofs-api JSON, or Curio's {"SectorNum","Phase1Out"(base64),"SectorSize"}.
fn load_c1(p: &Path) -> Result<(SealCommitPhase1Output, Option<u64>)> {
    let data = fs::read(p).with_context(|| format!("reading {}", p.display()))?;
    if data.windows(11).any(|w| w == b"\"Phase1Out\"") {
        let v: serde_json::Value = serde_json::from_slice(&data)?;
        let b = B64.decode(v["Phase1Out"].as_str().context("Phase1Out is not a string")?)?;
        let c1 = serde_json::from_slice(&b).context("Phase1Out is not a SealCommitPhase1Output")?;
        return Ok((c1, v["SectorNum"].as_u64()));
    }
    Ok((serde_json::from_slice(&data).context("not a SealCommitPhase1Output JSON")?, None))
}

/// JSON array of base64 strings (Go's encoding of [][]byte).
fn load_vanilla(p: &Path) -> Result<Vec<Vec<u8>>> {
    let v: Vec<String> = serde_json::from_slice(&fs::read(p).with_context(|| format!("reading {}", p.display()))?)?;
    v.iter().map(|s| -> Result<Vec<u8>> { Ok(B64.decode(s)?) }).collect()
}

fn load_replicas(p: &Path) -> Result<Vec<(u64, [u8; 32])>> {
    let v: Vec<serde_json::Value> = serde_json::from_slice(&fs::read(p)?)?;
    let one = |e: &serde_json::Value| -> Result<(u64, [u8; 32])> {
        Ok((e["sector_id"].as_u64().context("sector_id")?, hex32(e["comm_r"].as_str().context("comm_r")?)?))
    };
    v.iter().map(one).collect()
}

fn write_inputs(p: &Path, xs: &[Fr]) -> Result<()> {
    let hex_be = |x: &Fr| {
        let mut r = x.to_repr();
        r.as_mut().reverse();
        format!("0x{}\n", hex::encode(r.as_ref()))
    };
    fs::write(p, xs.iter().map(hex_be).collect::<String>()).with_context(|| format!("writing {}", p.display()))
}

fn finish_prove(what: &str, res: Result<Vec<u8>>, out: &Path, t: Instant) -> Result<bool> {
    let secs = t.elapsed().as_secs_f64();
    let p = match res {
        Ok(p) => p,
        Err(e) => return Ok(line(&format!("{what}: {e:#} (after {secs:.2}s)"), false)),
    };
    fs::write(out, &p).with_context(|| format!("writing {}", out.display()))?;
    Ok(line(&format!("{what}: {} bytes -> {} in {secs:.2}s", p.len(), out.display()), true))
}

// ------------------------------------------------------------------------------------------------
// filecoin-proofs-api: prove and verify

/// C1, prover id, sector id; prints whether SHA256(prover_id, sector_id, ticket, comm_d, porep_id)
/// equals the C1's replica_id (verify_seal recomputes it from exactly these).
fn porep_ids(a: &PorepArgs) -> Result<(SealCommitPhase1Output, [u8; 32], u64, bool)> {
    let (c1, num) = load_c1(&a.c1)?;
    let sid = a.sector_id.or(num).context("--sector-id is required (the C1 is not a Curio wrapper)")?;
    let pid = parse_prover_id(&a.prover_id)?;
    let porep_id = c1.registered_proof.as_v1_config().porep_id;
    let ok = generate_replica_id::<PoseidonHasher, _>(&pid, sid, &c1.ticket, c1.comm_d, &porep_id) == c1.replica_id;
    let verb = if ok { "equals" } else { "differs from" };
    line(&format!("replica-id sector {sid}: C1 replica_id {verb} the one from prover/sector/ticket/comm_d"), ok);
    Ok((c1, pid, sid, ok))
}

fn porep_prove(a: &PorepArgs, out: &Path) -> Result<bool> {
    let (c1, pid, sid, ids_ok) = porep_ids(a)?;
    let what = format!("porep-prove {:?} sector {sid} (includes Rust's own verify_seal)", c1.registered_proof);
    let t = Instant::now();
    let res = seal_commit_phase2(c1, pid, SectorId::from(sid)).map(|o| o.proof);
    Ok(finish_prove(&what, res, out, t)? && ids_ok)
}

fn porep_verify(a: &PorepArgs, proof: &Path) -> Result<bool> {
    let (c1, pid, sid, ids_ok) = porep_ids(a)?;
    let proof = fs::read(proof)?;
    let (rp, sector) = (c1.registered_proof, SectorId::from(sid));
    let r = verify_seal(rp, c1.comm_r, c1.comm_d, pid, sector, c1.ticket, c1.seed, &proof);
    Ok(verdict(&format!("porep-verify {rp:?} sector {sid} ({} bytes)", proof.len()), r) && ids_ok)
}

fn post_common(a: &PostArgs) -> Result<(RegisteredPoStProof, [u8; 32], [u8; 32])> {
    Ok((parse_enum(&a.registered_proof)?, hex32(&a.randomness)?, parse_prover_id(&a.prover_id)?))
}

fn post_prove(a: &PostArgs, vanilla: &Path, out: &Path, part: Option<usize>) -> Result<bool> {
    let ((rp, r, pid), v) = (post_common(a)?, load_vanilla(vanilla)?);
    let t = Instant::now();
    let res = match (rp.typ(), part) {
        (PoStType::Window, Some(k)) => generate_single_window_post_with_vanilla(rp, &r, pid, &v, k).map(|p| p.0),
        (PoStType::Window, None) => generate_window_post_with_vanilla(rp, &r, pid, &v).map(|mut x| x.remove(0).1),
        (PoStType::Winning, _) => generate_winning_post_with_vanilla(rp, &r, pid, &v).map(|mut x| x.remove(0).1),
    };
    let part = part.map(|k| format!(", partition {k}")).unwrap_or_default();
    finish_prove(&format!("post-prove {rp:?} ({} vanilla proofs{part})", v.len()), res, out, t)
}

fn lotus_seal(rp: &str, dir: &Path, miner_id: u64, sector_id: u64, seed: u64) -> Result<bool> {
    let rp: RegisteredSealProof = parse_enum(rp)?;
    let name = format!("s-t0{miner_id}-{sector_id}");
    let (sealed, cache, staged) =
        (dir.join("sealed").join(&name), dir.join("cache").join(&name), dir.join("unsealed").join(&name));
    for d in [dir.join("sealed"), cache.clone(), dir.join("unsealed")] {
        fs::create_dir_all(&d).with_context(|| format!("creating {}", d.display()))?;
    }
    let unpadded = UnpaddedBytesAmount::from(PaddedBytesAmount(u64::from(rp.sector_size())));
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let mut data = vec![0u8; unpadded.0 as usize];
    rng.fill_bytes(&mut data);
    let mut ticket = [0u8; 32];
    rng.fill_bytes(&mut ticket);
    ticket[31] &= 0x3f;
    let mut f = fs::OpenOptions::new().read(true).write(true).create(true).truncate(true).open(&staged)?;
    let (piece, _) = add_piece(rp, &data[..], &mut f, unpadded, &[])?;
    drop(f);
    fs::File::create(&sealed)?;
    let t = Instant::now();
    let prover_id = parse_prover_id(&miner_id.to_string())?;
    let p1 = seal_pre_commit_phase1(rp, &cache, &staged, &sealed, prover_id, SectorId::from(sector_id), ticket, &[piece])?;
    let p2 = seal_pre_commit_phase2(p1, &cache, &sealed)?;
    clear_cache(&cache)?;
    println!("comm_r {}", hex::encode(p2.comm_r));
    Ok(line(&format!("lotus-seal {rp:?} f0{miner_id} sector {sector_id} -> {} in {:.2}s", dir.display(), t.elapsed().as_secs_f64()), true))
}

fn post_vanilla(a: &PostArgs, sealed: &Path, cache: &Path, comm_r: &str, sector_id: u64, out: &Path) -> Result<bool> {
    let (rp, r, pid) = post_common(a)?;
    let sid = SectorId::from(sector_id);
    if rp.typ() == PoStType::Winning {
        // One sector in the proving set: the challenged index is 0, as in Curio's cuzk-bench.
        ensure!(generate_winning_post_sector_challenge(rp, &r, 1, pid)? == vec![0], "winning sector challenge");
    }
    let challenges = generate_fallback_sector_challenges(rp, &r, &[sid], pid)?;
    let replica = PrivateReplicaInfo::new(rp, hex32(comm_r)?, cache.to_path_buf(), sealed.to_path_buf());
    let proof = generate_single_vanilla_proof(rp, sid, &replica, &challenges[&sid])?;
    fs::write(out, serde_json::to_string(&vec![B64.encode(&proof)])?)?;
    Ok(line(&format!("post-vanilla {rp:?} sector {sector_id}: {} bytes -> {}", proof.len(), out.display()), true))
}

fn snap_encode(rp: &str, dir: &Path, miner_id: u64, sector_id: u64, seed: u64) -> Result<bool> {
    let rp: RegisteredUpdateProof = parse_enum(rp)?;
    let name = format!("s-t0{miner_id}-{sector_id}");
    let (key, key_cache) = (dir.join("sealed").join(&name), dir.join("cache").join(&name));
    let (replica, cache, staged) =
        (dir.join("update").join(&name), dir.join("update-cache").join(&name), dir.join("staged-update").join(&name));
    for d in [dir.join("update"), cache.clone(), dir.join("staged-update")] {
        fs::create_dir_all(&d).with_context(|| format!("creating {}", d.display()))?;
    }
    let size = u64::from(rp.sector_size());
    let seal_rp: RegisteredSealProof = parse_enum(&format!("{:?}", rp).replace("V1", "V1_1"))?;
    let unpadded = UnpaddedBytesAmount::from(PaddedBytesAmount(size));
    let mut data = vec![0u8; unpadded.0 as usize];
    ChaCha20Rng::seed_from_u64(seed).fill_bytes(&mut data);
    let mut f = fs::OpenOptions::new().read(true).write(true).create(true).truncate(true).open(&staged)?;
    let (piece, _) = add_piece(seal_rp, &data[..], &mut f, unpadded, &[])?;
    drop(f);
    fs::File::create(&replica)?.set_len(size)?;
    let t = Instant::now();
    let enc = empty_sector_update_encode_into(rp, &replica, &cache, &key, &key_cache, &staged, &[piece])?;
    println!("comm_r_new {}", hex::encode(enc.comm_r_new));
    println!("comm_d_new {}", hex::encode(enc.comm_d_new));
    Ok(line(&format!("snap-encode {rp:?} f0{miner_id} sector {sector_id} -> {} in {:.2}s", replica.display(), t.elapsed().as_secs_f64()), true))
}

fn snap_vanilla(a: &SnapArgs, key: &Path, key_cache: &Path, replica: &Path, cache: &Path, out: &Path) -> Result<bool> {
    let rp: RegisteredUpdateProof = parse_enum(&a.registered_proof)?;
    let (old, d_new, r_new) = (hex32(&a.comm_r_old)?, hex32(&a.comm_d_new)?, hex32(&a.comm_r_new)?);
    let proofs = generate_partition_proofs(rp, old, r_new, d_new, key, key_cache, replica, cache)?;
    let b64: Vec<String> = proofs.iter().map(|p| B64.encode(&p.0)).collect();
    fs::write(out, serde_json::to_string(&b64)?)?;
    Ok(line(&format!("snap-vanilla {rp:?}: {} partition proofs -> {}", b64.len(), out.display()), true))
}

fn post_sectors<Tree: 'static + MerkleTreeTrait>(v: &[Vec<u8>]) -> Result<Vec<(u64, [u8; 32])>> {
    let one = |b: &Vec<u8>| -> Result<(u64, [u8; 32])> {
        let p: FallbackPoStSectorProof<Tree> = bincode::deserialize(b)?;
        let comm_r: [u8; 32] = AsRef::<[u8]>::as_ref(&p.comm_r).try_into()?;
        Ok((u64::from(p.sector_id), comm_r))
    };
    v.iter().map(one).collect()
}

fn post_verify(a: &PostArgs, proof: &Path, reps: Option<&Path>, vanilla: Option<&Path>) -> Result<bool> {
    let (rp, r, pid) = post_common(a)?;
    let size = u64::from(rp.sector_size());
    let reps = match (reps, vanilla) {
        (Some(f), _) => load_replicas(f)?,
        (None, Some(v)) => with_shape!(size, post_sectors, &load_vanilla(v)?)?,
        _ => bail!("post-verify needs --replicas FILE or --vanilla FILE (for sector ids and comm_r)"),
    };
    let map: BTreeMap<SectorId, PublicReplicaInfo> =
        reps.iter().map(|(id, c)| (SectorId::from(*id), PublicReplicaInfo::new(rp, *c))).collect();
    let proof = fs::read(proof)?;
    let res = match rp.typ() {
        PoStType::Winning => verify_winning_post(&r, &proof, &map, pid),
        PoStType::Window => verify_window_post(&r, &[(rp, &proof[..])], &map, pid),
    };
    Ok(verdict(&format!("post-verify {rp:?} ({} sectors, {} bytes)", map.len(), proof.len()), res))
}

fn snap_common(s: &SnapArgs) -> Result<(RegisteredUpdateProof, [u8; 32], [u8; 32], [u8; 32])> {
    Ok((parse_enum(&s.registered_proof)?, hex32(&s.comm_r_old)?, hex32(&s.comm_d_new)?, hex32(&s.comm_r_new)?))
}

fn snap_prove(s: &SnapArgs, vanilla: &Path, out: &Path) -> Result<bool> {
    let (rp, r_old, d_new, r_new) = snap_common(s)?;
    let v: Vec<PartitionProofBytes> = load_vanilla(vanilla)?.into_iter().map(PartitionProofBytes).collect();
    let what = format!("snap-prove {rp:?} ({} partition proofs)", v.len());
    let t = Instant::now();
    // The API takes comm_r_old, comm_r_new, comm_d_new in this order.
    let res = snap_prove_api(rp, v, r_old, r_new, d_new).map(|p| p.0);
    finish_prove(&what, res, out, t)
}

fn snap_verify(s: &SnapArgs, proof: &Path) -> Result<bool> {
    let (rp, r_old, d_new, r_new) = snap_common(s)?;
    let proof = fs::read(proof)?;
    let res = verify_empty_sector_update_proof(rp, &proof, r_old, r_new, d_new);
    Ok(verdict(&format!("snap-verify {rp:?} ({} bytes)", proof.len()), res))
}

/// SnarkPack v2 over PoRep proofs, as Lotus aggregates commits (and NI-PoRep its partitions).
fn aggregate(c1s: &[PathBuf], proofs: &[PathBuf], pid: &str, out: Option<&Path>, verify: Option<&Path>,
             seed: u64, size: usize, inputs_out: Option<&Path>) -> Result<bool> {
    use filecoin_proofs_api::seal::{aggregate_seal_commit_proofs, get_seal_inputs};
    use filecoin_proofs_api::seal::{verify_aggregate_seal_commit_proofs, SealCommitPhase2Output};
    use filecoin_proofs_api::RegisteredAggregationProof;
    ensure!(verify.is_some() || c1s.len() == proofs.len(), "give one --proof per --c1 (or --verify)");
    ensure!(verify.is_some() || out.is_some(), "give --out (or --verify)");
    let pid = parse_prover_id(pid)?;
    let srs = PathBuf::from(&storage_proofs_core::settings::SETTINGS.parameter_cache).join("v28-fil-inner-product-v1.srs");
    if !srs.exists() {
        let g = bellperson::groth16::aggregate::setup_fake_srs::<Bls12, _>(&mut ChaCha20Rng::seed_from_u64(seed), size);
        let mut w = BufWriter::new(fs::File::create(&srs)?);
        g.write(&mut w)?;
        w.flush()?;
        line(&format!("fake SRS (seed {seed}, size {size}) written to {}", srs.display()), true);
    }
    let (mut rp, mut comm_rs, mut seeds, mut outs, mut inputs) = (None, vec![], vec![], vec![], vec![]);
    for (i, c) in c1s.iter().enumerate() {
        let (c1, num) = load_c1(c)?;
        let sid = num.context("aggregate needs Curio wrappers (they carry the sector number)")?;
        ensure!(*rp.get_or_insert(c1.registered_proof) == c1.registered_proof, "mixed registered proofs");
        inputs.extend(get_seal_inputs(c1.registered_proof, c1.comm_r, c1.comm_d, pid, SectorId::from(sid), c1.ticket, c1.seed)?);
        comm_rs.push(c1.comm_r);
        seeds.push(c1.seed);
        if verify.is_none() {
            outs.push(SealCommitPhase2Output { proof: fs::read(&proofs[i])? });
        }
    }
    let rp = rp.context("no proofs")?;
    let agg = match (verify, out) {
        (Some(v), _) => fs::read(v).with_context(|| format!("reading {}", v.display()))?,
        (None, Some(out)) => {
            let t = Instant::now();
            let agg = aggregate_seal_commit_proofs(rp, RegisteredAggregationProof::SnarkPackV2, &comm_rs, &seeds, &outs)?;
            fs::write(out, &agg)?;
            line(&format!("aggregate {rp:?} x{}: {} bytes -> {} in {:.2}s", outs.len(), agg.len(), out.display(), t.elapsed().as_secs_f64()), true);
            agg
        }
        (None, None) => bail!("give --out (or --verify)"),
    };
    if let Some(f) = inputs_out {
        write_inputs(f, &inputs.concat())?;
    }
    let n = agg.len();
    let r = verify_aggregate_seal_commit_proofs(rp, RegisteredAggregationProof::SnarkPackV2, agg, &comm_rs, &seeds, inputs);
    Ok(verdict(&format!("verify-aggregate {rp:?} x{} ({n} bytes)", c1s.len()), r))
}

/// The median of `repeat` timings of `f`, in seconds.
fn median_secs(repeat: usize, mut f: impl FnMut() -> Result<()>) -> Result<f64> {
    let mut t = Vec::with_capacity(repeat);
    for _ in 0..repeat.max(1) {
        let start = Instant::now();
        f()?;
        t.push(start.elapsed().as_secs_f64());
    }
    t.sort_by(|a, b| a.total_cmp(b));
    Ok(t[t.len() / 2])
}

/// bellperson's SnarkPack v2 timed as cuzk's bench/snarkpack_bench times its own: random proofs
/// (the prover does not check them), a fake SRS built once, verification of that aggregate under
/// a vk made of SRS points (it fails only the final Groth16 check, so it does all the work).
fn aggregate_bench(counts: &[usize], repeat: usize) -> Result<bool> {
    use bellperson::groth16::aggregate::{aggregate_proofs, setup_fake_srs, verify_aggregate_proof, AggregateVersion};
    use blstrs::{G1Affine, G1Projective, G2Affine, G2Projective};
    let max = counts.iter().copied().max().context("no --counts")?;
    ensure!(counts.iter().all(|n| n.is_power_of_two() && *n >= 2), "counts must be powers of two, at least 2");
    let mut rng = ChaCha20Rng::seed_from_u64(11);
    let t = Instant::now();
    let srs = setup_fake_srs::<Bls12, _>(&mut rng, 2 * max);
    eprintln!("fake SRS of {} powers in {:.1}s", 2 * max, t.elapsed().as_secs_f64());
    let include = [1u8; 32];
    for &n in counts {
        // alpha^0: the generators
        let proofs: Vec<groth16::Proof<Bls12>> = (0..n)
            .map(|_| groth16::Proof {
                a: G1Affine::from(G1Projective::from(srs.g_alpha_powers[0]) * Fr::random(&mut rng)),
                b: G2Affine::from(G2Projective::from(srs.h_alpha_powers[0]) * Fr::random(&mut rng)),
                c: G1Affine::from(G1Projective::from(srs.g_alpha_powers[0]) * Fr::random(&mut rng)),
            })
            .collect();
        let mut spec = None;
        let t_spec = median_secs(repeat, || {
            spec = Some(srs.specialize(n));
            Ok(())
        })?;
        let (psrs, vsrs) = spec.unwrap();
        let mut agg = None;
        let t_agg = median_secs(repeat, || {
            agg = Some(aggregate_proofs(&psrs, &include, &proofs, AggregateVersion::V2)?);
            Ok(())
        })?;
        let agg = agg.unwrap();
        let vk = groth16::VerifyingKey::<Bls12> {
            alpha_g1: srs.g_alpha_powers[1],
            beta_g1: srs.g_beta_powers[1],
            beta_g2: srs.h_alpha_powers[1],
            gamma_g2: srs.h_alpha_powers[1],
            delta_g1: srs.g_beta_powers[1],
            delta_g2: srs.h_alpha_powers[1],
            ic: vec![srs.g_beta_powers[1]; 2],
        };
        let pvk = groth16::prepare_verifying_key(&vk);
        let inputs = vec![vec![Fr::ONE]; n];
        let t_ver = median_secs(repeat, || {
            let _ = verify_aggregate_proof(&vsrs, &pvk, &mut rng, &inputs, &agg, &include, AggregateVersion::V2)?;
            Ok(())
        })?;
        println!("aggregate-bench bellperson n={n} specialize_ms={:.1} aggregate_ms={:.1} verify_ms={:.1}",
                 t_spec * 1e3, t_agg * 1e3, t_ver * 1e3);
    }
    Ok(line(&format!("aggregate-bench {} counts, median of {repeat}", counts.len()), true))
}

// ------------------------------------------------------------------------------------------------
// Circuits built the Rust way (as the filecoin-proofs provers build them), then digested,
// parameterised, timed or vanilla-checked

enum Act {
    Digest { test_cs: bool, blank: bool, inputs_out: Option<PathBuf> },
    Params { out: PathBuf, seed: u64 },
    Synth { prove: bool, repeat: usize },
    Vanilla,
}

/// `id`: the parameter-cache identifier (CacheableParameters::cache_identifier, no "v28-" or ext).
struct Job<'a> { tag: String, id: String, size: u64, act: &'a Act }
type Mk<'a, C> = &'a dyn Fn() -> Result<C>;

/// A 32-byte option that --vanilla makes mandatory.
fn req(o: &Option<String>, name: &str) -> Result<[u8; 32]> {
    hex32(o.as_deref().ok_or_else(|| anyhow!("{name} is required with --vanilla"))?)
}

fn circuit_cmd(a: &CircuitArgs, act: Act) -> Result<bool> {
    let (k, name) = (a.partition, a.registered_proof.as_deref());
    match a.what {
        What::Porep => {
            let c1 = a.c1.as_deref().map(load_c1).transpose()?.map(|(c, _)| c);
            let rp: RegisteredSealProof = match (name, &c1) {
                (Some(n), _) => parse_enum(n)?,
                (None, Some(c)) => c.registered_proof,
                (None, None) => RegisteredSealProof::StackedDrg2KiBV1_1,
            };
            let size = u64::from(rp.sector_size());
            with_shape!(size, porep_kind, rp, c1.as_ref(), k, &act)
        }
        What::Wpost | What::Winning => {
            let window = matches!(a.what, What::Wpost);
            let def = if window { "StackedDrgWindow2KiBV1_2" } else { "StackedDrgWinning2KiBV1" };
            let rp: RegisteredPoStProof = parse_enum(name.unwrap_or(def))?;
            ensure!((rp.typ() == PoStType::Window) == window, "{rp:?} does not fit --what");
            let size = u64::from(rp.sector_size());
            with_shape!(size, post_kind, rp, a, &act)
        }
        What::Snap | What::SnapPoseidon => {
            let rp: RegisteredUpdateProof = parse_enum(name.unwrap_or("StackedDrg2KiBV1"))?;
            let size = u64::from(rp.sector_size());
            match a.what {
                What::Snap => with_shape!(size, snap_kind, rp, a, &act),
                _ => with_shape!(size, snap_poseidon_kind, rp, a, &act),
            }
        }
    }
}

/// PoRep partition k: StackedCompound::circuit with public inputs and vanilla proofs from the C1,
/// as seal_commit_phase2_circuit_proofs does (filecoin-proofs api/seal.rs).
fn porep_kind<Tree: 'static + MerkleTreeTrait>(
    rp: RegisteredSealProof, c1: Option<&SealCommitPhase1Output>, k: usize, act: &Act,
) -> Result<bool> {
    type Cmp<T> = StackedCompound<T, G>;
    type Ckt<T> = StackedCircuit<T, G>;
    let pp = public_params::<Tree>(&rp.as_v1_config())?;
    let id = <Cmp<Tree> as CacheableParameters<Ckt<Tree>, _>>::cache_identifier(&pp);
    let job = Job { tag: format!("porep {rp:?} partition {k}"), id, size: u64::from(rp.sector_size()), act };
    let blank = || <Cmp<Tree> as CompoundProof<StackedDrg<'_, Tree, G>, Ckt<Tree>>>::blank_circuit(&pp);
    let Some(c1) = c1 else { return run::<Ckt<Tree>>(&job, None, &blank) };
    let vanilla: Vec<Vec<VanillaSealProof<Tree>>> = c1.vanilla_proofs.clone().try_into()?;
    let replica_id: Fr = c1.replica_id.into();
    let pub_in = stacked::PublicInputs::<<Tree::Hasher as Hasher>::Domain, DefaultPieceDomain> {
        replica_id: replica_id.into(),
        seed: Some(c1.seed),
        tau: Some(stacked::Tau {
            comm_d: DefaultPieceDomain::try_from_bytes(&c1.comm_d)?,
            comm_r: as_safe_commitment(&c1.comm_r, "comm_r")?,
        }),
        k: None,
    };
    if matches!(act, Act::Vanilla) {
        let r = StackedDrg::<Tree, G>::verify_all_partitions(&pp, &pub_in, &vanilla);
        return Ok(verdict(&format!("vanilla-check porep {rp:?} ({} partitions)", vanilla.len()), r));
    }
    ensure!(k < vanilla.len(), "partition {k} out of range (C1 has {})", vanilla.len());
    let mk: Mk<Ckt<Tree>> = &|| {
        <Cmp<Tree> as CompoundProof<StackedDrg<'_, Tree, G>, Ckt<Tree>>>::circuit(&pub_in, (), &vanilla[k], &pp, Some(k))
    };
    run(&job, Some(mk), &blank)
}

/// PoSt partition k, built as generate_{window,winning}_post_with_vanilla build it
/// (filecoin-proofs api/window_post.rs, winning_post.rs, post_util.rs).
fn post_kind<Tree: 'static + MerkleTreeTrait>(rp: RegisteredPoStProof, a: &CircuitArgs, act: &Act) -> Result<bool> {
    type Cmp<T> = FallbackPoStCompound<T>;
    type Ckt<T> = FallbackPoStCircuit<T>;
    let cfg = rp.as_v1_config();
    let pp = match cfg.typ {
        PoStType::Winning => winning_post_public_params::<Tree>(&cfg)?,
        PoStType::Window => window_post_public_params::<Tree>(&cfg)?,
    };
    let (k, id) = (a.partition, <Cmp<Tree> as CacheableParameters<Ckt<Tree>, _>>::cache_identifier(&pp));
    let job = Job { tag: format!("post {rp:?} partition {k}"), id, size: u64::from(rp.sector_size()), act };
    let blank = || <Cmp<Tree> as CompoundProof<FallbackPoSt<'_, Tree>, Ckt<Tree>>>::blank_circuit(&pp);
    let Some(vf) = &a.vanilla else { return run::<Ckt<Tree>>(&job, None, &blank) };
    let rnd = req(&a.randomness, "--randomness")?;
    let pid = parse_prover_id(a.prover_id.as_deref().context("--prover-id is required with --vanilla")?)?;
    let de = |b: &Vec<u8>| -> Result<FallbackPoStSectorProof<Tree>> { Ok(bincode::deserialize(b)?) };
    let proofs = load_vanilla(vf)?.iter().map(de).collect::<Result<Vec<_>>>()?;
    let pub_in = fallback::PublicInputs {
        randomness: as_safe_commitment(&rnd, "randomness")?,
        prover_id: as_safe_commitment(&pid, "prover_id")?,
        sectors: proofs.iter().map(|p| PublicSector { id: p.sector_id, comm_r: p.comm_r }).collect(),
        k: None,
    };
    let parts = get_num_partition_for_fallback_post(&cfg, proofs.len());
    // partition_vanilla_proofs ends with FallbackPoSt::verify_all_partitions on what it built.
    let partitioned = partition_vanilla_proofs(&cfg, &pp, &pub_in, parts, &proofs);
    if matches!(act, Act::Vanilla) {
        let what = format!("vanilla-check post {rp:?} ({} sector proofs, {parts} partitions)", proofs.len());
        return Ok(verdict(&what, partitioned.map(|_| true)));
    }
    let partitioned = partitioned?;
    ensure!(k < partitioned.len(), "partition {k} out of range ({} partitions)", partitioned.len());
    let mk: Mk<Ckt<Tree>> = &|| {
        let d = Default::default();
        <Cmp<Tree> as CompoundProof<FallbackPoSt<'_, Tree>, Ckt<Tree>>>::circuit(&pub_in, d, &partitioned[k], &pp, Some(k))
    };
    run(&job, Some(mk), &blank)
}

/// SnapDeals partition k, built as generate_empty_sector_update_proof_with_vanilla builds it
/// (filecoin-proofs api/update.rs).
fn snap_kind<Tree: 'static + MerkleTreeTrait<Hasher = TreeRHasher>>(
    rp: RegisteredUpdateProof, a: &CircuitArgs, act: &Act,
) -> Result<bool> {
    let (cfg, k) = (rp.as_v1_config(), a.partition);
    let size = u64::from(cfg.sector_size);
    let pp = SnapParams::from_sector_size(size);
    // Not rp.circuit_identifier(): the API delegates that to PoRepConfig, i.e. the PoRep id.
    let id = <SnapCompound<Tree> as CacheableParameters<SnapCircuit<Tree>, _>>::cache_identifier(&pp);
    let job = Job { tag: format!("snap {rp:?} partition {k}"), id, size, act };
    let blank = || <SnapCompound<Tree> as CompoundProof<EmptySectorUpdate<Tree>, SnapCircuit<Tree>>>::blank_circuit(&pp);
    let Some(vf) = &a.vanilla else { return run::<SnapCircuit<Tree>>(&job, None, &blank) };
    let upd = SectorUpdateConfig::from_porep_config(&cfg);
    let pub_in = SnapInputs {
        k: usize::from(upd.update_partitions),
        comm_r_old: TreeRDomain::try_from_bytes(&req(&a.comm_r_old, "--comm-r-old")?)?,
        comm_d_new: TreeDDomain::try_from_bytes(&req(&a.comm_d_new, "--comm-d-new")?)?,
        comm_r_new: TreeRDomain::try_from_bytes(&req(&a.comm_r_new, "--comm-r-new")?)?,
        h: upd.h,
    };
    let de = |b: &Vec<u8>| -> Result<PartitionProof<Tree>> { Ok(bincode::deserialize(b)?) };
    let proofs = load_vanilla(vf)?.iter().map(de).collect::<Result<Vec<_>>>()?;
    if matches!(act, Act::Vanilla) {
        let r = EmptySectorUpdate::<Tree>::verify_all_partitions(&pp, &pub_in, &proofs);
        return Ok(verdict(&format!("vanilla-check snap {rp:?} ({} partition proofs)", proofs.len()), r));
    }
    ensure!(k < proofs.len(), "partition {k} out of range ({} partition proofs)", proofs.len());
    let mk: Mk<SnapCircuit<Tree>> = &|| {
        <SnapCompound<Tree> as CompoundProof<EmptySectorUpdate<Tree>, SnapCircuit<Tree>>>::circuit(
            &pub_in, (), &proofs[k], &pp, Some(k),
        )
    };
    run(&job, Some(mk), &blank)
}

type SnapPCkt<T> = snap_p::EmptySectorUpdateCircuit<T>;
type SnapPCompound<T> = snap_p::EmptySectorUpdateCompound<T>;

/// The Poseidon variant's public inputs with filecoin-proofs' default h (hs[3]), and its one
/// partition proof from --vanilla (a JSON list holding one bincode poseidon PartitionProof).
fn snap_poseidon_inputs<Tree: 'static + MerkleTreeTrait<Hasher = TreeRHasher>>(
    size: u64, r_old: &[u8; 32], d_new: &[u8; 32], r_new: &[u8; 32],
) -> Result<snap_p::vanilla::PublicInputs> {
    Ok(snap_p::vanilla::PublicInputs {
        comm_r_old: TreeRDomain::try_from_bytes(r_old)?,
        comm_d_new: TreeRDomain::try_from_bytes(d_new)?,
        comm_r_new: TreeRDomain::try_from_bytes(r_new)?,
        h: storage_proofs_update::constants::h_default((size >> 5) as usize),
    })
}

fn snap_poseidon_vanilla<Tree: 'static + MerkleTreeTrait<Hasher = TreeRHasher>>(
    vf: &Path,
) -> Result<snap_p::vanilla::PartitionProof<Tree>> {
    let mut v = load_vanilla(vf)?;
    ensure!(v.len() == 1, "the Poseidon variant has one partition proof, {} given", v.len());
    Ok(bincode::deserialize(&v.remove(0))?)
}

/// SnapDeals Poseidon variant (storage_proofs_update::poseidon): the blank circuit, and with
/// --vanilla the circuit compound.rs builds from it (Rust's vanilla verifier is unimplemented).
fn snap_poseidon_kind<Tree: 'static + MerkleTreeTrait<Hasher = TreeRHasher>>(
    rp: RegisteredUpdateProof, a: &CircuitArgs, act: &Act,
) -> Result<bool> {
    let size = u64::from(rp.sector_size());
    let pp = SnapParams::from_sector_size_poseidon(size);
    let id = <SnapPCompound<Tree> as CacheableParameters<SnapPCkt<Tree>, _>>::cache_identifier(&pp);
    let job = Job { tag: format!("snap-poseidon {rp:?}"), id, size, act };
    let blank = || {
        <SnapPCompound<Tree> as CompoundProof<snap_p::EmptySectorUpdate<Tree>, SnapPCkt<Tree>>>::blank_circuit(&pp)
    };
    let Some(vf) = &a.vanilla else { return run::<SnapPCkt<Tree>>(&job, None, &blank) };
    ensure!(!matches!(act, Act::Vanilla), "storage-proofs-update 19.1 leaves the Poseidon variant's vanilla verifier unimplemented");
    let r = |o: &Option<String>, n| req(o, n);
    let pub_in = snap_poseidon_inputs::<Tree>(size, &r(&a.comm_r_old, "--comm-r-old")?, &r(&a.comm_d_new, "--comm-d-new")?, &r(&a.comm_r_new, "--comm-r-new")?)?;
    let proof = snap_poseidon_vanilla::<Tree>(vf)?;
    let mk: Mk<SnapPCkt<Tree>> = &|| {
        <SnapPCompound<Tree> as CompoundProof<snap_p::EmptySectorUpdate<Tree>, SnapPCkt<Tree>>>::circuit(
            &pub_in, Default::default(), &proof, &pp, Some(0),
        )
    };
    run(&job, Some(mk), &blank)
}

enum SnapPoseidonAct { Prove { vanilla: PathBuf, out: PathBuf }, Verify { proof: PathBuf } }

fn snap_poseidon_groth(s: &SnapArgs, act: SnapPoseidonAct) -> Result<bool> {
    let (rp, r_old, d_new, r_new) = snap_common(s)?;
    let size = u64::from(rp.sector_size());
    with_shape!(size, snap_poseidon_groth_kind, rp, &r_old, &d_new, &r_new, &act)
}

/// Groth16 over the Poseidon variant as storage-proofs-core's CompoundProof does it: the
/// parameters and .vk read from the cache folder under their parameter_id / verifying_key_id.
fn snap_poseidon_groth_kind<Tree: 'static + MerkleTreeTrait<Hasher = TreeRHasher>>(
    rp: RegisteredUpdateProof, r_old: &[u8; 32], d_new: &[u8; 32], r_new: &[u8; 32], act: &SnapPoseidonAct,
) -> Result<bool> {
    type C<T> = SnapPCompound<T>;
    type S<T> = snap_p::EmptySectorUpdate<T>;
    let size = u64::from(rp.sector_size());
    let pp = SnapParams::from_sector_size_poseidon(size);
    let pub_params = storage_proofs_core::compound_proof::PublicParams::<S<Tree>> {
        vanilla_params: pp.clone(), partitions: Some(1), priority: false,
    };
    let pub_in = snap_poseidon_inputs::<Tree>(size, r_old, d_new, r_new)?;
    match act {
        SnapPoseidonAct::Prove { vanilla, out } => {
            let proof = snap_poseidon_vanilla::<Tree>(vanilla)?;
            let t = Instant::now();
            let res = (|| -> Result<Vec<u8>> {
                let gp = <C<Tree> as CompoundProof<S<Tree>, SnapPCkt<Tree>>>::groth_params::<ChaCha20Rng>(None, &pp)?;
                let proofs = <C<Tree> as CompoundProof<S<Tree>, SnapPCkt<Tree>>>::prove_with_vanilla(&pub_params, &pub_in, vec![proof], &gp)?;
                let mut bytes = Vec::new();
                for p in &proofs {
                    p.write(&mut bytes)?;
                }
                Ok(bytes)
            })();
            finish_prove(&format!("snap-poseidon-prove {rp:?}"), res, out, t)
        }
        SnapPoseidonAct::Verify { proof } => {
            let bytes = fs::read(proof)?;
            let res = (|| -> Result<bool> {
                let vk = <C<Tree> as CompoundProof<S<Tree>, SnapPCkt<Tree>>>::verifying_key::<ChaCha20Rng>(None, &pp)?;
                let pvk = groth16::prepare_verifying_key(&vk);
                let mp = storage_proofs_core::multi_proof::MultiProof::new_from_reader(Some(1), &bytes[..], &pvk)?;
                <C<Tree> as CompoundProof<S<Tree>, SnapPCkt<Tree>>>::verify(&pub_params, &pub_in, &mp, &())
            })();
            Ok(verdict(&format!("snap-poseidon-verify {rp:?} ({} bytes)", bytes.len()), res))
        }
    }
}

fn run<C: Circuit<Fr>>(j: &Job, real: Option<Mk<C>>, blank: &dyn Fn() -> C) -> Result<bool> {
    match j.act {
        Act::Vanilla => bail!("vanilla-check needs --c1 (porep) or --vanilla (post, snap)"),
        Act::Digest { test_cs, blank: with_blank, inputs_out } => {
            let (mut ok, mut want) = (true, None);
            match real {
                None => eprintln!("no witness input given: blank circuit only"),
                Some(mk) => {
                    if *test_cs {
                        let mut cs = TestConstraintSystem::<Fr>::new();
                        mk()?.synthesize(&mut cs)?;
                        let sat = cs.is_satisfied();
                        if !sat {
                            eprintln!("first unsatisfied constraint: {:?}", cs.which_is_unsatisfied());
                        }
                        if let Some(p) = inputs_out {
                            write_inputs(p, &cs.scalar_inputs()[1..])?;
                        }
                        let (h, aux) = (cs.hash(), cs.scalar_aux().len());
                        let (nc, ni) = (cs.num_constraints(), cs.num_inputs());
                        let msg = format!("digest {} test-cs: constraints={nc} inputs={ni} aux={aux} hash={h}", j.tag);
                        ok &= line(&format!("{msg} satisfied={sat}"), sat);
                        want = Some(h);
                    }
                    ok &= report(j, "stream-witness", &stream_digest(mk, true)?, &mut want);
                }
            }
            if *with_blank {
                ok &= report(j, "stream-blank", &stream_digest(&|| Ok(blank()), false)?, &mut want);
            }
            Ok(ok)
        }
        Act::Params { out, seed } => {
            fs::create_dir_all(out)?;
            let t = Instant::now();
            let p = groth16::generate_random_parameters::<Bls12, _, _>(blank(), &mut ChaCha20Rng::seed_from_u64(*seed))?;
            let secs = t.elapsed().as_secs_f64();
            let pfile = out.join(parameter_id(&j.id));
            let mut w = BufWriter::new(fs::File::create(&pfile)?);
            p.write(&mut w)?;
            w.flush()?;
            let mut w = BufWriter::new(fs::File::create(out.join(verifying_key_id(&j.id)))?);
            p.vk.write(&mut w)?;
            w.flush()?;
            fs::write(out.join(metadata_id(&j.id)), serde_json::to_vec(&CacheEntryMetadata { sector_size: j.size })?)?;
            let (h, l, a, b1, b2, ic) = (p.h.len(), p.l.len(), p.a.len(), p.b_g1.len(), p.b_g2.len(), p.vk.ic.len());
            let sizes = format!("h={h} l={l} a={a} b_g1={b1} b_g2={b2} ic={ic}");
            Ok(line(&format!("gen-params {}: {} (+.vk +.meta; {sizes}; seed {seed}; {secs:.1}s)", j.tag, pfile.display()), true))
        }
        Act::Synth { prove, repeat } => {
            let mk = real.ok_or_else(|| anyhow!("synth-time needs the witness input (--c1 or --vanilla ...)"))?;
            for i in 0..*repeat {
                let c = mk()?;
                let t = Instant::now();
                let (ni, na, nc) = if *prove {
                    let mut cs = StreamCS::new(None, true, true);
                    c.synthesize(&mut cs)?;
                    cs.add_input_constraints();
                    (cs.n_in, cs.n_aux, cs.n_cons)
                } else {
                    let mut cs = <WitnessCS<Fr> as ConstraintSystem<Fr>>::new();
                    c.synthesize(&mut cs)?;
                    (cs.inputs_slice().len(), cs.aux_slice().len(), 0)
                };
                let (secs, mode) = (t.elapsed().as_secs_f64(), if *prove { "prove" } else { "witness" });
                let counts = format!("inputs={ni} aux={na} constraints={nc}");
                line(&format!("synth-time {} run {i} mode={mode}: {counts} in {secs:.3}s", j.tag), true);
            }
            Ok(true)
        }
    }
}

// ------------------------------------------------------------------------------------------------
// Our own constraint system: streaming R1CS digest, and a proving-style assignment

struct Digest { inputs: usize, aux: usize, cons: usize, hash: String }

fn report(j: &Job, kind: &str, d: &Digest, want: &mut Option<String>) -> bool {
    let ok = want.as_deref().map_or(true, |w| w == d.hash);
    want.get_or_insert_with(|| d.hash.clone());
    let note = if ok { "" } else { " (differs from the first digest above)" };
    let counts = format!("constraints={} inputs={} aux={}", d.cons, d.inputs, d.aux);
    line(&format!("digest {} {kind}: {counts} hash={}{note}", j.tag, d.hash), ok)
}

/// bellpepper-core 0.2.1's TestConstraintSystem::hash() without storing names: BLAKE2s-256 over
/// u64 BE (inputs incl. ONE, aux, constraints), then A, B, C of every constraint in order (hash_lc).
/// The counts come first, so the circuit is synthesized twice (count, then hash).
fn stream_digest<C: Circuit<Fr>>(mk: Mk<C>, eval: bool) -> Result<Digest> {
    let mut n = StreamCS::new(None, false, false);
    mk()?.synthesize(&mut n)?;
    let mut h = blake2s_simd::State::new();
    for x in [n.n_in, n.n_aux, n.n_cons] {
        h.update(&(x as u64).to_be_bytes());
    }
    let mut cs = StreamCS::new(Some(h), eval, false);
    mk()?.synthesize(&mut cs)?;
    ensure!((cs.n_in, cs.n_aux, cs.n_cons) == (n.n_in, n.n_aux, n.n_cons), "the two synthesis passes disagree");
    let hash = cs.hash.take().expect("set above").finalize().to_hex().to_string();
    Ok(Digest { inputs: cs.n_in, aux: cs.n_aux, cons: cs.n_cons, hash })
}

/// One linear combination: equal variables merged, zero terms dropped, inputs before aux, each by
/// ascending index; u64 BE term count, then per term b'I'|b'A', u64 BE index, 32-byte BE coefficient.
fn hash_lc(h: &mut blake2s_simd::State, lc: &LinearCombination<Fr>) {
    let key = |v: Variable| match v.get_unchecked() {
        Index::Input(i) => (0u8, i),
        Index::Aux(i) => (1u8, i),
    };
    let mut terms: Vec<((u8, usize), Fr)> = lc.iter().map(|(v, c)| (key(v), *c)).collect();
    terms.sort_by_key(|t| t.0);
    let mut merged: Vec<((u8, usize), Fr)> = Vec::with_capacity(terms.len());
    for (k, c) in terms {
        match merged.last_mut() {
            Some(last) if last.0 == k => last.1 += c,
            _ => merged.push((k, c)),
        }
    }
    merged.retain(|t| !bool::from(t.1.is_zero()));
    h.update(&(merged.len() as u64).to_be_bytes());
    let mut buf = [0u8; 41];
    for ((kind, i), c) in merged {
        buf[0] = if kind == 0 { b'I' } else { b'A' };
        buf[1..9].copy_from_slice(&(i as u64).to_be_bytes());
        let mut r = c.to_repr();
        r.as_mut().reverse();
        buf[9..].copy_from_slice(r.as_ref());
        h.update(&buf);
    }
}

/// Counts variables and constraints; with `hash` it feeds every constraint to hash_lc; with `keep`
/// it stores the assignment and evaluates A·z, B·z, C·z per constraint: the work bellperson's
/// (private) ProvingAssignment does in synthesis, less its density trackers. Not extensible, so
/// circuits take their sequential path, as with TestConstraintSystem and bellperson's KeypairAssembly.
struct StreamCS {
    n_in: usize, n_aux: usize, n_cons: usize,
    eval: bool, keep: bool,
    hash: Option<blake2s_simd::State>,
    inputs: Vec<Fr>, aux: Vec<Fr>, abc: [Vec<Fr>; 3],
}

impl StreamCS {
    fn new(hash: Option<blake2s_simd::State>, eval: bool, keep: bool) -> Self {
        let inputs = if keep { vec![Fr::ONE] } else { Vec::new() };
        StreamCS { n_in: 1, n_aux: 0, n_cons: 0, eval: eval || keep, keep, hash, inputs, aux: vec![], abc: Default::default() }
    }

    fn value(&mut self, f: impl FnOnce() -> Result<Fr, SynthesisError>, input: bool) -> Result<(), SynthesisError> {
        if self.eval {
            let v = f()?;
            match (self.keep, input) {
                (true, true) => self.inputs.push(v),
                (true, false) => self.aux.push(v),
                _ => {}
            }
        }
        Ok(())
    }

    /// bellperson appends `input_i * 0 = 0` for every input before the FFTs.
    fn add_input_constraints(&mut self) {
        for x in &self.inputs {
            self.abc[0].push(*x);
            self.abc[1].push(Fr::ZERO);
            self.abc[2].push(Fr::ZERO);
        }
    }
}

type Lc = LinearCombination<Fr>;

impl ConstraintSystem<Fr> for StreamCS {
    type Root = Self;

    fn alloc<F, A, AR>(&mut self, _: A, f: F) -> Result<Variable, SynthesisError>
    where F: FnOnce() -> Result<Fr, SynthesisError>, A: FnOnce() -> AR, AR: Into<String> {
        self.value(f, false)?;
        self.n_aux += 1;
        Ok(Variable::new_unchecked(Index::Aux(self.n_aux - 1)))
    }

    fn alloc_input<F, A, AR>(&mut self, _: A, f: F) -> Result<Variable, SynthesisError>
    where F: FnOnce() -> Result<Fr, SynthesisError>, A: FnOnce() -> AR, AR: Into<String> {
        self.value(f, true)?;
        self.n_in += 1;
        Ok(Variable::new_unchecked(Index::Input(self.n_in - 1)))
    }

    fn enforce<A, AR, LA, LB, LC>(&mut self, _: A, a: LA, b: LB, c: LC)
    where A: FnOnce() -> AR, AR: Into<String>, LA: FnOnce(Lc) -> Lc, LB: FnOnce(Lc) -> Lc, LC: FnOnce(Lc) -> Lc {
        self.n_cons += 1;
        if self.hash.is_none() && !self.keep {
            return;
        }
        let lcs = [a(Lc::zero()), b(Lc::zero()), c(Lc::zero())];
        if let Some(h) = self.hash.as_mut() {
            lcs.iter().for_each(|lc| hash_lc(h, lc));
        }
        if self.keep {
            for (dst, lc) in self.abc.iter_mut().zip(&lcs) {
                dst.push(lc.eval(&self.inputs, &self.aux));
            }
        }
    }

    fn push_namespace<NR: Into<String>, N: FnOnce() -> NR>(&mut self, _: N) {}

    fn pop_namespace(&mut self) {}

    fn get_root(&mut self) -> &mut Self::Root {
        self
    }
}

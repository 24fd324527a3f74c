//! The worked vectors of notes/tensix.md §3.3 (TV1–TV7) and the examples of seed 001, run from
//! the files in `examples/tensix/`. Each expected stream is written out here from the
//! documents' description (not from running anything), and every example's output must also
//! equal its `.expected` file, which the Python rendering of the documents' functional model
//! (`scripts/oracle/tensix_frontend_model.py`) produced.

use macrosim_tensix::Arch;
use macrosim_tensix::frontend::{FrontendTiming, Thread, ThreadFrontend};
use macrosim_tensix::isa::asm::assemble;
use macrosim_tensix::program::{Program, ProgramOp};
use std::path::PathBuf;

fn examples_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/tensix")
}

/// Files named `*_bh.tt` are Blackhole programs.
fn arch_of(name: &str) -> Arch {
    if name.ends_with("_bh") {
        Arch::Blackhole
    } else {
        Arch::WormholeB0
    }
}

fn program(name: &str) -> Program {
    let path = examples_dir().join(format!("{name}.tt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Program::parse(&text, arch_of(name)).unwrap_or_else(|e| panic!("{name}.tt: {e}"))
}

fn expand(name: &str) -> Vec<u32> {
    ThreadFrontend::new(program(name).inputs()).collect()
}

fn w(text: &str) -> u32 {
    assemble(Arch::WormholeB0, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn repeat(words: &[u32], times: usize) -> Vec<u32> {
    words
        .iter()
        .copied()
        .cycle()
        .take(words.len() * times)
        .collect()
}

const NOP: u32 = 0x0200_0000;
const DMANOP: u32 = 0x6000_0000;
const SFPNOP: u32 = 0x8F00_0000;
const UNPACR_A: u32 = 0x4200_80C1;
const UNPACR_B: u32 = 0x4280_80C1;

/// TV1: the 16 MVMULs recorded by matmul_configure_mop, AddrMod order from notes §3.3; the
/// last one's clear_dvalid differs between LoFi (CLR_A when t_dim == 1) and HiFi.
fn matmul_replay(last_clear: u32) -> Vec<u32> {
    let mods = [0, 1, 0, 2, 0, 1, 3, 0, 0, 1, 0, 2, 0, 1, 3, 1];
    let mut v: Vec<u32> = mods.iter().map(|m| 0x2600_0000 | (m << 15)).collect();
    v[15] |= last_clear << 22;
    v
}

#[test]
fn tv1_matmul_lofi() {
    let mut want = matmul_replay(1);
    want.push(w("SETRWC 2, 0, 0, 0, 0, 7"));
    assert_eq!(expand("matmul_lofi"), want);
}

#[test]
fn tv1_matmul_hifi4() {
    // REPLAY x 4 + SETRWC -> 64 MVMUL + 1 SETRWC (notes §3.3), then the SETRWC after the MOP.
    let mut want = repeat(&matmul_replay(0), 4);
    want.push(0x3740_000F);
    want.push(w("SETRWC 2, 0, 0, 0, 0, 7"));
    assert_eq!(want.len(), 66);
    assert_eq!(expand("matmul_hifi4"), want);
}

#[test]
fn tv2_eltwise_add() {
    assert_eq!(
        expand("eltwise_add"),
        repeat(&[0x2800_0000, 0x2800_0000, 0x37CC_0003], 4)
    );
}

#[test]
fn tv3_eltwise_mul_hifi4() {
    let mut per_mop = repeat(&[0x2700_0000, 0x2701_0000], 3);
    per_mop.extend([0x2700_0000, 0x27C1_8000]);
    assert_eq!(expand("eltwise_mul_hifi4"), repeat(&per_mop, 4));
}

#[test]
fn tv4_unpack_ab() {
    assert_eq!(expand("unpack_ab"), repeat(&[UNPACR_A, UNPACR_B], 4));
    let zw = w("SETADCZW 2, 0, 0, 0, 2, 1");
    assert_eq!(
        expand("unpack_ab_bcast_col"),
        repeat(&[UNPACR_B, UNPACR_A, UNPACR_A, zw], 2)
    );
}

#[test]
fn tv5_pack() {
    let per_tile = [
        w("PACR 1, 0, 15, 0, 1, 0, 1"),
        w("INCADCZW 4, 0, 0, 1, 0"),
        w("ADDDMAREG 0, 12, 12, 50"),
        w("REG2FLOP 1, 0, 0, 0, 0x14, 12"),
        w("PACR 2, 0, 15, 0, 0, 1, 0"),
    ];
    let mut want = repeat(&per_tile, 4 - 1);
    want.extend([
        w("PACR 0, 0, 1, 0, 1, 0, 0"),
        w("INCADCXY 4, 0, 0, 1, 0"),
        w("PACR 1, 0, 1, 0, 1, 0, 1"),
    ]);
    assert_eq!(expand("pack"), want);
}

#[test]
fn tv6_sfpu_unary_is_pushed_as_is() {
    let p = program("sfpu_typecast");
    let pushed: Vec<u32> = p
        .items()
        .iter()
        .map(|i| match i.op {
            ProgramOp::Push(word) => word,
            ProgramOp::WriteMopCfg { .. } => panic!("no MopCfg writes in TV6"),
        })
        .collect();
    assert_eq!(pushed.len(), 1 + 4 * (8 * 4 + 2) + 1);
    assert_eq!(expand("sfpu_typecast"), pushed);
}

#[test]
fn tv7_hardware_bug() {
    let mut want = vec![DMANOP; 129];
    want.extend(repeat(&[DMANOP, SFPNOP], 129));
    want.extend([DMANOP, DMANOP, SFPNOP]);
    assert_eq!(expand("hardware_bug"), want);
}

#[test]
fn tv7_maximum_expansion() {
    let (am0, am1, am2, am3) = (0x2600_0000, 0x2600_8000, 0x2601_0000, 0x2601_8000);
    let mut want = Vec::new();
    for j in 0..127 {
        want.push(DMANOP);
        for i in 0..254 {
            want.push(match i {
                253 if j == 126 => am2,
                253 => am3,
                i if i % 2 == 0 => am0,
                _ => am1,
            });
        }
        want.extend([SFPNOP, w("SETRWC 0, 0, 0, 0, 0, 8")]);
    }
    assert_eq!(want.len(), 32639);
    assert_eq!(expand("mop_max"), want);
}

#[test]
fn tv7_template0() {
    let (b, a0) = (UNPACR_B, UNPACR_A);
    let (a1, a2) = (w("INCADCZW 1, 0, 0, 1, 0"), w("INCADCZW 1, 0, 0, 2, 0"));
    let a3 = w("SETADCZW 1, 0, 0, 0, 0, 15");
    let (skip_a0, skip_b) = (NOP, SFPNOP);
    let mut want = vec![
        skip_a0, skip_b, a0, a1, a2, a3, b, skip_a0, skip_b, a0, a1, a2, a3, b,
    ];
    want.extend([a0; 16]);
    want.push(skip_a0);
    assert_eq!(expand("template0"), want);
}

#[test]
fn tv7_replay_wrap_and_count_0() {
    let ws: Vec<u32> = (1000..1004)
        .map(|v| w(&format!("SFPLOADI 0, 2, {v}")))
        .collect();
    let mut want = ws.clone();
    want.extend([ws[2], ws[3]]);
    want.extend(&ws);
    let mut buffer = [0u32; 32];
    buffer[30..].copy_from_slice(&ws[..2]);
    buffer[..2].copy_from_slice(&ws[2..]);
    want.extend(repeat(&buffer, 2));
    assert_eq!(want.len(), 74);
    assert_eq!(expand("replay_wrap"), want);
}

#[test]
fn seed001_sfpu_tile_add() {
    let body = [
        w("SFPLOAD 0, 0, 3, 0"),
        w("SFPADD 0, 9, 0, 0, 0"),
        w("SFPSTORE 0, 0, 3, 0"),
        w("INCRWC 0, 2, 0, 0"),
    ];
    assert_eq!(expand("sfpu_add"), repeat(&body, 32));
    let bh = |t: &str| assemble(Arch::Blackhole, t).unwrap();
    let body = [
        bh("SFPLOAD 0, 0, 7, 0"),
        bh("SFPADD 0, 9, 0, 0, 0"),
        bh("SFPSTORE 0, 0, 7, 0"),
        bh("INCRWC 0, 2, 0, 0"),
    ];
    assert_eq!(expand("sfpu_add_bh"), repeat(&body, 32));
}

#[test]
fn seed001_replay_without_mop() {
    let body = [
        w("SFPLOAD 0, 0, 3, 0"),
        w("SFPADD 0, 9, 0, 0, 0"),
        SFPNOP,
        w("SFPSTORE 0, 0, 3, 0"),
        w("INCRWC 0, 2, 0, 0"),
    ];
    assert_eq!(expand("replay_standalone"), repeat(&body, 7));
}

#[test]
fn replay_records_mop_output() {
    let once = repeat(&[0x2800_0000, 0x2800_0000, 0x37CC_0003], 2);
    assert_eq!(expand("record_mop_output"), repeat(&once, 2));
}

/// Every example against its `.expected` file (from the Python model), functionally and
/// through the cycle model of each thread.
#[test]
fn examples_match_their_expected_files() {
    let mut checked = 0;
    for entry in std::fs::read_dir(examples_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "tt") {
            continue;
        }
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let words = expand(&name);
        let expected_path = path.with_extension("expected");
        if name != "mop_max" {
            let text = std::fs::read_to_string(&expected_path)
                .unwrap_or_else(|e| panic!("{}: {e}", expected_path.display()));
            let want: Vec<u32> = text
                .lines()
                .map(|l| u32::from_str_radix(l.trim_start_matches("0x"), 16).unwrap())
                .collect();
            assert_eq!(words, want, "{name}");
            let hex: String = words.iter().map(|w| format!("{w:#010x}\n")).collect();
            assert_eq!(hex, text, "{name}: the CLI's hex format");
        }
        for thread in Thread::ALL {
            let mut timed = Vec::new();
            FrontendTiming::new(program(&name).inputs(), thread).run(|_, w| timed.push(w));
            assert_eq!(timed, words, "{name} on {thread:?}");
        }
        checked += 1;
    }
    assert!(checked >= 16, "only {checked} examples found");
}

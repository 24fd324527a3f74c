//! The hart runs the same program along several paths: untraced whole runs (fused ops,
//! superblocks, the accrued-inexact FP mode), traced runs (one op per instruction, exact flag
//! logging), and runs cut into short pieces by the instruction limit (blocks cut short, unfused).
//! Whatever the path, the architectural state after the same number of instructions, and every
//! exception on the way, must be the same. Programs are random but built from real instructions:
//! integer and M arithmetic, loads and stores (some misaligned, some to unmapped memory, some
//! into the code itself), F and D arithmetic in every rounding mode, branches and jumps inside
//! the code, `frm`/`fflags` writes, `fence.i` and `ecall`.

use macrosim_core::{Perm, SparseMemory};
use macrosim_riscv::mmio::NoMmio;
use macrosim_riscv::trace::{CommitLog, NoTrace};
use macrosim_riscv::{Hart, HartConfig, Isa, Stop, TrapMode};
use proptest::prelude::*;

const CODE: u32 = 0x1000;
const DATA: u32 = 0x8000;
/// The data's length: 16 pages written in order, so that the translation tier checks the
/// accesses into them against an extent (`hart/jit/extent.rs`, at least 16 pages) before
/// their page slots.
const DATA_LEN: u32 = 0x10000;
/// Instructions each run retires in all.
const BUDGET: u64 = 4000;

fn r_type(f7: u32, rs2: u32, rs1: u32, f3: u32, rd: u32, op: u32) -> u32 {
    f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op
}

fn i_type(imm: i32, rs1: u32, f3: u32, rd: u32, op: u32) -> u32 {
    ((imm as u32) & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op
}

fn s_type(imm: i32, rs2: u32, rs1: u32, f3: u32, op: u32) -> u32 {
    let i = imm as u32;
    (i >> 5 & 0x7f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (i & 0x1f) << 7 | op
}

fn b_type(off: i32, rs2: u32, rs1: u32, f3: u32) -> u32 {
    let i = off as u32;
    (i >> 12 & 1) << 31
        | (i >> 5 & 0x3f) << 25
        | rs2 << 20
        | rs1 << 15
        | f3 << 12
        | (i >> 1 & 0xf) << 8
        | (i >> 11 & 1) << 7
        | 0x63
}

fn j_type(off: i32, rd: u32) -> u32 {
    let i = off as u32;
    (i >> 20 & 1) << 31
        | (i >> 1 & 0x3ff) << 21
        | (i >> 11 & 1) << 20
        | (i >> 12 & 0xff) << 12
        | rd << 7
        | 0x6f
}

/// One random instruction at word index `at` of a program of `len` words. x10 holds the data
/// address and is never written; x11 holds the code address.
fn insn(at: usize, len: usize) -> impl Strategy<Value = u32> {
    // destinations avoid x10 and x11
    let rd = prop_oneof![1u32..10, 12u32..16];
    let rs = 0u32..16;
    let f = 0u32..8;
    let rm = prop_oneof![Just(0u32), Just(7u32), 0u32..5, Just(5u32)];
    let target = move |k: usize| ((k as i32) - (at as i32)) * 4;
    prop_oneof![
        // integer register-register (base and M)
        (
            rd.clone(),
            rs.clone(),
            rs.clone(),
            prop::sample::select(vec![
                (0, 0),
                (0x20, 0),
                (0, 1),
                (0, 2),
                (0, 3),
                (0, 4),
                (0, 5),
                (0x20, 5),
                (0, 6),
                (0, 7),
                (1, 0),
                (1, 1),
                (1, 2),
                (1, 3),
                (1, 4),
                (1, 5),
                (1, 6),
                (1, 7),
            ])
        )
            .prop_map(|(d, a, b, (f7, f3))| r_type(f7, b, a, f3, d, 0x33)),
        // integer immediate
        (
            rd.clone(),
            rs.clone(),
            -2048i32..2048,
            prop::sample::select(vec![0u32, 2, 3, 4, 6, 7])
        )
            .prop_map(|(d, a, imm, f3)| i_type(imm, a, f3, d, 0x13)),
        (
            rd.clone(),
            rs.clone(),
            0i32..32,
            prop::sample::select(vec![(0, 1), (0, 5), (0x400, 5)])
        )
            .prop_map(|(d, a, sh, (hi, f3))| i_type(hi | sh, a, f3, d, 0x13)),
        (rd.clone(), any::<u32>()).prop_map(|(d, imm)| (imm & 0xffff_f000) | d << 7 | 0x37),
        // loads and stores around the data page (x10), some misaligned, some off the end
        (
            rd.clone(),
            -64i32..4200,
            prop::sample::select(vec![0u32, 1, 2, 4, 5])
        )
            .prop_map(|(d, off, f3)| i_type(off.min(2047), 10, f3, d, 0x03)),
        (rs.clone(), -64i32..2047, 0u32..3).prop_map(|(v, off, f3)| s_type(off, v, 10, f3, 0x23)),
        // a store into the code (x11), which the hart must notice
        (rs.clone(), 0i32..64).prop_map(|(v, k)| s_type(k * 4, v, 11, 2, 0x23)),
        // FP loads and stores
        (f.clone(), 0i32..256, prop::bool::ANY).prop_map(|(d, off, dbl)| i_type(
            off * 8,
            10,
            if dbl { 3 } else { 2 },
            d,
            0x07
        )),
        (f.clone(), 0i32..256, prop::bool::ANY).prop_map(|(v, off, dbl)| s_type(
            off * 8,
            v,
            10,
            if dbl { 3 } else { 2 },
            0x27
        )),
        // FP arithmetic: add sub mul div (funct5 0..3), sqrt, in S and D, every rounding mode
        (
            f.clone(),
            f.clone(),
            f.clone(),
            rm.clone(),
            0u32..4,
            prop::bool::ANY
        )
            .prop_map(|(d, a, b, m, op, dbl)| r_type(
                op << 2 | u32::from(dbl),
                b,
                a,
                m,
                d,
                0x53
            )),
        (f.clone(), f.clone(), rm.clone(), prop::bool::ANY).prop_map(|(d, a, m, dbl)| r_type(
            0x2c | u32::from(dbl),
            0,
            a,
            m,
            d,
            0x53
        )),
        // fused multiply-adds (all four), S and D
        (
            f.clone(),
            f.clone(),
            f.clone(),
            f.clone(),
            rm.clone(),
            0u32..4,
            prop::bool::ANY
        )
            .prop_map(|(d, a, b, c, m, op, dbl)| {
                c << 27
                    | u32::from(dbl) << 25
                    | b << 20
                    | a << 15
                    | m << 12
                    | d << 7
                    | (0x43 | op << 2)
            }),
        // conversions from and to integers, sign injection, compares, moves
        (f.clone(), rs.clone(), rm.clone(), prop::bool::ANY).prop_map(|(d, a, m, dbl)| r_type(
            0x68 | u32::from(dbl),
            0,
            a,
            m,
            d,
            0x53
        )),
        (rd.clone(), f.clone(), rm.clone(), prop::bool::ANY).prop_map(|(d, a, m, dbl)| r_type(
            0x60 | u32::from(dbl),
            0,
            a,
            m,
            d,
            0x53
        )),
        (f.clone(), f.clone(), f.clone(), 0u32..3, prop::bool::ANY)
            .prop_map(|(d, a, b, f3, dbl)| r_type(0x10 | u32::from(dbl), b, a, f3, d, 0x53)),
        (rd.clone(), f.clone(), f.clone(), 0u32..3, prop::bool::ANY)
            .prop_map(|(d, a, b, f3, dbl)| r_type(0x50 | u32::from(dbl), b, a, f3, d, 0x53)),
        (f.clone(), rs.clone()).prop_map(|(d, a)| r_type(0x78, 0, a, 0, d, 0x53)),
        // branches and jumps inside the program
        (
            rs.clone(),
            rs.clone(),
            prop::sample::select(vec![0u32, 1, 4, 5, 6, 7]),
            0..len
        )
            .prop_map(move |(a, b, f3, k)| b_type(target(k), b, a, f3)),
        (0..len, prop::bool::ANY).prop_map(move |(k, link)| j_type(target(k), u32::from(link))),
        // frm and fflags writes (csrrwi), fence.i, ecall
        (0u32..8, prop::bool::ANY).prop_map(|(v, frm)| i_type(
            if frm { 2 } else { 1 },
            v,
            5,
            0,
            0x73
        )),
        Just(0x0000_100f),
        Just(0x0000_0073),
    ]
}

fn program() -> impl Strategy<Value = Vec<u32>> {
    (8usize..120).prop_flat_map(|len| (0..len).map(|at| insn(at, len).boxed()).collect::<Vec<_>>())
}

/// What a run ended with: exceptions on the way, then the state.
#[derive(Debug, PartialEq)]
struct Outcome {
    events: Vec<String>,
    x: Vec<u32>,
    f: Vec<u64>,
    pc: u32,
    retired: u64,
    fcsr: Option<u32>,
    mstatus: Option<u32>,
    data: Vec<u8>,
    code: Vec<u8>,
}

#[derive(Clone, Copy, Debug)]
enum Path {
    Whole,
    Traced,
    /// Pieces of these many instructions, cycling.
    Pieces(u64, u64),
    /// The translation tier, translating a block at its `n`th entry (the first field), in
    /// pieces of these many instructions (cycling): limits fall at every position of
    /// translated blocks, and translations are made both at once and after the interpreter ran
    /// a while (in another FP mode, say).
    #[cfg_attr(not(feature = "jit"), allow(dead_code))]
    Jit(u32, u64, u64),
}

fn run(words: &[u32], regs: &[u32], fregs: &[u64], path: Path) -> Outcome {
    let mut mem = SparseMemory::new();
    mem.map(u64::from(CODE), 0x1000, Perm::RWX);
    mem.map(u64::from(DATA), u64::from(DATA_LEN), Perm::RW);
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    mem.load_bytes(u64::from(CODE), &bytes).unwrap();
    let fill: Vec<u8> = (0..DATA_LEN).map(|i| (i * 37 + 11) as u8).collect();
    mem.load_bytes(u64::from(DATA), &fill).unwrap();
    let mut hart = Hart::new(HartConfig {
        id: 0,
        isa: Isa::parse("rv32imafd").unwrap(),
        traps: TrapMode::Host,
    });
    hart.set_pc(CODE);
    #[cfg(feature = "jit")]
    if let Path::Jit(hot, ..) = path {
        hart.set_tier(macrosim_riscv::hart::Tier::Jit).unwrap();
        hart.set_jit_threshold(hot);
    }
    for (i, r) in regs.iter().enumerate() {
        hart.set_x(i as u32 + 1, *r);
    }
    hart.set_x(10, DATA);
    hart.set_x(11, CODE);
    hart.write_csr(0x300, 1 << 13); // mstatus.FS = Initial
    // f registers through fmv.d.x is not RV32: load them through memory instead.
    for (i, v) in fregs.iter().enumerate() {
        mem.write_u64(u64::from(DATA) + 8 * i as u64, *v).unwrap();
    }
    let mut events = Vec::new();
    let mut log = CommitLog::new(std::io::sink(), 64);
    let mut piece = 0;
    while hart.retired() < BUDGET {
        let left = BUDGET - hart.retired();
        let stop = match path {
            Path::Whole => hart.run(&mut mem, &mut NoMmio, &mut NoTrace, left),
            Path::Traced => hart.run(&mut mem, &mut NoMmio, &mut log, left),
            Path::Pieces(a, b) | Path::Jit(_, a, b) => {
                piece += 1;
                let n = if piece % 2 == 0 { a } else { b };
                hart.run(&mut mem, &mut NoMmio, &mut NoTrace, n.min(left))
            }
        };
        match stop {
            Stop::Limit => {}
            Stop::Exception { exc, pc, word } => {
                events.push(format!(
                    "{exc:?} at {pc:#x} ({word:?}) after {}",
                    hart.retired()
                ));
                // Skip the instruction, as if a handler had (ecall returns 0).
                if word == Some(0x73) {
                    hart.finish_ecall(Some(0), &mut NoTrace);
                } else {
                    hart.set_pc(pc.wrapping_add(4));
                }
                if hart.pc() & 3 != 0 || !(CODE..CODE + 0x1000).contains(&hart.pc()) {
                    break;
                }
            }
            other => {
                events.push(format!("{other:?}"));
                break;
            }
        }
    }
    let mut data = vec![0; DATA_LEN as usize];
    mem.read_into(u64::from(DATA), &mut data, macrosim_core::Access::Read)
        .unwrap();
    let mut code = vec![0; 0x1000];
    mem.read_into(u64::from(CODE), &mut code, macrosim_core::Access::Read)
        .unwrap();
    Outcome {
        events,
        x: (0..32).map(|r| hart.x(r)).collect(),
        f: (0..32).map(|r| hart.f(r)).collect(),
        pc: hart.pc(),
        retired: hart.retired(),
        fcsr: hart.read_csr(0x003),
        mstatus: hart.read_csr(0x300),
        data,
        code,
    }
}

/// Start the program with the f registers loaded from the data page (`fld f0..f7`), so that FP
/// operands include NaNs, infinities, subnormals and NaN-boxing errors.
fn with_fp_prologue(body: &[u32]) -> Vec<u32> {
    let mut words: Vec<u32> = (0..8)
        .map(|r| i_type(8 * r as i32, 10, 3, r, 0x07))
        .collect();
    // branch and jump offsets in `body` stay relative to their own position
    words.extend_from_slice(body);
    // and round again
    words.push(j_type(-4 * body.len() as i32, 0));
    words
}

fn fp_value() -> impl Strategy<Value = u64> {
    prop_oneof![
        any::<u64>(),
        any::<f64>().prop_map(f64::to_bits),
        any::<f32>().prop_map(|v| 0xffff_ffff_0000_0000 | u64::from(v.to_bits())),
        (-100i32..100).prop_map(|v| f64::from(v).to_bits()),
        (-100i32..100).prop_map(|v| 0xffff_ffff_0000_0000 | u64::from((v as f32).to_bits())),
        prop::sample::select(vec![
            0u64,
            1,
            0x7ff0_0000_0000_0000,
            0x7ff4_0000_0000_0000,
            0x0010_0000_0000_0000,
            0xffff_ffff_0000_0001,
            0xffff_ffff_7f80_0000,
        ]),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_path_gives_the_same_state(
        body in program(),
        regs in proptest::collection::vec(prop_oneof![any::<u32>(), (-64i32..64).prop_map(|v| v as u32)], 31),
        fregs in proptest::collection::vec(fp_value(), 8),
        a in 1u64..300,
        b in 1u64..40,
    ) {
        let words = with_fp_prologue(&body);
        let whole = run(&words, &regs, &fregs, Path::Whole);
        prop_assert_eq!(&run(&words, &regs, &fregs, Path::Traced), &whole);
        prop_assert_eq!(&run(&words, &regs, &fregs, Path::Pieces(a, b)), &whole);
        prop_assert_eq!(&run(&words, &regs, &fregs, Path::Pieces(1, 1)), &whole);
    }
}

/// A program ending in `j .` (firmware's idle loop): untraced, the rest of each run's limit
/// retires at once (`Hart::run`); the state must be that of running the loop instruction by
/// instruction, traced, whatever the pieces.
#[test]
fn an_idle_loop_gives_the_same_state_on_every_path() {
    let words = [
        i_type(7, 1, 0, 1, 0x13),  // addi x1, x1, 7
        i_type(-3, 2, 0, 2, 0x13), // addi x2, x2, -3
        j_type(0, 0),              // j .
    ];
    let (regs, fregs) = (vec![0; 31], vec![0; 8]);
    let traced = run(&words, &regs, &fregs, Path::Traced);
    assert_eq!(traced.retired, BUDGET);
    assert_eq!(traced.pc, CODE + 8);
    assert_eq!((traced.x[1], traced.x[2]), (7, (-3i32) as u32));
    for path in [
        Path::Whole,
        Path::Pieces(1, 1),
        Path::Pieces(2, 65),
        Path::Pieces(300, 7),
    ] {
        assert_eq!(run(&words, &regs, &fregs, path), traced, "{path:?}");
    }
}

/// Binary64 arithmetic in RNE (static or dynamic) on exact-valued operands: sums and
/// differences (`kind` 0), products (1), fused multiply-adds (2), or all of them (3), so that
/// inexact stays clear for a while and, in programs of one kind, no other kind of op raises it
/// in their place: the translation tier then takes exact results on the host
/// (`hart/jit/float.rs`). Now and then the flags are read and cleared (`csrrw x5, fflags,
/// x0`) and folded into x6 (`x6 = 33 * x6 + x5`): the end state then holds the flags of every
/// stretch, not only their sticky union, and inexact is clear again for the next stretch.
#[cfg(feature = "jit")]
fn exact_fp_insn(kind: u32) -> impl Strategy<Value = Vec<u32>> {
    let f = || 0u32..8;
    let rm = || prop::sample::select(vec![0u32, 7]);
    let simple = match kind {
        0 => vec![0, 1],
        1 => vec![2],
        _ => vec![0, 1, 2],
    };
    let flags = vec![
        i_type(0x001, 0, 1, 5, 0x73), // csrrw x5, fflags, x0
        i_type(5, 6, 1, 7, 0x13),     // slli x7, x6, 5
        r_type(0, 7, 6, 0, 6, 0x33),  // add x6, x6, x7
        r_type(0, 5, 6, 0, 6, 0x33),  // add x6, x6, x5
    ];
    prop_oneof![
        4 * u32::from(kind != 2) => (f(), f(), f(), rm(), prop::sample::select(simple))
            .prop_map(|(d, a, b, m, op)| vec![r_type(op << 2 | 1, b, a, m, d, 0x53)]),
        4 * u32::from(kind >= 2) => (f(), f(), f(), f(), rm(), 0u32..4).prop_map(|(d, a, b, c, m, op)| {
            vec![c << 27 | 1 << 25 | b << 20 | a << 15 | m << 12 | d << 7 | (0x43 | op << 2)]
        }),
        1 => Just(flags),
    ]
}

/// Operands for `exact_fp_insn`: small integers, short significands at exponents from
/// subnormal to huge, significands with only their lowest bits set below 2^-400 (products
/// near 2^-1000 whose residual underflows), and a few inexact or extreme values.
#[cfg(feature = "jit")]
fn exact_fp_value() -> impl Strategy<Value = u64> {
    prop_oneof![
        8 => (-300i32..300).prop_map(|v| f64::from(v).to_bits()),
        4 => (1i64..1 << 20, -1090i32..1000, prop::bool::ANY)
            .prop_map(|(m, e, neg)| (if neg { -1.0 } else { 1.0 } * m as f64 * 2f64.powi(e)).to_bits()),
        2 => (1u64..8, 420u64..620, prop::bool::ANY)
            .prop_map(|(m, e, neg)| u64::from(neg) << 63 | e << 52 | m),
        1 => Just(0.1f64.to_bits()),
        1 => Just(f64::MAX.to_bits()),
    ]
}

#[cfg(feature = "jit")]
/// Cases of the translation-tier property: `MACROSIM_JIT_CASES`, default 64 (each translates
/// every block it runs, which is what costs); `scripts/oracle/riscv-jit.sh` runs more, and
/// BENCHMARKS.md (RV32 translation tier) records a 10,000-case run.
fn jit_cases() -> u32 {
    std::env::var("MACROSIM_JIT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64)
}

#[cfg(feature = "jit")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(jit_cases()))]

    /// The translation tier against the interpreter (the reference): the same state after the
    /// same instructions, the same exceptions at the same instruction, whether the limit falls
    /// before, inside or after translated blocks and their loops.
    #[test]
    fn the_translation_tier_gives_the_interpreters_state(
        body in program(),
        regs in proptest::collection::vec(prop_oneof![any::<u32>(), (-64i32..64).prop_map(|v| v as u32)], 31),
        fregs in proptest::collection::vec(fp_value(), 8),
        a in prop_oneof![Just(BUDGET), 256u64..1200],
        b in 256u64..700,
        hot in 1u32..5,
    ) {
        let words = with_fp_prologue(&body);
        let whole = run(&words, &regs, &fregs, Path::Whole);
        prop_assert_eq!(&run(&words, &regs, &fregs, Path::Jit(hot, a, b)), &whole);
    }
    /// The same on exact-valued binary64 arithmetic (`exact_fp_insn`), looping.
    #[test]
    fn the_translation_tier_gives_the_interpreters_state_on_exact_arithmetic(
        body in (0u32..4).prop_flat_map(|kind| proptest::collection::vec(exact_fp_insn(kind), 4..40)),
        fregs in proptest::collection::vec(exact_fp_value(), 8),
        a in prop_oneof![Just(BUDGET), 256u64..1200],
        b in 256u64..700,
        hot in 1u32..5,
    ) {
        let words = with_fp_prologue(&body.concat());
        let regs = vec![0; 31];
        let whole = run(&words, &regs, &fregs, Path::Whole);
        prop_assert_eq!(&run(&words, &regs, &fregs, Path::Jit(hot, a, b)), &whole);
    }
}

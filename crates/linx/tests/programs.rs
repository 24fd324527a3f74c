//! Program tests written in the assembler: one per behaviour of seed 003's checks (blocks,
//! hands, CFI, fall-through, calls and returns, SETC, decoupled bodies, MSEQ/MPAR, tiles,
//! in-order commit). Each program is assembled, loaded as a Linux program and run; the test
//! asserts the exit status, the output, memory, and for faults the error text.

use macrosim_linx::asm::assemble;
use macrosim_linx::block::CfiMode;
use macrosim_linx::engine::{Config, Exit, Machine};
use macrosim_linx::error::SimError;
use macrosim_linx::rob::{BlockRob, RobConfig};
use macrosim_linx::runtime::{self, RuntimeConfig};
use macrosim_linx::trace::{NoObserver, Observer, Observers};
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

/// A `Write` into a shared buffer (the program's stdout).
#[derive(Clone, Default)]
struct Capture(Rc<RefCell<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

struct Outcome<O: Observer> {
    result: Result<Exit, SimError>,
    stdout: String,
    machine: Machine<O>,
    symbols: Vec<(String, u64)>,
}

impl<O: Observer> Outcome<O> {
    fn sym(&self, name: &str) -> u64 {
        self.symbols
            .iter()
            .find(|(n, _)| n == name)
            .map(|&(_, a)| a)
            .unwrap_or_else(|| panic!("no symbol {name}"))
    }
    fn word(&self, name: &str, index: u64) -> u32 {
        self.machine
            .mem
            .read_u32(self.sym(name) + 4 * index)
            .unwrap()
    }
    fn exit(&self) -> i32 {
        match &self.result {
            Ok(Exit::Exited(c)) => *c,
            other => panic!("program did not exit: {other:?}"),
        }
    }
    fn error(&self) -> String {
        match &self.result {
            Err(e) => e.to_string(),
            other => panic!("expected a simulator error, got {other:?}"),
        }
    }
}

fn source(name: &str) -> String {
    // `lane_order_mpar` is lane_order.s with its MSEQ header made MPAR.
    if let Some(base) = name.strip_suffix("_mpar") {
        return source(base).replace("BSTART.MSEQ", "BSTART.MPAR");
    }
    // vpar_local.s variants: a store to the unbound `ts`, a store to the read-only `ta`, and
    // 129 lanes, whose last one reads past the 512-byte input tiles.
    for (suffix, from, to) in [
        ("_ts", "[to,", "[ts,"),
        ("_ro", "[to,", "[ta,"),
        ("_oob", "addi    zero, 16, ->a5", "addi    zero, 129, ->a5"),
    ] {
        if let Some(base) = name.strip_suffix(suffix) {
            let s = source(base);
            assert!(s.contains(from));
            return s.replace(from, to);
        }
    }
    // `lane_order_lbstop`: the kernel body ends with the 64-bit L.BSTOP (QEMU's l_bstop), as
    // LLVM's vector kernels do.
    if let Some(base) = name.strip_suffix("_lbstop") {
        let s = source(base);
        let at = s.rfind("C.BSTOP").unwrap();
        return format!("{}L.BSTOP{}", &s[..at], &s[at + "C.BSTOP".len()..]);
    }
    let path = format!("{}/tests/programs/{name}.s", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn run_with<O: Observer>(name: &str, cfi: CfiMode, obs: O) -> Outcome<O> {
    let program = assemble(&format!("{name}.s"), &source(name)).unwrap_or_else(|e| panic!("{e}"));
    run_elf(name, program.to_elf(), cfi, obs)
}

fn run_elf<O: Observer>(name: &str, elf: Vec<u8>, cfi: CfiMode, obs: O) -> Outcome<O> {
    let prog = runtime::load(&elf, &[name.to_string()], &[], &RuntimeConfig::default()).unwrap();
    let symbols = [
        "arr", "out", "log", "src", "dst", "res", "msg", "data", "sum",
    ]
    .iter()
    .filter_map(|s| prog.image.symbol(s).map(|a| (s.to_string(), a)))
    .collect();
    let stdout = Capture::default();
    let mut machine = Machine::new(
        prog,
        Config {
            cfi,
            max_insns: Some(1_000_000),
        },
        obs,
    );
    machine
        .process
        .redirect_output(Box::new(stdout.clone()), Box::new(std::io::sink()));
    let result = machine.run();
    let out = String::from_utf8_lossy(&stdout.0.borrow()).into_owned();
    Outcome {
        result,
        stdout: out,
        machine,
        symbols,
    }
}

fn run(name: &str, cfi: CfiMode) -> Outcome<NoObserver> {
    run_with(name, cfi, NoObserver)
}

#[test]
fn system_calls_write_and_exit() {
    for cfi in [CfiMode::Strict, CfiMode::Compat] {
        let o = run("hello", cfi);
        assert_eq!((o.exit(), o.stdout.as_str()), (7, "hello\n"));
    }
}

#[test]
fn every_block_start_size_and_branch_type() {
    for cfi in [CfiMode::Strict, CfiMode::Compat] {
        let o = run("blocks", cfi);
        assert_eq!(o.exit(), 31);
        // _start, S17 DIRECT, HL DIRECT, long DIRECT, COND (not taken), COND (taken), DIRECT to
        // a BSTOP, the BSTOP's empty block; the exit block does not commit.
        assert_eq!(o.machine.cpu.blocks, 8);
    }
}

#[test]
fn hands_are_four_deep_newest_first_and_reset_per_block() {
    let o = run("hands", CfiMode::Strict);
    assert_eq!(o.exit(), 0);
    let got: Vec<u32> = (0..6).map(|i| o.word("out", i)).collect();
    assert_eq!(got, [5, 2, 20, 10, 0, 0]);
    assert_eq!(
        o.word("out", 136 / 4),
        77,
        "Check 12: sw [(a0 + a1) - a2, 100]"
    );
}

#[test]
fn hands_survive_the_block_split_of_musls_syscall_wrapper_only_in_compat_mode() {
    // Strict: the block after `acrc 1; C.BSTOP` starts with empty hands (0 + 0 + 0).
    assert_eq!(run("syscall_hands", CfiMode::Strict).exit(), 0);
    // Compat (LinxCoreModel): the values pushed before the system call are still t#1..t#3.
    assert_eq!(run("syscall_hands", CfiMode::Compat).exit(), 7);
}

#[test]
fn register_forms_without_srcrtype_read_srcr_unmodified_in_both_modes() {
    let c = 0xcccc_cccc_u64;
    for cfi in [CfiMode::Strict, CfiMode::Compat] {
        let o = run("rr_plain_srcr", cfi);
        assert_eq!(o.exit(), 0);
        let out = o.sym("out");
        let got: Vec<u64> = (0..6)
            .map(|i| o.machine.mem.read_u64(out + 8 * i).unwrap())
            .collect();
        assert_eq!(got, [3 * c, c / 3, 0, 1000, c, 1000], "{cfi:?}");
    }
}

#[test]
fn a_transfer_into_a_block_is_illegal_control_flow() {
    let o = run("cfi_direct", CfiMode::Strict);
    let e = o.error();
    let (start, mid) = (0x10000, 0x1000c);
    assert!(e.contains("illegal control flow"), "{e}");
    assert!(
        e.contains(&format!("block {start:#x} transfers to {mid:#x}")),
        "{e}"
    );
    assert!(e.contains("CFI_BAD_TARGET"), "{e}");
    assert!(
        e.contains(&format!("at pc {:#x} (block start {start:#x})", 0x10004)),
        "the committing C.BSTOP: {e}"
    );
    // Compat exempts fixed DIRECT targets: `mid` runs as an implicit block.
    let o = run("cfi_direct", CfiMode::Compat);
    assert_eq!((o.exit(), o.machine.compat.cfi_exempt), (101, 1));
}

#[test]
fn a_dynamic_target_inside_a_block_faults_in_both_modes() {
    for cfi in [CfiMode::Strict, CfiMode::Compat] {
        let e = run("cfi_ind", cfi).error();
        assert!(
            e.contains("illegal control flow") && e.contains("CFI_BAD_TARGET"),
            "{e}"
        );
    }
}

#[test]
fn fall_through_after_bstop_needs_a_block_start() {
    let e = run("cfi_linear", CfiMode::Strict).error();
    assert!(e.contains("CFI_MISSING_NEXT_MARKER"), "{e}");
    assert_eq!(run("cfi_linear", CfiMode::Compat).exit(), 3);
}

#[test]
fn calls_returns_and_frame_templates() {
    for cfi in [CfiMode::Strict, CfiMode::Compat] {
        let o = run("calls", cfi);
        assert_eq!(o.exit(), 0);
        let got: Vec<u32> = (0..7).map(|i| o.word("out", i)).collect();
        assert_eq!(got, [6, 12, 48, 192, 193, 0, 0x234]);
    }
}

#[test]
fn call_without_setret_keeps_ra_in_strict_mode_only() {
    assert_eq!(run("call_no_setret", CfiMode::Strict).exit(), 64);
    let o = run("call_no_setret", CfiMode::Compat);
    assert_eq!(
        (o.exit(), o.machine.compat.call_without_setret),
        (0x10010, 1)
    );
}

#[test]
fn ret_without_setc_tgt_faults_in_strict_mode_and_returns_to_ra_in_compat() {
    let e = run("ret_no_tgt", CfiMode::Strict).error();
    assert!(e.contains("RET block has no target"), "{e}");
    let o = run("ret_no_tgt", CfiMode::Compat);
    assert_eq!((o.exit(), o.machine.compat.ret_to_ra), (5, 1));
}

#[test]
fn setc_before_a_cond_header_is_a_predicated_fall_only_in_compat_mode() {
    assert_eq!(run("predicated_fall", CfiMode::Strict).exit(), 2);
    let o = run("predicated_fall", CfiMode::Compat);
    assert_eq!((o.exit(), o.machine.compat.predicated_fall), (9, 1));
}

#[test]
fn setc_conditions_drive_cond_blocks() {
    // Bit k set when condition k of setc.s holds (see the comment there for the operands).
    let expect = [
        true, false, false, true, false, true, true, false, true, true, true, true, true, false,
        false, false, true, false, true, true, true, false,
    ];
    let mask: u64 = expect
        .iter()
        .enumerate()
        .map(|(k, &t)| u64::from(t) << k)
        .sum();
    let o = run("setc", CfiMode::Strict);
    assert_eq!(o.exit(), 0);
    let got = o.machine.mem.read_u64(o.sym("out")).unwrap();
    assert_eq!(got, mask, "{got:#x} vs {mask:#x}");
}

#[test]
fn the_seeds_mseq_example_writes_a_i_j_equal_i_plus_j() {
    let o = run("mseq", CfiMode::Strict);
    assert_eq!(o.exit(), 0);
    for i in 0..3u64 {
        for j in 0..5u64 {
            assert_eq!(o.word("arr", i * 256 + j), (i + j) as u32, "a[{i}][{j}]");
        }
        assert_eq!(o.word("arr", i * 256 + 5), 0, "only LB0 = 5 lanes per row");
    }
    assert_eq!(o.word("arr", 3 * 256), 0, "only LB1 = 3 rows");
}

#[test]
fn mseq_and_mpar_replay_lanes_with_lc0_fastest() {
    for kind in ["lane_order", "lane_order_mpar", "lane_order_lbstop"] {
        let o = run(kind, CfiMode::Strict);
        assert_eq!(o.exit(), 15, "{kind}: one replay per lane tuple");
        let log: Vec<u32> = (1..=15).map(|k| o.word("log", k)).collect();
        assert_eq!(
            log,
            [0, 1, 2, 3, 4, 8, 9, 10, 11, 12, 16, 17, 18, 19, 20],
            "{kind}: lexicographic commit order, lc0 innermost"
        );
    }
}

#[test]
fn bridged_memory_is_illegal_in_vpar_bodies() {
    let e = run("vpar_brg", CfiMode::Strict).error();
    assert!(
        e.contains("bridged (.brg) memory access in a VPAR body"),
        "{e}"
    );
}

#[test]
fn a_simt_header_without_b_text_is_a_block_format_fault() {
    let e = run("mseq_no_text", CfiMode::Strict).error();
    assert!(
        e.contains("EC_BLOCKFMT") && e.contains("B.TEXT missing"),
        "{e}"
    );
    assert!(e.contains("TRAPARG0=0x2"), "{e}");
}

#[test]
fn a_scalar_decoupled_body_runs_once_before_the_continuation() {
    assert_eq!(run("decoupled_std", CfiMode::Strict).exit(), 42);
}

#[test]
fn tload_tmov_tstore_move_a_matrix_through_tile_registers() {
    let o = run("tile", CfiMode::Strict);
    assert_eq!(o.exit(), 0);
    let got: Vec<u32> = (0..13).map(|i| o.word("dst", i)).collect();
    assert_eq!(got, [0, 1, 2, 10, 11, 12, 20, 21, 22, 30, 31, 32, 0]);
    let tiles = &o.machine.cpu.tiles;
    assert_eq!(tiles.get(0).size, 512, "t#1 is the TLOAD destination");
    assert_eq!(tiles.get(16).size, 1024, "m#1 is the TMOV destination");
    assert_eq!(&tiles.get(16).data[..16], &tiles.get(0).data[..16]);
}

#[test]
fn vpar_bodies_read_and_write_their_tiles_through_local_bases() {
    let o = run("vpar_local", CfiMode::Strict);
    assert_eq!(o.exit(), 0);
    let src: [i32; 16] = [
        0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150,
    ];
    let src2: [i32; 16] = [5, -1, 7, 1000, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, -22];
    let want: Vec<u32> = (0..16)
        .map(|i| (3 * src2[i] + src[i] + i as i32) as u32)
        .collect();
    let got: Vec<u32> = (0..16).map(|i| o.word("dst", i)).collect();
    assert_eq!(got, want);
    let tiles = &o.machine.cpu.tiles;
    assert_eq!(tiles.get(8).size, 512, "the VPAR output is the new u#1");
    for (variant, what) in [
        ("vpar_local_ts", "tile base ts is not bound"),
        ("vpar_local_ro", "store to an input tile base"),
        (
            "vpar_local_oob",
            "at offset 0x200 is outside tb (512 bytes)",
        ),
    ] {
        let e = run(variant, CfiMode::Strict).error();
        assert!(e.contains(what), "{variant}: {e}");
    }
}

#[test]
fn vector_fp_matches_host_ieee_single_precision() {
    // Oracle: the host's IEEE binary32 arithmetic (round to nearest even), except that NaN
    // results are Linx's canonical 0x7fc00000 (manual 05c / fp.rs).
    let o = run("vfp", CfiMode::Strict);
    assert_eq!(o.exit(), 0);
    let xs = [
        0x3f80_0000u32,
        0x4049_0fdb,
        0xc000_0000,
        0x3dcc_cccd,
        0x4e6e_6b28,
        0,
    ]
    .map(f32::from_bits);
    let ys = [
        0x4040_0000u32,
        0x3f00_0000,
        0x40e0_0000,
        0x3e99_999a,
        0x3f8c_cccd,
        0,
    ]
    .map(f32::from_bits);
    let canonical = |v: f32| if v.is_nan() { 0x7fc0_0000 } else { v.to_bits() };
    let mut sum = 0.0f32;
    for i in 0..6 {
        let (x, y) = (xs[i], ys[i]);
        sum += x * y;
        let q = (x * y + x) / y;
        // maxNum: a NaN operand yields the other (lane 5: max(NaN, 0.5) = 0.5).
        let want = q.max(0.5).sqrt();
        assert_eq!(o.word("out", i as u64), canonical(want), "lane {i}");
    }
    assert_eq!(o.word("sum", 0), sum.to_bits());
    let fcsr = o.machine.cpu.fcsr;
    assert_eq!(fcsr & 0x10, 0x10, "0/0 raised NV: {fcsr:#x}");
    assert_eq!(fcsr & 0x1, 0x1, "inexact results raised NX: {fcsr:#x}");
}

#[test]
fn the_instruction_limit_stops_runaway_kernel_replays() {
    for name in ["runaway_kernel", "looping_kernel"] {
        let o = run(name, CfiMode::Strict);
        assert!(
            matches!(
                o.result,
                Ok(Exit::InsnLimit {
                    limit: 1_000_000,
                    ..
                })
            ),
            "{name}: {:?}",
            o.result
        );
        assert!(o.machine.cpu.insns <= 1_000_000, "{name}");
    }
}

#[test]
fn missing_tile_descriptors_report_b_arg_first() {
    let e = run("tile_missing", CfiMode::Strict).error();
    assert!(
        e.contains("EC_BLOCKFMT") && e.contains("B.ARG missing"),
        "{e}"
    );
    assert!(e.contains("TRAPARG0=0x3"), "{e}");
}

#[test]
fn the_block_rob_timing_model_does_not_change_results() {
    let plain = run("calls", CfiMode::Strict);
    let timed = run_with(
        "calls",
        CfiMode::Strict,
        Observers {
            trace: None,
            rob: Some(BlockRob::new(RobConfig::default())),
        },
    );
    assert_eq!(timed.exit(), plain.exit());
    let timed_words: Vec<u32> = (0..7).map(|i| timed.word("out", i)).collect();
    let plain_words: Vec<u32> = (0..7).map(|i| plain.word("out", i)).collect();
    assert_eq!(timed_words, plain_words);
    assert_eq!(timed.machine.cpu.insns, plain.machine.cpu.insns);
    let report = timed.machine.obs.rob.as_ref().unwrap().report();
    assert_eq!(
        report.blocks, plain.machine.cpu.blocks,
        "every committed block retires"
    );
    assert!(
        report.cycles >= report.blocks,
        "one retirement per cycle at most"
    );
    assert!(report.avg_occupancy > 0.0 && report.max_occupancy <= 256);
}

#[test]
fn floating_point_in_gprs_is_ieee_exact() {
    let o = run("fp", CfiMode::Strict);
    assert_eq!(o.exit(), 0);
    let r = |i: u64| o.machine.mem.read_u64(o.sym("res") + 8 * i).unwrap();
    // The host's IEEE double arithmetic (round to nearest even) is the oracle here.
    assert_eq!(r(0), (1.5f64 + 0.1).to_bits());
    assert_eq!(r(1), (1.5f64 / 0.1).to_bits());
    assert_eq!(r(2), 1.5f64.mul_add(0.1, 2.0).to_bits());
    assert_eq!(r(3), 2f64.sqrt().to_bits());
    assert_eq!(r(4), 1);
    assert_eq!(r(5), 0.1f64.to_bits());
    assert_eq!(r(6), 0);
    assert_eq!(r(7), 10.5f64.to_bits());
    assert_eq!(r(8), u64::from((0.1f32 * 3.0).to_bits()));
    assert_eq!(r(9), f64::from(0.1f32).to_bits());
}

#[test]
fn mset_and_mcopy_template_blocks() {
    let o = run("mcopy_mset", CfiMode::Strict);
    assert_eq!(o.exit(), 0);
    let mut got = [0u8; 9];
    let at = o.sym("src") + 5; // dst follows the 5 bytes of src
    for (i, b) in got.iter_mut().enumerate() {
        *b = o.machine.mem.read_u8(at + i as u64).unwrap();
    }
    assert_eq!(&got, b"hello\x5a\x5a\x5a\0");
}

#[test]
fn kernel_bodies_branch_and_coupled_blocks_may_not() {
    let o = run("kernel_branch", CfiMode::Strict);
    assert_eq!(o.exit(), 0);
    let got: Vec<u32> = (0..4).map(|i| o.word("out", i)).collect();
    assert_eq!(got, [u32::MAX, u32::MAX, 7, 7]);
    let e = run("coupled_branch", CfiMode::Strict).error();
    assert!(
        e.contains("in-body branches are legal only in MPAR/MSEQ"),
        "{e}"
    );
}

#[test]
fn a_vseq_body_reduces_lanes_into_a_gpr() {
    assert_eq!(run("vseq_reduce", CfiMode::Strict).exit(), 30);
}

/// Run auxv.s as assembled (ET_EXEC) or relabelled ET_DYN (static-pie; it is position
/// independent), and return (load bias, res[0..6]); symbols include the bias.
/// Also checks that the memory at AT_PHDR holds the file's program headers and returns the
/// PT_PHDR segment's address, read from the ELF bytes.
fn auxv(pie: bool) -> (u64, Vec<u64>, u64) {
    let mut elf = assemble("auxv.s", &source("auxv")).unwrap().to_elf();
    if pie {
        elf[16..18].copy_from_slice(&3u16.to_le_bytes()); // e_type = ET_DYN
    }
    let u16_at = |o: usize| u64::from(u16::from_le_bytes([elf[o], elf[o + 1]]));
    let u64_at = |o: usize| u64::from_le_bytes(elf[o..o + 8].try_into().unwrap());
    let (phoff, phentsize, phnum) = (u64_at(32) as usize, u16_at(54), u16_at(56));
    let pt_phdr = (0..phnum as usize)
        .map(|i| phoff + i * phentsize as usize)
        .find(|&h| u32::from_le_bytes(elf[h..h + 4].try_into().unwrap()) == 6)
        .map(|h| u64_at(h + 16))
        .expect("the assembler emits PT_PHDR");
    let headers = elf[phoff..phoff + (phnum * phentsize) as usize].to_vec();
    let o = run_elf("auxv", elf, CfiMode::Strict, NoObserver);
    assert_eq!(o.exit(), 0);
    let bias = if pie {
        RuntimeConfig::default().pie_base
    } else {
        0
    };
    let res: Vec<u64> = (0..6)
        .map(|i| o.machine.mem.read_u64(o.sym("res") + 8 * i).unwrap())
        .collect();
    let mut mapped = vec![0; headers.len()];
    o.machine
        .mem
        .read_into(res[0], &mut mapped, macrosim_core::Access::Read)
        .expect("AT_PHDR is mapped");
    assert_eq!(mapped, headers, "AT_PHDR points at the program headers");
    (bias, res, pt_phdr)
}

#[test]
fn static_and_static_pie_programs_get_the_auxiliary_vector_musl_reads() {
    for pie in [false, true] {
        let (bias, r, pt_phdr) = auxv(pie);
        let (phdr, pagesz, base, entry, random, argc) = (r[0], r[1], r[2], r[3], r[4], r[5]);
        assert_eq!(entry, bias + 0x10000, "AT_ENTRY (pie: {pie})");
        assert_eq!(phdr, bias + pt_phdr, "AT_PHDR (pie: {pie})");
        assert_eq!((pagesz, base, argc), (4096, 0, 1));
        assert!(random > 0x7f00_0000_0000, "AT_RANDOM points into the stack");
    }
}

//! Tile arithmetic programs (issue 16): the FP32 matmul + bias + ReLU example, QEMU's own CUBE
//! test values in v0.4 syntax, the fused-multiply-add case of notes linx-tiles §5, and the block
//! faults of illegal headers. Expected numbers come from QEMU's tests and the notes, or from the
//! independent Python reference (the example's `expected` table).

use macrosim_linx::asm::assemble;
use macrosim_linx::block::CfiMode;
use macrosim_linx::engine::{Config, Exit, Machine};
use macrosim_linx::error::SimError;
use macrosim_linx::runtime::{self, RuntimeConfig};
use macrosim_linx::trace::NoObserver;

type Syms = Vec<(&'static str, u64)>;

fn run(src: &str) -> (Result<Exit, SimError>, Machine<NoObserver>, Syms) {
    let program = assemble("t.s", src).unwrap_or_else(|e| panic!("{e}"));
    let prog = runtime::load(
        &program.to_elf(),
        &["t".into()],
        &[],
        &RuntimeConfig::default(),
    )
    .unwrap();
    let image = ["expected", "out"]
        .iter()
        .filter_map(|&s| prog.image.symbol(s).map(|a| (s, a)))
        .collect();
    let mut m = Machine::new(
        prog,
        Config {
            cfi: CfiMode::Strict,
            max_insns: Some(100_000),
        },
        NoObserver,
    );
    m.process
        .redirect_output(Box::new(std::io::sink()), Box::new(std::io::sink()));
    (m.run(), m, image)
}

fn words(m: &Machine<NoObserver>, syms: &Syms, sym: &str, n: u64) -> Vec<u32> {
    let at = syms
        .iter()
        .find(|(s, _)| *s == sym)
        .map(|&(_, a)| a)
        .unwrap();
    (0..n)
        .map(|i| m.mem.read_u32(at + 4 * i).unwrap())
        .collect()
}

#[test]
fn the_matmul_bias_relu_example_gives_its_expected_tile() {
    let src = include_str!("../../../examples/linx/tile_matmul.s");
    let (r, m, p) = run(src);
    assert!(matches!(r, Ok(Exit::Exited(0))), "{r:?}");
    let want = words(&m, &p, "expected", 16);
    assert_eq!(words(&m, &p, "out", 16), want);
    assert!(
        want.contains(&0) && want.iter().any(|&w| w != 0),
        "ReLU clamps some lanes"
    );
}

/// A dense TLOAD of `rows` rows of 4 elements from the address in `reg` onto `hand`.
fn tload(ty: &str, reg: &str, hand: char, rows: u32) -> String {
    format!(
        "        BSTART.TLOAD {ty}
        B.ARG   NORM.normal
        B.IOTI  [], last ->{hand}<512B>
        B.IOR   [{reg}],[]
        C.B.DIMI 4, ->lb0
        C.B.DIMI {rows}, ->lb1
        C.B.DIMI 4, ->lb2
"
    )
}

/// A program: `a1`, `a2`, `a3` = the addresses of `a`, `b` and `out` (16 bytes), `s0` = 1.0f,
/// `s1` = 0; then TLOAD `a` onto t and `b` onto u (one 4-element row each), `blocks`, a TSTORE
/// of `m#1` (4 elements of `out_ty`) to `out`, and exit 0. Returns `out` as words.
fn tile_program(a: [u32; 4], b: [u32; 4], blocks: &str, out_ty: &str) -> Vec<u32> {
    let row = |w: &[u32]| {
        w.iter()
            .map(|v| format!("{v:#x}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let src = format!(
        "        .text
_start: C.BSTART.STD
        addtpc  %pcpage(a), ->a1
        addi    a1, %lo12(a), ->a1
        addtpc  %pcpage(b), ->a2
        addi    a2, %lo12(b), ->a2
        addtpc  %pcpage(out), ->a3
        addi    a3, %lo12(out), ->a3
        lui     0x3f800, ->s0
        addi    zero, 0, ->s1
{}{}{blocks}        BSTART.TSTORE {out_ty}
        B.ARG   NORM.normal
        B.IOTI  [m#1], last
        B.IOR   [a3],[]
        C.B.DIMI 4, ->lb0
        C.B.DIMI 1, ->lb1
        C.B.DIMI 4, ->lb2
        C.BSTART.STD
        addi    zero, 0, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
        .data
a:      .word   {}
b:      .word   {}
out:    .zero   16
",
        tload("FP32", "a1", 't', 1),
        tload("FP32", "a2", 'u', 1),
        row(&a),
        row(&b),
    );
    let (r, m, p) = run(&src);
    assert!(matches!(r, Ok(Exit::Exited(0))), "{r:?}");
    words(&m, &p, "out", 4)
}

/// TMATMUL FP32 of the 2 x k `a` and the k x n `b` (row pitch k and n) into the accumulator.
fn tmatmul(n: u32, k: u32) -> String {
    format!(
        "        BSTART.TMATMUL FP32
        B.ARG   NORM.normal
        B.IOTI  [t#1, u#1], last ->acc<512B>
        C.B.DIMI 2, ->lb0
        C.B.DIMI {n}, ->lb1
        C.B.DIMI {k}, ->lb2
"
    )
}

/// A 2x2x2 FP32 TMATMUL of `a` x `b` (row-major words), ACCCVT to FP32, TSTORE to `out`.
fn matmul_2x2(a: [u32; 4], b: [u32; 4], k: u32) -> Vec<u32> {
    let n = if k == 2 { 2 } else { 1 };
    let acccvt = format!(
        "        BSTART.ACCCVT FP32
        B.ARG   NORM.normal
        B.IOR   [s0,s1],[]
        B.IOTI  [], last ->m<512B>
        C.B.DIMI 2, ->lb0
        C.B.DIMI {n}, ->lb1
"
    );
    tile_program(a, b, &(tmatmul(n, k) + &acccvt), "FP32")
}

#[test]
fn qemu_cube_values_a_1234_times_b_5678_give_19_22_43_50() {
    // QEMU tests/linxisa/cube_cell_guest_contract.s (v0.58 syntax) rewritten for v0.4.
    let f = |x: f32| x.to_bits();
    let got = matmul_2x2(
        [f(1.), f(2.), f(3.), f(4.)],
        [f(5.), f(6.), f(7.), f(8.)],
        2,
    );
    assert_eq!(got, [f(19.), f(22.), f(43.), f(50.)]);
}

#[test]
fn each_k_step_is_one_fused_multiply_add() {
    // Notes §5: A = [-1, 1 + 2^-12], B = [1, 1 + 2^-12]^T: fused per step gives 0x3a000400,
    // multiply-then-add would give 0x3a000000. Here m = 2, n = 1, k = 3 (A row 0 = [-1, x, 0],
    // B column = [1, x, 0]).
    let x = (1.0f32 + 2f32.powi(-12)).to_bits();
    let got = matmul_2x2(
        [(-1.0f32).to_bits(), x, 0, 0],
        [1.0f32.to_bits(), x, 0, 0],
        3,
    );
    assert_eq!(got[0], 0x3a00_0400, "fused: one rounding per k step");
    assert_ne!(got[0], 0x3a00_0000, "not multiply-then-add");
}

/// Run a tile block `header` after a TLOAD of one 512-byte FP32 tile onto t; the error text.
fn fault_of(header: &str) -> String {
    let src = format!(
        "        .text
_start: C.BSTART.STD
        addtpc  %pcpage(a), ->a1
        addi    a1, %lo12(a), ->a1
{}{header}
        C.BSTART.STD
        addi    zero, 0, ->a0
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
        .data
a:      .word   1, 2, 3, 4
",
        tload("FP32", "a1", 't', 1)
    );
    match run(&src).0 {
        Err(e) => e.to_string(),
        other => panic!("expected a block fault from\n{header}\ngot {other:?}"),
    }
}

#[test]
fn tmov_a2v_moves_the_accumulator_and_v2v_copies_a_tile() {
    // Manual 04 §"v0.4 TMOV contracts": V2V and A2V are the TMOV modes (B.ARG 0 and 1, the
    // PTO layer's numbering). A2V takes QEMU's 2x2 product out of the accumulator, converted
    // to the block's DataType by the TCVT rules; V2V (B.ARG absent or NORM.normal) copies it.
    let f = |x: f32| x.to_bits();
    let (a, b) = ([f(1.), f(2.), f(3.), f(4.)], [f(5.), f(6.), f(7.), f(8.)]);
    let mov = |ty: &str, v2v_arg: &str| {
        format!(
            "        BSTART.TMOV {ty}
        B.ARG   1
        B.IOTI  [], last ->n<512B>
        BSTART.TMOV {ty}
{v2v_arg}        B.IOTI  [n#1], last ->m<512B>
"
        )
    };
    let got = tile_program(a, b, &(tmatmul(2, 2) + &mov("INT32", "")), "INT32");
    assert_eq!(got, [19, 22, 43, 50], "A2V to INT32, then V2V");
    let v2v = "        B.ARG   NORM.normal\n";
    let got = tile_program(a, b, &(tmatmul(2, 2) + &mov("FP32", v2v)), "FP32");
    assert_eq!(got, [f(19.), f(22.), f(43.), f(50.)], "A2V to FP32");
    // The fused case of notes §5 through A2V to FP32 (the accumulator's own bits).
    let x = (1.0f32 + 2f32.powi(-12)).to_bits();
    let got = tile_program(
        [f(-1.), x, 0, 0],
        [f(1.), x, 0, 0],
        &(tmatmul(1, 3) + &mov("FP32", v2v)),
        "FP32",
    );
    assert_eq!(got[0], 0x3a00_0400);
}

#[test]
fn illegal_tile_headers_are_block_faults_naming_block_pc_and_cause() {
    let cases = [
        (
            "        BSTART.TEPL 6, FP32\n        B.IOTI [t#1, t#1], last ->m<512B>\n        C.B.DIMI 4, ->lb0",
            "TAND has no numerics for DataType FP32",
        ),
        (
            "        BSTART.TEPL 0x2b, INT32\n        B.IOTI [t#1], last ->m<512B>\n        C.B.DIMI 4, ->lb0",
            "TileOpcode 0x2b is reserved",
        ),
        (
            "        BSTART.TEPL 0x20, INT32\n        B.IOTI [t#1], last ->m<512B>\n        C.B.DIMI 4, ->lb0",
            "B.IOR missing",
        ),
        (
            "        BSTART.TEPL 2, INT32\n        B.IOTI [t#1], last ->m<512B>\n        C.B.DIMI 4, ->lb0",
            "TMUL: needs 2 source tile(s), the header binds 1",
        ),
        (
            "        BSTART.TEPL 14, FP16\n        B.IOTI [t#1], last ->m<512B>\n        C.B.DIMI 4, ->lb0",
            "TEXP has no numerics for DataType FP16",
        ),
        (
            "        BSTART.TEPL 0, FP8\n        B.IOTI [t#1, t#1], last ->m<512B>\n        C.B.DIMI 4, ->lb0",
            "DataType FP8 has no tile arithmetic",
        ),
        (
            "        BSTART.TEPL 0, FP32\n        B.IOTI [t#1, t#1], last ->m<512B>\n        C.B.DIMI 200, ->lb0",
            "does not fit the 512-byte FP32 destination",
        ),
        (
            "        BSTART.TMATMUL.ACC FP32\n        B.ARG NORM.normal\n        B.IOTI [t#1, t#1], last ->acc<512B>\n        C.B.DIMI 2, ->lb0",
            "no 2x1 F32 accumulator from an earlier TMATMUL",
        ),
        (
            "        BSTART.ACCCVT FP32\n        B.ARG NORM.normal\n        B.IOR [a1],[]\n        B.IOTI [], last ->m<512B>\n        C.B.DIMI 2, ->lb0",
            "the accumulator holds no TMATMUL result",
        ),
        (
            "        BSTART.TMATMUL FP8\n        B.ARG NORM.normal\n        B.IOTI [t#1, t#1], last ->acc<512B>\n        C.B.DIMI 2, ->lb0\n        C.B.DIMI 2, ->lb1\n        C.B.DIMI 2, ->lb2",
            "DataType FP8 has no tile arithmetic",
        ),
        (
            "        BSTART.TMATMUL FP32\n        B.ARG NORM.normal\n        B.IOTI [t#1], last ->acc<512B>\n        C.B.DIMI 2, ->lb0\n        C.B.DIMI 2, ->lb1\n        C.B.DIMI 2, ->lb2",
            "needs two source tiles (A, B), the header binds 1",
        ),
        (
            "        BSTART.TMATMUL FP32\n        B.ARG NORM.normal\n        B.IOTI [t#1, t#1], last ->acc<512B>\n        C.B.DIMI 2, ->lb0\n        C.B.DIMI 2, ->lb1\n        C.B.DIMI 0, ->lb2",
            "m, n, k = LB0, LB1, LB2 = 2, 2, 0 must be non-zero",
        ),
        (
            "        BSTART.TMATMUL FP32\n        B.ARG NORM.normal\n        B.IOTI [t#1, t#1], last ->m<512B>\n        C.B.DIMI 2, ->lb0\n        C.B.DIMI 2, ->lb1\n        C.B.DIMI 2, ->lb2",
            "the destination is the accumulator (->acc), not a tile hand",
        ),
        (
            "        BSTART.TMATMUL FP32\n        B.ARG NORM.normal\n        B.IOTI [t#1, t#1], last ->acc<4KB>\n        C.B.DIMI 16, ->lb0\n        C.B.DIMI 2, ->lb1\n        C.B.DIMI 16, ->lb2",
            "A (m x k) needs 1024 bytes of FP32, tile t#1 holds 512",
        ),
        (
            "        BSTART.TMATMUL FP32\n        B.ARG NORM.normal\n        B.IOTI [t#1, t#1], last ->acc<512B>\n        C.B.DIMI 2, ->lb0\n        C.B.DIMI 2, ->lb1\n        C.B.DIMI 2, ->lb2\n        BSTART.ACCCVT FP32\n        B.ARG NORM.normal\n        B.IOR [a1],[]\n        B.IOTI [], last ->m<512B>\n        C.B.DIMI 2, ->lb0\n        C.B.DIMI 2, ->lb1",
            "B.IOR has an invalid value",
        ),
        (
            "        BSTART.TMATMUL FP32\n        B.ARG NORM.normal\n        B.IOTI [t#1, t#1], last ->acc<512B>\n        C.B.DIMI 2, ->lb0\n        C.B.DIMI 2, ->lb1\n        C.B.DIMI 2, ->lb2\n        BSTART.ACCCVT FP32\n        B.ARG NORM.normal\n        B.IOR [a1,a1],[]\n        B.IOTI [], last ->m<512B>\n        C.B.DIMI 2, ->lb0\n        C.B.DIMI 1, ->lb1",
            "B.DIM m x n = 2x1 (LB0, LB1) is not the accumulator's 2x2",
        ),
        (
            "        BSTART.CUBE 1, FP32\n        B.ARG NORM.normal\n        B.IOTI [t#1, t#1], last ->acc<512B>\n        C.B.DIMI 2, ->lb0\n        C.B.DIMI 2, ->lb1\n        C.B.DIMI 2, ->lb2",
            "CUBE Function 1 is not assigned in v0.4",
        ),
        (
            "        BSTART.TMA 3, FP32\n        B.ARG NORM.normal\n        B.IOR [a1],[]\n        B.IOTI [], last ->m<512B>",
            "TMA Function 3 is reserved in v0.4",
        ),
        (
            "        BSTART.TEPL 0, FP32\n        B.IOTI [t#1, t#1], last\n        C.B.DIMI 4, ->lb0",
            "the header names no destination tile",
        ),
        (
            "        BSTART.TMOV FP32\n        B.ARG 2\n        B.IOTI [t#1], last ->m<512B>",
            "B.ARG has an invalid value",
        ),
        (
            "        BSTART.TMOV FP32\n        B.ARG 1\n        B.IOTI [], last ->m<512B>",
            "TMOV A2V: the accumulator holds no TMATMUL result",
        ),
        (
            "        BSTART.TMOV FP32\n        B.ARG 1\n        B.IOTI [t#1], last ->m<512B>",
            "reads the accumulator, but the header binds source tile t#1",
        ),
        (
            "        BSTART.TMOV FP8\n        B.ARG 1\n        B.IOTI [], last ->m<512B>",
            "DataType FP8 has no tile arithmetic",
        ),
    ];
    for (header, want) in cases {
        let e = fault_of(header);
        assert!(e.contains(want), "{header}: {e}");
        // The fault names the tile block by its header, at the header's own pc: "... at pc P
        // (block start P): BSTART.<op> ...", the last block start of `header`.
        let (at, insn) = e.rsplit_once("): ").unwrap_or_else(|| panic!("{e}"));
        let pcs: Vec<&str> = at
            .rsplit("at pc ")
            .next()
            .unwrap()
            .split(" (block start ")
            .collect();
        assert!(pcs.len() == 2 && pcs[0] == pcs[1], "{e}");
        let last = header.rsplit("BSTART.").next().unwrap();
        let op = last
            .split_whitespace()
            .next()
            .unwrap()
            .trim_end_matches(',');
        assert!(insn.starts_with(&format!("BSTART.{op}")), "{e}");
    }
}

#[test]
fn timing_the_example_shows_its_block_commands_on_each_pe_and_cube_tma_overlap() {
    use macrosim_linx::engine::pe::{Pe, PeConfig};
    use macrosim_linx::rob::BlockRob;
    let src = include_str!("../../../examples/linx/tile_matmul.s");
    let program = assemble("t.s", src).unwrap();
    let prog = runtime::load(
        &program.to_elf(),
        &["t".into()],
        &[],
        &RuntimeConfig::default(),
    )
    .unwrap();
    let mut m = Machine::new(
        prog,
        Config {
            cfi: CfiMode::Strict,
            max_insns: None,
        },
        BlockRob::with_pes(PeConfig::default()),
    );
    m.process
        .redirect_output(Box::new(std::io::sink()), Box::new(std::io::sink()));
    assert!(matches!(m.run(), Ok(Exit::Exited(0))));
    let r = m.obs.report();
    let cmds = |p: Pe| r.pes[p.index()].commands;
    // 5 TLOAD + 1 TSTORE, TMATMUL + TMATMUL.ACC + ACCCVT, TADD + TRELU.
    assert_eq!((cmds(Pe::Tma), cmds(Pe::Cube), cmds(Pe::Tau)), (6, 3, 2));
    assert!(r.cube_tma_overlap > 0, "{r}");
    // The report `macrosim linx run --timing` prints says so.
    let text = r.to_string();
    let overlap = text
        .split("Cube and TMA both in flight: ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse::<u64>().ok());
    assert_eq!(overlap, Some(r.cube_tma_overlap), "{text}");
    // The Cube waits for its operand tiles: tile stalls, and the TMATMUL.ACC chain through
    // the accumulator.
    assert!(r.pes[Pe::Cube.index()].stalled.tile > 0, "{r}");
    assert!(
        r.blocks == 13 && r.cycles > 13 && r.max_occupancy <= 256,
        "{r}"
    );
}

#[test]
fn fp64_tadd_tsub_tmax_tmin_words_decode_as_the_vector_headers() {
    // README "Encoding clash": BSTART.TEPL with DataType FP64 and TileOpcode 0, 1, 4, 5 is
    // the BSTART.MPAR/MSEQ/VPAR/VSEQ word (VS = 01); the more specific vector form wins.
    use macrosim_linx::isa::{Form, decode};
    for (op, form) in [
        (0, Form::BstartMpar),
        (1, Form::BstartMseq),
        (4, Form::BstartVpar),
        (5, Form::BstartVseq),
        (2, Form::BstartTepl),
        (0x20, Form::BstartTepl),
    ] {
        let src = format!("        .text\n_start: BSTART.TEPL {op}, FP64\n");
        let program = assemble("t.s", &src).unwrap();
        let text = &program.section(".text").unwrap().data;
        assert_eq!(decode(text).unwrap().form, form, "TileOpcode {op:#x}");
    }
    // Run as a program, the header is an MPAR block: it faults for want of its B.TEXT body,
    // not as a tile add.
    let e = fault_of(
        "        BSTART.TEPL 0, FP64\n        B.IOTI [t#1, t#1], last ->m<512B>\n        C.B.DIMI 4, ->lb0",
    );
    assert!(e.contains("MPAR") && e.contains("B.TEXT"), "{e}");
}

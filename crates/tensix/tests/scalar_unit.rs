//! Per-instruction tests of the Scalar Unit's (ThCon's) memory instructions and GPR
//! arithmetic, and of the explicit Src data-valid handovers, each against its page's functional model
//! (tt-isa-documentation, WormholeB0/TensixTile/TensixCoprocessor/<NAME>.md). Words are
//! encoded from the pages' encoding diagrams, not through this crate's assembler.

mod common;

use common::rig::Rig;
use macrosim_tensix::backend::config::Fields;
use macrosim_tensix::backend::regs::SrcClient;
use macrosim_tensix::backend::{Issue, Stall};

/// `opcode << 24` plus (value, lsb) fields.
fn enc(opcode: u32, fields: &[(u32, u32)]) -> u32 {
    fields
        .iter()
        .fold(opcode << 24, |w, &(v, lsb)| w | (v << lsb))
}

fn issue(r: &mut Rig, t: usize, word: u32) -> Issue {
    r.b.issue(t, word, &mut r.l1)
        .unwrap_or_else(|e| panic!("{word:#010x}: {e}"))
}

fn run(r: &mut Rig, t: usize, word: u32) {
    assert_eq!(issue(r, t, word), Issue::Executed, "{word:#010x}");
}

fn fault(r: &mut Rig, t: usize, word: u32) -> String {
    let e = r.b.issue(t, word, &mut r.l1).unwrap_err();
    assert_eq!(e.thread, t);
    assert_eq!(e.word, word);
    e.to_string()
}

fn l1_word(r: &Rig, addr: u64) -> u32 {
    r.l1.read_u32(addr).unwrap()
}

/// ATINCGET.md: IntWidth[18:14], Ofs[13:12], InOutReg[11:6], AddrReg[5:0].
fn atincget(width: u32, ofs: u32, inout: u32, addr: u32) -> u32 {
    enc(0x61, &[(width, 14), (ofs, 12), (inout, 6), (addr, 0)])
}

// ATINCGET.md: L1Address = GPR[AddrReg]*16 + Ofs*4; the low IntWidth+1 bits are incremented
// by GPR[InOutReg] (wrapping inside the field, the bits above kept); the GPR gets the
// original word.
#[test]
fn atincget_increments_a_field_and_returns_the_original() {
    let mut r = Rig::new();
    // The page's model, transcribed.
    let model = |orig: u32, by: u32, width: u32| {
        let mask = 2u32.wrapping_shl(width).wrapping_sub(1);
        (orig.wrapping_add(by) & mask) | (orig & !mask)
    };
    for (width, orig, by) in [
        (7, 0x1234_56ff, 3),     // 8-bit field wraps: 0xff + 3 = 0x02, bits above kept
        (0, 0xffff_fffe, 1),     // 1-bit field
        (15, 0x0001_fff0, 0x20), // 16-bit field: carry out of bit 15 lost
        (31, 0xffff_ffff, 2),    // whole word wraps
        (4, 0xa5a5_a5a5, 0xffff_fff0),
    ] {
        r.l1.write_u32(0x2008, orig).unwrap();
        r.b.gpr[1][4] = 0x200; // ×16 = 0x2000
        r.b.gpr[1][5] = by;
        run(&mut r, 1, atincget(width, 2, 5, 4));
        assert_eq!(l1_word(&r, 0x2008), model(orig, by, width), "width {width}");
        assert_eq!(r.b.gpr[1][5], orig, "the GPR gets the original value");
    }
    assert_eq!(model(0x1234_56ff, 3, 7), 0x1234_5602);
    // Address ≥ 1464 KiB: UndefinedBehaviour, reported as a fault.
    r.b.gpr[0][4] = 1464 * 1024 / 16;
    let e = fault(&mut r, 0, atincget(31, 0, 5, 4));
    assert!(e.contains("ATINCGET") && e.contains("past L1"), "{e}");
}

/// ATSWAP.md: SingleDataReg[22], Mask[21:14], DataReg[11:6], AddrReg[5:0].
fn atswap(single: u32, mask: u32, data: u32, addr: u32) -> u32 {
    enc(0x63, &[(single, 22), (mask, 14), (data, 6), (addr, 0)])
}

// ATSWAP.md: the 16-bit granules selected by Mask of the 16 bytes at GPR[AddrReg]*16 get the
// halves of four consecutive GPRs (DataReg & 0x3c), or, with SingleDataReg, of one GPR placed
// at word DataReg & 3 with zeros elsewhere; nothing is written back to the GPRs.
#[test]
fn atswap_writes_masked_granules() {
    let mut r = Rig::new();
    let base = 0x3000u64;
    r.l1.write_bytes(base, &[0xaa; 16]).unwrap();
    let regs = [0x1111_0000, 0x3333_2222, 0x5555_4444, 0x7777_6666];
    r.b.gpr[2][8..12].copy_from_slice(&regs);
    r.b.gpr[2][1] = (base / 16) as u32;
    run(&mut r, 2, atswap(0, 0b1010_0101, 10, 1)); // DataReg 10 → GPRs 8..11
    let mut got = [0u8; 16];
    r.l1.read_into(base, &mut got, macrosim_core::Access::Read)
        .unwrap();
    let halves: Vec<u16> = got
        .chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    assert_eq!(
        halves,
        [
            0x0000, 0xaaaa, 0x2222, 0xaaaa, 0xaaaa, 0x5555, 0xaaaa, 0x7777
        ]
    );
    assert_eq!(
        r.b.gpr[2][8..12],
        regs,
        "no write-back (the name is a misnomer)"
    );
    // SingleDataReg: GPR 9 lands in word 9 & 3 = 1; with mask 0xff the other words are 0.
    run(&mut r, 2, atswap(1, 0xff, 9, 1));
    assert_eq!(
        [0, 4, 8, 12].map(|o| l1_word(&r, base + o)),
        [0, 0x3333_2222, 0, 0]
    );
}

/// ATCAS.md: SetVal[21:18], CmpVal[17:14], Ofs[13:12], AddrReg[5:0].
fn atcas(set: u32, cmp: u32, ofs: u32, addr: u32) -> u32 {
    enc(0x64, &[(set, 18), (cmp, 14), (ofs, 12), (addr, 0)])
}

// ATCAS.md: retry until the whole 32-bit word at GPR[AddrReg]*16 + Ofs*4 equals CmpVal, then
// store SetVal there.
#[test]
fn atcas_waits_for_the_value_then_sets() {
    let mut r = Rig::new();
    r.b.gpr[0][3] = 0x400; // 0x4000
    r.l1.write_u32(0x400c, 0x13).unwrap(); // low 4 bits match, the word does not
    assert_eq!(
        issue(&mut r, 0, atcas(9, 3, 3, 3)),
        Issue::Stalled(Stall::L1Compare {
            addr: 0x400c,
            value: 0x13,
            want: 3
        })
    );
    assert_eq!(l1_word(&r, 0x400c), 0x13, "a failed compare writes nothing");
    r.l1.write_u32(0x400c, 3).unwrap();
    run(&mut r, 0, atcas(9, 3, 3, 3));
    assert_eq!(l1_word(&r, 0x400c), 9);
}

/// LOADIND.md: Size[23:22], OffsetHalfReg[20:14], OffsetIncrement[13:12], ResultReg[11:6],
/// AddrReg[5:0].
fn loadind(size: u32, half: u32, inc: u32, result: u32, addr: u32) -> u32 {
    enc(
        0x49,
        &[(size, 22), (half, 14), (inc, 12), (result, 6), (addr, 0)],
    )
}

/// STOREIND_L1.md: 1[23], Size[22:21], OffsetHalfReg[20:14], OffsetIncrement[13:12],
/// DataReg[11:6], AddrReg[5:0].
fn storeind_l1(size: u32, half: u32, inc: u32, data: u32, addr: u32) -> u32 {
    enc(
        0x66,
        &[
            (1, 23),
            (size, 21),
            (half, 14),
            (inc, 12),
            (data, 6),
            (addr, 0),
        ],
    )
}

// LOADIND.md: L1Address = GPR[AddrReg]*16 + the 16-bit half OffsetHalfReg of the GPR file;
// that half is then incremented by 0/2/4/16; Size 0 reads 16 aligned bytes into four GPRs
// (ResultReg & 0x3c), 1 an aligned word, 2 an aligned half into the low 16 bits, 3 a byte
// into the low 8 bits (the rest of the GPR kept).
#[test]
fn loadind_sizes_and_offset_increments() {
    let mut r = Rig::new();
    let bytes: Vec<u8> = (0..64).map(|i| 0x40 + i as u8).collect();
    r.l1.write_bytes(0x5000, &bytes).unwrap();
    let le = |a: usize| u32::from_le_bytes(bytes[a..a + 4].try_into().unwrap());
    r.b.gpr[1][2] = 0x500;
    r.b.gpr[1][3] = 0xbeef_0000 | 0x25; // half 6 (GPR 3 low) = 0x25, high half kept
    // Size 1 at 0x5025 reads the aligned word 0x5024; OffsetIncrement 3 adds 16.
    run(&mut r, 1, loadind(1, 6, 3, 20, 2));
    assert_eq!(r.b.gpr[1][20], le(0x24));
    assert_eq!(r.b.gpr[1][3], 0xbeef_0035, "only the 16-bit half moves");
    // Size 2 at 0x5035 → aligned half 0x5034 into the low 16 bits; +4.
    r.b.gpr[1][21] = 0xcafe_0000;
    run(&mut r, 1, loadind(2, 6, 2, 21, 2));
    assert_eq!(
        r.b.gpr[1][21],
        0xcafe_0000 | u32::from(u16::from_le_bytes([bytes[0x34], bytes[0x35]]))
    );
    assert_eq!(r.b.gpr[1][3] & 0xffff, 0x39);
    // Size 3 at 0x5039 → that byte; +2.
    r.b.gpr[1][22] = 0x1234_5600;
    run(&mut r, 1, loadind(3, 6, 1, 22, 2));
    assert_eq!(r.b.gpr[1][22], 0x1234_5600 | u32::from(bytes[0x39]));
    assert_eq!(r.b.gpr[1][3] & 0xffff, 0x3b);
    // Size 0 at 0x503b → the 16 bytes at 0x5030 into GPRs 24..27 (ResultReg 26 & 0x3c); +0.
    run(&mut r, 1, loadind(0, 6, 0, 26, 2));
    assert_eq!(r.b.gpr[1][24..28], [le(0x30), le(0x34), le(0x38), le(0x3c)]);
    assert_eq!(r.b.gpr[1][3] & 0xffff, 0x3b);
    // Past L1: a fault.
    r.b.gpr[1][2] = 0x10_0000;
    let e = fault(&mut r, 1, loadind(1, 6, 0, 20, 2));
    assert!(e.contains("LOADIND") && e.contains("past L1"), "{e}");
}

// STOREIND_L1.md: the same addressing and increments as LOADIND; Size 0 writes four GPRs to
// 16 aligned bytes, 1 a word, 2 the low half, 3 the low byte.
#[test]
fn storeind_l1_sizes_and_offset_increments() {
    let mut r = Rig::new();
    r.l1.write_bytes(0x6000, &[0xee; 32]).unwrap();
    r.b.gpr[0][7] = 0x600;
    r.b.gpr[0][0] = 0x0003; // half 0 = 3
    r.b.gpr[0][8..12].copy_from_slice(&[0x0302_0100, 0x0706_0504, 0x0b0a_0908, 0x0f0e_0d0c]);
    r.b.gpr[0][13] = 0xa1b2_c3d4;
    // Size 3 (byte) at 0x6003, +16.
    run(&mut r, 0, storeind_l1(3, 0, 3, 13, 7));
    assert_eq!(l1_word(&r, 0x6000), 0xd4ee_eeee);
    assert_eq!(r.b.gpr[0][0], 0x13);
    // Size 2 (half) at 0x6013 → 0x6012, +2.
    run(&mut r, 0, storeind_l1(2, 0, 1, 13, 7));
    assert_eq!(l1_word(&r, 0x6010), 0xc3d4_eeee);
    assert_eq!(r.b.gpr[0][0], 0x15);
    // Size 1 (word) at 0x6015 → 0x6014, +4.
    run(&mut r, 0, storeind_l1(1, 0, 2, 13, 7));
    assert_eq!(l1_word(&r, 0x6014), 0xa1b2_c3d4);
    assert_eq!(r.b.gpr[0][0], 0x19);
    // Size 0 at 0x6019 → 16 bytes at 0x6010 from GPRs 8..11 (DataReg 9 & 0x3c).
    run(&mut r, 0, storeind_l1(0, 0, 0, 9, 7));
    let mut got = [0u8; 16];
    r.l1.read_into(0x6010, &mut got, macrosim_core::Access::Read)
        .unwrap();
    assert_eq!(got, std::array::from_fn::<u8, 16, _>(|i| i as u8));
}

/// STOREIND_Src.md: 0[23], 0[22], StoreToSrcB[21], OffsetHalfReg[20:14],
/// OffsetIncrement[13:12], DataReg[11:6], AddrReg[5:0].
fn storeind_src(srcb: u32, half: u32, inc: u32, data: u32, addr: u32) -> u32 {
    enc(
        0x66,
        &[(srcb, 21), (half, 14), (inc, 12), (data, 6), (addr, 0)],
    )
}

/// This model's Src form of a BF16 pattern: sign[18] exp[17:10] man[9:0] (regs.rs), the BF16
/// mantissa in the top 7 of the 10 bits.
fn src_of_bf16(x: u16) -> u32 {
    u32::from(x) << 3
}

// STOREIND_Src.md: four BF16 (ReadBF16Lo: Sign,Man,Exp; ReadBF16Hi: an ordinary BF16) from
// two GPRs to columns (Addr&3)*4.. of row Addr>>2 of the unpackers' SrcB bank (plus SrcRow),
// or of row (Addr>>2) − 4 of SrcA (negative rows write nothing; SetOvrdWithAddr makes the
// row absolute); Addr = GPR[AddrReg] + (half >> 4). It waits for the bank to be the
// unpackers'.
#[test]
fn storeind_src_writes_four_bf16() {
    let mut r = Rig::new();
    // Values: 1.5 = BF16 0x3fc0 (sign 0, exp 0x7f, man 0x40); −2.0 = 0xc000; 0.25 = 0x3e80;
    // −3.0 = 0xc040. Lo halves in Sign,Man,Exp order: 1.5 → 0 1000000 01111111 = 0x407f;
    // 0.25 → 0 0000000 01111101 = 0x007d.
    r.b.gpr[2][12] = 0xc000_0000 | 0x407f; // lo 1.5, hi −2.0
    r.b.gpr[2][13] = 0xc040_0000 | 0x007d; // lo 0.25, hi −3.0
    let want = [0x3fc0, 0xc000, 0x3e80, 0xc040].map(src_of_bf16);
    // SrcB: Addr = 0x20 + (0x56 >> 4) = 0x25 → row 9, columns 4..8; SrcRow[2] = 16.
    r.b.srcb.unpack_row[2] = 16;
    r.b.gpr[2][4] = 0x20;
    r.b.gpr[2][5] = 0x56; // half 10
    run(&mut r, 2, storeind_src(1, 10, 3, 13, 4));
    assert_eq!(r.b.srcb.bank(0)[25][4..8], want);
    assert_eq!(r.b.gpr[2][5], 0x66, "OffsetIncrement 3 adds 16");
    // SrcA: Addr = 0x20 + 6 = 0x26 → row 9 − 4 = 5 (+ SrcRow 0), columns 8..12.
    run(&mut r, 2, storeind_src(0, 10, 0, 12, 4));
    assert_eq!(r.b.srca.bank(0)[5][8..12], want);
    // SrcA rows −4..−1 write nothing.
    let before = *r.b.srca.bank(0);
    r.b.gpr[2][4] = 0x3;
    r.b.gpr[2][5] = 0;
    run(&mut r, 2, storeind_src(0, 10, 0, 12, 4));
    assert_eq!(*r.b.srca.bank(0), before);
    // SRCA_SET_SetOvrdWithAddr: Addr 0x100 → row 64 − 4 = 60 absolute (SrcRow ignored).
    r.b.srca.unpack_row[2] = 32;
    Fields::get()
        .srca_ovrd_with_addr
        .set(r.b.cfg.thread_mut(2), 1);
    r.b.gpr[2][4] = 0x100;
    run(&mut r, 2, storeind_src(0, 10, 0, 12, 4));
    assert_eq!(r.b.srca.bank(0)[60][0..4], want);
    // A bank the Matrix Unit holds: wait.
    r.b.srcb.allowed[0] = SrcClient::MatrixUnit;
    assert_eq!(
        issue(&mut r, 2, storeind_src(1, 10, 1, 12, 4)),
        Issue::Stalled(Stall::SrcNotFree { unpacker: 1 })
    );
    assert_eq!(
        r.b.gpr[2][5], 0,
        "a waiting STOREIND does not increment yet"
    );
    // SrcB row ≥ 16: undefined, a fault.
    r.b.srcb.allowed[0] = SrcClient::Unpackers;
    r.b.gpr[2][4] = 0x40;
    let e = fault(&mut r, 2, storeind_src(1, 10, 0, 12, 4));
    assert!(e.contains("SrcB row 16"), "{e}");
}

// LOADREG.md / STOREREG.md (Reg[23:18], AddrLo[17:0]; address 0xFFB00000 + AddrLo*4) and
// STOREIND_MMIO.md (0[23], 1[22]; 0xFFB00000 + ((GPR[AddrReg] + (half >> 4)) & 0xFFFFC)):
// below 0xFFB11000 is undefined; above, the window holds devices this tile model does not
// have (BabyRISCV/README.md's memory map). Both are faults naming the address and device.
#[test]
fn mmio_window_accesses_fault_naming_the_device() {
    let mut r = Rig::new();
    let loadreg = |reg: u32, lo: u32| enc(0x68, &[(reg, 18), (lo, 0)]);
    let storereg = |reg: u32, lo: u32| enc(0x67, &[(reg, 18), (lo, 0)]);
    let e = fault(&mut r, 0, loadreg(1, 0x100));
    assert!(
        e.contains("LOADREG") && e.contains("0xffb00400 is below"),
        "{e}"
    );
    let e = fault(&mut r, 1, storereg(1, 0x11000 >> 2));
    assert!(e.contains("STOREREG") && e.contains("TDMA-RISC"), "{e}");
    let e = fault(&mut r, 1, loadreg(1, 0x40000 >> 2));
    assert!(e.contains("NoC overlay"), "{e}");
    // STOREIND MMIO: GPR 1 = 0x12000 − 0x10, half 0 = 0x100 (>> 4 = 0x10) → 0xFFB12000.
    r.b.gpr[2][1] = 0x12000 - 0x10;
    r.b.gpr[2][0] = 0x100;
    let w = enc(0x66, &[(1, 22), (0, 14), (1, 12), (3, 6), (1, 0)]);
    let e = fault(&mut r, 2, w);
    assert!(e.contains("0xffb12000") && e.contains("debug"), "{e}");
}

// SETDVALID.md: FlipSrcA[0] / FlipSrcB[1] give the unpackers' bank to the Matrix Unit, toggle
// the unpackers' bank and set SrcRow[thread] = SRCx_SET_Base << 4.
#[test]
fn setdvalid_hands_banks_to_the_matrix_unit() {
    let mut r = Rig::new();
    Fields::get().srcb_set_base.set(r.b.cfg.thread_mut(0), 2);
    r.b.srcb.unpack_row[0] = 48;
    run(&mut r, 0, enc(0x57, &[(2, 0)])); // FlipSrcB only
    assert_eq!(
        r.b.srcb.allowed,
        [SrcClient::MatrixUnit, SrcClient::Unpackers]
    );
    assert_eq!((r.b.srcb.unpack_bank, r.b.srcb.unpack_row[0]), (1, 32));
    assert_eq!(
        r.b.srca.allowed,
        [SrcClient::Unpackers; 2],
        "SrcA untouched"
    );
    run(&mut r, 0, enc(0x57, &[(3, 0)]));
    assert_eq!(r.b.srca.allowed[0], SrcClient::MatrixUnit);
    assert_eq!(r.b.srcb.allowed, [SrcClient::MatrixUnit; 2]);
    assert_eq!((r.b.srca.unpack_bank, r.b.srcb.unpack_bank), (1, 0));
}

// CLEARDVALID.md: FlipSrcA[22] / FlipSrcB[23] give the Matrix Unit's bank back to the
// unpackers and toggle the Matrix Unit's bank unless KeepReadingSameSrc[1]; Reset[0] gives
// every bank to the unpackers and sets all four bank pointers to 0.
#[test]
fn cleardvalid_hands_banks_back_or_resets() {
    let mut r = Rig::new();
    run(&mut r, 0, enc(0x57, &[(3, 0)]));
    run(&mut r, 0, enc(0x57, &[(3, 0)])); // all four banks to the Matrix Unit
    // FlipSrcA with KeepReadingSameSrc: bank 0 freed, Matrix Unit stays on bank 0.
    run(&mut r, 1, enc(0x36, &[(1, 22), (2, 0)]));
    assert_eq!(
        r.b.srca.allowed,
        [SrcClient::Unpackers, SrcClient::MatrixUnit]
    );
    assert_eq!(r.b.srca.fpu_bank, 0);
    // FlipSrcB without it: bank 0 freed, Matrix Unit moves to bank 1.
    run(&mut r, 1, enc(0x36, &[(1, 23)]));
    assert_eq!(
        r.b.srcb.allowed,
        [SrcClient::Unpackers, SrcClient::MatrixUnit]
    );
    assert_eq!(r.b.srcb.fpu_bank, 1);
    // Reset: everything to the unpackers, bank pointers 0 (the flip bits ignored).
    run(&mut r, 1, enc(0x36, &[(3, 22), (1, 0)]));
    for s in [&r.b.srca, &r.b.srcb] {
        assert_eq!(s.allowed, [SrcClient::Unpackers; 2]);
        assert_eq!((s.fpu_bank, s.unpack_bank), (0, 0));
    }
}

// FLUSHDMA.md: ConditionMask[3:0] (0 meaning all of C0–C3); waits while any selected
// condition holds. The functional model has nothing outstanding, so it completes; with a
// cycle model's busy condition C0 set it waits for masks that select C0 only.
#[test]
fn flushdma_waits_on_selected_conditions() {
    let mut r = Rig::new();
    let flushdma = |mask: u32| enc(0x46, &[(mask, 0)]);
    run(&mut r, 0, flushdma(0));
    r.b.busy_conditions = 1; // C0: Scalar Unit memory requests outstanding
    assert_eq!(
        issue(&mut r, 0, flushdma(0)),
        Issue::Stalled(Stall::FlushDma { conditions: 0xf })
    );
    assert_eq!(
        issue(&mut r, 0, flushdma(1)),
        Issue::Stalled(Stall::FlushDma { conditions: 1 })
    );
    run(&mut r, 0, flushdma(0b1110));
}

/// ADDDMAREG.md … CMPDMAREG.md: immediate variant[23], Mode[20:18], ResultReg[17:12],
/// RightReg / RightImm6[11:6], LeftReg[5:0].
fn dmareg(opcode: u32, imm: u32, mode: u32, result: u32, right: u32, left: u32) -> u32 {
    enc(
        opcode,
        &[(imm, 23), (mode, 18), (result, 12), (right, 6), (left, 0)],
    )
}

// The GPR arithmetic of the Scalar Unit, each page's model transcribed: ADDDMAREG.md and
// SUBDMAREG.md wrap at 32 bits, MULDMAREG.md multiplies the low 16 bits of each side,
// BITWOPDMAREG.md AND/OR/XOR, SHIFTDMAREG.md shifts by RightReg & 0x1f (or RightImm5),
// CMPDMAREG.md writes 1 or 0 for GT/LT/EQ (unsigned); an undefined Mode is a fault.
#[test]
fn dmareg_arithmetic() {
    let mut r = Rig::new();
    let (a, b) = (0xfff0_1234u32, 0x0002_0030u32);
    r.b.gpr[1][1] = a;
    r.b.gpr[1][2] = b;
    r.b.gpr[1][3] = 0x23; // shift count register: 0x23 & 0x1f = 3
    let cases = [
        (dmareg(0x58, 0, 0, 10, 2, 1), a.wrapping_add(b)),
        (dmareg(0x58, 1, 0, 10, 0x3f, 1), a + 0x3f),
        (dmareg(0x59, 0, 0, 10, 1, 2), b.wrapping_sub(a)),
        (dmareg(0x59, 1, 0, 10, 0x35, 1), a - 0x35),
        (dmareg(0x5a, 0, 0, 10, 2, 1), 0x1234 * 0x30),
        (dmareg(0x5a, 1, 0, 10, 0x3f, 1), 0x1234 * 0x3f),
        (dmareg(0x5b, 0, 0, 10, 2, 1), a & b),
        (dmareg(0x5b, 0, 1, 10, 2, 1), a | b),
        (dmareg(0x5b, 1, 2, 10, 0x2a, 1), a ^ 0x2a),
        (dmareg(0x5c, 0, 0, 10, 3, 1), a << 3),
        (dmareg(0x5c, 0, 1, 10, 3, 1), a >> 3),
        (dmareg(0x5c, 1, 1, 10, 0x1f, 1), a >> 31), // RightImm5 = 31
        (dmareg(0x5d, 0, 0, 10, 2, 1), 1),          // a > b
        (dmareg(0x5d, 0, 1, 10, 2, 1), 0),          // a < b
        (dmareg(0x5d, 0, 2, 10, 1, 1), 1),          // a == a
        (dmareg(0x5d, 1, 1, 10, 0x3f, 3), 1),       // 0x23 < 63
    ];
    for (word, want) in cases {
        r.b.gpr[1][10] = 0xdead_beef;
        run(&mut r, 1, word);
        assert_eq!(r.b.gpr[1][10], want, "{word:#010x}");
    }
    for word in [dmareg(0x5b, 0, 3, 10, 2, 1), dmareg(0x5c, 0, 2, 10, 2, 1)] {
        let e = fault(&mut r, 1, word);
        assert!(e.contains("Mode") && e.contains("undefined"), "{e}");
    }
}

// DMANOP.md: "Causes no effects" — GPRs, L1 and the Src banks unchanged.
#[test]
fn dmanop_changes_nothing() {
    let mut r = Rig::new();
    r.b.gpr[0][5] = 7;
    r.l1.write_u32(0x100, 9).unwrap();
    run(&mut r, 0, enc(0x60, &[]));
    assert_eq!((r.b.gpr[0][5], l1_word(&r, 0x100)), (7, 9));
    assert_eq!(r.b.gpr[0].iter().filter(|&&g| g != 0).count(), 1);
}

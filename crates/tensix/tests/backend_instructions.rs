//! Per-instruction tests of the functional backend through `Backend::issue`, each against the
//! functional model of its ISA page (tt-isa-documentation, WormholeB0/TensixTile/
//! TensixCoprocessor/<NAME>.md), transcribed here as the expected values.

mod common;

use common::rig::{Rig, src, w};
use macrosim_tensix::backend::{Issue, Stall};

// SETDMAREG_Immediate.md writes a 16-bit half of a GPR; WRCFG.md copies a GPR to Config
// (bank CFG_STATE_ID); RDCFG reads it back; SETC16.md writes ThreadConfig.
#[test]
fn gprs_and_configuration() {
    let mut r = Rig::new();
    r.cfg(1, 60, 0xdead_beef);
    assert_eq!(r.b.gpr[1][0], 0xdead_beef);
    assert_eq!(r.b.cfg.banks()[0][60], 0xdead_beef);
    r.run(1, "RDCFG 5, 60");
    assert_eq!(r.b.gpr[1][5], 0xdead_beef);
    r.run(2, "SETC16 6, 0x1234");
    assert_eq!(r.b.cfg.thread(2)[6], 0x1234);
    assert_eq!(r.b.cfg.thread(1)[6], 0, "ThreadConfig is per thread");
    // WRCFG.md: an index past CFG_STATE_SIZE*4 is a fault, not a silent write.
    let e = r.b.issue(0, w("WRCFG 0, 0, 4000"), &mut r.l1).unwrap_err();
    assert_eq!((e.thread, e.mnemonic, e.unit), (0, "WRCFG", "config"));
}

// SEMINIT.md, SEMPOST.md, SEMGET.md, SEMWAIT.md: a latched SEMWAIT (STALL_ON_ZERO) holds the
// instructions of its block mask until another thread posts; the latch then clears.
#[test]
fn semaphores_and_semwait() {
    let mut r = Rig::new();
    r.run(1, "SEMINIT 2, 0, 1"); // max 2, value 0, mask bit 0 = semaphore 0
    assert_eq!((r.b.sync.sems[0].value, r.b.sync.sems[0].max), (0, 2));
    // Block mask B6 (FPU), semaphore 0, STALL_ON_ZERO.
    r.run(2, "SEMWAIT 0x40, 1, 1");
    match r.issue(2, "ZEROACC 3, 0, 0") {
        Issue::Stalled(Stall::Latched(l)) => assert!(l.semwait),
        other => panic!("{other:?}"),
    }
    // A sync-unit instruction is not in the block mask.
    r.run(2, "SEMPOST 1");
    r.run(2, "ZEROACC 3, 0, 0");
    assert!(r.b.latched(2).is_none());
    r.run(1, "SEMGET 1");
    r.run(1, "SEMGET 1");
    assert_eq!(r.b.sync.sems[0].value, 0, "saturates at 0");
}

// ATGETM.md / ATRELM.md: a mutex held by another thread stalls ATGETM until released.
#[test]
fn mutexes() {
    let mut r = Rig::new();
    r.run(0, "ATGETM 2");
    assert_eq!(
        r.issue(1, "ATGETM 2"),
        Issue::Stalled(Stall::Mutex {
            index: 2,
            holder: 0
        })
    );
    r.run(0, "ATGETM 2");
    r.run(0, "ATRELM 2");
    r.run(1, "ATGETM 2");
    assert!(
        r.b.issue(1, w("ATGETM 1"), &mut r.l1).is_err(),
        "mutex 1 does not exist"
    );
}

// MVMUL.md: waits until both FPU banks belong to the Matrix Unit; Dst[8×16] += SrcB[8×16] ×
// SrcA[16×16]; the Flip bits hand the banks back; ApplyAddrMod advances the RWCs.
#[test]
fn mvmul_multiplies_and_accumulates() {
    let mut r = Rig::new();
    assert_eq!(
        r.issue(1, "MVMUL 0, 0, 0, 0"),
        Issue::Stalled(Stall::SrcNotValid)
    );
    for i in 0..16 {
        for j in 0..16 {
            r.b.srca.bank_mut(0)[i][j] = src((i as f32) - (j as f32) * 0.5);
        }
    }
    for i in 0..8 {
        for k in 0..16 {
            r.b.srcb.bank_mut(0)[i][k] = src(if (i + k) % 3 == 0 {
                1.0
            } else {
                -0.25 * i as f32
            });
        }
    }
    r.b.srca.flip_unpacker(0, 0);
    r.b.srcb.flip_unpacker(0, 0);
    // FP32 Dst (ALU_ACC_CTRL_Fp32_enabled, config word 1 bit 29), TF32 SrcA (format 4).
    r.cfg(1, 1, (1 << 29) | (4 << 17) | (4 << 21));
    // ADDR_MOD slot 0: Dst += 8 (ADDR_MOD_DST_SEC0 is ThreadConfig word 23).
    r.run(1, "SETC16 23, 8");
    // HiFi4: the four fidelity phases (FIDELITY_BASE_Phase, ThreadConfig word 6).
    for phase in 0..4 {
        r.run(1, &format!("SETC16 6, {phase}"));
        r.run(1, "SETRWC 0, 0, 0, 0, 0, 4"); // Dst RWC back to 0
        r.run(
            1,
            &format!("MVMUL {}, 0, 0, 0", if phase == 3 { 3 } else { 0 }),
        );
    }
    for i in 0..8 {
        for j in 0..16 {
            let want: f32 = (0..16)
                .map(|k| {
                    f32::from_bits(r.b.srcb.bank(0)[i][k] << 13)
                        * f32::from_bits(r.b.srca.bank(0)[k][j] << 13)
                })
                .sum();
            assert_eq!(
                f32::from_bits(r.b.dst.read32(i, j)),
                want,
                "row {i} col {j}"
            );
        }
    }
    assert_eq!(r.b.rwc[1].dst, 8, "ADDR_MOD 0 advanced Dst by 8");
    assert!(
        !r.b.srca.fpu_ready() && !r.b.srcb.fpu_ready(),
        "both banks flipped back"
    );
    assert_eq!((r.b.srca.fpu_bank, r.b.srcb.fpu_bank), (1, 1));
}

// ELWADD.md / ELWSUB.md / ELWMUL.md on BF16 Dst (16-bit): exact small values.
#[test]
fn elementwise_ops() {
    let mut r = Rig::new();
    for i in 0..8 {
        for j in 0..16 {
            r.b.srca.bank_mut(0)[i][j] = src(i as f32 + 0.5);
            r.b.srcb.bank_mut(0)[i][j] = src(j as f32 - 4.0);
        }
    }
    for op in ["ELWADD", "ELWSUB", "ELWMUL"] {
        r.b.srca.allowed = [macrosim_tensix::backend::regs::SrcClient::MatrixUnit; 2];
        r.b.srcb.allowed = [macrosim_tensix::backend::regs::SrcClient::MatrixUnit; 2];
        r.run(0, "ZEROACC 3, 0, 0");
        r.run(0, &format!("{op} 0, 0, 0, 0, 0"));
        for i in 0..8 {
            for j in 0..16 {
                let (a, b) = (i as f32 + 0.5, j as f32 - 4.0);
                let want = match op {
                    "ELWADD" => a + b,
                    "ELWSUB" => a - b,
                    _ => a * b,
                };
                let got = f32::from_bits(u32::from(r.b.dst.read16(i, j)) << 16);
                assert_eq!(got, want, "{op} row {i} col {j}");
            }
        }
    }
}

// ELWADD.md / ELWSUB.md: `SrcARow = RWCs.SrcA & 0x38`, `SrcBRow = RWCs.SrcB & (BroadcastSrcBRow
// ? 0x3f : 0x38)`: unaligned RWCs read the aligned 8-row blocks, a broadcast row is any row.
#[test]
fn elementwise_rows_are_aligned_blocks() {
    let mut r = Rig::new();
    let (a, b) = (|i: usize| i as f32 + 1.0, |i: usize| 64.0 + 8.0 * i as f32);
    for i in 0..16 {
        r.b.srca.bank_mut(0)[i] = [src(a(i)); 16];
        r.b.srcb.bank_mut(0)[i] = [src(b(i)); 16];
    }
    // (instruction, the broadcast SrcB row; None: Dst row i reads SrcB row i)
    let cases = [
        ("ELWADD 0, 0, 0, 0, 0", None),
        ("ELWSUB 0, 0, 0, 0, 0", None),
        ("ELWADD 0, 0, 2, 0, 0", Some(5)),
    ];
    for (insn, brow) in cases {
        r.b.srca.allowed = [macrosim_tensix::backend::regs::SrcClient::MatrixUnit; 2];
        r.b.srcb.allowed = [macrosim_tensix::backend::regs::SrcClient::MatrixUnit; 2];
        r.run(0, "ZEROACC 3, 0, 0");
        (r.b.rwc[0].srca, r.b.rwc[0].srcb) = (3, 5);
        r.run(0, insn);
        for i in 0..8 {
            let want = if insn.starts_with("ELWSUB") {
                a(i) - b(brow.unwrap_or(i))
            } else {
                a(i) + b(brow.unwrap_or(i))
            };
            let got = f32::from_bits(u32::from(r.b.dst.read16(i, 7)) << 16);
            assert_eq!(got, want, "{insn}: Dst row {i}");
        }
    }
}

// ZEROACC.md: one row, 16 rows (Imm10 block), half and all of Dst.
#[test]
fn zeroacc_modes() {
    let mut r = Rig::new();
    let fill = |r: &mut Rig| {
        for row in 0..1024 {
            r.b.dst.write16(row, 0, 0x3f80);
        }
    };
    fill(&mut r);
    r.run(0, "ZEROACC 0, 0, 5");
    assert_eq!((r.b.dst.read16(5, 0), r.b.dst.read16(6, 0)), (0, 0x3f80));
    r.run(0, "ZEROACC 1, 0, 2");
    assert!((32..48).all(|row| r.b.dst.read16(row, 0) == 0));
    assert_eq!(r.b.dst.read16(48, 0), 0x3f80);
    r.run(0, "ZEROACC 2, 0, 1");
    assert!((512..1024).all(|row| r.b.dst.read16(row, 0) == 0));
    assert_eq!(r.b.dst.read16(100, 0), 0x3f80);
    r.run(0, "ZEROACC 3, 0, 0");
    assert!((0..1024).all(|row| r.b.dst.read16(row, 0) == 0));
}

// ZEROSRC.md: both banks of SrcB, or SrcA's unpacker bank filled with −inf's bit pattern.
#[test]
fn zerosrc() {
    let mut r = Rig::new();
    r.b.srca.bank_mut(0)[3][3] = 5;
    r.b.srcb.bank_mut(1)[3][3] = 5;
    r.run(0, "ZEROSRC 0, 0, 1, 2");
    assert_eq!(r.b.srcb.bank(1)[3][3], 0);
    assert_eq!(r.b.srca.bank(0)[3][3], 5);
    r.run(0, "ZEROSRC 1, 0, 0, 1");
    assert_eq!(r.b.srca.bank(0)[3][3], 0x7_ffff);
}

// STALLWAIT.md: condition C10 (SrcA FPU bank not owned by the FPU) holds back the FPU.
#[test]
fn stallwait_on_src_condition() {
    let mut r = Rig::new();
    r.run(1, "STALLWAIT 0x40, 0x400");
    assert!(matches!(
        r.issue(1, "ZEROACC 3, 0, 0"),
        Issue::Stalled(Stall::Latched(_))
    ));
    r.b.srca.flip_unpacker(0, 0);
    r.run(1, "ZEROACC 3, 0, 0");
}

// SFPLOADI.md, SFPLOAD.md, SFPMAD.md, SFPSTORE.md: seed 001's SFPU add on one 4×8 slice of a
// 32-bit Dst: d = a·1.0 + b.
#[test]
fn sfpu_add_slice() {
    let mut r = Rig::new();
    for lane in 0..32 {
        let (row, col) = (lane / 8, (lane % 8) * 2);
        r.b.dst.write32(row, col, (lane as f32 * 0.75).to_bits());
        r.b.dst
            .write32(64 + row, col, (100.0 - lane as f32).to_bits());
    }
    r.run(1, "SFPLOAD 0, 3, 0, 0");
    r.run(1, "SFPLOAD 1, 3, 0, 64");
    r.run(1, "SFPMAD 0, 10, 1, 2, 0"); // LReg2 = LReg0 · LReg10 (1.0) + LReg1
    r.run(1, "SFPNOP");
    r.run(1, "SFPSTORE 2, 3, 0, 128");
    for lane in 0..32 {
        let (row, col) = (128 + lane / 8, (lane % 8) * 2);
        let want = lane as f32 * 0.75 + 100.0 - lane as f32;
        assert_eq!(
            f32::from_bits(r.b.dst.read32(row, col)),
            want,
            "lane {lane}"
        );
    }
    // SFPLOADI Mod0 0 (BF16 immediate) then a BF16 store truncates into Dst16.
    r.run(1, "SFPLOADI 3, 0, 0x4049");
    assert_eq!(r.b.sfpu.lregs[3][7], 0x4049_0000);
    r.run(1, "SFPSTORE 3, 2, 0, 2");
    assert_eq!(
        r.b.dst.read16(0, 1),
        0x4049,
        "Addr & 2 selects the odd columns"
    );
}

// A word that is no instruction is a fault naming the thread and the word.
#[test]
fn faults_name_thread_and_word() {
    let mut r = Rig::new();
    let e = r.b.issue(2, 0xff00_0000, &mut r.l1).unwrap_err();
    assert_eq!((e.thread, e.word), (2, 0xff00_0000));
    assert!(e.to_string().contains("T2"), "{e}");
}

// MOVA2D.md (Move8Rows, BF16 style: Dst16 gets the BF16 pattern), MOVD2A.md (back into
// SrcA's FPU bank), MOVB2D.md (Broadcast1RowTo8 + BroadcastCol0), TRNSPSRCB.md (rows 16..32).
#[test]
fn data_movers() {
    let mut r = Rig::new();
    r.b.srca.flip_unpacker(0, 0);
    r.b.srcb.flip_unpacker(0, 0);
    for i in 0..8 {
        for j in 0..16 {
            r.b.srca.bank_mut(0)[8 + i][j] = src(i as f32 * 16.0 + j as f32);
        }
    }
    r.cfg(0, 1, 5 << 17); // SrcA BF16 (format 5), 16-bit Dst
    r.run(0, "MOVA2D 0, 8, 0, 2, 32");
    for i in 0..8 {
        for j in 0..16 {
            let want = (i as f32 * 16.0 + j as f32).to_bits() >> 16;
            assert_eq!(
                u32::from(r.b.dst.read16(32 + i, j)),
                want,
                "row {i} col {j}"
            );
        }
    }
    r.run(0, "MOVD2A 0, 40, 0, 2, 36"); // 4 rows of Dst 36.. into SrcA 40..
    assert_eq!(r.b.srca.bank(0)[40][5], src(4.0 * 16.0 + 5.0));
    assert_eq!(r.b.srca.bank(0)[43][15], src(7.0 * 16.0 + 15.0));
    r.b.srcb.bank_mut(0)[3][0] = src(-2.5);
    r.run(0, "MOVB2D 0, 3, 0, 3, 64");
    assert!((64..72).all(|row| (0..16).all(|c| r.b.dst.read16(row, c) == 0xc020)));
    for i in 0..16 {
        for j in 0..16 {
            r.b.srcb.bank_mut(0)[16 + i][j] = (i * 16 + j) as u32;
        }
    }
    r.run(0, "TRNSPSRCB");
    assert_eq!(r.b.srcb.bank(0)[16 + 2][7], 7 * 16 + 2);
    assert_eq!(r.b.srcb.bank(0)[16 + 7][2], 2 * 16 + 7);
}

// RMWCIB.md: byte Index1 (opcode 0xB3 + Index1) of Config[StateID][Index4] becomes
// (NewValue & Mask) | (Old & ~Mask); Index4[7:0], NewValue[15:8], Mask[23:16]. An Index4
// past the config space is undefined: a fault.
#[test]
fn rmwcib_masks_one_byte() {
    let mut r = Rig::new();
    r.cfg(0, 40, 0x1122_3344);
    let rmwcib = |index1: u32, mask: u32, new: u32, index4: u32| {
        ((0xb3 + index1) << 24) | (mask << 16) | (new << 8) | index4
    };
    r.b.issue(0, rmwcib(2, 0xf0, 0xab, 40), &mut r.l1).unwrap();
    assert_eq!(r.b.cfg.banks()[0][40], 0x11a2_3344);
    r.b.issue(0, rmwcib(0, 0xff, 0x00, 40), &mut r.l1).unwrap();
    assert_eq!(r.b.cfg.banks()[0][40], 0x11a2_3300);
    let e =
        r.b.issue(0, rmwcib(1, 0xff, 0, 250), &mut r.l1)
            .unwrap_err();
    assert_eq!((e.mnemonic, e.unit), ("RMWCIB1", "config"));
}

// MOVD2B.md: Dst rows (+ RWC Dst, Move4Rows aligning both to 4) into SrcB's Matrix Unit bank
// at SrcRow + RWC SrcB; the style follows SrcA's format. The page's layouts (Dst BF16 as
// Sign,Man7,Exp8; Src as Sign,Man10,Exp8; Dst FP16 as Sign,Man10,Exp5) are converted to and
// from this model's IEEE-ordered ones (regs.rs) around the page's Shuffle functions.
#[test]
fn movd2b_styles_and_rows() {
    // Page Src (Sign,Man10,Exp8) → this model's Src (sign[18] exp[17:10] man[9:0]).
    let page_src_to_model = |x: u32| (x & 0x4_0000) | ((x & 0xff) << 10) | ((x >> 8) & 0x3ff);
    let shuffle_bf16 = |x: u32| ((x & 0xff00) << 3) | (x & 0xff);
    let shuffle_fp16 = |x: u32| ((x & 0xffe0) << 3) | (x & 0x1f);
    // IEEE BF16 → the page's Dst BF16 (Sign,Man7,Exp8); IEEE FP16 → page Dst FP16.
    let page_dst_bf16 = |x: u32| (x & 0x8000) | ((x & 0x7f) << 8) | ((x >> 7) & 0xff);
    let page_dst_fp16 = |x: u32| (x & 0x8000) | ((x & 0x3ff) << 5) | ((x >> 10) & 0x1f);

    let mut r = Rig::new();
    let val = |i: usize, j: usize| (0x3f80 + 0x11 * i as u32 + j as u32) | ((j as u32 & 1) << 15);
    for i in 0..4 {
        for j in 0..16 {
            r.b.dst.write16(36 + i, j, val(i, j) as u16);
        }
    }
    // BF16 style (SrcA format BF16 = 5), 16-bit Dst, Move4Rows: Dst 37 → 36..40; SrcRow 5 +
    // RWC SrcB 2 = 7 → 4..8.
    r.cfg(0, 1, 5 << 17);
    r.b.rwc[0].srcb = 2;
    r.run(0, "MOVD2B 0, 5, 0, 2, 37");
    for i in 0..4 {
        for j in 0..16 {
            let want = page_src_to_model(shuffle_bf16(page_dst_bf16(val(i, j))));
            assert_eq!(r.b.srcb.bank(0)[4 + i][j], want, "row {i} col {j}");
        }
    }
    // FP16 style (SrcA format FP16 = 1), one row: Dst 38 → SrcB 9 + 2 = 11.
    r.cfg(0, 1, 1 << 17);
    r.run(0, "MOVD2B 0, 9, 0, 0, 38");
    for j in 0..16 {
        let want = page_src_to_model(shuffle_fp16(page_dst_fp16(val(2, j))));
        assert_eq!(r.b.srcb.bank(0)[11][j], want, "col {j}");
    }
    // TF32 style (format 4) with a 32-bit Dst (Fp32_enabled): Src gets the top 19 bits.
    r.cfg(0, 1, (1 << 29) | (4 << 17));
    r.b.dst.write32(3, 7, (-1.2345f32).to_bits());
    r.run(0, "MOVD2B 0, 20, 0, 0, 3");
    assert_eq!(r.b.srcb.bank(0)[22][7], (-1.2345f32).to_bits() >> 13);
}

// PACR.md with Packers/FormatConversion.md "To INT8" from a 32-bit Dst (Read_32b_data, In and
// Out_data_format INT8 = 14): sign-magnitude INT32 datums saturate to ±127 keeping the sign,
// one byte a datum in L1; with Read_unsigned, negatives become 0 and the rest saturate at 255;
// INT_DESCALE shifts the magnitude right first, rounding ties away from zero.
#[test]
fn pacr_int8_from_int32_dst() {
    use macrosim_tensix::backend::config::wormhole_fields;
    let mut r = Rig::new();
    let set = |r: &mut Rig, name: &str, v: u32| {
        wormhole_fields().cfg[name].set(&mut r.b.cfg.banks_mut()[0], v);
    };
    set(&mut r, "THCON_SEC0_REG1_In_data_format", 14);
    set(&mut r, "THCON_SEC0_REG1_Out_data_format", 14);
    set(&mut r, "THCON_SEC0_REG1_Disable_zero_compress", 1);
    set(&mut r, "THCON_SEC0_REG1_Sub_l1_tile_header_size", 1);
    set(&mut r, "THCON_SEC0_REG1_L1_Dest_addr", 0x200); // byte 0x2000
    set(&mut r, "PCK_DEST_RD_CTRL_Read_32b_data", 1);
    // Sign-magnitude INT32 in Dst row 0: 0, 5, −5, 127, 128, −1000, 300, −1, then 10·k.
    let ints: [i32; 16] = std::array::from_fn(|j| {
        [0, 5, -5, 127, 128, -1000, 300, -1]
            .get(j)
            .copied()
            .unwrap_or(10 * j as i32)
    });
    let sm = |x: i32| {
        if x < 0 {
            0x8000_0000 | x.unsigned_abs()
        } else {
            x as u32
        }
    };
    for (j, &x) in ints.iter().enumerate() {
        r.b.dst.write32(0, j, sm(x));
    }
    r.b.adcs.packers[2][1].x = 15; // thread 2's packer ADC: x from 0 to 15, 16 datums
    let pacr = 0x4100_0101; // PackSel 1 (packer 0), Last
    let read = |r: &Rig| {
        let mut got = [0u8; 16];
        r.l1.read_into(0x2000, &mut got, macrosim_core::Access::Read)
            .unwrap();
        got
    };
    // The page's signed conversion, transcribed: sign bit | min(|x|, 127).
    let signed = |x: i32| (u8::from(x < 0) << 7) | x.unsigned_abs().min(127) as u8;
    r.b.issue(2, pacr, &mut r.l1).unwrap();
    assert_eq!(read(&r), ints.map(signed));
    set(&mut r, "PCK_DEST_RD_CTRL_Read_unsigned", 1);
    r.b.issue(2, pacr, &mut r.l1).unwrap();
    assert_eq!(read(&r), ints.map(|x| x.clamp(0, 255) as u8));
    // INT_DESCALE (Mode 0, SEC0 value 2): magnitude / 4 rounded half away, then saturated.
    set(&mut r, "PCK_DEST_RD_CTRL_Read_unsigned", 0);
    set(&mut r, "INT_DESCALE_Enable", 1);
    set(&mut r, "INT_DESCALE_VALUES_SEC0_Value", 2);
    r.b.issue(2, pacr, &mut r.l1).unwrap();
    let descaled = |x: i32| {
        let m = (x.unsigned_abs() + 2) / 4;
        (u8::from(x < 0) << 7) | m.min(127) as u8
    };
    assert_eq!(read(&r), ints.map(descaled));
    assert_eq!(read(&r)[2], 0x81, "−5/4 = −1.25 → −1");
}

// PACR.md: the packer writes its datums to L1 one after the other. A PACR whose FP32 row runs
// past the end of L1 (1464 KiB on Wormhole B0) faults naming the first datum that cannot be
// written; the datums before it are in L1 (the model writes a PACR's stream at once and goes
// datum by datum only when that fails).
#[test]
fn pacr_past_the_end_of_l1_names_the_first_datum_outside() {
    use macrosim_tensix::backend::config::wormhole_fields;
    let mut r = Rig::new();
    let set = |r: &mut Rig, name: &str, v: u32| {
        wormhole_fields().cfg[name].set(&mut r.b.cfg.banks_mut()[0], v);
    };
    let end = 1464 * 1024u32;
    set(&mut r, "THCON_SEC0_REG1_In_data_format", 0);
    set(&mut r, "THCON_SEC0_REG1_Out_data_format", 0);
    set(&mut r, "THCON_SEC0_REG1_Disable_zero_compress", 1);
    set(&mut r, "THCON_SEC0_REG1_Sub_l1_tile_header_size", 1);
    // 16-byte units: 32 bytes (8 FP32 datums) before the end.
    set(&mut r, "THCON_SEC0_REG1_L1_Dest_addr", (end - 32) >> 4);
    set(&mut r, "PCK_DEST_RD_CTRL_Read_32b_data", 1);
    let vals: [f32; 16] = std::array::from_fn(|j| 1.5 + j as f32);
    for (j, v) in vals.iter().enumerate() {
        r.b.dst.write32(0, j, v.to_bits());
    }
    r.b.adcs.packers[2][1].x = 15; // 16 datums
    let err = r.b.issue(2, 0x4100_0101, &mut r.l1).unwrap_err();
    assert!(
        err.what.starts_with(&format!("L1 write at {end:#x}")),
        "{}",
        err.what
    );
    let mut got = [0u8; 32];
    r.l1.read_into(u64::from(end - 32), &mut got, macrosim_core::Access::Read)
        .unwrap();
    let want: Vec<u8> = vals[..8].iter().flat_map(|v| v.to_le_bytes()).collect();
    assert_eq!(&got[..], &want[..]);
}

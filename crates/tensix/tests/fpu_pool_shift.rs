//! GMPOOL.md, GAPOOL.md and SHIFTXB.md (tt-isa-documentation, WormholeB0/TensixTile/
//! TensixCoprocessor/<NAME>.md) through `Backend::issue`; the expected values are the pages'
//! functional models transcribed here in plain f32 terms.

mod common;

use common::rig::{Rig, src};
use macrosim_tensix::backend::{Issue, Stall};

fn bf16(x: f32) -> u16 {
    (x.to_bits() >> 16) as u16
}

/// `exp2 ∘ floor ∘ log2` of GMPOOL.md's SrcB scaling.
fn exponent_only(x: f32) -> f32 {
    f32::from_bits(x.to_bits() & 0xff80_0000).abs()
}

// GMPOOL.md: waits for both banks; Dst[row] = max(Dst[row], column max of SrcA scaled by the
// exponent of SrcB's row (transposed)); the other three rows of the 4-row block become zero.
#[test]
fn gmpool_column_max_with_scaling() {
    let mut r = Rig::new();
    assert_eq!(
        r.issue(0, "GMPOOL 0, 0, 0, 0, 4"),
        Issue::Stalled(Stall::SrcNotValid)
    );
    r.ready();
    r.cfg(0, 1, (5 << 17) | (5 << 21)); // SrcA/SrcB BF16, 16-bit Dst
    let a = |i: usize, j: usize| ((i * 7 + j * 3) % 11) as f32 - 6.5 + (j as f32) * 0.25;
    let scale = |i: usize| match i {
        3 => 4.0,
        9 => 3.0, // exponent only: scales by 2
        _ => 1.0,
    };
    for i in 0..16 {
        for j in 0..16 {
            r.b.srca.bank_mut(0)[i][j] = src(a(i, j));
        }
        r.b.srcb.bank_mut(0)[0][i] = src(scale(i));
    }
    for j in 0..16 {
        r.b.dst.write16(4, j, bf16(j as f32 - 3.0));
        r.b.dst.write16(5, j, 0x1234);
    }
    r.run(0, "GMPOOL 3, 0, 0, 0, 5"); // DstRow 5 is aligned down to 4
    for j in 0..16 {
        let want = (0..16)
            .map(|i| a(i, j) * exponent_only(scale(i)))
            .fold(j as f32 - 3.0, f32::max);
        assert_eq!(r.b.dst.read16(4, j), bf16(want), "column {j}");
        assert!((5..8).all(|row| r.b.dst.read16(row, j) == 0), "column {j}");
    }
    assert!(!r.b.srca.fpu_ready() && !r.b.srcb.fpu_ready(), "Flip bits");
}

// GMPOOL.md ArgMax with BF16 SrcA and 32-bit Dst: BF16 max of all 16 rows in the high half,
// IndexPhase | (IndexPhase >> 4) + NONLINEAR_I_TRANSFORM[i] for the best of the first 8 rows
// in the low half; the other rows get (old + 0x100) & 0xf00.
#[test]
fn gmpool_argmax() {
    let mut r = Rig::new();
    r.ready();
    r.cfg(0, 1, (1 << 29) | (5 << 17) | (5 << 21));
    for i in 0..16 {
        for j in 0..16 {
            let v = match i {
                2 => 5.0,
                12 => 9.0,
                _ => -(i as f32) - 1.0,
            };
            r.b.srca.bank_mut(0)[i][j] = src(v);
        }
        r.b.srcb.bank_mut(0)[0][i] = src(1.0);
    }
    r.b.dst.write32(1, 0, 0x0000_0300);
    r.run(0, "GMPOOL 0, 0, 0, 1, 0");
    const NONLINEAR_I_TRANSFORM: [u32; 8] = [0, 3, 6, 1, 4, 7, 2, 5];
    let phase = 0x100; // (Dst 0 + 0x100) & 0xf00
    let want = (9.0f32.to_bits() & 0xffff_0000) | phase | ((phase >> 4) + NONLINEAR_I_TRANSFORM[2]);
    assert_eq!(r.b.dst.read32(0, 3), want);
    assert_eq!(r.b.dst.read32(1, 0), 0x400);
    assert_eq!(r.b.dst.read32(2, 0), 0x100);
}

// GAPOOL.md: MVMUL's model with NumRows = 4: Dst[4 rows] += SrcB[4 rows] × SrcA[16 rows];
// the Dst row only needs 4-row alignment, and rows past the four are untouched.
#[test]
fn gapool_is_a_four_row_mvmul() {
    let mut r = Rig::new();
    r.ready();
    for i in 0..16 {
        for j in 0..16 {
            r.b.srca.bank_mut(0)[i][j] = src((i as f32) - (j as f32) * 0.5);
        }
        for k in 0..8 {
            r.b.srcb.bank_mut(0)[k][i] = src(if (i + k) % 3 == 0 {
                1.0
            } else {
                -0.25 * k as f32
            });
        }
    }
    for j in 0..16 {
        r.b.dst.write32(8, j, 7.0f32.to_bits());
    }
    r.cfg(0, 1, (1 << 29) | (4 << 17) | (4 << 21)); // FP32 Dst, TF32 Src
    for phase in 0..4 {
        r.run(0, &format!("SETC16 6, {phase}")); // FIDELITY_BASE_Phase
        r.run(0, "GAPOOL 0, 0, 0, 0, 4");
    }
    for i in 0..4 {
        for j in 0..16 {
            let want: f32 = (0..16)
                .map(|k| {
                    f32::from_bits(r.b.srcb.bank(0)[i][k] << 13)
                        * f32::from_bits(r.b.srca.bank(0)[k][j] << 13)
                })
                .sum();
            assert_eq!(f32::from_bits(r.b.dst.read32(4 + i, j)), want, "{i},{j}");
        }
        assert_eq!(r.b.dst.read32(8, i), 7.0f32.to_bits(), "row 8 untouched");
    }
}

// SHIFTXB.md's functional model: Column0 saved, columns 1..=14 copied one lane left (the loop
// runs `Column < 14`, so column 14 keeps its value), column 15 = ShiftInZero ? 0 : Column0;
// SrcRow is offset by the SrcB RWC.
#[test]
fn shiftxb_rotates_or_shifts_in_zero() {
    let mut r = Rig::new();
    assert_eq!(
        r.issue(0, "SHIFTXB 0, 0, 5"),
        Issue::Stalled(Stall::SrcNotValid)
    );
    r.ready();
    let row: [u32; 16] = std::array::from_fn(|j| 100 + j as u32);
    r.b.srcb.bank_mut(0)[5] = row;
    r.b.srcb.bank_mut(0)[7] = row;
    r.run(0, "SHIFTXB 0, 0, 5");
    let mut want = row;
    want[..14].copy_from_slice(&row[1..15]);
    want[15] = row[0];
    assert_eq!(r.b.srcb.bank(0)[5], want);
    r.run(0, "SETRWC 0, 0, 0, 2, 0, 2"); // SrcB RWC = 2
    r.run(0, "SHIFTXB 0, 1, 5");
    want[15] = 0;
    assert_eq!(r.b.srcb.bank(0)[7], want);
}

//! The Matrix Unit's integer mode (`ALU_ACC_CTRL_INT8_math_enabled`): MVMUL.md, ELWMUL.md,
//! ELWADD.md, ELWSUB.md and SrcASrcB.md's "Fidelity phases (integer)", tt-isa-documentation
//! WormholeB0/TensixTile/TensixCoprocessor. The pages' functional models are transcribed here
//! on the pages' own Src layout (Sign,Mag(10b),Zero(3b),Exp(5b)); the tests convert this
//! model's layout (regs.rs: sign[18], exp[17:10], mag[9:0]) to it explicitly.

mod common;

use common::rig::Rig;
use macrosim_tensix::backend::config::wormhole_fields;
use macrosim_tensix::backend::regs::SrcClient;

/// SrcASrcB.md integer "8": FP16-overlaid, raw exponent 16 (0 when the magnitude is zero), in
/// this model's Src layout.
fn src_int8(v: i32) -> u32 {
    let mag = v.unsigned_abs();
    (u32::from(v < 0) << 18) | if mag != 0 { 16 << 10 } else { 0 } | mag
}

/// This model's Src datum in the page's layout: Sign[18], Mag[17:8], Zero[7:5], Exp[4:0].
fn page_layout(x: u32) -> u32 {
    (x & 0x4_0000) | ((x & 0x3ff) << 8) | ((x >> 10) & 0x1f)
}

/// MVMUL.md / ELWMUL.md `ReadSrcInt8`.
fn read_src_int8(x: u32) -> i64 {
    let mag = i64::from((x >> 8) & 0x3ff);
    if x >> 18 != 0 { -mag } else { mag }
}

/// The pages' masks: SrcA `FidelityPhase & 1 ? 0x41fff : 0x4e0ff`, SrcB
/// `FidelityPhase & 2 ? 0x40fff : 0x7f0ff`.
fn page_a(x: u32, phase: u32) -> i64 {
    read_src_int8(page_layout(x) & if phase & 1 != 0 { 0x41fff } else { 0x4e0ff })
}

fn page_b(x: u32, phase: u32) -> i64 {
    read_src_int8(page_layout(x) & if phase & 2 != 0 { 0x40fff } else { 0x7f0ff })
}

/// Dst integer "32" (Dst.md): sign-magnitude.
fn dst_int(v: u32) -> i64 {
    let mag = i64::from(v & 0x7fff_ffff);
    if v >> 31 != 0 { -mag } else { mag }
}

fn sm(v: i64) -> u32 {
    if v < 0 {
        0x8000_0000 | v.unsigned_abs() as u32
    } else {
        v as u32
    }
}

/// A rig in integer mode with both FPU banks (0) handed to the Matrix Unit.
fn int8_rig() -> Rig {
    let mut r = Rig::new();
    let bank = &mut r.b.cfg.banks_mut()[0];
    wormhole_fields().cfg["ALU_ACC_CTRL_INT8_math_enabled"].set(bank, 1);
    wormhole_fields().cfg["ALU_FORMAT_SPEC_REG0_SrcA"].set(bank, 14);
    wormhole_fields().cfg["ALU_FORMAT_SPEC_REG1_SrcB"].set(bank, 14);
    r.b.srca.allowed = [SrcClient::MatrixUnit; 2];
    r.b.srcb.allowed = [SrcClient::MatrixUnit; 2];
    r
}

/// Deterministic values in −range..=range.
fn value(seed: usize, range: i32) -> i32 {
    let h = (seed as u32).wrapping_mul(2_654_435_761) >> 7;
    (h % (2 * range as u32 + 1)) as i32 - range
}

// MVMUL.md, INT8 branch: per fidelity phase Dst += Σ_k SrcB[i][k]·SrcA[k][j] with the masked
// magnitudes, saturating into integer "32" Dst. Over the four phases the masks partition
// SrcA's low 8 and SrcB's 10 magnitude bits, so HiFi4 gives the exact product (SrcA's top two
// magnitude bits are ignored: "usable values −255 through +255").
#[test]
fn mvmul_int8_phases_sum_to_the_exact_product() {
    let mut r = int8_rig();
    for k in 0..16 {
        for j in 0..16 {
            // Magnitudes up to 255, plus bit 9 on a few to show it is ignored.
            let v = value(k * 16 + j, 255);
            let extra = if (k + j) % 7 == 0 { 0x200 } else { 0 };
            r.b.srca.bank_mut(0)[k][j] = src_int8(v) | extra;
        }
    }
    for i in 0..8 {
        for k in 0..16 {
            r.b.srcb.bank_mut(0)[i][k] = src_int8(value(1000 + i * 16 + k, 1023));
        }
    }
    let (a, b) = (*r.b.srca.bank(0), *r.b.srcb.bank(0));
    let mut want = [[0i64; 16]; 8];
    for phase in 0..4 {
        r.run(1, &format!("SETC16 6, {phase}")); // FIDELITY_BASE_Phase
        r.run(1, "MVMUL 0, 0, 0, 0");
        for (i, row) in want.iter_mut().enumerate() {
            for (j, w) in row.iter_mut().enumerate() {
                *w += (0..16)
                    .map(|k| page_b(b[i][k], phase) * page_a(a[k][j], phase))
                    .sum::<i64>();
                assert_eq!(
                    dst_int(r.b.dst.read32(i, j)),
                    *w,
                    "phase {phase} [{i}][{j}]"
                );
            }
        }
    }
    for (i, row) in want.iter().enumerate() {
        for (j, &w) in row.iter().enumerate() {
            let exact: i64 = (0..16)
                .map(|k| {
                    let av = value(k * 16 + j, 255) as i64;
                    let bv = value(1000 + i * 16 + k, 1023) as i64;
                    av * bv
                })
                .sum();
            assert_eq!(w, exact, "HiFi4 is exact at [{i}][{j}]");
        }
    }
}

// SrcASrcB.md "Fidelity phases (integer)": with |SrcA| ≤ 31 and |SrcB| ≤ 15, phase 3 alone
// gives the exact product.
#[test]
fn mvmul_int8_small_values_need_only_phase_3() {
    let mut r = int8_rig();
    for k in 0..16 {
        for j in 0..16 {
            r.b.srca.bank_mut(0)[k][j] = src_int8(value(k * 16 + j, 31));
        }
    }
    for i in 0..8 {
        for k in 0..16 {
            r.b.srcb.bank_mut(0)[i][k] = src_int8(value(500 + i * 16 + k, 15));
        }
    }
    r.b.dst.write32(2, 3, sm(-1000));
    r.run(1, "SETC16 6, 3");
    r.run(1, "MVMUL 0, 0, 0, 0");
    for i in 0..8 {
        for j in 0..16 {
            let exact: i64 = (0..16)
                .map(|k| value(k * 16 + j, 31) as i64 * value(500 + i * 16 + k, 15) as i64)
                .sum();
            let start = if (i, j) == (2, 3) { -1000 } else { 0 };
            assert_eq!(dst_int(r.b.dst.read32(i, j)), start + exact, "[{i}][{j}]");
        }
    }
}

// ELWADD.md / ELWSUB.md (INT8: no fidelity masks; AddDst[21] accumulates, else overwrites;
// the sum saturates at ±(2^31 − 1)) and ELWMUL.md (masked per phase, always accumulating),
// with BroadcastSrcBCol0[19].
#[test]
fn elementwise_int8_with_saturation() {
    let mut r = int8_rig();
    for i in 0..8 {
        for j in 0..16 {
            r.b.srca.bank_mut(0)[i][j] = src_int8(value(i * 16 + j, 1023));
            r.b.srcb.bank_mut(0)[i][j] = src_int8(value(300 + i * 16 + j, 1023));
        }
    }
    // Two lanes that must saturate: Dst near +max with A − B = +2000, near −max with −2000.
    r.b.srca.bank_mut(0)[0][0] = src_int8(1000);
    r.b.srcb.bank_mut(0)[0][0] = src_int8(-1000);
    r.b.srca.bank_mut(0)[0][1] = src_int8(-1000);
    r.b.srcb.bank_mut(0)[0][1] = src_int8(1000);
    let (sa, sb) = (*r.b.srca.bank(0), *r.b.srcb.bank(0));
    let a = |i: usize, j: usize| read_src_int8(page_layout(sa[i][j]));
    let b = |i: usize, j: usize| read_src_int8(page_layout(sb[i][j]));
    r.b.dst.write32(0, 0, sm(0x7fff_fff0));
    r.b.dst.write32(0, 1, sm(-0x7fff_fff0));
    // ELWADD without AddDst overwrites Dst.
    r.run(0, "ELWADD 0, 0, 0, 0, 0");
    for i in 0..8 {
        for j in 0..16 {
            assert_eq!(
                dst_int(r.b.dst.read32(i, j)),
                a(i, j) + b(i, j),
                "[{i}][{j}]"
            );
        }
    }
    // ELWSUB with AddDst: Dst + A − B, saturating.
    r.b.dst.write32(0, 0, sm(0x7fff_fff0));
    r.b.dst.write32(0, 1, sm(-0x7fff_fff0));
    let before: Vec<i64> = (0..128)
        .map(|n| dst_int(r.b.dst.read32(n / 16, n % 16)))
        .collect();
    r.run(0, "ELWSUB 0, 1, 0, 0, 0");
    for (n, &d) in before.iter().enumerate() {
        let (i, j) = (n / 16, n % 16);
        let want = (d + a(i, j) - b(i, j)).clamp(-0x7fff_ffff, 0x7fff_ffff);
        assert_eq!(dst_int(r.b.dst.read32(i, j)), want, "[{i}][{j}]");
    }
    assert_eq!(
        dst_int(r.b.dst.read32(0, 0)),
        0x7fff_ffff,
        "saturates at +max"
    );
    assert_eq!(
        dst_int(r.b.dst.read32(0, 1)),
        -0x7fff_ffff,
        "saturates at −max"
    );
    // ELWMUL, phase 0, SrcB column 0 broadcast: Dst += A·B with the phase-0 masks.
    let before: Vec<i64> = (0..128)
        .map(|n| dst_int(r.b.dst.read32(n / 16, n % 16)))
        .collect();
    r.run(0, "ELWMUL 0, 0, 1, 0, 0");
    for (n, &d) in before.iter().enumerate() {
        let (i, j) = (n / 16, n % 16);
        let want = d + page_a(sa[i][j], 0) * page_b(sb[i][0], 0);
        assert_eq!(
            dst_int(r.b.dst.read32(i, j)),
            want.clamp(-0x7fff_ffff, 0x7fff_ffff)
        );
    }
}

// GAPOOL.md gives no integer model: in integer mode it is a fault, not a float result.
#[test]
fn gapool_int8_faults() {
    let mut r = int8_rig();
    let e =
        r.b.issue(1, common::rig::w("GAPOOL 0, 0, 0, 0, 0"), &mut r.l1)
            .unwrap_err();
    assert!(e.to_string().contains("INT8 GAPOOL"), "{e}");
}

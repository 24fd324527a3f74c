//! Macro-op fusion: common pairs of adjacent instructions become one op, so the execute loop
//! dispatches once for both (rv32emu's `do_fuse*`, notes §3.3 item 4). Fusion works on a copy of
//! a block's ops: the fused op takes the first instruction's slot and the second keeps its own
//! slot, which the fused op consumes. Op positions therefore still count guest instructions, so
//! the retired count and the pc of an exception in either half stay exact. Traced runs, and a
//! block cut short by the instruction limit, use the unfused ops.
//!
//! Pairs (chosen from instruction-pair counts of the benchmark programs): `lui`/`auipc` + `addi`
//! building one constant, `slli` + `add` (scaled index), `add` + `lw` (indexed load), `lw` +
//! `addi`, `addi` + `addi`, `fld` + `fld`, `flw` + `flw`, two `fmadd.d` or two `fmadd.s` (unrolled
//! dot products and matrix multiplies), `addi` or `lw` + a conditional branch, and, ending a
//! block, `addi` + `jal`.

use super::op::{Kind, Op};

fn is_branch(k: Kind) -> bool {
    matches!(
        k,
        Kind::Beq | Kind::Bne | Kind::Blt | Kind::Bge | Kind::Bltu | Kind::Bgeu
    )
}

/// The fused form of `ops` (one block).
pub(crate) fn fuse(ops: &[Op]) -> Vec<Op> {
    let mut out = ops.to_vec();
    let mut k = 0;
    while k + 1 < ops.len() {
        let (a, b) = (&ops[k], &ops[k + 1]);
        let fused = match (a.kind, b.kind) {
            // The addi must complete the constant in the same register.
            (Kind::Li, Kind::Addi) if b.rs1 == a.rd && b.rd == a.rd => Some(Op {
                kind: Kind::LiPair,
                imm: a.imm.wrapping_add(b.imm),
                ..*a
            }),
            (Kind::Slli, Kind::Add) => Some(Op {
                kind: Kind::SlliAdd,
                ..*a
            }),
            (Kind::Add, Kind::Lw) => Some(Op {
                kind: Kind::AddLw,
                ..*a
            }),
            (Kind::Addi, Kind::Addi) => Some(Op {
                kind: Kind::AddiAddi,
                ..*a
            }),
            (Kind::Fld, Kind::Fld) => Some(Op {
                kind: Kind::FldFld,
                ..*a
            }),
            (Kind::Flw, Kind::Flw) => Some(Op {
                kind: Kind::FlwFlw,
                ..*a
            }),
            (Kind::FmaddD, Kind::FmaddD) => Some(Op {
                kind: Kind::FmaddDPair,
                ..*a
            }),
            (Kind::FmaddS, Kind::FmaddS) => Some(Op {
                kind: Kind::FmaddSPair,
                ..*a
            }),
            (Kind::Lw, Kind::Addi) => Some(Op {
                kind: Kind::LwAddi,
                ..*a
            }),
            (Kind::Addi, Kind::Jal) => Some(Op {
                kind: Kind::AddiJal,
                ..*a
            }),
            (Kind::Addi, k) if is_branch(k) => Some(Op {
                kind: Kind::AddiBranch,
                ..*a
            }),
            (Kind::Lw, k) if is_branch(k) => Some(Op {
                kind: Kind::LwBranch,
                ..*a
            }),
            _ => None,
        };
        if let Some(f) = fused {
            out[k] = f;
            k += 2;
        } else {
            k += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hart::op::lower;
    use crate::isa::Insn;

    #[test]
    fn pairs_fuse_and_keep_their_second_slot() {
        let ops = [
            lower(Insn::Lui, 0x1234_5537, 0x100, true), // lui a0, 0x12345
            lower(Insn::Addi, 0x6785_0513, 0x104, true), // addi a0, a0, 0x678
            lower(Insn::Addi, 0x0015_8593, 0x108, true), // addi a1, a1, 1
            lower(Insn::Bne, 0xfec5_9ce3, 0x10c, true), // bne a1, a2, .-8
        ];
        let f = fuse(&ops);
        assert_eq!(f[0].kind, Kind::LiPair);
        assert_eq!(f[0].imm, 0x1234_5678);
        assert_eq!(f[1], ops[1]);
        assert_eq!(f[2].kind, Kind::AddiBranch);
        assert_eq!(f[3], ops[3]);
        // lui into one register, addi into another: not a constant pair
        let ops = [
            lower(Insn::Lui, 0x1234_5537, 0x100, true),
            lower(Insn::Addi, 0x6785_0593, 0x104, true), // addi a1, a0, 0x678
        ];
        assert_eq!(fuse(&ops)[0].kind, Kind::Li);
    }
}

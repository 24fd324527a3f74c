//! The pre-decoded form of an instruction (principle 2): a small `Copy` struct made once per
//! instruction when its block is built, so the execute loop never decodes. The block cache adds
//! what the execute loop needs to go from block to block without looking anything up: the op's
//! place in its block and, on a block's exits, the chained successors.
//!
//! Lowering specialises what is known at decode time: `lui`/`auipc` become a constant load,
//! branch and jump targets and link values are absolute, a write to `x0` goes to a sink register
//! (index 32) so no instruction tests for x0, pure operations on x0 become `Nop`, reserved static
//! rounding modes and instructions outside the hart's extensions become `Trap`.

use super::trap::{Cause, Exception};
use crate::isa::{Decoded, Field, Insn, imm_b, imm_i, imm_j, imm_s};

/// Where writes to x0 go: a register nobody reads.
pub(crate) const X_SINK: u8 = 32;

/// What an op does. Ops from `Jal` on end a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Kind {
    Nop,
    /// rd = imm
    Li,
    Addi,
    Slti,
    Sltiu,
    Xori,
    Ori,
    Andi,
    Slli,
    Srli,
    Srai,
    Add,
    Sub,
    Sll,
    Slt,
    Sltu,
    Xor,
    Srl,
    Sra,
    Or,
    And,
    Mul,
    Mulh,
    Mulhsu,
    Mulhu,
    Div,
    Divu,
    Rem,
    Remu,
    Lb,
    Lh,
    Lw,
    Lbu,
    Lhu,
    Sb,
    Sh,
    Sw,
    LrW,
    ScW,
    AmoSwap,
    AmoAdd,
    AmoXor,
    AmoAnd,
    AmoOr,
    AmoMin,
    AmoMax,
    AmoMinu,
    AmoMaxu,
    Flw,
    Fsw,
    Fld,
    Fsd,
    FmaddS,
    FmsubS,
    FnmsubS,
    FnmaddS,
    FaddS,
    FsubS,
    FmulS,
    FdivS,
    FsqrtS,
    FsgnjS,
    FsgnjnS,
    FsgnjxS,
    FminS,
    FmaxS,
    FcvtWS,
    FcvtWuS,
    FmvXW,
    FeqS,
    FltS,
    FleS,
    FclassS,
    FcvtSW,
    FcvtSWu,
    FmvWX,
    FmaddD,
    FmsubD,
    FnmsubD,
    FnmaddD,
    FaddD,
    FsubD,
    FmulD,
    FdivD,
    FsqrtD,
    FsgnjD,
    FsgnjnD,
    FsgnjxD,
    FminD,
    FmaxD,
    FcvtSD,
    FcvtDS,
    FeqD,
    FltD,
    FleD,
    FclassD,
    FcvtWD,
    FcvtWuD,
    FcvtDW,
    FcvtDWu,
    // --- Fused pairs (see `fuse.rs`): this op and the next run as one. They appear only in
    // the fused copy of the op arena, which untraced runs use.
    /// rd = imm (a `lui`/`auipc` and the `addi` completing the constant).
    LiPair,
    /// `slli` then `add`.
    SlliAdd,
    /// `add` then `lw`.
    AddLw,
    /// `addi` then `addi`.
    AddiAddi,
    /// `fld` then `fld`.
    FldFld,
    /// `flw` then `flw`.
    FlwFlw,
    /// `lw` then `addi`.
    LwAddi,
    /// `fmadd.d` then `fmadd.d`.
    FmaddDPair,
    /// `fmadd.s` then `fmadd.s`.
    FmaddSPair,
    // --- Conditional branches: a taken branch leaves the block through its link slot 1, a
    // branch not taken goes on with the next op of the same block (blocks are superblocks).
    /// Conditional branches to imm.
    Beq,
    Bne,
    Blt,
    Bge,
    Bltu,
    Bgeu,
    /// `addi` then a conditional branch (the next op).
    AddiBranch,
    /// `lw` then a conditional branch.
    LwBranch,
    /// A conditional branch (condition in `rm`: funct3) whose target is not 4-byte aligned:
    /// taken, it raises instruction-address-misaligned.
    BranchMisaligned,
    // --- Block terminators: control flow.
    /// rd = pc + 4 (`pc` field + 4); jump to imm (link slot 1).
    Jal,
    /// target = (rs1 + imm) & !1; rd = pc + 4 (the jump cache finds the target).
    Jalr,
    /// `addi` then `jal`.
    AddiJal,
    /// Not an instruction: ends a block that stopped before a page end or at the longest block
    /// length, continuing at `pc` (the next instruction's address) through its link slot 0.
    /// The cache puts it after the block's last op; it is never traced or counted.
    Fallthrough,
    // --- Block terminators run by the slow path (hart::system).
    FenceI,
    Ecall,
    Ebreak,
    Mret,
    Wfi,
    Csrrw,
    Csrrs,
    Csrrc,
    Csrrwi,
    Csrrsi,
    Csrrci,
    /// Raise the exception with cause `rm` and tval `imm`.
    Trap,
    /// An instruction of an extension table: `ext` = table index, `imm` = the table's id.
    Ext,
    /// An FP-subsystem instruction handed to the extension (`Extension::offload`); `ext`
    /// holds its FP kind (`Kind::from_fp_index`), the other fields are the FP op's.
    Offload,
}

impl Kind {
    /// Does this op end its block?
    #[inline]
    pub(crate) fn ends_block(self) -> bool {
        self as u8 >= Kind::Jal as u8
    }
}

/// One pre-decoded instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Op {
    pub kind: Kind,
    /// Destination (x: 1..31 or [`X_SINK`]; f: 0..31).
    pub rd: u8,
    pub rs1: u8,
    pub rs2: u8,
    pub rs3: u8,
    /// Rounding mode field (7 = dynamic), or a branch condition, or a trap cause.
    pub rm: u8,
    /// Extension table index for `Ext`; the FP kind's index for `Offload`.
    pub ext: u16,
    /// Immediate, absolute target, CSR number, or trap value.
    pub imm: u32,
    /// The instruction's address.
    pub pc: u32,
    /// Set by the block cache: the instructions of the block up to and including this one (its
    /// 1-based place in the block); for a `Fallthrough`, all of the block's instructions.
    pub nth: u32,
    /// Set by the block cache on an exit (a conditional branch, a jump, a `Fallthrough`): the
    /// arena positions of the successor blocks [fall-through, taken] once chained, else
    /// [`NO_BLOCK`].
    pub next: [u32; 2],
}

/// No chained successor.
pub(crate) const NO_BLOCK: u32 = u32::MAX;

const _: () = assert!(std::mem::size_of::<Op>() == 28);

impl Op {
    pub(crate) fn new(kind: Kind, pc: u32) -> Op {
        Op {
            kind,
            rd: X_SINK,
            rs1: 0,
            rs2: 0,
            rs3: 0,
            rm: 0,
            ext: 0,
            imm: 0,
            pc,
            nth: 0,
            next: [NO_BLOCK; 2],
        }
    }

    /// `j .` (`jal x0, 0`, a program's idle loop): running it again and again changes nothing
    /// but the count of retired instructions.
    pub(crate) fn jumps_to_itself(&self) -> bool {
        self.kind == Kind::Jal && self.imm == self.pc && self.rd == X_SINK
    }

    /// An op that raises `exc` when executed.
    pub(crate) fn trap(exc: Exception, pc: u32) -> Op {
        Op {
            rm: exc.cause.code() as u8,
            imm: exc.tval,
            ..Op::new(Kind::Trap, pc)
        }
    }
}

fn xd(w: u32) -> u8 {
    match Field::Rd.extract(w) as u8 {
        0 => X_SINK,
        r => r,
    }
}

fn reg(f: Field, w: u32) -> u8 {
    f.extract(w) as u8
}

/// Lower a base-table instruction at `pc`. `fp_on` is false when mstatus.FS is Off, which makes
/// every F/D instruction illegal (Privileged ISA, "Extension Context Status in mstatus").
pub(crate) fn lower(insn: Insn, w: u32, pc: u32, fp_on: bool) -> Op {
    use Insn as I;
    use Kind as K;
    let illegal = Op::trap(Exception::illegal(w), pc);
    let rd = xd(w);
    let (rs1, rs2) = (reg(Field::Rs1, w), reg(Field::Rs2, w));
    let r_type = |kind| Op {
        rd,
        rs1,
        rs2,
        ..Op::new(kind, pc)
    };
    let i_type = |kind| Op {
        rd,
        rs1,
        imm: imm_i(w) as u32,
        ..Op::new(kind, pc)
    };
    let shift = |kind| Op {
        rd,
        rs1,
        imm: Field::Shamt.extract(w),
        ..Op::new(kind, pc)
    };
    let store = |kind| Op {
        rs1,
        rs2,
        imm: imm_s(w) as u32,
        ..Op::new(kind, pc)
    };
    let branch = |kind| {
        let target = pc.wrapping_add(imm_b(w) as u32);
        if target & 3 != 0 {
            Op {
                rs1,
                rs2,
                rm: Field::Rm.extract(w) as u8,
                imm: target,
                ..Op::new(K::BranchMisaligned, pc)
            }
        } else {
            Op {
                rs1,
                rs2,
                imm: target,
                ..Op::new(kind, pc)
            }
        }
    };
    let amo = |kind| r_type(kind);
    // FP: f registers are 0..31 everywhere; the destination may be an x register (xd) instead.
    let rm = Field::Rm.extract(w) as u8;
    let fp = |kind, rd: u8| {
        if !fp_on || rm == 5 || rm == 6 {
            return illegal;
        }
        Op {
            rd,
            rs1,
            rs2,
            rs3: reg(Field::Frs3, w),
            rm,
            ..Op::new(kind, pc)
        }
    };
    let frd = reg(Field::Frd, w);
    let op = match insn {
        I::Lui => Op {
            rd,
            imm: w & 0xffff_f000,
            ..Op::new(K::Li, pc)
        },
        I::Auipc => Op {
            rd,
            imm: pc.wrapping_add(w & 0xffff_f000),
            ..Op::new(K::Li, pc)
        },
        I::Jal => {
            let target = pc.wrapping_add(imm_j(w) as u32);
            if target & 3 != 0 {
                Op::trap(Exception::new(Cause::InstructionMisaligned, target), pc)
            } else {
                Op {
                    rd,
                    imm: target,
                    ..Op::new(K::Jal, pc)
                }
            }
        }
        I::Jalr => i_type(K::Jalr),
        I::Beq => branch(K::Beq),
        I::Bne => branch(K::Bne),
        I::Blt => branch(K::Blt),
        I::Bge => branch(K::Bge),
        I::Bltu => branch(K::Bltu),
        I::Bgeu => branch(K::Bgeu),
        I::Lb => i_type(K::Lb),
        I::Lh => i_type(K::Lh),
        I::Lw => i_type(K::Lw),
        I::Lbu => i_type(K::Lbu),
        I::Lhu => i_type(K::Lhu),
        I::Sb => store(K::Sb),
        I::Sh => store(K::Sh),
        I::Sw => store(K::Sw),
        I::Addi => i_type(K::Addi),
        I::Slti => i_type(K::Slti),
        I::Sltiu => i_type(K::Sltiu),
        I::Xori => i_type(K::Xori),
        I::Ori => i_type(K::Ori),
        I::Andi => i_type(K::Andi),
        I::Slli => shift(K::Slli),
        I::Srli => shift(K::Srli),
        I::Srai => shift(K::Srai),
        I::Add => r_type(K::Add),
        I::Sub => r_type(K::Sub),
        I::Sll => r_type(K::Sll),
        I::Slt => r_type(K::Slt),
        I::Sltu => r_type(K::Sltu),
        I::Xor => r_type(K::Xor),
        I::Srl => r_type(K::Srl),
        I::Sra => r_type(K::Sra),
        I::Or => r_type(K::Or),
        I::And => r_type(K::And),
        I::FenceTso | I::Fence => Op::new(K::Nop, pc),
        I::Ecall => Op::new(K::Ecall, pc),
        I::Ebreak => Op::new(K::Ebreak, pc),
        I::Mret => Op::new(K::Mret, pc),
        I::Wfi => Op::new(K::Wfi, pc),
        I::Csrrw | I::Csrrs | I::Csrrc | I::Csrrwi | I::Csrrsi | I::Csrrci => Op {
            rd,
            rs1,
            imm: Field::Csr.extract(w),
            ..Op::new(
                match insn {
                    I::Csrrw => K::Csrrw,
                    I::Csrrs => K::Csrrs,
                    I::Csrrc => K::Csrrc,
                    I::Csrrwi => K::Csrrwi,
                    I::Csrrsi => K::Csrrsi,
                    _ => K::Csrrci,
                },
                pc,
            )
        },
        I::FenceI => Op::new(K::FenceI, pc),
        I::Mul => r_type(K::Mul),
        I::Mulh => r_type(K::Mulh),
        I::Mulhsu => r_type(K::Mulhsu),
        I::Mulhu => r_type(K::Mulhu),
        I::Div => r_type(K::Div),
        I::Divu => r_type(K::Divu),
        I::Rem => r_type(K::Rem),
        I::Remu => r_type(K::Remu),
        I::LrW => amo(K::LrW),
        I::ScW => amo(K::ScW),
        I::AmoswapW => amo(K::AmoSwap),
        I::AmoaddW => amo(K::AmoAdd),
        I::AmoxorW => amo(K::AmoXor),
        I::AmoandW => amo(K::AmoAnd),
        I::AmoorW => amo(K::AmoOr),
        I::AmominW => amo(K::AmoMin),
        I::AmomaxW => amo(K::AmoMax),
        I::AmominuW => amo(K::AmoMinu),
        I::AmomaxuW => amo(K::AmoMaxu),
        I::Flw | I::Fld => {
            if !fp_on {
                return illegal;
            }
            Op {
                rd: frd,
                rs1,
                imm: imm_i(w) as u32,
                ..Op::new(if insn == I::Flw { K::Flw } else { K::Fld }, pc)
            }
        }
        I::Fsw | I::Fsd => {
            if !fp_on {
                return illegal;
            }
            Op {
                rd: X_SINK,
                ..store(if insn == I::Fsw { K::Fsw } else { K::Fsd })
            }
        }
        I::FmaddS => fp(K::FmaddS, frd),
        I::FmsubS => fp(K::FmsubS, frd),
        I::FnmsubS => fp(K::FnmsubS, frd),
        I::FnmaddS => fp(K::FnmaddS, frd),
        I::FaddS => fp(K::FaddS, frd),
        I::FsubS => fp(K::FsubS, frd),
        I::FmulS => fp(K::FmulS, frd),
        I::FdivS => fp(K::FdivS, frd),
        I::FsqrtS => fp(K::FsqrtS, frd),
        I::FsgnjS => fp(K::FsgnjS, frd),
        I::FsgnjnS => fp(K::FsgnjnS, frd),
        I::FsgnjxS => fp(K::FsgnjxS, frd),
        I::FminS => fp(K::FminS, frd),
        I::FmaxS => fp(K::FmaxS, frd),
        I::FcvtWS => fp(K::FcvtWS, rd),
        I::FcvtWuS => fp(K::FcvtWuS, rd),
        I::FmvXW => fp(K::FmvXW, rd),
        I::FeqS => fp(K::FeqS, rd),
        I::FltS => fp(K::FltS, rd),
        I::FleS => fp(K::FleS, rd),
        I::FclassS => fp(K::FclassS, rd),
        I::FcvtSW => fp(K::FcvtSW, frd),
        I::FcvtSWu => fp(K::FcvtSWu, frd),
        I::FmvWX => fp(K::FmvWX, frd),
        I::FmaddD => fp(K::FmaddD, frd),
        I::FmsubD => fp(K::FmsubD, frd),
        I::FnmsubD => fp(K::FnmsubD, frd),
        I::FnmaddD => fp(K::FnmaddD, frd),
        I::FaddD => fp(K::FaddD, frd),
        I::FsubD => fp(K::FsubD, frd),
        I::FmulD => fp(K::FmulD, frd),
        I::FdivD => fp(K::FdivD, frd),
        I::FsqrtD => fp(K::FsqrtD, frd),
        I::FsgnjD => fp(K::FsgnjD, frd),
        I::FsgnjnD => fp(K::FsgnjnD, frd),
        I::FsgnjxD => fp(K::FsgnjxD, frd),
        I::FminD => fp(K::FminD, frd),
        I::FmaxD => fp(K::FmaxD, frd),
        I::FcvtSD => fp(K::FcvtSD, frd),
        I::FcvtDS => fp(K::FcvtDS, frd),
        I::FeqD => fp(K::FeqD, rd),
        I::FltD => fp(K::FltD, rd),
        I::FleD => fp(K::FleD, rd),
        I::FclassD => fp(K::FclassD, rd),
        I::FcvtWD => fp(K::FcvtWD, rd),
        I::FcvtWuD => fp(K::FcvtWuD, rd),
        I::FcvtDW => fp(K::FcvtDW, frd),
        I::FcvtDWu => fp(K::FcvtDWu, frd),
    };
    // A pure computation into x0 does nothing; loads into x0 still access memory (and may
    // fault), so only register-to-register kinds are dropped.
    if op.rd == X_SINK && is_pure_x(op.kind) {
        return Op::new(Kind::Nop, pc);
    }
    op
}

/// Integer ops whose only effect is writing rd.
fn is_pure_x(k: Kind) -> bool {
    (Kind::Li as u8..=Kind::Remu as u8).contains(&(k as u8))
}

/// Lower a decoded word: base tables by [`Insn`], extension tables to `Ext`.
pub(crate) fn lower_decoded(
    d: Option<Decoded>,
    base_tables: usize,
    w: u32,
    pc: u32,
    fp_on: bool,
) -> Op {
    match d {
        None => Op::trap(Exception::illegal(w), pc),
        Some(d) if d.table < base_tables => match Insn::from_id(d.entry.id) {
            Some(insn) => lower(insn, w, pc, fp_on),
            None => Op::trap(Exception::illegal(w), pc),
        },
        Some(d) => Op {
            ext: (d.table - base_tables) as u16,
            imm: u32::from(d.entry.id),
            ..Op::new(Kind::Ext, pc)
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowering_specialises() {
        // auipc t0,0x1 at 0x80000000 -> a constant.
        let op = lower(Insn::Auipc, 0x0000_1297, 0x8000_0000, true);
        assert_eq!((op.kind, op.rd, op.imm), (Kind::Li, 5, 0x8000_1000));
        // addi x0,x0,0 -> Nop
        assert_eq!(lower(Insn::Addi, 0x0000_0013, 0, true).kind, Kind::Nop);
        // lw x0,0(a0) still loads
        let op = lower(Insn::Lw, 0x0005_2003, 0, true);
        assert_eq!((op.kind, op.rd), (Kind::Lw, X_SINK));
        // fadd.s with rm=5 is illegal; with FS off every FP op is
        assert_eq!(lower(Insn::FaddS, 0x0000_5053, 0, true).kind, Kind::Trap);
        assert_eq!(lower(Insn::FaddS, 0x0000_7053, 0, false).kind, Kind::Trap);
        // jal to a misaligned target is a trap op naming the target
        let op = lower(Insn::Jal, 0x0020_006f, 0x100, true); // jal x0, .+2
        assert_eq!((op.kind, op.imm), (Kind::Trap, 0x102));
    }
}

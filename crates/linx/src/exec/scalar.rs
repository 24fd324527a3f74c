//! Scalar instruction semantics: one arm per micro-op shape ([`Op`]).
//!
//! Block-level operations (block starts, BSTOP, templates, descriptors, in-body branches,
//! vector ops) are the engine's ([`crate::engine::machine`]); everything here runs inside a block and
//! changes only registers, BARG's condition/target, SSRs, FCSR and memory.

use crate::exec::alu::{self, Family, RType, modify, sext32};
use crate::exec::op::*;
use crate::state::cpu::Cpu;
use crate::state::error::Fault;
use crate::state::regs::{REG_A0, REG_A7, REG_RA};
use macrosim_core::linux::{Outcome, Process};
use macrosim_core::{Access, SparseMemory};

/// What happens after an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Next,
    /// The program asked to exit with this status.
    Exit(i32),
    /// The program sent itself this signal.
    Killed(u32),
}

#[inline]
fn alu(f: Alu, a: u64, b: u64) -> u64 {
    match f {
        Alu::Add => a.wrapping_add(b),
        Alu::Sub => a.wrapping_sub(b),
        Alu::And => a & b,
        Alu::Or => a | b,
        Alu::Xor => a ^ b,
        Alu::AddW => sext32(a.wrapping_add(b)),
        Alu::SubW => sext32(a.wrapping_sub(b)),
        Alu::AndW => sext32(a & b),
        Alu::OrW => sext32(a | b),
        Alu::XorW => sext32(a ^ b),
        // Register shift amounts are taken mod 64 / mod 32 (semantics_conventions `shifts`).
        Alu::Sll => a << (b & 63),
        Alu::Srl => a >> (b & 63),
        Alu::Sra => ((a as i64) >> (b & 63)) as u64,
        Alu::SllW => sext32((a as u32).wrapping_shl(b as u32 & 31) as u64),
        Alu::SrlW => sext32(((a as u32) >> (b & 31)) as u64),
        Alu::SraW => (((a as i32) >> (b & 31)) as i64) as u64,
        Alu::Mul => a.wrapping_mul(b),
        Alu::MulW => sext32((a as u32).wrapping_mul(b as u32) as u64),
        Alu::Div => alu::div_s(a as i64, b as i64) as u64,
        Alu::DivU => alu::div_u(a, b),
        Alu::DivW => alu::div_s(a as i32 as i64, b as i32 as i64) as i32 as i64 as u64,
        Alu::DivUW => sext32(alu::div_u(a as u32 as u64, b as u32 as u64)),
        Alu::Rem => alu::rem_s(a as i64, b as i64) as u64,
        Alu::RemU => alu::rem_u(a, b),
        Alu::RemW => alu::rem_s(a as i32 as i64, b as i32 as i64) as i32 as i64 as u64,
        Alu::RemUW => sext32(alu::rem_u(a as u32 as u64, b as u32 as u64)),
        Alu::Max => (a as i64).max(b as i64) as u64,
        Alu::MaxU => a.max(b),
        Alu::Min => (a as i64).min(b as i64) as u64,
        Alu::MinU => a.min(b),
    }
}

/// `W` operations apply the SrcRType modifier at 32-bit width (semantics_conventions
/// `srcrtype.word_ops`); the sign/zero-extension variants are equal on the low 32 bits.
#[inline]
fn family(f: Alu) -> Family {
    match f {
        Alu::And | Alu::Or | Alu::Xor | Alu::AndW | Alu::OrW | Alu::XorW => Family::Logic,
        _ => Family::Arith,
    }
}

/// Compare `a cc b` (CMP.*, SETC.*, in-body branches).
#[inline]
pub fn compare(cc: Cc, a: u64, b: u64) -> bool {
    match cc {
        Cc::Eq => a == b,
        Cc::Ne => a != b,
        Cc::Lt => (a as i64) < (b as i64),
        Cc::Ltu => a < b,
        Cc::Ge => (a as i64) >= (b as i64),
        Cc::Geu => a >= b,
        Cc::And => a & b != 0,
        Cc::Or => a | b != 0,
    }
}

fn cmp_family(cc: Cc) -> Family {
    match cc {
        Cc::And | Cc::Or => Family::Logic,
        _ => Family::Compare,
    }
}

/// Load `fmt` at `addr`, extended to 64 bits.
#[inline]
pub fn load(mem: &SparseMemory, fmt: MemFmt, addr: u64) -> Result<u64, Fault> {
    Ok(match (fmt.log2, fmt.signed) {
        (0, false) => u64::from(mem.read_u8(addr)?),
        (0, true) => mem.read_u8(addr)? as i8 as i64 as u64,
        (1, false) => u64::from(mem.read_u16(addr)?),
        (1, true) => mem.read_u16(addr)? as i16 as i64 as u64,
        (2, false) => u64::from(mem.read_u32(addr)?),
        (2, true) => mem.read_u32(addr)? as i32 as i64 as u64,
        _ => mem.read_u64(addr)?,
    })
}

/// Store the low `1 << log2` bytes of `v` at `addr`.
#[inline]
pub fn store(mem: &mut SparseMemory, log2: u8, addr: u64, v: u64) -> Result<(), Fault> {
    match log2 {
        0 => mem.write_u8(addr, v as u8)?,
        1 => mem.write_u16(addr, v as u16)?,
        2 => mem.write_u32(addr, v as u32)?,
        _ => mem.write_u64(addr, v)?,
    }
    Ok(())
}

fn amo(f: Amo, log2: u8, old: u64, v: u64) -> u64 {
    // Compare at the access width (Sail `rmw32_*` / `rmw64_*`).
    let (so, sv) = if log2 == 2 {
        (old as i32 as i64, v as i32 as i64)
    } else {
        (old as i64, v as i64)
    };
    let (uo, uv) = if log2 == 2 {
        (old as u32 as u64, v as u32 as u64)
    } else {
        (old, v)
    };
    match f {
        Amo::Add => old.wrapping_add(v),
        Amo::And => old & v,
        Amo::Or => old | v,
        Amo::Xor => old ^ v,
        Amo::Smax => {
            if so >= sv {
                old
            } else {
                v
            }
        }
        Amo::Smin => {
            if so <= sv {
                old
            } else {
                v
            }
        }
        Amo::Umax => {
            if uo >= uv {
                old
            } else {
                v
            }
        }
        Amo::Umin => {
            if uo <= uv {
                old
            } else {
                v
            }
        }
        Amo::Swap => v,
    }
}

impl Cpu {
    #[inline]
    fn r(&self, code: R) -> u64 {
        self.regs.read(code)
    }

    #[inline]
    fn w(&mut self, code: R, v: u64) {
        self.regs.write(code, v);
    }

    /// The effective address of `ea`.
    #[inline]
    pub fn ea(&self, ea: &Ea) -> u64 {
        let idx = modify(
            self.r(ea.index),
            RType::from_code(ea.rtype),
            Family::Arith,
            u32::from(ea.shamt),
        );
        self.r(ea.base)
            .wrapping_add(idx)
            .wrapping_add(ea.imm as u64)
    }

    /// LBn as seen by SSRGET / B.DIM reads: the header's bound.
    fn lb(&self, n: usize) -> u64 {
        self.header.dims[n].unwrap_or(0)
    }

    /// Execute one scalar micro-op at `pc`.
    pub fn exec(
        &mut self,
        op: &Op,
        pc: u64,
        mem: &mut SparseMemory,
        process: &mut Process,
    ) -> Result<Flow, Fault> {
        match *op {
            Op::Rr {
                f,
                rd,
                a,
                b,
                rtype,
                shamt,
            } => {
                let rb = modify(
                    self.r(b),
                    RType::from_code(rtype),
                    family(f),
                    u32::from(shamt),
                );
                let v = alu(f, self.r(a), rb);
                self.w(rd, v);
            }
            Op::Ri { f, rd, a, imm } => {
                let v = alu(f, self.r(a), imm as u64);
                self.w(rd, v);
            }
            Op::Li { rd, imm } => self.w(rd, imm as u64),
            Op::Cmp {
                cc,
                rd,
                a,
                b,
                rtype,
            } => {
                let rb = modify(self.r(b), RType::from_code(rtype), cmp_family(cc), 0);
                let v = compare(cc, self.r(a), rb);
                self.w(rd, u64::from(v));
            }
            Op::CmpI { cc, rd, a, imm } => {
                let v = compare(cc, self.r(a), imm as u64);
                self.w(rd, u64::from(v));
            }
            Op::Setc { cc, a, b, rtype } => {
                let rb = modify(self.r(b), RType::from_code(rtype), cmp_family(cc), 0);
                let v = compare(cc, self.r(a), rb);
                self.barg.set_cond(v);
            }
            Op::SetcI { cc, a, imm } => {
                let v = compare(cc, self.r(a), imm as u64);
                self.barg.set_cond(v);
            }
            Op::SetcTgt { a } => {
                let t = self.r(a);
                self.barg.set_tgt(t);
            }
            Op::Setret { addr } => {
                self.w(REG_RA, addr);
                self.barg.setret = true;
            }
            Op::Bits { f, rd, a, m, n } => {
                let (x, m, n) = (self.r(a), u32::from(m), u32::from(n));
                let v = match f {
                    Bits::Bxu => alu::field(x, m, n),
                    Bits::Bxs => alu::sext(alu::field(x, m, n), n),
                    Bits::Clz => alu::clz_n(alu::field(x, m, n), n),
                    Bits::Ctz => alu::ctz_n(alu::field(x, m, n), n),
                    Bits::Bcnt => u64::from(alu::field(x, m, n).count_ones()),
                    Bits::Rev => alu::rev(x, m, n),
                    Bits::Bis => alu::set_field(x, m, n, true),
                    Bits::Bic => alu::set_field(x, m, n, false),
                };
                self.w(rd, v);
            }
            Op::Bfi {
                rd,
                a,
                b,
                immr,
                imms,
            } => {
                let v = alu::bfi(self.r(a), self.r(b), u32::from(immr), u32::from(imms));
                self.w(rd, v);
            }
            Op::Csel { rd, p, a, b, neg } => {
                let rb = if neg {
                    self.r(b).wrapping_neg()
                } else {
                    self.r(b)
                };
                let v = if self.r(p) != 0 { self.r(a) } else { rb };
                self.w(rd, v);
            }
            Op::Madd { rd, a, b, c, word } => {
                let v = self.r(a).wrapping_mul(self.r(b)).wrapping_add(self.r(c));
                self.w(rd, if word { sext32(v) } else { v });
            }
            Op::Miadd { rd, a, b, imm, sub } => {
                let p = self.r(b).wrapping_mul(u64::from(imm));
                let v = if sub {
                    self.r(a).wrapping_sub(p)
                } else {
                    self.r(a).wrapping_add(p)
                };
                self.w(rd, v);
            }
            Op::Wide {
                f,
                rd0,
                rd1,
                a,
                b,
                d,
            } => {
                let (lo, hi) = self.wide(f, a, b, d);
                self.w(rd0, lo);
                self.w(rd1, hi);
            }
            Op::Load { fmt, rd, ea, wb } => {
                let addr = self.ea(&ea);
                match wb {
                    Wb::None => {
                        let v = load(mem, fmt, addr)?;
                        self.w(rd, v);
                    }
                    Wb::Pre(rd1) => {
                        let v = load(mem, fmt, addr)?;
                        self.w(rd, v);
                        self.w(rd1, addr);
                    }
                    Wb::Post(rd1) => {
                        let v = load(mem, fmt, self.r(ea.base))?;
                        self.w(rd, v);
                        self.w(rd1, addr);
                    }
                    Wb::Pair(rd1) => {
                        let v0 = load(mem, fmt, addr)?;
                        let v1 = load(mem, fmt, addr.wrapping_add(fmt.bytes()))?;
                        self.w(rd, v0);
                        self.w(rd1, v1);
                    }
                }
            }
            Op::Store { size, src, ea, wb } => {
                let addr = self.ea(&ea);
                let v = self.r(src);
                match wb {
                    Wb::None => store(mem, size, addr, v)?,
                    Wb::Pre(rd) => {
                        store(mem, size, addr, v)?;
                        self.w(rd, addr);
                    }
                    Wb::Post(rd) => {
                        store(mem, size, self.r(ea.base), v)?;
                        self.w(rd, addr);
                    }
                    Wb::Pair(src1) => {
                        let v1 = self.r(src1);
                        store(mem, size, addr, v)?;
                        store(mem, size, addr.wrapping_add(1 << size), v1)?;
                    }
                }
            }
            Op::Lea { rd, ea } => {
                let v = self.ea(&ea);
                self.w(rd, v);
            }
            Op::Lr { fmt, rd, addr } => {
                let at = self.r(addr);
                let v = load(mem, fmt, at)?;
                self.reservation = Some(at);
                self.w(rd, v);
            }
            Op::Sc {
                size,
                rd,
                src,
                addr,
            } => {
                let at = self.r(addr);
                let ok = self.reservation == Some(at);
                if ok {
                    store(mem, size, at, self.r(src))?;
                }
                self.reservation = None;
                self.w(rd, u64::from(!ok));
            }
            Op::Amo {
                f,
                fmt,
                rd,
                addr,
                src,
            } => {
                let at = self.r(addr);
                // The access must be writable even when the result is equal (a RMW).
                mem.check_range(at, fmt.bytes(), Access::Write)?;
                let old = load(mem, fmt, at)?;
                store(mem, fmt.log2, at, amo(f, fmt.log2, old, self.r(src)))?;
                self.w(rd, old);
            }
            Op::Cas {
                fmt,
                rd,
                addr,
                expect,
                new,
            } => {
                let at = self.r(addr);
                let old = load(mem, fmt, at)?;
                let width = alu::mask(8 << fmt.log2);
                if old & width == self.r(expect) & width {
                    store(mem, fmt.log2, at, self.r(new))?;
                }
                self.w(rd, old);
            }
            Op::Fp { f, ty, rd, a, b, c } => {
                let (v, flags) =
                    crate::exec::fp::exec(f, ty, self.r(a), self.r(b), self.r(c), self.fcsr)?;
                self.fcsr |= flags;
                self.w(rd, v);
            }
            Op::Fcvt { f, src, dst, rd, a } => {
                let (v, flags) = crate::exec::fp::convert(f, src, dst, self.r(a), self.fcsr)?;
                self.fcsr |= flags;
                self.w(rd, v);
            }
            Op::SsrGet { rd, id } => {
                let v = match id {
                    0x50..=0x52 => self.lb(usize::from(id - 0x50)),
                    _ => self.ssr.read(id, self.insns)?,
                };
                self.w(rd, v);
            }
            Op::SsrSet { a, id } => self.ssr_write(id, self.r(a))?,
            Op::SsrSwap { rd, a, id } => {
                let old = self.ssr.read(id, self.insns)?;
                self.ssr_write(id, self.r(a))?;
                self.w(rd, old);
            }
            Op::Acrc { kind } => return self.service_request(kind, mem, process),
            Op::Ebreak { code } => return Err(Fault::Breakpoint(code)),
            Op::Assert { a } => {
                // ASSERT is legal only in SYS blocks (semantics_conventions `fixup_blocks`).
                if self.barg.block_type != crate::state::block::BlockType::Sys {
                    return Err(Fault::Illegal("ASSERT outside a SYS block".into()));
                }
                if self.r(a) == 0 {
                    return Err(Fault::Assert);
                }
            }
            Op::Nop | Op::FenceI => {}
            _ => {
                return Err(Fault::Illegal(
                    "not a scalar instruction (engine operation reached the scalar unit)".into(),
                ));
            }
        }
        let _ = pc;
        Ok(Flow::Next)
    }

    fn ssr_write(&mut self, id: u16, v: u64) -> Result<(), Fault> {
        match id {
            0x50..=0x52 => self.header.dims[usize::from(id - 0x50)] = Some(v),
            _ => self.ssr.write(id, v)?,
        }
        Ok(())
    }

    /// ACRC: `acrc 1` from ACR2 is a Linux system call (number in a7, arguments a0..a5,
    /// result in a0; `arch/linx64/syscall_arch.h`, manual 10 §ACRC). Types 0 and 2 route to
    /// ACR0 (firmware/security services), which a user-mode model does not have.
    fn service_request(
        &mut self,
        kind: u8,
        mem: &mut SparseMemory,
        process: &mut Process,
    ) -> Result<Flow, Fault> {
        if kind != 1 {
            return Err(Fault::Unimplemented(format!(
                "acrc {kind} (service request to ACR0; only acrc 1, the system call, is modelled)"
            )));
        }
        let args = [0, 1, 2, 3, 4, 5].map(|i| self.r(REG_A0 + i));
        match process.syscall(mem, self.r(REG_A7), args) {
            Outcome::Return(v) => {
                self.w(REG_A0, v);
                Ok(Flow::Next)
            }
            Outcome::Exit(code) => Ok(Flow::Exit(code)),
            Outcome::Killed(sig) => Ok(Flow::Killed(sig)),
        }
    }

    fn wide(&self, f: Wide, a: R, b: R, d: R) -> (u64, u64) {
        let (x, y) = (self.r(a), self.r(b));
        let split = |v: u128| (v as u64, (v >> 64) as u64);
        let qr = |q: u64, r: u64| (q, r);
        match f {
            Wide::Mul => split((x as i64 as i128).wrapping_mul(y as i64 as i128) as u128),
            Wide::MulU => split(u128::from(x) * u128::from(y)),
            Wide::Div | Wide::Rem => qr(
                alu::div_s(x as i64, y as i64) as u64,
                alu::rem_s(x as i64, y as i64) as u64,
            ),
            Wide::DivU | Wide::RemU => qr(alu::div_u(x, y), alu::rem_u(x, y)),
            Wide::DivW | Wide::RemW => {
                let (x, y) = (x as i32 as i64, y as i32 as i64);
                qr(
                    alu::div_s(x, y) as i32 as i64 as u64,
                    alu::rem_s(x, y) as i32 as i64 as u64,
                )
            }
            Wide::DivUW | Wide::RemUW => {
                let (x, y) = (x as u32 as u64, y as u32 as u64);
                qr(sext32(alu::div_u(x, y)), sext32(alu::rem_u(x, y)))
            }
            // acc = signed(a) * signed(b) + signed(d), 128-bit (semantics_conventions hl_madd).
            Wide::Madd => split(
                (x as i64 as i128)
                    .wrapping_mul(y as i64 as i128)
                    .wrapping_add(self.r(d) as i64 as i128) as u128,
            ),
            Wide::MaddW => split(
                (x as i32 as i128)
                    .wrapping_mul(y as i32 as i128)
                    .wrapping_add(self.r(d) as i32 as i128) as u128,
            ),
            // {a, b} as 128 bits (a high), shifted right (Sail exec_hl_ccat); `d` is shamt.
            Wide::Ccat => {
                let v = (u128::from(x) << 64) | u128::from(y);
                split(v.checked_shr(u32::from(d)).unwrap_or(0))
            }
            Wide::CcatW => {
                let v = (u64::from(x as u32) << 32) | u64::from(y as u32);
                let s = v.checked_shr(u32::from(d)).unwrap_or(0);
                (sext32(s), sext32(s >> 32))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_ops_sign_extend_their_32_bit_result() {
        assert_eq!(alu(Alu::AddW, 0x7fff_ffff, 1), 0xffff_ffff_8000_0000);
        assert_eq!(alu(Alu::SrlW, 0xffff_ffff_8000_0000, 31), 1);
        assert_eq!(alu(Alu::SraW, 0x8000_0000, 31), u64::MAX);
        assert_eq!(alu(Alu::DivW, 0x8000_0000, u64::MAX), 0xffff_ffff_8000_0000);
        assert_eq!(alu(Alu::RemUW, 7, 0), 7);
    }

    #[test]
    fn shifts_take_the_amount_modulo_the_width() {
        assert_eq!(alu(Alu::Sll, 1, 65), 2);
        assert_eq!(alu(Alu::SllW, 1, 33), 2);
    }

    #[test]
    fn compares_are_signed_or_unsigned() {
        assert!(compare(Cc::Lt, u64::MAX, 0));
        assert!(!compare(Cc::Ltu, u64::MAX, 0));
        assert!(compare(Cc::And, 6, 2));
        assert!(!compare(Cc::Or, 0, 0));
    }

    #[test]
    fn word_atomics_compare_at_32_bits() {
        assert_eq!(amo(Amo::Smax, 2, 0xffff_ffff, 1), 1);
        assert_eq!(amo(Amo::Umax, 2, 0xffff_ffff, 1), 0xffff_ffff);
    }
}

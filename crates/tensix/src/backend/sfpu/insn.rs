//! One SFPU instruction word decoded into the operands its page names (the field layouts of
//! the pages' Encoding sections, as in `isa/table.rs`).

/// The sub-units of VectorUnit.md / SFPLOADMACRO.md; an instruction runs on one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubUnit {
    Load,
    Simple,
    Mad,
    Round,
    Store,
}

/// A decoded SFPU instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Insn {
    pub opcode: u8,
    pub word: u32,
    /// `VA` of SFPMAD/SFPADD/SFPMUL.
    pub va: usize,
    /// `VB` / `VC` when the encoding has the field (SFPLOADMACRO.md's "is None" otherwise).
    pub vb: Option<usize>,
    pub vc: Option<usize>,
    pub vd: usize,
    /// `Mod0` or `Mod1`.
    pub mode: u32,
    /// Imm5 / Imm10 / Imm12 / Imm16, unsigned as encoded.
    pub imm: u32,
    /// SFPLOAD/SFPSTORE/SFPLOADMACRO `AddrMod`.
    pub addr_mode: u32,
    /// SFP_STOCH_RND's StochasticRounding.
    pub stochastic: bool,
    /// Scheduled by SFPLOADMACRO (SFPLOADMACRO.md's extra considerations apply).
    pub via_macro: bool,
    /// A store scheduled by SFPLOADMACRO: the Dst address SFPLOADMACRO computed.
    pub macro_addr: Option<u32>,
}

impl Insn {
    pub fn decode(opcode: u8, w: u32) -> Result<Insn, String> {
        let f = |lsb: u32, bits: u32| (w >> lsb) & ((1 << bits) - 1);
        let mut i = Insn {
            opcode,
            word: w,
            va: 0,
            vb: None,
            vc: None,
            vd: f(4, 4) as usize,
            mode: f(0, 4),
            imm: 0,
            addr_mode: 0,
            stochastic: false,
            via_macro: false,
            macro_addr: None,
        };
        match opcode {
            // SFPLOAD / SFPSTORE: lreg_ind[23:20] instr_mod0[19:16] addr_mode[15:14] Imm[13:0].
            0x70 | 0x72 => {
                (i.vd, i.mode, i.addr_mode, i.imm) =
                    (f(20, 4) as usize, f(16, 4), f(14, 2), f(0, 10));
            }
            // SFPLOADMACRO.md: VD = VDHi << 2 | VDLo, Imm10 = Imm9 << 1 | VDHi.
            0x93 => {
                i.vd = (f(20, 2) | f(0, 1) << 2) as usize;
                (i.mode, i.addr_mode, i.imm) = (f(16, 4), f(14, 2), f(0, 10));
            }
            0x71 => (i.vd, i.mode, i.imm) = (f(20, 4) as usize, f(16, 4), f(0, 16)),
            0x73 => (i.vd, i.mode) = (f(20, 4) as usize, f(16, 4)),
            // SFPMULI / SFPADDI / SFPCONFIG: Imm16[23:8].
            0x74 | 0x75 | 0x91 => i.imm = f(8, 16),
            0x84..=0x86 | 0x98 => {
                i.va = f(16, 4) as usize;
                i.vb = Some(f(12, 4) as usize);
                i.vc = Some(f(8, 4) as usize);
            }
            // SFP_STOCH_RND: rnd_mode[23:21] Imm5[20:16] VB[15:12] VC[11:8].
            0x8e => {
                i.stochastic = f(21, 1) != 0;
                i.imm = f(16, 5);
                i.vb = Some(f(12, 4) as usize);
                i.vc = Some(f(8, 4) as usize);
            }
            0x8f | 0x95 => {}
            0x90 => i.vc = Some(f(8, 4) as usize),
            0x76..=0x83 | 0x87..=0x8d | 0x92 | 0x94 | 0x96 | 0x97 => {
                i.imm = f(12, 12);
                i.vc = Some(f(8, 4) as usize);
                // SFPSHFT2.md SHFT_LREG: VB is the low bits of the Imm12 field.
                if opcode == 0x94 && i.mode == 5 {
                    i.vb = Some((i.imm & 15) as usize);
                }
            }
            op => return Err(format!("opcode {op:#04x} is not an SFPU instruction")),
        }
        Ok(i)
    }

    /// Imm12 as the signed value of the i12 syntax (SFPIADD.md, SFPSHFT.md, SFPSHFT2.md).
    pub fn imm12_signed(&self) -> i32 {
        ((self.imm << 20) as i32) >> 20
    }

    /// `VB`, defaulting to `VD` as the simple sub-unit pages do (`unsigned VB = VD;`).
    pub fn vb_or_vd(&self) -> usize {
        self.vb.unwrap_or(self.vd)
    }

    /// `VC`, defaulting to `VD` as SFPMULI/SFPADDI do (`unsigned VC = VD;`).
    pub fn vc_or_vd(&self) -> usize {
        self.vc.unwrap_or(self.vd)
    }

    /// The sub-unit the instruction runs on (SFPLOADMACRO.md's table).
    pub fn sub_unit(&self) -> SubUnit {
        match self.opcode {
            0x70 | 0x71 | 0x93 | 0x8f => SubUnit::Load,
            0x73 | 0x74 | 0x75 | 0x84..=0x86 | 0x95 | 0x98 => SubUnit::Mad,
            0x8e | 0x94 => SubUnit::Round,
            0x72 => SubUnit::Store,
            _ => SubUnit::Simple,
        }
    }

    /// Whether the sub-unit `u` can execute this instruction (SFPNOP runs on all but store).
    pub fn runs_on(&self, u: SubUnit) -> bool {
        self.sub_unit() == u || (self.opcode == 0x8f && u != SubUnit::Store)
    }
}

//! The Xfrep, Xssr and Xdma encodings: one table, `notes/snitch.md` §1 ("Master encoding table",
//! taken from the RTL's `riscv_instr.sv` match patterns), given to the hart as decoder
//! [`Table`]s, and their disassembly with the Snitch toolchain's mnemonics and operand order
//! (§1, "Assembler operand conventions of the Snitch LLVM fork").
//!
//! Field layout: `[31:25] funct7 | [24:20] rs2 | [19:15] rs1 | [14:12] funct3 | [11:7] rd |
//! [6:0] opcode`; FREP is custom-0 (0x0B, the RTL wins over the old doc's OP-CUSTOM1), the rest
//! custom-1 (0x2B).

use macrosim_riscv::isa::{Entry, Field, Table, reg_name};

/// Every Snitch extension instruction; an [`Entry`]'s `id` is its discriminant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u16)]
pub enum SnitchInsn {
    FrepO,
    FrepI,
    Scfgri,
    Scfgwi,
    Scfgr,
    Scfgw,
    Dmsrc,
    Dmdst,
    Dmcpyi,
    Dmcpy,
    Dmstati,
    Dmstat,
    Dmstr,
    Dmrep,
}

impl SnitchInsn {
    const ALL: [SnitchInsn; 14] = [
        SnitchInsn::FrepO,
        SnitchInsn::FrepI,
        SnitchInsn::Scfgri,
        SnitchInsn::Scfgwi,
        SnitchInsn::Scfgr,
        SnitchInsn::Scfgw,
        SnitchInsn::Dmsrc,
        SnitchInsn::Dmdst,
        SnitchInsn::Dmcpyi,
        SnitchInsn::Dmcpy,
        SnitchInsn::Dmstati,
        SnitchInsn::Dmstat,
        SnitchInsn::Dmstr,
        SnitchInsn::Dmrep,
    ];

    pub fn from_id(id: u16) -> Option<SnitchInsn> {
        Self::ALL.get(usize::from(id)).copied()
    }

    /// Decode `word` with the three tables (`None` if it is none of these instructions).
    pub fn decode(word: u32) -> Option<SnitchInsn> {
        [&XFREP, &XSSR, &XDMA]
            .iter()
            .flat_map(|t| t.entries.iter())
            .find(|e| e.matches(word))
            .and_then(|e| SnitchInsn::from_id(e.id))
    }
}

const OPCODE: u32 = 0x7f;
const FUNCT3: u32 = 0x7 << 12;
const FUNCT7: u32 = 0x7f << 25;
const RD: u32 = 0x1f << 7;
const RS1: u32 = 0x1f << 15;
const RS2: u32 = 0x1f << 20;
const CUSTOM0: u32 = 0x0b;
const CUSTOM1: u32 = 0x2b;

const fn f3(v: u32) -> u32 {
    v << 12
}
const fn f7(v: u32) -> u32 {
    v << 25
}

const fn entry(name: &'static str, mask: u32, bits: u32, id: SnitchInsn) -> Entry {
    Entry {
        name,
        mask,
        bits,
        id: id as u16,
        fields: Field::Rd.bit() | Field::Rs1.bit() | Field::Rs2.bit(),
        syntax: &[],
    }
}

/// Xfrep: `[31:20]` max_inst, rs1, `[14:12]` stagger_max, `[11:8]` stagger_mask, `[7]` is_outer.
pub static XFREP: Table = Table {
    name: "xfrep",
    extension: "Xfrep",
    entries: &[
        entry(
            "frep.o",
            OPCODE | 1 << 7,
            CUSTOM0 | 1 << 7,
            SnitchInsn::FrepO,
        ),
        entry("frep.i", OPCODE | 1 << 7, CUSTOM0, SnitchInsn::FrepI),
    ],
};

/// Xssr: SCFGR/SCFGW (register-addressed, rs1 = 1 / rd = 1) before the immediate forms.
pub static XSSR: Table = Table {
    name: "xssr",
    extension: "Xssr",
    entries: &[
        entry(
            "scfgr",
            FUNCT7 | RS1 | FUNCT3 | OPCODE,
            1 << 15 | f3(1) | CUSTOM1,
            SnitchInsn::Scfgr,
        ),
        entry(
            "scfgw",
            FUNCT7 | FUNCT3 | RD | OPCODE,
            f3(2) | 1 << 7 | CUSTOM1,
            SnitchInsn::Scfgw,
        ),
        entry(
            "scfgri",
            RS1 | FUNCT3 | OPCODE,
            f3(1) | CUSTOM1,
            SnitchInsn::Scfgri,
        ),
        entry(
            "scfgwi",
            FUNCT3 | RD | OPCODE,
            f3(2) | CUSTOM1,
            SnitchInsn::Scfgwi,
        ),
    ],
};

/// Xdma: funct3 = 000, the operation in funct7.
pub static XDMA: Table = Table {
    name: "xdma",
    extension: "Xdma",
    entries: &[
        entry(
            "dmsrc",
            FUNCT7 | FUNCT3 | RD | OPCODE,
            f7(0) | CUSTOM1,
            SnitchInsn::Dmsrc,
        ),
        entry(
            "dmdst",
            FUNCT7 | FUNCT3 | RD | OPCODE,
            f7(1) | CUSTOM1,
            SnitchInsn::Dmdst,
        ),
        entry(
            "dmcpyi",
            FUNCT7 | FUNCT3 | OPCODE,
            f7(2) | CUSTOM1,
            SnitchInsn::Dmcpyi,
        ),
        entry(
            "dmcpy",
            FUNCT7 | FUNCT3 | OPCODE,
            f7(3) | CUSTOM1,
            SnitchInsn::Dmcpy,
        ),
        entry(
            "dmstati",
            FUNCT7 | RS1 | FUNCT3 | OPCODE,
            f7(4) | CUSTOM1,
            SnitchInsn::Dmstati,
        ),
        entry(
            "dmstat",
            FUNCT7 | RS1 | FUNCT3 | OPCODE,
            f7(5) | CUSTOM1,
            SnitchInsn::Dmstat,
        ),
        entry(
            "dmstr",
            FUNCT7 | FUNCT3 | RD | OPCODE,
            f7(6) | CUSTOM1,
            SnitchInsn::Dmstr,
        ),
        entry(
            "dmrep",
            FUNCT7 | RS2 | FUNCT3 | RD | OPCODE,
            f7(7) | CUSTOM1,
            SnitchInsn::Dmrep,
        ),
    ],
};

/// The fields of an FREP word (§3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrepFields {
    /// Body length minus one (`[30:20]`).
    pub max_inst: u32,
    /// The register holding the repetition count minus one.
    pub rs1: u32,
    pub stagger_max: u32,
    /// bit 0 rd, 1 rs1, 2 rs2, 3 rs3.
    pub stagger_mask: u32,
    pub is_outer: bool,
    /// `[31]`: repeat until the SSR stream control says done (sparse intersection).
    pub is_streamctl: bool,
}

impl FrepFields {
    pub fn of(w: u32) -> FrepFields {
        FrepFields {
            max_inst: (w >> 20) & 0x7ff,
            rs1: (w >> 15) & 31,
            stagger_max: (w >> 12) & 7,
            stagger_mask: (w >> 8) & 15,
            is_outer: w >> 7 & 1 == 1,
            is_streamctl: w >> 31 == 1,
        }
    }
}

fn rd(w: u32) -> &'static str {
    reg_name(Field::Rd.extract(w), false)
}
fn rs1(w: u32) -> &'static str {
    reg_name(Field::Rs1.extract(w), false)
}
fn rs2(w: u32) -> &'static str {
    reg_name(Field::Rs2.extract(w), false)
}

/// `word` in the Snitch toolchain's syntax, or `None` if it is not one of these instructions.
/// `frep.o rs1, N_INSNS, stagger_max, stagger_mask` prints the body length (max_inst + 1),
/// `scfgwi rs1, IMM` / `scfgri rd, IMM` the 12-bit address `ssr | reg << 5`, the DMA
/// immediates as numbers (§1).
pub fn disassemble(word: u32) -> Option<String> {
    use SnitchInsn as S;
    let insn = SnitchInsn::decode(word)?;
    let imm12 = word >> 20;
    let imm5 = Field::Rs2.extract(word);
    Some(match insn {
        S::FrepO | S::FrepI => {
            let f = FrepFields::of(word);
            let name = if f.is_outer { "frep.o" } else { "frep.i" };
            format!(
                "{name} {}, {}, {}, {}",
                rs1(word),
                f.max_inst + 1,
                f.stagger_max,
                f.stagger_mask
            )
        }
        S::Scfgri => format!("scfgri {}, {imm12}", rd(word)),
        S::Scfgwi => format!("scfgwi {}, {imm12}", rs1(word)),
        S::Scfgr => format!("scfgr {}, {}", rd(word), rs2(word)),
        S::Scfgw => format!("scfgw {}, {}", rs1(word), rs2(word)),
        S::Dmsrc => format!("dmsrc {}, {}", rs1(word), rs2(word)),
        S::Dmdst => format!("dmdst {}, {}", rs1(word), rs2(word)),
        S::Dmcpyi => format!("dmcpyi {}, {}, {imm5}", rd(word), rs1(word)),
        S::Dmcpy => format!("dmcpy {}, {}, {}", rd(word), rs1(word), rs2(word)),
        S::Dmstati => format!("dmstati {}, {imm5}", rd(word)),
        S::Dmstat => format!("dmstat {}, {}", rd(word), rs2(word)),
        S::Dmstr => format!("dmstr {}, {}", rs1(word), rs2(word)),
        S::Dmrep => format!("dmrep {}", rs1(word)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Words assembled with GNU as 2.40 `.insn` and checked against the RTL patterns and
    /// Banshee's `tests/dump/dotp_ssr_frep.dump` (`notes/snitch.md` §1.1).
    #[test]
    fn words_from_the_notes_disassemble() {
        let cases = [
            (0x0002_808b, "frep.o t0, 1, 0, 0"),
            (0x0007_598b, "frep.o a4, 1, 5, 9"),
            (0x0407_202b, "scfgwi a4, 64"),
            (0x3010_152b, "scfgri a0, 769"),
            (0x00b5_20ab, "scfgw a0, a1"),
            (0x00b0_952b, "scfgr a0, a1"),
            (0x00d6_002b, "dmsrc a2, a3"),
            (0x0427_052b, "dmcpyi a0, a4, 2"),
            (0x0820_02ab, "dmstati t0, 2"),
            (0x0cf8_002b, "dmstr a6, a5"),
            (0x0e08_802b, "dmrep a7"),
        ];
        for (w, text) in cases {
            assert_eq!(disassemble(w).as_deref(), Some(text), "{w:#010x}");
        }
    }

    #[test]
    fn entries_do_not_overlap() {
        let all: Vec<&Entry> = [&XFREP, &XSSR, &XDMA]
            .iter()
            .flat_map(|t| t.entries.iter())
            .collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                // Two patterns overlap when they agree on every bit both fix.
                let both = a.mask & b.mask;
                assert_ne!(a.bits & both, b.bits & both, "{} vs {}", a.name, b.name);
            }
        }
    }

    #[test]
    fn frep_fields() {
        let f = FrepFields::of(0x0007_598b);
        assert_eq!(
            f,
            FrepFields {
                max_inst: 0,
                rs1: 14,
                stagger_max: 5,
                stagger_mask: 9,
                is_outer: true,
                is_streamctl: false
            }
        );
        assert!(!FrepFields::of(0x0002_800b).is_outer);
    }
}

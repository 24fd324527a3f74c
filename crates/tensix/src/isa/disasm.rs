//! The disassembler: the inverse of the assembler, so that assembling a disassembly always
//! gives back the same word.
//!
//! A word that decodes prints as `MNEMONIC f1, f2, ...` (values below 1024 in decimal, larger
//! ones in 0x hex). A word whose opcode is no instruction of the architecture, or which has bits
//! set outside every field of its instruction (reserved bits, which the assembly form cannot
//! express), prints as the bare word followed by a comment saying why, e.g.
//! `0x02000001  # NOP with bits 0x000001 set, which belong to none of its fields`.

use super::instruction::Instruction;
use crate::Arch;
use std::fmt;

/// The assembly text of `word` for `arch` (see the module documentation).
pub fn disassemble(arch: Arch, word: u32) -> String {
    match Instruction::decode(arch.table(), word) {
        Ok(insn) => insn.to_string(),
        Err(why) => format!("{word:#010x}  # {why}"),
    }
}

impl fmt::Display for Instruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.desc().mnemonic)?;
        for (i, &value) in self.args().iter().enumerate() {
            f.write_str(if i == 0 { " " } else { ", " })?;
            if value < 1024 {
                write!(f, "{value}")?;
            } else {
                write!(f, "{value:#x}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_words() {
        let wh = Arch::WormholeB0;
        assert_eq!(disassemble(wh, 0x0180_0000), "MOP 1, 0, 0");
        assert_eq!(disassemble(wh, 0x0404_0101), "REPLAY 16, 16, 0, 1");
        assert_eq!(disassemble(wh, 0x0300_ABCD), "MOP_CFG 0xabcd");
        assert_eq!(disassemble(wh, 0x0200_0000), "NOP");
        assert_eq!(disassemble(wh, 0x37CC_0003), "SETRWC 3, 3, 0, 0, 0, 3");
    }

    #[test]
    fn words_without_assembly_form() {
        let wh = Arch::WormholeB0;
        assert_eq!(
            disassemble(wh, 0xC500_0000),
            "0xc5000000  # opcode 0xc5 is not an instruction"
        );
        assert_eq!(
            disassemble(wh, 0x0200_0001),
            "0x02000001  # NOP with bits 0x000001 set, which belong to none of its fields"
        );
        // STREAMWAIT exists on Blackhole only.
        assert!(disassemble(wh, 0xA700_0000).starts_with("0xa7000000  #"));
        assert_eq!(
            disassemble(Arch::Blackhole, 0xA700_0000),
            "STREAMWAIT 0, 0, 0, 0"
        );
    }
}

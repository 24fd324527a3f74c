//! Instruction fields and their bit positions (Unprivileged ISA, "Base Instruction Formats" and
//! "Immediate Encoding Variants"; the same names as in `data/riscv/README.md`).

/// A field of a 32-bit instruction word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    Rd,
    Rs1,
    Rs2,
    Frd,
    Frs1,
    Frs2,
    Frs3,
    Rm,
    Imm12,
    Simm12,
    Bimm,
    Jimm,
    Imm20,
    Shamt,
    Csr,
    Zimm,
    Aq,
    Rl,
    Pred,
    Succ,
    Fm,
}

/// One operand of an instruction's assembly syntax.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// A plain operand.
    Field(Field),
    /// `offset(base)`, as in loads and stores.
    Mem(Field, Field),
    /// `(base)`, as in atomics.
    Deref(Field),
}

#[inline]
const fn bits(word: u32, hi: u32, lo: u32) -> u32 {
    (word >> lo) & ((1 << (hi - lo + 1)) - 1)
}

impl Field {
    /// This field's bit in an [`Entry::fields`](super::Entry::fields) set.
    pub const fn bit(self) -> u32 {
        1 << self as u32
    }

    /// The field's value: register numbers and unsigned fields zero-extended, immediates
    /// sign-extended (as `u32` two's complement), branch and jump offsets in bytes, `imm20`
    /// as the 20-bit field itself (not shifted).
    pub const fn extract(self, w: u32) -> u32 {
        match self {
            Field::Rd | Field::Frd => bits(w, 11, 7),
            Field::Rs1 | Field::Frs1 | Field::Zimm => bits(w, 19, 15),
            Field::Rs2 | Field::Frs2 | Field::Shamt => bits(w, 24, 20),
            Field::Frs3 => bits(w, 31, 27),
            Field::Rm => bits(w, 14, 12),
            Field::Imm12 => imm_i(w) as u32,
            Field::Simm12 => imm_s(w) as u32,
            Field::Bimm => imm_b(w) as u32,
            Field::Jimm => imm_j(w) as u32,
            Field::Imm20 => bits(w, 31, 12),
            Field::Csr => bits(w, 31, 20),
            Field::Aq => bits(w, 26, 26),
            Field::Rl => bits(w, 25, 25),
            Field::Pred => bits(w, 27, 24),
            Field::Succ => bits(w, 23, 20),
            Field::Fm => bits(w, 31, 28),
        }
    }
}

/// I-type immediate, sign-extended.
#[inline]
pub const fn imm_i(w: u32) -> i32 {
    (w as i32) >> 20
}

/// S-type immediate, sign-extended.
#[inline]
pub const fn imm_s(w: u32) -> i32 {
    (((w & 0xfe00_0000) as i32) >> 20) | bits(w, 11, 7) as i32
}

/// B-type branch offset in bytes, sign-extended.
#[inline]
pub const fn imm_b(w: u32) -> i32 {
    (((w & 0x8000_0000) as i32) >> 19)
        | ((bits(w, 7, 7) << 11) | (bits(w, 30, 25) << 5) | (bits(w, 11, 8) << 1)) as i32
}

/// J-type jump offset in bytes, sign-extended.
#[inline]
pub const fn imm_j(w: u32) -> i32 {
    (((w & 0x8000_0000) as i32) >> 11)
        | ((bits(w, 19, 12) << 12) | (bits(w, 20, 20) << 11) | (bits(w, 30, 21) << 1)) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn immediates_from_assembler_output() {
        // Words from riscv64-unknown-elf-as 2.40 (see the disassembly golden test for more).
        assert_eq!(imm_i(0xffc1_2503), -4); // lw a0,-4(sp)
        assert_eq!(imm_s(0x00a1_2423), 8); // sw a0,8(sp)
        assert_eq!(imm_b(0xfab5_0ae3), -0x4c); // beq a0,a1,.-0x4c
        assert_eq!(imm_j(0xfb9f_f0ef), -0x48); // jal ra,.-0x48
        assert_eq!(Field::Csr.extract(0x3005_9573), 0x300);
        assert_eq!(Field::Pred.extract(0x0210_000f), 2); // fence r,w
        assert_eq!(Field::Succ.extract(0x0210_000f), 1);
    }

    #[test]
    fn extreme_offsets() {
        // beq with the largest negative and positive offsets.
        assert_eq!(imm_b(0x8000_0063), -4096);
        assert_eq!(imm_b(0x7e00_0fe3), 4094);
        assert_eq!(imm_j(0x8000_006f), -(1 << 20));
        assert_eq!(imm_j(0x7fff_f06f), (1 << 20) - 2);
    }
}

//! The shape of the generated instruction table (`table.rs`): instructions, their fields, and
//! the two lookups (by opcode for decoding, by mnemonic for assembling).

/// `by_opcode` entry for an opcode that no instruction uses.
pub const NO_INSN: u8 = u8::MAX;

/// One field of an instruction word: `width` bits starting at bit `lsb` (always inside 23:0;
/// bits 31:24 are the opcode).
#[derive(Debug, PartialEq, Eq)]
pub struct Field {
    pub name: &'static str,
    pub lsb: u8,
    pub width: u8,
}

impl Field {
    /// The largest value the field holds.
    pub const fn max(&self) -> u32 {
        (1u32 << self.width) - 1
    }

    /// The field's bits within the instruction word.
    pub const fn mask(&self) -> u32 {
        self.max() << self.lsb
    }

    /// The field's value in `word`.
    pub const fn get(&self, word: u32) -> u32 {
        (word >> self.lsb) & self.max()
    }

    /// `value` (which must fit) placed at the field's position.
    pub const fn place(&self, value: u32) -> u32 {
        (value & self.max()) << self.lsb
    }
}

/// One instruction: mnemonic, opcode (bits 31:24), fields in assembly order, and the payload
/// bits (23:0) that belong to no field.
#[derive(Debug, PartialEq, Eq)]
pub struct InsnDesc {
    pub mnemonic: &'static str,
    pub opcode: u8,
    pub reserved: u32,
    pub fields: &'static [Field],
}

impl InsnDesc {
    /// The field called `name`, if the instruction has one.
    pub fn field(&self, name: &str) -> Option<&'static Field> {
        self.fields.iter().find(|f| f.name == name)
    }
}

/// Every instruction of one architecture.
#[derive(Debug)]
pub struct IsaTable {
    /// Sorted by opcode.
    pub insns: &'static [InsnDesc],
    /// Index into `insns` for each opcode, or `NO_INSN`.
    pub by_opcode: [u8; 256],
    /// Indices into `insns`, sorted by mnemonic.
    pub by_mnemonic: &'static [u8],
}

impl IsaTable {
    /// The instruction with this opcode.
    pub fn by_opcode(&'static self, opcode: u8) -> Option<&'static InsnDesc> {
        match self.by_opcode[usize::from(opcode)] {
            NO_INSN => None,
            i => self.insns.get(usize::from(i)),
        }
    }

    /// The instruction with this mnemonic, compared without regard to ASCII case.
    pub fn by_mnemonic(&'static self, mnemonic: &str) -> Option<&'static InsnDesc> {
        let wanted = mnemonic.bytes().map(|b| b.to_ascii_uppercase());
        self.by_mnemonic
            .binary_search_by(|&i| {
                self.insns[usize::from(i)]
                    .mnemonic
                    .bytes()
                    .cmp(wanted.clone())
            })
            .ok()
            .map(|pos| &self.insns[usize::from(self.by_mnemonic[pos])])
    }
}

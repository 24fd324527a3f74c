//! The shapes of the generated tables (`generated.rs`): per form its encoding, its fields and
//! its assembly syntax as tokens.

/// One contiguous run of a field's bits: instruction bits `lsb..lsb+width` hold value bits
/// `vlsb..vlsb+width`. Positions are in the whole little-endian instruction word (for 64-bit
/// forms the 32-bit prefix is bits 0..32, the main word 32..64; notes §2.1).
#[derive(Clone, Copy, Debug)]
pub struct Piece {
    pub lsb: u8,
    pub width: u8,
    pub vlsb: u8,
}

/// What a field holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// A register read: reg5 code (0..31; 24..31 are the hand slots `t#1..u#4`), or a 10-bit
    /// RegId10 in `V.*` forms (manual 05b).
    Reg,
    /// A register written: reg5 code where 31 means `->t` and 30 means `->u` (push onto the
    /// hand), or a RegId10 in `V.*` forms.
    Dst,
    /// A number (immediate, shift, selector), sign- or zero-extended and scaled.
    Imm,
    /// A byte offset from the instruction's own address (TPC) to a target.
    PcRel,
    /// A one-bit field (kept in `Decoded::flags`, not in `Decoded::ops`).
    Flag,
}

/// One field of a form.
#[derive(Clone, Copy, Debug)]
pub struct FieldSpec {
    /// The catalog's field name (`SrcL`, `simm12`, `RegDst`, ...).
    pub name: &'static str,
    pub kind: FieldKind,
    /// Whether the raw value is sign-extended from bit `bits - 1`.
    pub signed: bool,
    /// Width of the raw value in bits.
    pub bits: u8,
    /// The raw value is shifted left by this much to give the operand (scaling rules: see
    /// xtask/src/linx.rs).
    pub scale: u8,
    /// The disassembly prints the raw (unscaled) value (`lui 1` means 1 << 12).
    pub print_raw: bool,
    /// A PC-relative offset counts from this many bytes past the instruction (the fused
    /// call headers' return offset belongs to their embedded C.SETRET).
    pub pc_bias: u8,
    pub pieces: &'static [Piece],
}

/// Assembly syntax of a form, as printing/parsing tokens over its fields (by index).
#[derive(Clone, Copy, Debug)]
pub enum Tok {
    /// Fixed text (`[`, `, `, `COND`, `sp!`, `->t`).
    Lit(&'static str),
    /// A source register name.
    Reg(u8),
    /// A destination, printed `\t->name`.
    Dst(u8),
    /// A decimal number.
    Imm(u8),
    /// A PC-relative target, printed as the absolute address (plus `<symbol+off>`).
    Target(u8),
    /// `, target` only when the offset is not zero (BSTART FALL fixup labels).
    OptTarget(u8),
    /// A register index with its `SrcRType` suffix and shift: `a1.sw<<3`.
    Index {
        reg: u8,
        ty: Option<u8>,
        shamt: Option<u8>,
        fixed: u8,
    },
    /// A block branch type name (`COND`, `RET`, ...; FALL prints as nothing).
    BrType(u8),
    /// A field the catalog template does not show: `, name=value`, omitted when zero.
    Named(u8),
    /// Text present exactly when a one-bit field is set: the lane term `, lc0<<2` of vector
    /// memory operands (field `C`).
    Lane(u8, &'static str),
    /// A loop-bound destination `\t->lb0..2` (`C.B.DIM`/`C.B.DIMI` LoopNest).
    LoopDst(u8),
    /// Registers separated by `,`, trailing `zero`s omitted (`B.IOR [s0,a6],[]`).
    RegList(&'static [u8]),
    /// B.IOT/B.IOTI source tiles `[t#3.reuse, u#1]` from fields
    /// [SrcTile0, SrcTile1, S0R, S1R, S0V, S1V] (manual 04_block_isa descriptor rules).
    Tiles([u8; 6]),
    /// B.IOT/B.IOTI destination `\t->u<2KB>` / `\t->u<a0>`: (DstTile, size code or register).
    TileDst(u8, u8),
    /// A tile DataType by name (`FP16`, `INT8`, ...; manual 04_block_isa table).
    DataType(u8),
}

/// Everything about one form.
#[derive(Debug)]
pub struct FormInfo {
    /// The catalog mnemonic (`BSTART.STD`, `C.LDI`).
    pub mnemonic: &'static str,
    /// The catalog assembly template.
    pub asm: &'static str,
    /// The mnemonic as printed and parsed.
    pub text: &'static str,
    /// Length in bytes: 2, 4, 6 or 8.
    pub bytes: u8,
    pub mask: u64,
    pub bits: u64,
    /// Memory access size in bytes for loads/stores (0 otherwise).
    pub mem_bytes: u8,
    /// Implicit left shift of a register index (stores: log2 of the size; manual 09).
    pub index_shift: u8,
    /// False for the two fused call headers, which the length rule splits in two.
    pub decodable: bool,
    /// Operand fields first (in catalog order), then one-bit flags.
    pub fields: &'static [FieldSpec],
    pub syntax: &'static [Tok],
}

//! Disassembly from the tables' operand syntax, in the form `objdump -M no-aliases` prints
//! (GNU binutils 2.40): ABI register names, shift amounts and upper immediates in hex, branch and
//! jump targets as absolute hex addresses, the rounding mode only when it is not `dyn`, `.aq`/`.rl`
//! suffixes on atomics. The golden test (`tests/disassembly.rs`) compares with objdump's output.

use super::tables::CSR_NAMES;
use super::{Decoder, Entry, Field, Syntax};
use std::fmt::Write as _;

const X_NAMES: [&str; 32] = [
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4",
    "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4",
    "t5", "t6",
];

const F_NAMES: [&str; 32] = [
    "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0", "fa1", "fa2",
    "fa3", "fa4", "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8", "fs9",
    "fs10", "fs11", "ft8", "ft9", "ft10", "ft11",
];

const RM_NAMES: [&str; 8] = ["rne", "rtz", "rdn", "rup", "rmm", "", "", "dyn"];

/// The ABI name of integer register `n` (`a0`), or of FP register `n` (`fa0`) when `fp`.
pub fn reg_name(n: u32, fp: bool) -> &'static str {
    let names = if fp { &F_NAMES } else { &X_NAMES };
    names[(n & 31) as usize]
}

/// The name of CSR `n`, if it has one in `data/riscv/csrs.txt`.
pub fn csr_name(n: u16) -> Option<&'static str> {
    CSR_NAMES
        .binary_search_by_key(&n, |&(k, _)| k)
        .ok()
        .map(|i| CSR_NAMES[i].1)
}

fn fence_set(bits: u32) -> String {
    if bits == 0 {
        return "0".into();
    }
    "iorw"
        .chars()
        .enumerate()
        .filter(|(i, _)| bits & (8 >> i) != 0)
        .map(|(_, c)| c)
        .collect()
}

fn operand(out: &mut String, f: Field, word: u32, pc: u32) {
    let v = f.extract(word);
    let _ = match f {
        Field::Rd | Field::Rs1 | Field::Rs2 => write!(out, "{}", reg_name(v, false)),
        Field::Frd | Field::Frs1 | Field::Frs2 | Field::Frs3 => {
            write!(out, "{}", reg_name(v, true))
        }
        Field::Rm => write!(out, "{}", RM_NAMES[v as usize]),
        Field::Imm12 | Field::Simm12 => write!(out, "{}", v as i32),
        Field::Bimm | Field::Jimm => write!(out, "{:x}", pc.wrapping_add(v)),
        Field::Imm20 | Field::Shamt => write!(out, "{v:#x}"),
        Field::Csr => match csr_name(v as u16) {
            Some(n) => write!(out, "{n}"),
            None => write!(out, "{v:#x}"),
        },
        Field::Zimm => write!(out, "{v}"),
        Field::Pred | Field::Succ => write!(out, "{}", fence_set(v)),
        Field::Aq | Field::Rl | Field::Fm => write!(out, "{v}"),
    };
}

/// Disassemble `word` (which `entry` matches) at address `pc`. A reserved rounding mode (5, 6)
/// makes the word no instruction at all: it prints as `.word`, as objdump does.
pub fn disassemble(entry: &Entry, word: u32, pc: u32) -> String {
    if entry.has(Field::Rm) && matches!(Field::Rm.extract(word), 5 | 6) {
        return format!(".word {word:#010x}");
    }
    let mut out = String::from(entry.name);
    if entry.has(Field::Aq) || entry.has(Field::Rl) {
        match (Field::Aq.extract(word), Field::Rl.extract(word)) {
            (1, 1) => out.push_str(".aqrl"),
            (1, 0) => out.push_str(".aq"),
            (0, 1) => out.push_str(".rl"),
            _ => {}
        }
    }
    let mut first = true;
    for s in entry.syntax {
        if let Syntax::Field(Field::Rm) = s
            && Field::Rm.extract(word) == 7
        {
            continue;
        }
        out.push_str(if first { " " } else { "," });
        first = false;
        match *s {
            Syntax::Field(f) => operand(&mut out, f, word, pc),
            Syntax::Mem(off, base) => {
                operand(&mut out, off, word, pc);
                out.push('(');
                operand(&mut out, base, word, pc);
                out.push(')');
            }
            Syntax::Deref(base) => {
                out.push('(');
                operand(&mut out, base, word, pc);
                out.push(')');
            }
        }
    }
    out
}

impl Decoder {
    /// Disassemble `word` at `pc`; a word no table matches prints as `.word 0x...`.
    pub fn disassemble(&self, word: u32, pc: u32) -> String {
        match self.decode(word) {
            Some(d) => disassemble(d.entry, word, pc),
            None => format!(".word {word:#010x}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::isa::{BASE_TABLES, Decoder};

    #[test]
    fn objdump_forms() {
        let d = Decoder::new(&BASE_TABLES);
        let cases: &[(u32, u32, &str)] = &[
            (0x02c5_9553, 0, "fadd.d fa0,fa1,fa2,rtz"),
            (0x02c5_f553, 0, "fadd.d fa0,fa1,fa2"),
            (0xd207_87d3, 0, "fcvt.d.w fa5,a5"),
            (0x0ff0_000f, 0, "fence iorw,iorw"),
            (0x0210_000f, 0, "fence r,w"),
            (0x8330_000f, 0, "fence.tso"),
            (0x06b6_252f, 0, "amoadd.w.aqrl a0,a1,(a2)"),
            (0x1405_a52f, 0, "lr.w.aq a0,(a1)"),
            (0x3005_9573, 0, "csrrw a0,mstatus,a1"),
            (0x7c01_e073, 0, "csrrsi zero,0x7c0,3"),
            (0xfb9f_f0ef, 0x48, "jal ra,0"),
            (0xfab5_0ae3, 0x4c, "beq a0,a1,0"),
            (0xffc1_2503, 0, "lw a0,-4(sp)"),
            (0x01f5_1513, 0, "slli a0,a0,0x1f"),
            (0xffff_f537, 0, "lui a0,0xfffff"),
            (0x0000_0000, 0, ".word 0x00000000"),
        ];
        for &(w, pc, text) in cases {
            assert_eq!(d.disassemble(w, pc), text, "{w:#010x}");
        }
    }
}

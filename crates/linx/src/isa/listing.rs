//! objdump-style listings: symbol headers and one line per instruction (address, the
//! instruction word in hex, the disassembly), the format of `data/linx/disasm_example.s`.

use super::{DecodeError, Symbols, decode, insn_len};

/// Symbols by address; `lookup` finds the nearest symbol at or below an address.
#[derive(Clone, Debug, Default)]
pub struct SymbolTable {
    by_addr: Vec<(u64, String)>,
}

impl SymbolTable {
    pub fn new(mut syms: Vec<(u64, String)>) -> Self {
        syms.sort();
        syms.dedup_by(|a, b| a.0 == b.0);
        SymbolTable { by_addr: syms }
    }

    /// Symbols defined exactly at `addr`.
    pub fn at(&self, addr: u64) -> impl Iterator<Item = &str> {
        let start = self.by_addr.partition_point(|(a, _)| *a < addr);
        self.by_addr[start..]
            .iter()
            .take_while(move |(a, _)| *a == addr)
            .map(|(_, n)| n.as_str())
    }
}

impl Symbols for SymbolTable {
    fn lookup(&self, addr: u64) -> Option<(&str, u64)> {
        let i = self.by_addr.partition_point(|(a, _)| *a <= addr);
        let (a, n) = self.by_addr.get(i.checked_sub(1)?)?;
        Some((n.as_str(), addr - a))
    }
}

/// One instruction line: `   a2914: 3000         \tC.BSTART.STD\tICALL`. The hex column
/// is the instruction as one little-endian number, except 64-bit forms, which print as
/// their prefix and main words (`0129127f 01f92109`) like the LLVM dump of vector code.
pub fn line(addr: u64, bytes: &[u8], text: &str) -> String {
    let mut word = [0u8; 8];
    let n = bytes.len().min(8);
    word[..n].copy_from_slice(&bytes[..n]);
    let w = u64::from_le_bytes(word);
    if n == 8 {
        let hex = format!("{:08x} {:08x}", w as u32, w >> 32);
        format!("{addr:8x}: {hex:<21}\t{text}")
    } else {
        let hex = format!("{w:0width$x}", width = n * 2);
        format!("{addr:8x}: {hex:<13}\t{text}")
    }
}

/// The listing of `code` loaded at `base`: a header before each symbol, then instructions.
/// Bytes that do not decode are listed as `.hword` halfwords and counted in the result.
pub fn listing(code: &[u8], base: u64, syms: &SymbolTable) -> (String, usize) {
    let mut out = Vec::new();
    let bad = write_listing(code, base, syms, &mut out).expect("writing to memory cannot fail");
    (String::from_utf8_lossy(&out).into_owned(), bad)
}

/// [`listing`], written line by line to `out` (memory use does not grow with the listing).
/// Code that would run past the end of the 64-bit address space is refused (`InvalidInput`).
pub fn write_listing(
    code: &[u8],
    base: u64,
    syms: &SymbolTable,
    out: &mut dyn std::io::Write,
) -> std::io::Result<usize> {
    if base.checked_add(code.len() as u64).is_none() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "{} bytes at {base:#x} run past the end of the address space",
                code.len()
            ),
        ));
    }
    let mut off = 0;
    let mut bad = 0;
    while off + 1 < code.len() {
        let addr = base + off as u64;
        for name in syms.at(addr) {
            write!(out, "\n{addr:016x} <{name}>:\n")?;
        }
        match decode(&code[off..]) {
            Ok(d) => {
                let len = usize::from(d.len);
                let text = d.at(addr).with_symbols(syms).to_string();
                writeln!(out, "{}", line(addr, &code[off..off + len], &text))?;
                off += len;
            }
            Err(e) => {
                let hw = &code[off..off + 2];
                let why = match e {
                    DecodeError::Truncated { .. } => "truncated",
                    DecodeError::Illegal { .. } => "illegal",
                };
                let text = format!(
                    ".hword\t{:#06x}\t# {why} ({}-byte form)",
                    u16::from_le_bytes([hw[0], hw[1]]),
                    insn_len(u16::from_le_bytes([hw[0], hw[1]]))
                );
                writeln!(out, "{}", line(addr, hw, &text))?;
                off += 2;
                bad += 1;
            }
        }
    }
    Ok(bad)
}

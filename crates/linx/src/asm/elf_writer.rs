//! Writing an assembled program as a static ELF64 executable (ET_EXEC, EM_LINX = 233):
//! one PT_LOAD per non-empty section, section headers and a symbol table so `disasm` and
//! debuggers see the labels.

use super::objdump::EM_LINX;
use super::program::{Program, SectionKind};

const EHDR: usize = 64;
const PHDR: usize = 56;
const SHDR: usize = 64;
const PAGE: u64 = 0x1000;

fn put16(b: &mut Vec<u8>, v: u16) {
    b.extend_from_slice(&v.to_le_bytes());
}
fn put32(b: &mut Vec<u8>, v: u32) {
    b.extend_from_slice(&v.to_le_bytes());
}
fn put64(b: &mut Vec<u8>, v: u64) {
    b.extend_from_slice(&v.to_le_bytes());
}

/// A string table under construction.
#[derive(Default)]
struct StrTab(Vec<u8>);

impl StrTab {
    fn add(&mut self, s: &str) -> u32 {
        if self.0.is_empty() {
            self.0.push(0);
        }
        let off = self.0.len() as u32;
        self.0.extend_from_slice(s.as_bytes());
        self.0.push(0);
        off
    }
}

impl Program {
    /// The program as an ELF64 executable image.
    pub fn to_elf(&self) -> Vec<u8> {
        let loadable: Vec<_> = self.sections.iter().filter(|s| s.size() > 0).collect();
        // Like lld, map the ELF and program headers (read-only, in the page below the first
        // section) and describe them with PT_PHDR, so the runtime's AT_PHDR is real (musl's
        // start-up walks it for PT_TLS). Skipped when that page would be page 0.
        let headers_at = loadable
            .iter()
            .map(|s| s.addr & !(PAGE - 1))
            .min()
            .and_then(|page| page.checked_sub(PAGE))
            .filter(|&page| page > 0);
        let phnum = loadable.len() + if headers_at.is_some() { 2 } else { 0 };
        // File offsets: each section congruent to its address modulo the page size.
        let mut offset = (EHDR + PHDR * phnum) as u64;
        let mut offsets = Vec::new();
        for s in &loadable {
            let want = s.addr % PAGE;
            let mut off = offset - offset % PAGE + want;
            if off < offset {
                off += PAGE;
            }
            offsets.push(off);
            offset = off + s.data.len() as u64;
        }
        let mut out = Vec::new();
        // ELF header.
        out.extend_from_slice(&[0x7f, b'E', b'L', b'F', 2, 1, 1, 0]);
        out.extend_from_slice(&[0; 8]);
        put16(&mut out, 2); // ET_EXEC
        put16(&mut out, EM_LINX);
        put32(&mut out, 1);
        put64(&mut out, self.entry);
        put64(&mut out, EHDR as u64); // e_phoff
        let shoff_pos = out.len();
        put64(&mut out, 0); // e_shoff, patched below
        put32(&mut out, 0); // e_flags
        put16(&mut out, EHDR as u16);
        put16(&mut out, PHDR as u16);
        put16(&mut out, phnum as u16);
        put16(&mut out, SHDR as u16);
        let shnum = 1 + loadable.len() + 3;
        put16(&mut out, shnum as u16);
        put16(&mut out, (shnum - 1) as u16); // .shstrtab is last
        // Program headers.
        let headers_len = (EHDR + PHDR * phnum) as u64;
        if let Some(page) = headers_at {
            for (ty, offset, len) in [
                (6u32, EHDR as u64, headers_len - EHDR as u64),
                (1, 0, headers_len),
            ] {
                put32(&mut out, ty); // PT_PHDR, then the PT_LOAD holding it
                put32(&mut out, 4); // R
                put64(&mut out, offset);
                put64(&mut out, page + offset);
                put64(&mut out, page + offset);
                put64(&mut out, len);
                put64(&mut out, len);
                put64(&mut out, if ty == 1 { PAGE } else { 8 });
            }
        }
        for (s, &off) in loadable.iter().zip(&offsets) {
            let flags = match s.kind {
                SectionKind::Text => 5,                    // R X
                SectionKind::ReadOnly => 4,                // R
                SectionKind::Data | SectionKind::Bss => 6, // R W
            };
            put32(&mut out, 1); // PT_LOAD
            put32(&mut out, flags);
            put64(&mut out, off);
            put64(&mut out, s.addr);
            put64(&mut out, s.addr);
            put64(&mut out, s.data.len() as u64);
            put64(&mut out, s.size());
            put64(&mut out, PAGE);
        }
        // Section contents.
        for (s, &off) in loadable.iter().zip(&offsets) {
            out.resize(off as usize, 0);
            out.extend_from_slice(&s.data);
        }
        // Symbol table: the null symbol, locals, then globals.
        let mut strtab = StrTab::default();
        strtab.add("");
        let mut symtab = vec![0u8; 24];
        let mut syms: Vec<_> = self.symbols.iter().collect();
        syms.sort_by_key(|(name, sym)| (sym.global, sym.addr, (*name).clone()));
        let first_global = 1 + syms.iter().filter(|(_, s)| !s.global).count();
        for (name, sym) in &syms {
            let shndx = loadable
                .iter()
                .position(|s| sym.addr >= s.addr && sym.addr <= s.addr + s.size())
                .map_or(0xfff1, |i| i as u16 + 1); // SHN_ABS when in no section
            let kind = if sym.code { 2 } else { 0 }; // STT_FUNC / STT_NOTYPE
            put32(&mut symtab, strtab.add(name));
            symtab.push(if sym.global { 0x10 } else { 0 } | kind);
            symtab.push(0);
            put16(&mut symtab, shndx);
            put64(&mut symtab, sym.addr);
            put64(&mut symtab, 0);
        }
        let mut shstr = StrTab::default();
        shstr.add("");
        let names: Vec<u32> = loadable.iter().map(|s| shstr.add(&s.name)).collect();
        let symtab_name = shstr.add(".symtab");
        let strtab_name = shstr.add(".strtab");
        let shstrtab_name = shstr.add(".shstrtab");
        let symtab_off = align8(&mut out);
        out.extend_from_slice(&symtab);
        let strtab_off = out.len() as u64;
        out.extend_from_slice(&strtab.0);
        let shstr_off = out.len() as u64;
        out.extend_from_slice(&shstr.0);
        let shoff = align8(&mut out);
        out[shoff_pos..shoff_pos + 8].copy_from_slice(&shoff.to_le_bytes());
        // Section headers.
        out.extend_from_slice(&[0; SHDR]);
        for ((s, &off), &name) in loadable.iter().zip(&offsets).zip(&names) {
            let (ty, flags) = match s.kind {
                SectionKind::Text => (1, 2 | 4),
                SectionKind::ReadOnly => (1, 2),
                SectionKind::Data => (1, 2 | 1),
                SectionKind::Bss => (8, 2 | 1),
            };
            shdr(&mut out, name, ty, flags, s.addr, off, s.size(), 0, 0, 2, 0);
        }
        let strtab_index = (1 + loadable.len() + 1) as u32;
        shdr(
            &mut out,
            symtab_name,
            2,
            0,
            0,
            symtab_off,
            symtab.len() as u64,
            strtab_index,
            first_global as u32,
            8,
            24,
        );
        shdr(
            &mut out,
            strtab_name,
            3,
            0,
            0,
            strtab_off,
            strtab.0.len() as u64,
            0,
            0,
            1,
            0,
        );
        shdr(
            &mut out,
            shstrtab_name,
            3,
            0,
            0,
            shstr_off,
            shstr.0.len() as u64,
            0,
            0,
            1,
            0,
        );
        out
    }
}

fn align8(out: &mut Vec<u8>) -> u64 {
    while !out.len().is_multiple_of(8) {
        out.push(0);
    }
    out.len() as u64
}

#[allow(clippy::too_many_arguments)]
fn shdr(
    out: &mut Vec<u8>,
    name: u32,
    ty: u32,
    flags: u64,
    addr: u64,
    offset: u64,
    size: u64,
    link: u32,
    info: u32,
    align: u64,
    entsize: u64,
) {
    put32(out, name);
    put32(out, ty);
    put64(out, flags);
    put64(out, addr);
    put64(out, offset);
    put64(out, size);
    put32(out, link);
    put32(out, info);
    put64(out, align);
    put64(out, entsize);
}

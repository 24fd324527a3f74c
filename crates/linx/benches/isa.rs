//! Decoder, disassembler and assembler throughput on the golden dump's instruction mix
//! (`cargo bench -p macrosim-linx --bench isa`). Plain `Instant` timing, median of 9 runs;
//! no peer exists that decodes Linx (the LLVM fork is not packaged), so figures are
//! absolute.

use macrosim_linx::asm::assemble;
use macrosim_linx::isa::{decode, listing::SymbolTable};
use std::hint::black_box;
use std::time::Instant;

const GOLDEN: &str = include_str!("../../../data/linx/disasm_example.s");

/// The golden dump's bytes and its instruction text.
fn golden() -> (Vec<u8>, String) {
    let mut code = Vec::new();
    let mut src = String::from("\t.org 0xa2914\n");
    for line in GOLDEN.lines().filter(|l| l.starts_with(' ')) {
        let (_, rest) = line.trim_start().split_once(": ").unwrap();
        let (hex, text) = rest.split_once('\t').unwrap();
        let hex = hex.trim();
        let word = u64::from_str_radix(hex, 16).unwrap();
        code.extend_from_slice(&word.to_le_bytes()[..hex.len() / 2]);
        // Targets print as absolute addresses; the annotation is a comment to the assembler.
        src.push_str(&format!("\t{text}\n"));
    }
    (code, src)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn measure(what: &str, unit: &str, per_run: usize, mut f: impl FnMut() -> usize) {
    let mut rates = Vec::new();
    for _ in 0..9 {
        let t = Instant::now();
        let mut n = 0;
        while t.elapsed().as_millis() < 200 {
            n += f();
        }
        rates.push(n as f64 / t.elapsed().as_secs_f64());
    }
    let m = median(rates);
    println!(
        "{what:<34} {:>9.2} M{unit}/s  ({:.1} ns per {unit}, {per_run} {unit} per pass)",
        m / 1e6,
        1e9 / m
    );
}

fn main() {
    let (code, src) = golden();
    let insns = {
        let mut n = 0;
        let mut off = 0;
        while off < code.len() {
            off += usize::from(decode(&code[off..]).unwrap().len);
            n += 1;
        }
        n
    };
    measure("decode (golden mix)", "insn", insns, || {
        let mut off = 0;
        while off < code.len() {
            let d = decode(black_box(&code[off..])).unwrap();
            off += usize::from(d.len);
        }
        insns
    });
    let syms = SymbolTable::default();
    measure("decode + disassemble to text", "insn", insns, || {
        let mut off = 0;
        let mut bytes = 0;
        while off < code.len() {
            let d = decode(&code[off..]).unwrap();
            bytes += d
                .at(0xa2914 + off as u64)
                .with_symbols(&syms)
                .to_string()
                .len();
            off += usize::from(d.len);
        }
        black_box(bytes);
        insns
    });
    measure("assemble (two passes, no ELF)", "line", insns, || {
        black_box(assemble("golden.s", black_box(&src)).unwrap());
        insns
    });
}

//! The RV32 hart on random code: the bytes become the text of a Linux-style ELF, run for at most
//! 10 000 instructions with a small memory limit. Any stop is fine; a panic or hang is not.
#![no_main]

use libfuzzer_sys::fuzz_target;
use macrosim_riscv::isa::Isa;
use macrosim_riscv::program::{Program, RunOptions};

/// An ELF32 RISC-V executable whose one RWX segment at 0x10000 holds `code`.
fn elf(code: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; 84];
    out[..7].copy_from_slice(b"\x7fELF\x01\x01\x01");
    let put = |out: &mut Vec<u8>, at: usize, v: u32, n: usize| {
        out[at..at + n].copy_from_slice(&v.to_le_bytes()[..n]);
    };
    put(&mut out, 16, 2, 2); // ET_EXEC
    put(&mut out, 18, 243, 2); // EM_RISCV
    put(&mut out, 20, 1, 4);
    put(&mut out, 24, 0x10000, 4); // entry
    put(&mut out, 28, 52, 4); // phoff
    put(&mut out, 40, 52, 2);
    put(&mut out, 42, 32, 2);
    put(&mut out, 44, 1, 2);
    put(&mut out, 52, 1, 4); // PT_LOAD
    put(&mut out, 56, 84, 4);
    put(&mut out, 60, 0x10000, 4);
    put(&mut out, 64, 0x10000, 4);
    put(&mut out, 68, code.len() as u32, 4);
    put(&mut out, 72, code.len().max(4) as u32, 4);
    put(&mut out, 76, 7, 4); // RWX
    out.extend_from_slice(code);
    out
}

fuzz_target!(|data: &[u8]| {
    let opts = RunOptions {
        isa: Isa::RV32IMAFD,
        max_insns: Some(10_000),
        argv: vec!["prog".into()],
        envp: Vec::new(),
    };
    let Ok(mut p) = Program::load(&elf(data), &opts) else {
        return;
    };
    p.set_mem_limit(16 << 20);
    p.redirect_output(Box::new(std::io::sink()), Box::new(std::io::sink()));
    let _ = p.run(&mut macrosim_riscv::trace::NoTrace);
});

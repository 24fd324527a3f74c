//! The RV32 ELF loader and program setup (`riscv run`'s path up to the first instruction), and
//! the disassembler on the same bytes: any input gives a value or a typed error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use macrosim_riscv::isa::{Isa, disassemble_elf};
use macrosim_riscv::program::{Program, RunOptions};

fuzz_target!(|data: &[u8]| {
    let opts = RunOptions {
        isa: Isa::RV32IMAFD,
        max_insns: Some(1000),
        argv: vec!["prog".into()],
        envp: Vec::new(),
    };
    if let Ok(mut p) = Program::load(data, &opts) {
        p.set_mem_limit(16 << 20);
        p.redirect_output(Box::new(std::io::sink()), Box::new(std::io::sink()));
        let _ = p.run(&mut macrosim_riscv::trace::NoTrace);
    }
    let _ = disassemble_elf(data, Isa::RV32IMAFD);
});

//! The Tensix `.tt` parser and assembler, then the frontend expansion of what parses (MOP and
//! replay expanders), for both architectures.
#![no_main]

use libfuzzer_sys::fuzz_target;
use macrosim_tensix::Arch;
use macrosim_tensix::frontend::ThreadFrontend;
use macrosim_tensix::program::Program;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for arch in Arch::ALL {
        if let Ok(p) = Program::parse(text, arch) {
            let _ = p.warnings(arch);
            let mut buf = [0u32; 256];
            ThreadFrontend::new(p.inputs()).drain(&mut buf, |_| {});
        }
    }
});

//! Running an RV32 ELF: the two kinds of program `macrosim riscv run` accepts.
//!
//! * **Bare metal**: the ELF defines the symbol `tohost` (riscv-tests `env/p`, HTIF). Every
//!   loaded page is readable, writable and executable (tests write data next to code), the hart
//!   starts in M-mode at the entry point with mtvec = 0 and mstatus.FS = Off, exceptions go to
//!   mtvec, and a nonzero store to `tohost` ends the run: 1 = pass, an odd value `v` = test
//!   `v >> 1` failed. An exception with no handler (mtvec not executable) is an error.
//! * **Linux user program**: anything else. Segments get their ELF permissions, the stack is laid
//!   out by [`macrosim_core::linux::Process`] (argc, argv, envp, auxv), the hart runs in U-mode
//!   with FP enabled (FS = Initial) and the counters readable, `ecall` is a Linux system call
//!   (a7 = number, a0..a5 = arguments, result in a0), and any other exception is an error.
//!
//! Memory layout of a Linux program (RV32 has 4 GiB; typical link addresses are 0x10000 for
//! Linux toolchains and 0x80000000 for bare-metal ones): the stack's top is at `0xc000_0000`
//! (8 MiB), `mmap` hands out addresses downwards from `0xbf00_0000`, `brk` starts after the
//! image and may grow by 512 MiB.

use crate::hart::{Cause, Exception, Hart, HartConfig, Priv, Stop, TrapMode};
use crate::isa::{Isa, csr};
use crate::mmio::{NoMmio, ToHost};
use crate::trace::Trace;
use macrosim_core::elf::{self, ElfClass, ElfError, ElfImage, LoadOptions, PermPolicy};
use macrosim_core::linux::{Outcome as SysOutcome, Process, ProcessConfig, StartError};
use macrosim_core::{Perm, SparseMemory};
use std::fmt;
use thiserror::Error;

/// `e_machine` of RISC-V.
pub const EM_RISCV: u16 = 243;
const EF_RISCV_FLOAT_ABI: u32 = 0x6;
const EF_RISCV_RVE: u32 = 0x8;

/// Where a Linux program's stack and mappings go (see the module documentation).
pub const STACK_TOP: u32 = 0xc000_0000;
pub const STACK_SIZE: u32 = 8 << 20;
pub const MMAP_TOP: u32 = 0xbf00_0000;
pub const BRK_LIMIT: u32 = 512 << 20;

/// How to run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    pub isa: Isa,
    /// Stop with [`RunError::Limit`] after this many instructions.
    pub max_insns: Option<u64>,
    /// argv (argv[0] is the program name) and envp of a Linux program.
    pub argv: Vec<String>,
    pub envp: Vec<String>,
}

/// How a program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A Linux program called `exit`/`exit_group`.
    Exit(i32),
    /// A Linux program killed itself with a signal (e.g. `abort()`).
    Killed(u32),
    /// A bare-metal program wrote 1 to `tohost`.
    Pass,
    /// A bare-metal program wrote an odd value other than 1: test `value >> 1` failed.
    Fail { test: u32 },
}

impl Outcome {
    /// The process exit status: the program's, 0/1 for pass/fail, 128 + signal when killed.
    pub fn exit_status(self) -> i32 {
        match self {
            Outcome::Exit(c) => c & 0xff,
            Outcome::Killed(s) => 128 + s as i32,
            Outcome::Pass => 0,
            Outcome::Fail { .. } => 1,
        }
    }
}

/// Where the hart was and what it was running when something went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    pub hart: u32,
    pub pc: u32,
    /// The instruction word and its disassembly, when it could be fetched.
    pub insn: Option<(u32, String)>,
}

impl fmt::Display for Site {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "hart {}, pc {:#010x}", self.hart, self.pc)?;
        match &self.insn {
            Some((w, d)) => write!(f, ", instruction {w:#010x} ({d})"),
            None => Ok(()),
        }
    }
}

/// Why a program could not be loaded or run to its end.
#[derive(Debug, Error)]
pub enum RunError {
    #[error("{0}")]
    Elf(#[from] ElfError),
    #[error("ELF is built for RV32E (EF_RISCV_RVE), which this hart does not implement")]
    Embedded,
    #[error("ELF uses the {abi} floating-point ABI but the hart's ISA is {isa}")]
    FloatAbi { abi: &'static str, isa: Isa },
    #[error("cannot start the program: {0}")]
    Start(#[from] StartError),
    #[error("{site}: {exc}, which the program does not handle{why}")]
    Unhandled {
        site: Site,
        exc: Exception,
        why: String,
    },
    #[error("{site}: ran past the limit of {limit} instructions (--max-insns)")]
    Limit { site: Site, limit: u64 },
    #[error(
        "{site}: tohost command {value:#x} is not supported (only 1 = pass and odd values = fail)"
    )]
    ToHost { site: Site, value: u32 },
}

enum Kind {
    BareMetal(ToHost),
    Linux(Box<Process>),
}

/// A loaded program and its hart.
pub struct Program {
    pub mem: SparseMemory,
    pub hart: Hart,
    kind: Kind,
    max_insns: Option<u64>,
}

impl Program {
    /// Load ELF `bytes` and set the hart up for it.
    pub fn load(bytes: &[u8], opts: &RunOptions) -> Result<Program, RunError> {
        let mut mem = SparseMemory::new();
        let image = elf::load(bytes, &mut mem, &load_options(PermPolicy::FromSegments))?;
        check_flags(&image, opts.isa)?;
        // A `tohost` symbol makes it bare metal: every loaded page readable, writable and
        // executable, as on a board without memory protection.
        let bare = image.symbol("tohost");
        if bare.is_some() {
            for seg in &image.segments {
                mem.protect(seg.vaddr, seg.memsz, Perm::RWX);
            }
        }
        let traps = if bare.is_some() {
            TrapMode::Machine
        } else {
            TrapMode::Host
        };
        let mut hart = Hart::new(HartConfig {
            id: 0,
            isa: opts.isa,
            traps,
        });
        hart.set_pc(image.entry as u32);
        let kind = match bare {
            Some(addr) => Kind::BareMetal(ToHost::new(addr as u32)),
            None => {
                let cfg = ProcessConfig {
                    word_bytes: 4,
                    machine: "riscv32",
                    stack_top: u64::from(STACK_TOP),
                    stack_size: u64::from(STACK_SIZE),
                    mmap_top: u64::from(MMAP_TOP),
                    brk_limit: u64::from(BRK_LIMIT),
                    // AT_HWCAP: the single-letter extensions, as Linux reports them.
                    extra_auxv: vec![(16, u64::from(opts.isa.misa() & 0x3ff_ffff & !(1 << 20)))],
                };
                let (process, sp) = Process::start(&mut mem, &image, cfg, &opts.argv, &opts.envp)?;
                hart.set_x(2, sp as u32);
                hart.set_privilege(Priv::User);
                // FP on (Initial) when the ISA has it, the counters readable from U-mode.
                if opts.isa.has_f() {
                    hart.write_csr(csr::MSTATUS, 1 << 13);
                }
                hart.write_csr(csr::MCOUNTEREN, 0x7);
                Kind::Linux(Box::new(process))
            }
        };
        Ok(Program {
            mem,
            hart,
            kind,
            max_insns: opts.max_insns,
        })
    }

    /// Is this a bare-metal (tohost) program?
    pub fn is_bare_metal(&self) -> bool {
        matches!(self.kind, Kind::BareMetal(_))
    }

    /// Send a Linux program's stdout and stderr elsewhere (tests capture them).
    pub fn redirect_output(
        &mut self,
        stdout: Box<dyn std::io::Write>,
        stderr: Box<dyn std::io::Write>,
    ) {
        if let Kind::Linux(p) = &mut self.kind {
            p.redirect_output(stdout, stderr);
        }
    }

    fn site(&self, pc: u32, word: Option<u32>) -> Site {
        Site {
            hart: self.hart.id(),
            pc,
            insn: word.map(|w| (w, self.hart.disassemble(w, pc))),
        }
    }

    fn fetch(&self, pc: u32) -> Option<u32> {
        self.mem.fetch_u32(u64::from(pc)).ok()
    }

    /// Run to the end.
    pub fn run<T: Trace>(&mut self, t: &mut T) -> Result<Outcome, RunError> {
        let limit = self.max_insns.unwrap_or(u64::MAX);
        loop {
            let left = limit.saturating_sub(self.hart.retired());
            let stop = match &mut self.kind {
                Kind::BareMetal(tohost) => self.hart.run(&mut self.mem, tohost, t, left),
                Kind::Linux(_) => self.hart.run(&mut self.mem, &mut NoMmio, t, left),
            };
            match stop {
                Stop::Limit => {
                    let pc = self.hart.pc();
                    return Err(RunError::Limit {
                        site: self.site(pc, self.fetch(pc)),
                        limit,
                    });
                }
                Stop::Mmio => {
                    let Kind::BareMetal(tohost) = &self.kind else {
                        unreachable!("only bare-metal programs have a device")
                    };
                    let value = tohost.value.unwrap_or(0);
                    return match value {
                        1 => Ok(Outcome::Pass),
                        v if v & 1 == 1 => Ok(Outcome::Fail { test: v >> 1 }),
                        v => {
                            let pc = self.hart.pc().wrapping_sub(4);
                            Err(RunError::ToHost {
                                site: self.site(pc, self.fetch(pc)),
                                value: v,
                            })
                        }
                    };
                }
                Stop::Stall { .. } => unreachable!("the base hart has no extension to stall it"),
                Stop::Unhandled { exc, pc, word, why } => {
                    return Err(RunError::Unhandled {
                        site: self.site(pc, word),
                        exc,
                        why: format!(" ({why})"),
                    });
                }
                Stop::Exception { exc, pc, word } => {
                    let Kind::Linux(process) = &mut self.kind else {
                        unreachable!("bare-metal harts take their own traps")
                    };
                    if exc.cause != Cause::EcallFromU {
                        return Err(RunError::Unhandled {
                            site: self.site(pc, word),
                            exc,
                            why: String::new(),
                        });
                    }
                    let h = &self.hart;
                    let args = [10, 11, 12, 13, 14, 15].map(|r| u64::from(h.x(r)));
                    match process.syscall(&mut self.mem, u64::from(h.x(17)), args) {
                        SysOutcome::Return(v) => self.hart.finish_ecall(Some(v as u32), t),
                        SysOutcome::Exit(code) => {
                            self.hart.finish_ecall(None, t);
                            return Ok(Outcome::Exit(code));
                        }
                        SysOutcome::Killed(sig) => {
                            self.hart.finish_ecall(None, t);
                            return Ok(Outcome::Killed(sig));
                        }
                    }
                }
            }
        }
    }
}

/// Run a Linux user program (an ELF without `tohost`) on an RV32IMAFD hart with output
/// captured: `argv[0]` is the program name, the environment is empty. Returns the exit status
/// (see [`Outcome::exit_status`]).
pub fn run_linux(
    elf: &[u8],
    argv: &[String],
    stdout: Box<dyn std::io::Write>,
    stderr: Box<dyn std::io::Write>,
    max_insns: Option<u64>,
) -> Result<i32, RunError> {
    let opts = RunOptions {
        isa: Isa::RV32IMAFD,
        max_insns,
        argv: argv.to_vec(),
        envp: Vec::new(),
    };
    let mut program = Program::load(elf, &opts)?;
    program.redirect_output(stdout, stderr);
    program
        .run(&mut crate::trace::NoTrace)
        .map(Outcome::exit_status)
}

fn load_options(perms: PermPolicy) -> LoadOptions {
    LoadOptions {
        class: Some(ElfClass::Elf32),
        machine: Some(EM_RISCV),
        pie_base: 0x1_0000,
        perms,
    }
}

/// Refuse ELFs built for features the hart lacks (RISC-V ELF psABI, "e_flags"). The RVC flag
/// is not refused: code may test for C at run time (riscv-tests `rv32mi/ma_fetch` does), and a
/// compressed instruction that does run is an illegal instruction like any other.
fn check_flags(image: &ElfImage, isa: Isa) -> Result<(), RunError> {
    if image.flags & EF_RISCV_RVE != 0 {
        return Err(RunError::Embedded);
    }
    match image.flags & EF_RISCV_FLOAT_ABI {
        0x2 if !isa.has_f() => Err(RunError::FloatAbi { abi: "single", isa }),
        0x4 if !isa.has_d() => Err(RunError::FloatAbi { abi: "double", isa }),
        0x6 => Err(RunError::FloatAbi { abi: "quad", isa }),
        _ => Ok(()),
    }
}

//! The Linux user-mode runtime for linx64 programs: load a static (ET_EXEC) or static-pie
//! (ET_DYN, self-relocating) executable, lay out the initial stack, and serve system calls.
//!
//! Everything Linux-specific is `macrosim_core`'s ([`macrosim_core::elf::load`],
//! [`Process`]); this module only fixes the linx64 parameters:
//!
//! * `e_machine` 233 (EM_LINX, read from the LLVM-built binaries; notes §4.1), ELF64;
//! * system calls use the asm-generic numbers: the Linx musl port issues them from
//!   `__linx_syscall` (`arch/linx64/syscall_arch.h`: number in `a7`, arguments `a0..a5`, `acrc 1`,
//!   result in `a0`), and its `kstat` is the asm-generic 64-bit layout. LinxCoreModel's syscall
//!   table uses the same numbers (write 64, exit 93, brk 214, mmap 222), so core's table serves
//!   Linx unchanged;
//! * `_start` (`arch/linx64/crt_arch.h`) reads argc/argv/envp/auxv from `sp`, so `sp` is the
//!   only register set at entry; static-pie programs find their base from `AT_PHDR` and
//!   `_DYNAMIC` (`AT_BASE` is 0: there is no interpreter).

use macrosim_core::SparseMemory;
use macrosim_core::elf::{self, ElfClass, ElfError, ElfImage, LoadOptions, PermPolicy};
use macrosim_core::linux::{Process, ProcessConfig, StartError};

/// `e_machine` of Linx executables.
pub const EM_LINX: u16 = 233;

/// Where things go in the 48-bit user address space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuntimeConfig {
    /// Load address of a static-pie executable's address 0.
    pub pie_base: u64,
    /// First address above the stack.
    pub stack_top: u64,
    pub stack_size: u64,
    /// Anonymous `mmap` regions are placed downwards from here.
    pub mmap_top: u64,
    /// How far `brk` may grow above the loaded image.
    pub brk_limit: u64,
}

impl Default for RuntimeConfig {
    fn default() -> Self {
        RuntimeConfig {
            pie_base: 0x4000_0000,
            stack_top: 0x7fff_f000_0000,
            stack_size: 8 << 20,
            mmap_top: 0x7fff_0000_0000,
            brk_limit: 1 << 30,
        }
    }
}

/// Why a program could not be started.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Elf(#[from] ElfError),
    #[error(transparent)]
    Start(#[from] StartError),
    #[error("the program needs the dynamic loader {0} (only static and static-pie programs run)")]
    Dynamic(String),
}

/// A loaded program, ready to run at `entry` with `sp`.
pub struct Program {
    pub mem: SparseMemory,
    pub image: ElfImage,
    pub process: Process,
    pub entry: u64,
    pub sp: u64,
}

/// Load `bytes` as a linx64 Linux executable with `argv` (argv[0] is the program name) and
/// `envp`.
pub fn load(
    bytes: &[u8],
    argv: &[String],
    envp: &[String],
    cfg: &RuntimeConfig,
) -> Result<Program, LoadError> {
    let mut mem = SparseMemory::new();
    let opts = LoadOptions {
        class: Some(ElfClass::Elf64),
        machine: Some(EM_LINX),
        pie_base: cfg.pie_base,
        perms: PermPolicy::FromSegments,
    };
    let image = elf::load(bytes, &mut mem, &opts)?;
    // A static binary may carry an unused PT_INTERP (the LLVM-built tests do); a program that
    // needs the loader has both PT_INTERP and PT_DYNAMIC (static-pie has only PT_DYNAMIC).
    if let Some(interp) = image.interp.as_ref().filter(|_| has_dynamic_segment(bytes)) {
        return Err(LoadError::Dynamic(interp.clone()));
    }
    let pcfg = ProcessConfig {
        word_bytes: 8,
        machine: "linx64",
        stack_top: cfg.stack_top,
        stack_size: cfg.stack_size,
        mmap_top: cfg.mmap_top,
        brk_limit: cfg.brk_limit,
        extra_auxv: Vec::new(),
    };
    let (process, sp) = Process::start(&mut mem, &image, pcfg, argv, envp)?;
    Ok(Program {
        entry: image.entry,
        mem,
        image,
        process,
        sp,
    })
}

/// Whether an (already validated) ELF64 file has a PT_DYNAMIC program header.
fn has_dynamic_segment(bytes: &[u8]) -> bool {
    const PT_DYNAMIC: u32 = 2;
    let field = |at: usize, len: usize| -> u64 {
        bytes.get(at..at + len).map_or(0, |b| {
            b.iter().rev().fold(0, |v, &x| (v << 8) | u64::from(x))
        })
    };
    let (phoff, phentsize, phnum) = (field(32, 8), field(54, 2), field(56, 2));
    (0..phnum).any(|i| {
        let at = phoff.saturating_add(i * phentsize);
        usize::try_from(at).is_ok_and(|at| field(at, 4) == u64::from(PT_DYNAMIC))
    })
}

//! The Linux user-mode runtime shared by every target that runs Linux programs (RV32 under
//! `macrosim riscv run`, Linx64 under `macrosim linx run`).
//!
//! A target loads its ELF with [`crate::elf::load`], calls [`Process::start`] to map the stack
//! and lay out argc/argv/envp/auxv as the Linux kernel does for a static executable, and then
//! hands every system-call instruction to [`Process::syscall`] with the number and six argument
//! registers. System-call numbers are the asm-generic ones (`include/uapi/asm-generic/unistd.h`),
//! which RISC-V and Linx both use; structure layouts follow the word size.

mod stack;
mod syscalls;

pub use stack::{StackArgs, build_initial_stack};
pub use syscalls::{DEFAULT_MEM_LIMIT, Outcome, Process, ProcessConfig, StartError};

/// Linux errno values returned (negated) by system calls.
pub mod errno {
    pub const EPERM: i64 = 1;
    pub const ENOENT: i64 = 2;
    pub const EBADF: i64 = 9;
    pub const EAGAIN: i64 = 11;
    pub const ENOMEM: i64 = 12;
    pub const EACCES: i64 = 13;
    pub const EFAULT: i64 = 14;
    pub const ENODEV: i64 = 19;
    pub const EINVAL: i64 = 22;
    pub const ENOTTY: i64 = 25;
    pub const ESPIPE: i64 = 29;
    pub const ERANGE: i64 = 34;
    pub const ENOSYS: i64 = 38;
}

//! macrosim-core: the pieces every target shares.
//!
//! * [`memory`]: a sparse, paged, permission-checked memory for 32- and 64-bit address spaces.
//! * [`elf`]: loading static ELF executables (ET_EXEC and static-pie ET_DYN) into that memory.
//! * [`stop`]: asking a run to stop from outside (Ctrl-C, `--timeout`).
//! * [`linux`]: the Linux user-mode runtime: the initial stack (argc, argv, envp, auxv) and the
//!   system calls a static newlib/picolibc/musl program needs, for any word size.
//! * [`timeline`]: spans and instants on named tracks from the timing models, written as Chrome
//!   trace-event JSON (Perfetto) or a self-contained HTML viewer.
//!
//! Targets depend on this crate and never on each other (see `DESIGN.md`).

pub mod elf;
pub mod linux;
pub mod memory;
pub mod stop;
pub mod timeline;

pub use memory::{Access, FastPath, FrameRun, MemFault, Perm, SparseMemory};

//! The initial process stack of a static Linux executable, laid out as the kernel's
//! `create_elf_tables` (fs/binfmt_elf.c) does:
//!
//! ```text
//! top ->  8 zero bytes, then the argv[0] copy used for AT_EXECFN, envp and argv strings
//!         16 random bytes (AT_RANDOM)
//!         (16-byte alignment)
//!         auxv pairs ..., AT_NULL 0
//!         envp[0] ... NULL
//!         argv[0] ... NULL
//! sp ->   argc
//! ```
//!
//! Every pointer-sized slot is `word` bytes (4 for RV32, 8 for Linx64); `sp` is 16-byte aligned.

use crate::memory::{MemFault, SparseMemory};

/// `AT_RANDOM`: address of 16 random bytes.
pub const AT_RANDOM: u64 = 25;
/// `AT_EXECFN`: address of the file name of the program.
pub const AT_EXECFN: u64 = 31;
/// `AT_NULL`: end of the auxiliary vector.
pub const AT_NULL: u64 = 0;

/// What goes on the initial stack.
pub struct StackArgs<'a> {
    pub argv: &'a [String],
    pub envp: &'a [String],
    /// Auxiliary vector entries; `AT_RANDOM`, `AT_EXECFN` and the closing `AT_NULL` are added.
    pub auxv: &'a [(u64, u64)],
    pub random: [u8; 16],
}

/// Write the initial stack below `top` and return the stack pointer (which points at argc).
pub fn build_initial_stack(
    mem: &mut SparseMemory,
    top: u64,
    word: u64,
    args: &StackArgs<'_>,
) -> Result<u64, MemFault> {
    let mut sp = top - 8;
    mem.write_bytes(sp, &[0; 8])?;
    let mut push_str = |mem: &mut SparseMemory, s: &str| -> Result<u64, MemFault> {
        sp -= s.len() as u64 + 1;
        mem.write_bytes(sp, s.as_bytes())?;
        mem.write_bytes(sp + s.len() as u64, &[0])?;
        Ok(sp)
    };
    let execfn = push_str(mem, args.argv.first().map_or("", String::as_str))?;
    let mut env_ptrs = Vec::with_capacity(args.envp.len());
    for s in args.envp.iter().rev() {
        env_ptrs.push(push_str(mem, s)?);
    }
    env_ptrs.reverse();
    let mut arg_ptrs = Vec::with_capacity(args.argv.len());
    for s in args.argv.iter().rev() {
        arg_ptrs.push(push_str(mem, s)?);
    }
    arg_ptrs.reverse();
    sp = (sp - 16) & !15;
    let random = sp;
    mem.write_bytes(random, &args.random)?;

    let mut slots: Vec<u64> = Vec::new();
    slots.push(arg_ptrs.len() as u64);
    slots.extend(&arg_ptrs);
    slots.push(0);
    slots.extend(&env_ptrs);
    slots.push(0);
    for &(k, v) in args.auxv {
        slots.extend([k, v]);
    }
    slots.extend([AT_RANDOM, random, AT_EXECFN, execfn, AT_NULL, 0]);

    sp = (sp - slots.len() as u64 * word) & !15;
    for (i, v) in slots.iter().enumerate() {
        let at = sp + i as u64 * word;
        if word == 4 {
            mem.write_u32(at, *v as u32)?;
        } else {
            mem.write_u64(at, *v)?;
        }
    }
    Ok(sp)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::Perm;

    fn read_word(mem: &SparseMemory, at: u64, word: u64) -> u64 {
        if word == 4 {
            u64::from(mem.read_u32(at).unwrap())
        } else {
            mem.read_u64(at).unwrap()
        }
    }

    #[test]
    fn layout_matches_the_kernel_for_both_word_sizes() {
        for word in [4u64, 8] {
            let mut mem = SparseMemory::new();
            let top = 0x7fff_0000;
            mem.map(top - 0x10000, 0x10000, Perm::RW);
            let argv = ["prog".to_string(), "a b".to_string()];
            let envp = ["X=1".to_string()];
            let args = StackArgs {
                argv: &argv,
                envp: &envp,
                auxv: &[(6, 4096)],
                random: [7; 16],
            };
            let sp = build_initial_stack(&mut mem, top, word, &args).unwrap();
            assert_eq!(sp % 16, 0);
            let w = |i: u64| read_word(&mem, sp + i * word, word);
            assert_eq!(w(0), 2, "argc");
            assert_eq!(mem.read_cstr(w(1), 64).unwrap().unwrap(), b"prog");
            assert_eq!(mem.read_cstr(w(2), 64).unwrap().unwrap(), b"a b");
            assert_eq!(w(3), 0);
            assert_eq!(mem.read_cstr(w(4), 64).unwrap().unwrap(), b"X=1");
            assert_eq!(w(5), 0);
            assert_eq!((w(6), w(7)), (6, 4096));
            assert_eq!(w(8), AT_RANDOM);
            assert_eq!(mem.read_u8(w(9)).unwrap(), 7);
            assert_eq!(w(10), AT_EXECFN);
            assert_eq!(mem.read_cstr(w(11), 64).unwrap().unwrap(), b"prog");
            assert_eq!((w(12), w(13)), (AT_NULL, 0));
        }
    }
}

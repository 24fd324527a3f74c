//! System-call emulation for a single-threaded static Linux program.
//!
//! Numbers are asm-generic (`include/uapi/asm-generic/unistd.h`). Where 32- and 64-bit ABIs
//! differ (the `stat` layout, `lseek` vs `_llseek`, `mmap` vs `mmap2`, `clock_gettime64`), the
//! process's word size decides. Bad guest pointers give `-EFAULT`, unknown calls `-ENOSYS` with a
//! one-time warning naming the number; neither stops the simulation.
//!
//! Host files may be opened read-only. Randomness (`getrandom`, `AT_RANDOM`) comes from a fixed
//! seed so that runs are reproducible.

use super::errno::*;
use super::stack::{StackArgs, build_initial_stack};
use crate::elf::ElfImage;
use crate::memory::{MemFault, PAGE_SIZE, Perm, SparseMemory};
use rustc_hash::FxHashSet;
use std::fs::File;
use std::io::{self, IsTerminal, Read, Seek, SeekFrom, Write};
use thiserror::Error;

const AT_FDCWD: i64 = -100;
const AT_EMPTY_PATH: u64 = 0x1000;
const MAP_FIXED: u64 = 0x10;
const MAP_ANONYMOUS: u64 = 0x20;
const MREMAP_MAYMOVE: u64 = 1;
const TIOCGWINSZ: u64 = 0x5413;
const S_IFCHR: u32 = 0o020000;
const S_IFREG: u32 = 0o100000;
const S_IFDIR: u32 = 0o040000;

/// The highest signal number (`_NSIG - 1` on Linux).
const MAX_SIGNAL: i32 = 64;

/// The default limit on the memory a guest may map with `brk`, `mmap` and `mremap`
/// ([`Process::set_mem_limit`]): 4 GiB, an RV32 address space, and more than any program this
/// project runs maps (deepsjeng's hash table is 720 MB).
pub const DEFAULT_MEM_LIMIT: u64 = 4 << 30;

/// Where a process's memory goes and what it reports about itself.
#[derive(Clone, Debug)]
pub struct ProcessConfig {
    /// 4 for a 32-bit ABI, 8 for a 64-bit one.
    pub word_bytes: u64,
    /// `uname().machine`, e.g. "riscv32".
    pub machine: &'static str,
    /// First address above the stack (exclusive); the stack grows down from here.
    pub stack_top: u64,
    pub stack_size: u64,
    /// Anonymous mappings are placed downwards from here.
    pub mmap_top: u64,
    /// How far `brk` may grow above the end of the loaded image.
    pub brk_limit: u64,
    /// Extra auxiliary-vector entries (e.g. `AT_HWCAP`).
    pub extra_auxv: Vec<(u64, u64)>,
}

/// What the program asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Put this value in the return register and go on.
    Return(u64),
    /// The program called `exit` or `exit_group` with this status.
    Exit(i32),
    /// The program sent itself this signal (e.g. 6 from `abort()`); it would die of it.
    Killed(u32),
}

/// Why a process could not be started.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum StartError {
    #[error("the initial stack does not fit: {0}")]
    Stack(MemFault),
    #[error("the stack ({stack_bottom:#x}..{stack_top:#x}) overlaps the loaded program")]
    StackOverlapsImage { stack_bottom: u64, stack_top: u64 },
}

enum Fd {
    Stdin,
    Stdout,
    Stderr,
    File(File),
}

/// A running Linux process's kernel-side state.
pub struct Process {
    cfg: ProcessConfig,
    brk_start: u64,
    brk: u64,
    mmap_next: u64,
    exe_path: String,
    fds: Vec<Option<Fd>>,
    stdout: Box<dyn Write>,
    stderr: Box<dyn Write>,
    warned: FxHashSet<u64>,
    rng: u64,
    /// Bytes mapped by `brk`, `mmap` and `mremap`, and the most allowed.
    mapped: u64,
    mem_limit: u64,
}

impl Process {
    /// Map the stack, lay out argc/argv/envp/auxv for `image`, and return the process with the
    /// initial stack pointer. `argv[0]` is the program path.
    pub fn start(
        mem: &mut SparseMemory,
        image: &ElfImage,
        cfg: ProcessConfig,
        argv: &[String],
        envp: &[String],
    ) -> Result<(Process, u64), StartError> {
        let stack_bottom = cfg.stack_top - cfg.stack_size;
        if image
            .segments
            .iter()
            .any(|s| s.vaddr < cfg.stack_top && stack_bottom < s.vaddr + s.memsz)
        {
            return Err(StartError::StackOverlapsImage {
                stack_bottom,
                stack_top: cfg.stack_top,
            });
        }
        mem.map(stack_bottom, cfg.stack_size, Perm::RW);
        let mut auxv = vec![
            (3, image.phdr_addr.unwrap_or(0)), // AT_PHDR
            (4, image.phent),                  // AT_PHENT
            (5, image.phnum),                  // AT_PHNUM
            (6, PAGE_SIZE),                    // AT_PAGESZ
            (7, 0),                            // AT_BASE: no interpreter
            (8, 0),                            // AT_FLAGS
            (9, image.entry),                  // AT_ENTRY
            (11, 0),                           // AT_UID
            (12, 0),                           // AT_EUID
            (13, 0),                           // AT_GID
            (14, 0),                           // AT_EGID
            (17, 100),                         // AT_CLKTCK
            (23, 0),                           // AT_SECURE
        ];
        auxv.extend(cfg.extra_auxv.iter().copied());
        let mut process = Process {
            brk_start: image.end,
            brk: image.end,
            mmap_next: cfg.mmap_top,
            exe_path: argv.first().cloned().unwrap_or_default(),
            fds: vec![Some(Fd::Stdin), Some(Fd::Stdout), Some(Fd::Stderr)],
            stdout: Box::new(io::stdout()),
            stderr: Box::new(io::stderr()),
            warned: FxHashSet::default(),
            rng: 0x9e37_79b9_7f4a_7c15,
            mapped: 0,
            mem_limit: DEFAULT_MEM_LIMIT,
            cfg,
        };
        let mut random = [0; 16];
        process.fill_random(&mut random);
        let args = StackArgs {
            argv,
            envp,
            auxv: &auxv,
            random,
        };
        let sp = build_initial_stack(mem, process.cfg.stack_top, process.cfg.word_bytes, &args)
            .map_err(StartError::Stack)?;
        Ok((process, sp))
    }

    /// Send the program's standard output and error somewhere else (tests capture them).
    pub fn redirect_output(&mut self, stdout: Box<dyn Write>, stderr: Box<dyn Write>) {
        self.stdout = stdout;
        self.stderr = stderr;
    }

    /// The current program break.
    pub fn brk(&self) -> u64 {
        self.brk
    }

    /// Perform system call `nr` with argument registers `a` (a0..a5).
    pub fn syscall(&mut self, mem: &mut SparseMemory, nr: u64, a: [u64; 6]) -> Outcome {
        let word = self.cfg.word_bytes;
        let r: Result<i64, i64> = match nr {
            17 => self.getcwd(mem, a[0], a[1]),
            25 => Ok(0), // fcntl: descriptor flags are not modelled
            29 => self.ioctl(mem, a[0], a[1], a[2]),
            48 => self.faccessat(mem, a[1]),
            56 => self.openat(mem, a[0], a[1], a[2]),
            57 => self.close(a[0]),
            62 if word == 8 => self.lseek(a[0], a[1] as i64, a[2]),
            62 => self.llseek(mem, a[0], (a[1] << 32) | (a[2] & 0xffff_ffff), a[3], a[4]),
            63 => self.read(mem, a[0], a[1], a[2]),
            64 => self.write(mem, a[0], a[1], a[2]),
            65 => self.readv(mem, a[0], a[1], a[2]),
            66 => self.writev(mem, a[0], a[1], a[2]),
            78 => self.readlinkat(mem, a[1], a[2], a[3]),
            79 => self.fstatat(mem, a[0], a[1], a[2], a[3]),
            80 => self.fstat(mem, a[0], a[1]),
            93 | 94 => return Outcome::Exit(a[0] as i32),
            96 | 172 | 178 => Ok(1), // set_tid_address, getpid, gettid
            98 | 99 | 124 | 135 | 233 => Ok(0), // futex, set_robust_list, sched_yield, rt_sigprocmask, madvise
            134 => self.sigaction(mem, a[2]),
            129 | 131 => {
                // kill/tgkill of ourselves: the signal is in a1 (kill) or a2 (tgkill).
                // The signal is an `int`; Linux accepts 0 (a permission probe) and 1..=_NSIG-1
                // (64) and gives EINVAL for anything else (kill(2), "ERRORS").
                let sig = (if nr == 129 { a[1] } else { a[2] }) as i32;
                match sig {
                    0 => Ok(0),
                    1..=MAX_SIGNAL => return Outcome::Killed(sig as u32),
                    _ => Err(EINVAL),
                }
            }
            113 | 403 => self.clock_gettime(mem, a[0], a[1], nr == 113 && word == 4),
            160 => self.uname(mem, a[0]),
            163 | 261 => self.getrlimit(mem, nr, a),
            173 => Ok(0),       // getppid
            174..=177 => Ok(0), // getuid, geteuid, getgid, getegid
            214 => Ok(self.set_brk(mem, a[0]) as i64),
            215 => self.munmap(mem, a[0], a[1]),
            216 => self.mremap(mem, a[0], a[1], a[2], a[3]),
            222 => {
                let offset = if word == 4 { a[5] * PAGE_SIZE } else { a[5] };
                self.mmap(mem, a[0], a[1], a[2], a[3], a[4], offset)
            }
            226 => self.mprotect(mem, a[0], a[1], a[2]),
            278 => self.getrandom(mem, a[0], a[1]),
            _ => {
                if self.warned.insert(nr) {
                    let _ = writeln!(
                        self.stderr,
                        "macrosim: warning: unimplemented system call {nr}; returning -ENOSYS"
                    );
                }
                Err(ENOSYS)
            }
        };
        let v = match r {
            Ok(v) => v,
            Err(e) => -e,
        };
        Outcome::Return(if word == 4 {
            u64::from(v as u32)
        } else {
            v as u64
        })
    }

    fn fill_random(&mut self, buf: &mut [u8]) {
        for b in buf {
            // xorshift64*: deterministic, so every run of a program sees the same bytes.
            self.rng ^= self.rng >> 12;
            self.rng ^= self.rng << 25;
            self.rng ^= self.rng >> 27;
            *b = (self.rng.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 56) as u8;
        }
    }

    #[cfg(test)]
    fn put_word(&self, mem: &mut SparseMemory, at: u64, v: u64) -> Result<(), i64> {
        let r = if self.cfg.word_bytes == 4 {
            mem.write_u32(at, v as u32)
        } else {
            mem.write_u64(at, v)
        };
        r.map_err(|_| EFAULT)
    }

    fn get_word(&self, mem: &SparseMemory, at: u64) -> Result<u64, i64> {
        let r = if self.cfg.word_bytes == 4 {
            mem.read_u32(at).map(u64::from)
        } else {
            mem.read_u64(at)
        };
        r.map_err(|_| EFAULT)
    }

    fn guest_bytes(mem: &SparseMemory, addr: u64, len: u64) -> Result<Vec<u8>, i64> {
        let len = usize::try_from(len).map_err(|_| EFAULT)?;
        if len > 1 << 30 {
            return Err(EFAULT);
        }
        let mut buf = vec![0; len];
        mem.read_into(addr, &mut buf, crate::memory::Access::Read)
            .map_err(|_| EFAULT)?;
        Ok(buf)
    }

    fn guest_path(mem: &SparseMemory, addr: u64) -> Result<String, i64> {
        let bytes = mem
            .read_cstr(addr, 4096)
            .map_err(|_| EFAULT)?
            .ok_or(ERANGE)?;
        String::from_utf8(bytes).map_err(|_| ENOENT)
    }

    fn fd(&mut self, fd: u64) -> Result<&mut Fd, i64> {
        self.fds
            .get_mut(fd as usize)
            .and_then(Option::as_mut)
            .ok_or(EBADF)
    }

    fn write(&mut self, mem: &mut SparseMemory, fd: u64, buf: u64, len: u64) -> Result<i64, i64> {
        let data = Self::guest_bytes(mem, buf, len)?;
        let out: &mut dyn Write = match self.fd(fd)? {
            Fd::Stdout => &mut self.stdout,
            Fd::Stderr => &mut self.stderr,
            _ => return Err(EBADF),
        };
        out.write_all(&data)
            .and_then(|()| out.flush())
            .map_err(|_| EINVAL)?;
        Ok(data.len() as i64)
    }

    fn read(&mut self, mem: &mut SparseMemory, fd: u64, buf: u64, len: u64) -> Result<i64, i64> {
        let len = len.min(1 << 20);
        mem.check_range(buf, len, crate::memory::Access::Write)
            .map_err(|_| EFAULT)?;
        let mut data = vec![0; len as usize];
        let n = match self.fd(fd)? {
            Fd::Stdin => io::stdin().read(&mut data),
            Fd::File(f) => f.read(&mut data),
            _ => return Err(EBADF),
        }
        .map_err(|_| EINVAL)?;
        mem.write_bytes(buf, &data[..n]).map_err(|_| EFAULT)?;
        Ok(n as i64)
    }

    /// The (base, len) pairs of an iovec array.
    fn iovecs(&self, mem: &SparseMemory, iov: u64, cnt: u64) -> Result<Vec<(u64, u64)>, i64> {
        if cnt > 1024 {
            return Err(EINVAL);
        }
        let w = self.cfg.word_bytes;
        (0..cnt)
            .map(|i| {
                Ok((
                    self.get_word(mem, iov + i * 2 * w)?,
                    self.get_word(mem, iov + i * 2 * w + w)?,
                ))
            })
            .collect()
    }

    fn writev(&mut self, mem: &mut SparseMemory, fd: u64, iov: u64, cnt: u64) -> Result<i64, i64> {
        let mut total = 0;
        for (base, len) in self.iovecs(mem, iov, cnt)? {
            total += self.write(mem, fd, base, len)?;
        }
        Ok(total)
    }

    fn readv(&mut self, mem: &mut SparseMemory, fd: u64, iov: u64, cnt: u64) -> Result<i64, i64> {
        let mut total = 0;
        for (base, len) in self.iovecs(mem, iov, cnt)? {
            let n = self.read(mem, fd, base, len)?;
            total += n;
            if (n as u64) < len {
                break;
            }
        }
        Ok(total)
    }

    fn openat(
        &mut self,
        mem: &mut SparseMemory,
        dirfd: u64,
        path: u64,
        flags: u64,
    ) -> Result<i64, i64> {
        let path = Self::guest_path(mem, path)?;
        if flags & 3 != 0 || flags & 0o100 != 0 {
            return Err(EACCES); // O_WRONLY, O_RDWR or O_CREAT: host files are read-only
        }
        if !path.starts_with('/')
            && dirfd as i64 != AT_FDCWD
            && dirfd as u32 as i32 as i64 != AT_FDCWD
        {
            return Err(EBADF);
        }
        let file = File::open(&path).map_err(|e| io_errno(&e))?;
        let slot = self
            .fds
            .iter()
            .position(Option::is_none)
            .unwrap_or(self.fds.len());
        if slot == self.fds.len() {
            self.fds.push(None);
        }
        self.fds[slot] = Some(Fd::File(file));
        Ok(slot as i64)
    }

    fn close(&mut self, fd: u64) -> Result<i64, i64> {
        self.fd(fd)?;
        self.fds[fd as usize] = None;
        Ok(0)
    }

    fn lseek(&mut self, fd: u64, off: i64, whence: u64) -> Result<i64, i64> {
        let pos = match whence {
            0 => SeekFrom::Start(u64::try_from(off).map_err(|_| EINVAL)?),
            1 => SeekFrom::Current(off),
            2 => SeekFrom::End(off),
            _ => return Err(EINVAL),
        };
        match self.fd(fd)? {
            Fd::File(f) => f.seek(pos).map(|p| p as i64).map_err(|_| EINVAL),
            _ => Err(ESPIPE),
        }
    }

    fn llseek(
        &mut self,
        mem: &mut SparseMemory,
        fd: u64,
        off: u64,
        result: u64,
        whence: u64,
    ) -> Result<i64, i64> {
        let pos = self.lseek(fd, off as i64, whence)?;
        mem.write_u64(result, pos as u64).map_err(|_| EFAULT)?;
        Ok(0)
    }

    fn ioctl(&mut self, mem: &mut SparseMemory, fd: u64, req: u64, arg: u64) -> Result<i64, i64> {
        let is_tty = match self.fd(fd)? {
            Fd::Stdin => io::stdin().is_terminal(),
            Fd::Stdout => io::stdout().is_terminal(),
            Fd::Stderr => io::stderr().is_terminal(),
            Fd::File(_) => false,
        };
        if req != TIOCGWINSZ || !is_tty {
            return Err(ENOTTY);
        }
        let ws = [24u16, 80, 0, 0];
        let bytes: Vec<u8> = ws.iter().flat_map(|v| v.to_le_bytes()).collect();
        mem.write_bytes(arg, &bytes).map_err(|_| EFAULT)?;
        Ok(0)
    }

    fn stat_of(
        &mut self,
        fd: Option<u64>,
        path: Option<&str>,
    ) -> Result<(u32, u64, u64, u64), i64> {
        let meta = match (fd, path) {
            (_, Some(p)) => std::fs::metadata(p).map_err(|e| io_errno(&e))?,
            (Some(fd), None) => match self.fd(fd)? {
                Fd::File(f) => f.metadata().map_err(|e| io_errno(&e))?,
                _ => return Ok((S_IFCHR | 0o620, 0, 0, 0x8800)), // a tty-like character device
            },
            (None, None) => return Err(EBADF),
        };
        let kind = if meta.is_dir() {
            S_IFDIR | 0o755
        } else {
            S_IFREG | 0o644
        };
        let mtime = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_secs());
        Ok((kind, meta.len(), mtime, 0))
    }

    /// asm-generic `struct stat` (64-bit) or `struct stat64` (32-bit): identical up to the time
    /// fields, which are `long`-sized.
    fn put_stat(
        &self,
        mem: &mut SparseMemory,
        at: u64,
        st: (u32, u64, u64, u64),
    ) -> Result<i64, i64> {
        let (mode, size, mtime, rdev) = st;
        let w = self.cfg.word_bytes as usize;
        let mut b = vec![0u8; if w == 4 { 104 } else { 128 }];
        b[8..16].copy_from_slice(&1u64.to_le_bytes()); // st_ino
        b[16..20].copy_from_slice(&mode.to_le_bytes());
        b[20..24].copy_from_slice(&1u32.to_le_bytes()); // st_nlink
        b[32..40].copy_from_slice(&rdev.to_le_bytes());
        b[48..56].copy_from_slice(&size.to_le_bytes());
        b[56..60].copy_from_slice(&4096u32.to_le_bytes()); // st_blksize
        b[64..72].copy_from_slice(&size.div_ceil(512).to_le_bytes());
        for k in 0..3 {
            let t = 72 + k * 2 * w;
            b[t..t + w].copy_from_slice(&mtime.to_le_bytes()[..w]);
        }
        mem.write_bytes(at, &b).map_err(|_| EFAULT)?;
        Ok(0)
    }

    fn fstat(&mut self, mem: &mut SparseMemory, fd: u64, buf: u64) -> Result<i64, i64> {
        let st = self.stat_of(Some(fd), None)?;
        self.put_stat(mem, buf, st)
    }

    fn fstatat(
        &mut self,
        mem: &mut SparseMemory,
        dirfd: u64,
        path: u64,
        buf: u64,
        flags: u64,
    ) -> Result<i64, i64> {
        let p = Self::guest_path(mem, path)?;
        let st = if p.is_empty() && flags & AT_EMPTY_PATH != 0 {
            self.stat_of(Some(dirfd), None)?
        } else {
            self.stat_of(None, Some(&p))?
        };
        self.put_stat(mem, buf, st)
    }

    fn faccessat(&mut self, mem: &mut SparseMemory, path: u64) -> Result<i64, i64> {
        let p = Self::guest_path(mem, path)?;
        std::fs::metadata(p).map(|_| 0).map_err(|e| io_errno(&e))
    }

    fn readlinkat(
        &mut self,
        mem: &mut SparseMemory,
        path: u64,
        buf: u64,
        len: u64,
    ) -> Result<i64, i64> {
        let p = Self::guest_path(mem, path)?;
        if p != "/proc/self/exe" {
            return Err(EINVAL);
        }
        let target = std::fs::canonicalize(&self.exe_path)
            .map(|t| t.to_string_lossy().into_owned())
            .unwrap_or_else(|_| self.exe_path.clone());
        let n = target.len().min(len as usize);
        mem.write_bytes(buf, &target.as_bytes()[..n])
            .map_err(|_| EFAULT)?;
        Ok(n as i64)
    }

    fn getcwd(&mut self, mem: &mut SparseMemory, buf: u64, len: u64) -> Result<i64, i64> {
        let cwd = std::env::current_dir().map_err(|e| io_errno(&e))?;
        let mut s = cwd.to_string_lossy().into_owned().into_bytes();
        s.push(0);
        if s.len() as u64 > len {
            return Err(ERANGE);
        }
        mem.write_bytes(buf, &s).map_err(|_| EFAULT)?;
        Ok(s.len() as i64)
    }

    fn sigaction(&mut self, mem: &mut SparseMemory, old: u64) -> Result<i64, i64> {
        if old != 0 {
            // No handler was ever installed: the old action is all zeros (SIG_DFL).
            mem.write_bytes(old, &vec![0; 4 * self.cfg.word_bytes as usize])
                .map_err(|_| EFAULT)?;
        }
        Ok(0)
    }

    fn clock_gettime(
        &mut self,
        mem: &mut SparseMemory,
        clock: u64,
        ts: u64,
        time32: bool,
    ) -> Result<i64, i64> {
        if clock > 11 {
            return Err(EINVAL);
        }
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        let (sec, nsec) = (now.as_secs(), u64::from(now.subsec_nanos()));
        if time32 {
            mem.write_u32(ts, sec as u32)
                .and_then(|()| mem.write_u32(ts + 4, nsec as u32))
        } else {
            mem.write_u64(ts, sec)
                .and_then(|()| mem.write_u64(ts + 8, nsec))
        }
        .map_err(|_| EFAULT)?;
        Ok(0)
    }

    fn uname(&mut self, mem: &mut SparseMemory, buf: u64) -> Result<i64, i64> {
        let fields = [
            "Linux",
            "macrosim",
            "6.1.0",
            "#1 macrosim",
            self.cfg.machine,
            "(none)",
        ];
        let mut b = vec![0u8; 65 * fields.len()];
        for (i, f) in fields.iter().enumerate() {
            b[i * 65..i * 65 + f.len()].copy_from_slice(f.as_bytes());
        }
        mem.write_bytes(buf, &b).map_err(|_| EFAULT)?;
        Ok(0)
    }

    fn getrlimit(&mut self, mem: &mut SparseMemory, nr: u64, a: [u64; 6]) -> Result<i64, i64> {
        // getrlimit(resource, rlim) uses `long` fields; prlimit64(pid, resource, new, old) u64.
        let (resource, out, word) = if nr == 163 {
            (a[0], a[1], self.cfg.word_bytes)
        } else {
            (a[1], a[3], 8)
        };
        if out == 0 {
            return Ok(0);
        }
        let infinity = if word == 4 {
            u64::from(u32::MAX)
        } else {
            u64::MAX
        };
        let cur = if resource == 3 {
            self.cfg.stack_size
        } else {
            infinity
        }; // RLIMIT_STACK
        let r = if word == 4 {
            mem.write_u32(out, cur as u32)
                .and_then(|()| mem.write_u32(out + 4, infinity as u32))
        } else {
            mem.write_u64(out, cur)
                .and_then(|()| mem.write_u64(out + 8, infinity))
        };
        r.map_err(|_| EFAULT)?;
        Ok(0)
    }

    /// Limit the memory the guest may map with `brk`, `mmap` and `mremap` (default
    /// [`DEFAULT_MEM_LIMIT`]): beyond it those calls fail with ENOMEM, as under Linux's strict
    /// overcommit, so a guest's appetite never exhausts the host.
    pub fn set_mem_limit(&mut self, bytes: u64) {
        self.mem_limit = bytes;
    }

    /// Account `more` newly mapped bytes, or ENOMEM if they pass the limit.
    fn reserve(&mut self, more: u64) -> Result<(), i64> {
        match self.mapped.checked_add(more) {
            Some(total) if total <= self.mem_limit => {
                self.mapped = total;
                Ok(())
            }
            _ => Err(ENOMEM),
        }
    }

    /// Unmap `[addr, addr + len)` and stop accounting what was mapped there.
    fn release(&mut self, mem: &mut SparseMemory, addr: u64, len: u64) {
        self.mapped = self.mapped.saturating_sub(mem.mapped_bytes_in(addr, len));
        mem.unmap(addr, len);
    }

    fn set_brk(&mut self, mem: &mut SparseMemory, want: u64) -> u64 {
        if want < self.brk_start || want > self.brk_start.saturating_add(self.cfg.brk_limit) {
            return self.brk;
        }
        let mapped_end = self.brk.div_ceil(PAGE_SIZE) * PAGE_SIZE;
        if want > mapped_end {
            let more = want.div_ceil(PAGE_SIZE) * PAGE_SIZE - mapped_end;
            if mem.mapped_bytes_in(mapped_end, more) != 0 || self.reserve(more).is_err() {
                return self.brk; // would run into another mapping, or past the limit
            }
            mem.map(mapped_end, want - mapped_end, Perm::RW);
        } else {
            // Shrinking: zero what is released so that growing again gives zeroed memory.
            let keep = want.div_ceil(PAGE_SIZE) * PAGE_SIZE;
            self.release(mem, keep, mapped_end - keep);
            let tail = keep - want;
            let _ = mem.write_bytes(want, &vec![0; tail as usize]);
        }
        self.brk = want;
        self.brk
    }

    #[allow(clippy::too_many_arguments)]
    fn mmap(
        &mut self,
        mem: &mut SparseMemory,
        addr: u64,
        len: u64,
        prot: u64,
        flags: u64,
        fd: u64,
        offset: u64,
    ) -> Result<i64, i64> {
        if len == 0 || !offset.is_multiple_of(PAGE_SIZE) {
            return Err(EINVAL);
        }
        let size = len.checked_next_multiple_of(PAGE_SIZE).ok_or(ENOMEM)?;
        if size > self.mem_limit {
            return Err(ENOMEM); // and `reserve` below counts what is already mapped
        }
        let contents = if flags & MAP_ANONYMOUS == 0 {
            let Fd::File(f) = self.fd(fd)? else {
                return Err(EACCES);
            };
            // Only regular files can be mapped here (a device such as /dev/zero would be read
            // without end): Linux's ENODEV for "does not support memory mapping".
            if !f.metadata().is_ok_and(|m| m.is_file()) {
                return Err(ENODEV);
            }
            let mut data = Vec::new();
            f.seek(SeekFrom::Start(offset)).map_err(|_| EINVAL)?;
            f.take(len).read_to_end(&mut data).map_err(|_| EINVAL)?;
            Some(data)
        } else {
            None
        };
        let at = if flags & MAP_FIXED != 0 {
            if !addr.is_multiple_of(PAGE_SIZE) {
                return Err(EINVAL);
            }
            self.release(mem, addr, size);
            addr
        } else {
            self.find_free(mem, size)?
        };
        self.reserve(size)?;
        mem.map(at, size, Perm::RW);
        if let Some(data) = contents {
            mem.load_bytes(at, &data).map_err(|_| EFAULT)?;
        }
        mem.protect(at, size, Perm::from_prot(prot));
        Ok(at as i64)
    }

    /// A free, page-aligned range of `size` bytes below the previous anonymous mappings.
    fn find_free(&mut self, mem: &SparseMemory, size: u64) -> Result<u64, i64> {
        let mut top = self.mmap_next;
        loop {
            let at = top.checked_sub(size).ok_or(ENOMEM)?;
            if at < self.brk_start.saturating_add(self.cfg.brk_limit) {
                return Err(ENOMEM);
            }
            // Below the last mapped stretch in the way (one step per range, not per page).
            match mem.last_mapped_stretch(at, size) {
                Some(busy) => top = busy,
                None => {
                    self.mmap_next = at;
                    return Ok(at);
                }
            }
        }
    }

    fn munmap(&mut self, mem: &mut SparseMemory, addr: u64, len: u64) -> Result<i64, i64> {
        if !addr.is_multiple_of(PAGE_SIZE) || len == 0 {
            return Err(EINVAL);
        }
        self.release(mem, addr, len);
        Ok(0)
    }

    fn mremap(
        &mut self,
        mem: &mut SparseMemory,
        old: u64,
        old_len: u64,
        new_len: u64,
        flags: u64,
    ) -> Result<i64, i64> {
        if !old.is_multiple_of(PAGE_SIZE) || new_len == 0 {
            return Err(EINVAL);
        }
        let old_size = old_len.checked_next_multiple_of(PAGE_SIZE).ok_or(EINVAL)?;
        let new_size = new_len.checked_next_multiple_of(PAGE_SIZE).ok_or(ENOMEM)?;
        let perm = mem.perm_at(old).ok_or(EFAULT)?;
        if new_size <= old_size {
            self.release(mem, old + new_size, old_size - new_size);
            return Ok(old as i64);
        }
        if flags & MREMAP_MAYMOVE == 0 {
            return Err(ENOMEM);
        }
        // The whole old range must be mapped (this also bounds the copy below by what the
        // guest really has, whatever length it claims).
        if !mem.is_range_mapped(old, old_size) {
            return Err(EFAULT);
        }
        let at = self.find_free(mem, new_size)?;
        self.reserve(new_size)?;
        mem.map(at, new_size, Perm::RW);
        // Copy the pages that were written, whatever the old mapping's permissions (it may be
        // PROT_NONE); the others read as zeros in the new mapping too.
        for from in mem.written_pages(old, old_size) {
            let page = *mem.page(from).ok_or(EFAULT)?.0;
            mem.load_bytes(at + (from - old), &page)
                .map_err(|_| EFAULT)?;
        }
        mem.protect(at, new_size, perm);
        self.release(mem, old, old_size);
        Ok(at as i64)
    }

    fn mprotect(
        &mut self,
        mem: &mut SparseMemory,
        addr: u64,
        len: u64,
        prot: u64,
    ) -> Result<i64, i64> {
        if !addr.is_multiple_of(PAGE_SIZE) {
            return Err(EINVAL);
        }
        if mem.protect(addr, len, Perm::from_prot(prot)) {
            Ok(0)
        } else {
            Err(ENOMEM)
        }
    }

    fn getrandom(&mut self, mem: &mut SparseMemory, buf: u64, len: u64) -> Result<i64, i64> {
        let mut data = vec![0; len.min(1 << 16) as usize];
        self.fill_random(&mut data);
        mem.write_bytes(buf, &data).map_err(|_| EFAULT)?;
        Ok(data.len() as i64)
    }
}

fn io_errno(e: &io::Error) -> i64 {
    match e.kind() {
        io::ErrorKind::NotFound => ENOENT,
        io::ErrorKind::PermissionDenied => EACCES,
        _ => e.raw_os_error().map_or(EINVAL, i64::from),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elf::{ElfClass, ElfKind, LoadOptions, LoadedSegment};
    use std::sync::{Arc, Mutex};

    #[derive(Clone, Default)]
    struct Capture(Arc<Mutex<Vec<u8>>>);
    impl Write for Capture {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn image(word: u64) -> ElfImage {
        let class = if word == 4 {
            ElfClass::Elf32
        } else {
            ElfClass::Elf64
        };
        let segs = [(0x1_0000, 0x1000, &[0u8][..])];
        let bytes = crate::elf::tests::tiny_elf(word == 8, object::elf::ET_EXEC, &segs);
        let mut mem = SparseMemory::new();
        let img = crate::elf::load(
            &bytes,
            &mut mem,
            &LoadOptions {
                class: Some(class),
                machine: None,
                pie_base: 0,
                perms: crate::elf::PermPolicy::FromSegments,
            },
        )
        .unwrap();
        assert_eq!(img.kind, ElfKind::Executable);
        assert_eq!(
            img.segments[0],
            LoadedSegment {
                vaddr: 0x1_0000,
                memsz: 0x1000,
                filesz: 1,
                perm: Perm::RWX
            }
        );
        img
    }

    fn process(word: u64) -> (Process, SparseMemory, Capture, u64) {
        let mut mem = SparseMemory::new();
        let img = image(word);
        mem.map(0x1_0000, 0x1000, Perm::RW);
        let cfg = ProcessConfig {
            word_bytes: word,
            machine: "test",
            stack_top: 0x4000_0000,
            stack_size: 0x10000,
            mmap_top: 0x3000_0000,
            brk_limit: 0x100_0000,
            extra_auxv: vec![],
        };
        let (mut p, sp) = Process::start(&mut mem, &img, cfg, &["prog".into()], &[]).unwrap();
        let out = Capture::default();
        p.redirect_output(Box::new(out.clone()), Box::new(out.clone()));
        (p, mem, out, sp)
    }

    #[test]
    fn write_and_writev_reach_stdout() {
        for word in [4, 8] {
            let (mut p, mut mem, out, _) = process(word);
            mem.write_bytes(0x1_0000, b"hello, world\n").unwrap();
            assert_eq!(
                p.syscall(&mut mem, 64, [1, 0x1_0000, 7, 0, 0, 0]),
                Outcome::Return(7)
            );
            // iovec { base, len } x2 at 0x1_0100
            let iov = 0x1_0100;
            p.put_word(&mut mem, iov, 0x1_0007).unwrap();
            p.put_word(&mut mem, iov + word, 5).unwrap();
            p.put_word(&mut mem, iov + 2 * word, 0x1_000c).unwrap();
            p.put_word(&mut mem, iov + 3 * word, 1).unwrap();
            assert_eq!(
                p.syscall(&mut mem, 66, [2, iov, 2, 0, 0, 0]),
                Outcome::Return(6)
            );
            assert_eq!(out.0.lock().unwrap().as_slice(), b"hello, world\n");
        }
    }

    #[test]
    fn bad_pointer_is_efault_and_unknown_call_is_enosys() {
        let (mut p, mut mem, out, _) = process(4);
        assert_eq!(
            p.syscall(&mut mem, 64, [1, 0xdead_0000, 4, 0, 0, 0]),
            Outcome::Return((-EFAULT) as u32 as u64)
        );
        assert_eq!(
            p.syscall(&mut mem, 999, [0; 6]),
            Outcome::Return((-ENOSYS) as u32 as u64)
        );
        assert_eq!(
            p.syscall(&mut mem, 999, [0; 6]),
            Outcome::Return((-ENOSYS) as u32 as u64)
        );
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        assert_eq!(
            text.matches("system call 999").count(),
            1,
            "warned once: {text}"
        );
    }

    #[test]
    fn brk_grows_and_shrinks_with_zeroed_memory() {
        let (mut p, mut mem, _, _) = process(8);
        let start = match p.syscall(&mut mem, 214, [0; 6]) {
            Outcome::Return(v) => v,
            o => panic!("{o:?}"),
        };
        assert_eq!(start, 0x1_1000);
        assert_eq!(
            p.syscall(&mut mem, 214, [start + 0x1800, 0, 0, 0, 0, 0]),
            Outcome::Return(start + 0x1800)
        );
        mem.write_u8(start + 0x17ff, 5).unwrap();
        assert_eq!(
            p.syscall(&mut mem, 214, [start + 0x100, 0, 0, 0, 0, 0]),
            Outcome::Return(start + 0x100)
        );
        assert!(!mem.is_mapped(start + 0x1000));
        p.syscall(&mut mem, 214, [start + 0x1800, 0, 0, 0, 0, 0]);
        assert_eq!(mem.read_u8(start + 0x17ff), Ok(0));
        assert_eq!(
            p.syscall(&mut mem, 214, [1, 0, 0, 0, 0, 0]),
            Outcome::Return(start + 0x1800),
            "below start: unchanged"
        );
    }

    #[test]
    fn anonymous_mmap_munmap_mremap() {
        let (mut p, mut mem, _, _) = process(8);
        let Outcome::Return(a) = p.syscall(&mut mem, 222, [0, 0x2000, 3, 0x22, u64::MAX, 0]) else {
            panic!()
        };
        assert_eq!(a % PAGE_SIZE, 0);
        mem.write_u64(a + 0x1ff8, 42).unwrap();
        let Outcome::Return(b) = p.syscall(&mut mem, 216, [a, 0x2000, 0x5000, 1, 0, 0]) else {
            panic!()
        };
        assert_eq!(mem.read_u64(b + 0x1ff8), Ok(42));
        assert!(!mem.is_mapped(a));
        assert_eq!(
            p.syscall(&mut mem, 215, [b, 0x5000, 0, 0, 0, 0]),
            Outcome::Return(0)
        );
        assert!(!mem.is_mapped(b));
        // PROT_NONE guard pages fault on access.
        let Outcome::Return(g) = p.syscall(&mut mem, 222, [0, 0x1000, 0, 0x22, u64::MAX, 0]) else {
            panic!()
        };
        assert!(mem.read_u8(g).is_err());
    }

    /// A 64-bit process with its stack and mmap area near the top of a 47-bit address space,
    /// room for the huge requests of issue 13, finding 5.
    fn high_process() -> (Process, SparseMemory) {
        let mut mem = SparseMemory::new();
        let cfg = ProcessConfig {
            word_bytes: 8,
            machine: "test",
            stack_top: 0x7fff_0000_0000,
            stack_size: 0x10000,
            mmap_top: 0x7f00_0000_0000,
            brk_limit: 0x100_0000,
            extra_auxv: vec![],
        };
        let (p, _) = Process::start(&mut mem, &image(8), cfg, &["prog".into()], &[]).unwrap();
        (p, mem)
    }

    /// Issue 13, finding 5: huge requests are refused or done in time bounded by what is
    /// mapped, never by the length the guest names; the limit gives ENOMEM.
    /// Under the default limit a gigabyte is one range: mmap, mprotect, mremap and munmap of it
    /// cost no entries and no frames until pages are written (issue 13, "reserve lazily").
    #[test]
    fn a_gigabyte_mapping_costs_a_range_until_touched() {
        let (mut p, mut mem) = high_process();
        let (ranges, resident) = (mem.mapped_ranges(), mem.resident_bytes());
        let start = std::time::Instant::now();
        let ret = |o: Outcome| match o {
            Outcome::Return(v) if (v as i64) >= 0 => v,
            o => panic!("{o:?}"),
        };
        let a = ret(p.syscall(&mut mem, 222, [0, 1 << 30, 3, 0x22, u64::MAX, 0]));
        assert_eq!(mem.mapped_ranges(), ranges + 1);
        mem.write_u64(a + (1 << 29), 42).unwrap();
        assert_eq!(
            mem.resident_bytes(),
            resident + PAGE_SIZE,
            "one page written"
        );
        // mremap to 2 GiB (it moves: only the written page is copied), mprotect its middle
        // read-only (three ranges), then munmap.
        let b = ret(p.syscall(&mut mem, 216, [a, 1 << 30, 2 << 30, 1, 0, 0]));
        assert_eq!(mem.read_u64(b + (1 << 29)), Ok(42));
        ret(p.syscall(&mut mem, 226, [b + (1 << 28), 1 << 28, 1, 0, 0, 0]));
        assert_eq!(mem.mapped_ranges(), ranges + 3);
        assert_eq!(mem.perm_at(b + (1 << 28)), Some(Perm::R));
        assert_eq!(mem.resident_bytes(), resident + PAGE_SIZE);
        ret(p.syscall(&mut mem, 215, [b, 2 << 30, 0, 0, 0, 0]));
        assert_eq!(
            (mem.mapped_ranges(), mem.resident_bytes()),
            (ranges, resident)
        );
        // Per page this was 2^18 entries per step and a gigabyte of zeros copied by mremap.
        assert!(
            start.elapsed() < std::time::Duration::from_millis(500),
            "{:?}",
            start.elapsed()
        );
    }

    #[test]
    fn guest_memory_is_limited_and_huge_requests_are_cheap() {
        let (mut p, mut mem) = high_process();
        p.set_mem_limit(64 << 20);
        let enomem = Outcome::Return((-ENOMEM) as u64);
        let start = std::time::Instant::now();
        let mmap = |p: &mut Process, mem: &mut SparseMemory, addr, len, flags| {
            p.syscall(mem, 222, [addr, len, 3, flags, u64::MAX, 0])
        };
        // 1 TiB, anonymous or MAP_FIXED; 64 GiB: over the limit.
        assert_eq!(mmap(&mut p, &mut mem, 0, 1 << 40, 0x22), enomem);
        assert_eq!(
            mmap(&mut p, &mut mem, 0x1000_0000_0000, 1 << 40, 0x32),
            enomem
        );
        assert_eq!(mmap(&mut p, &mut mem, 0, 64 << 30, 0x22), enomem);
        // Within it: 48 MiB, then 32 MiB more does not fit; after munmap it does.
        let Outcome::Return(a) = mmap(&mut p, &mut mem, 0, 48 << 20, 0x22) else {
            panic!()
        };
        assert_eq!(mmap(&mut p, &mut mem, 0, 32 << 20, 0x22), enomem);
        // munmap of 2^46 bytes around it: only the mapped pages cost anything.
        assert_eq!(
            p.syscall(&mut mem, 215, [a & !((1 << 46) - 1), 1 << 46, 0, 0, 0, 0]),
            Outcome::Return(0)
        );
        assert!(!mem.is_mapped(a));
        assert!(matches!(
            mmap(&mut p, &mut mem, 0, 32 << 20, 0x22),
            Outcome::Return(_)
        ));
        // mremap claiming a huge old length is EFAULT, not a host allocation.
        let Outcome::Return(b) = mmap(&mut p, &mut mem, 0, 0x2000, 0x22) else {
            panic!()
        };
        assert_eq!(
            p.syscall(&mut mem, 216, [b, 1 << 60, 1 << 61, 1, 0, 0]),
            Outcome::Return((-EFAULT) as u64)
        );
        // brk cannot grow past the limit either.
        let brk0 = match p.syscall(&mut mem, 214, [0; 6]) {
            Outcome::Return(v) => v,
            o => panic!("{o:?}"),
        };
        assert_eq!(
            p.syscall(&mut mem, 214, [brk0 + (60 << 20), 0, 0, 0, 0, 0]),
            Outcome::Return(brk0)
        );
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn file_mappings_need_a_regular_file() {
        let (mut p, mut mem, _, _) = process(8);
        mem.write_bytes(0x1_0000, b"/dev/zero\0").unwrap();
        let Outcome::Return(fd) = p.syscall(&mut mem, 56, [AT_FDCWD as u64, 0x1_0000, 0, 0, 0, 0])
        else {
            panic!()
        };
        assert!((fd as i64) >= 0, "open /dev/zero: {}", fd as i64);
        assert_eq!(
            p.syscall(&mut mem, 222, [0, 0x10000, 1, 0x2, fd, 0]),
            Outcome::Return((-ENODEV) as u64)
        );
    }

    #[test]
    fn exit_and_abort() {
        let (mut p, mut mem, _, _) = process(4);
        assert_eq!(
            p.syscall(&mut mem, 93, [3, 0, 0, 0, 0, 0]),
            Outcome::Exit(3)
        );
        assert_eq!(
            p.syscall(&mut mem, 131, [1, 1, 6, 0, 0, 0]),
            Outcome::Killed(6)
        );
        // Signal numbers outside 0..=64 are EINVAL (kill(2)), not a death by "signal 200".
        let einval = Outcome::Return((-EINVAL) as u32 as u64);
        for sig in [65, 200, u64::MAX, (-1i32) as u32 as u64] {
            assert_eq!(
                p.syscall(&mut mem, 129, [1, sig, 0, 0, 0, 0]),
                einval,
                "{sig}"
            );
            assert_eq!(
                p.syscall(&mut mem, 131, [1, 1, sig, 0, 0, 0]),
                einval,
                "{sig}"
            );
        }
        assert_eq!(
            p.syscall(&mut mem, 129, [1, 64, 0, 0, 0, 0]),
            Outcome::Killed(64)
        );
    }

    #[test]
    fn uname_and_fstat_of_stdout() {
        let (mut p, mut mem, _, _) = process(8);
        assert_eq!(
            p.syscall(&mut mem, 160, [0x1_0000, 0, 0, 0, 0, 0]),
            Outcome::Return(0)
        );
        assert_eq!(mem.read_cstr(0x1_0000, 65).unwrap().unwrap(), b"Linux");
        assert_eq!(
            mem.read_cstr(0x1_0000 + 4 * 65, 65).unwrap().unwrap(),
            b"test"
        );
        assert_eq!(
            p.syscall(&mut mem, 80, [1, 0x1_0200, 0, 0, 0, 0]),
            Outcome::Return(0)
        );
        assert_eq!(mem.read_u32(0x1_0210).unwrap() & 0o170000, S_IFCHR);
    }
}

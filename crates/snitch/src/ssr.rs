//! One stream semantic register (`notes/snitch.md` §2; RTL `snitch_ssr_addr_gen.sv`): its
//! configuration words, the address generator, the shadow set and the indirect (ISSR) mode.
//!
//! Configuration words (§2.2): 0 status, 1 repeat, 2..5 bound[0..3], 6..9 stride[0..3],
//! 10 idx_cfg, 11 idx_base, 12 idx_isect (read-only; Banshee's idx_shift), 16..31 launch aliases
//! `16 | no_indir << 3 | write << 2 | dims`.
//!
//! Shadowing (§2.4): register writes go to the shadow set; a launch while a job is still
//! running queues the shadow set (one job deep) and it becomes active when the running job's
//! last element is consumed. The `banshee` flavour has no shadow set (a launch restarts the
//! stream at once), reads back what was written, and computes ISSR addresses Banshee's way
//! (`notes/snitch.md` via `BUILD_BANSHEE.md`).

use macrosim_core::SparseMemory;
use std::fmt;

/// Behaviour choices where Banshee and the hardware differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SsrFlavour {
    /// Hardware: shadow set, strides masked to 8 bytes, repeat kept to `rpt_width` bits, ISSR
    /// address `base + (idx << 3 << shift)`. Banshee: none of that, ISSR address
    /// `base + (idx << shift) * stride0` with the shift from word 12.
    pub banshee: bool,
    /// Bits of the repeat register (hardware default 4).
    pub rpt_width: u32,
    /// Loops per SSR (1..=4).
    pub num_loops: u32,
    /// Whether this SSR has indirection (ISSR).
    pub indirection: bool,
    /// The TCDM's base: a pointer written through the status word has only its low 27 bits
    /// (the rest are flags, §2.2) and lies in the TCDM, the only memory SSRs reach (§2.1).
    pub tcdm_base: u32,
}

/// What went wrong with a stream (a program bug that would hang the hardware, §2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamFault {
    /// A pop from a read stream whose elements are all consumed.
    ReadPastEnd,
    /// A pop from a stream configured for writing.
    ReadOfWriteStream,
    /// A pop or push on an SSR that never had a job.
    NeverConfigured,
    /// A push to a write stream whose elements are all written.
    WritePastEnd,
    /// A push to a stream configured for reading.
    WriteToReadStream,
    /// The element's address is not in memory.
    BadAddress(u32),
    /// An indirect launch on an SSR without indirection hardware.
    NoIndirection,
    /// A launch with more loops than the SSR has.
    TooManyLoops(u32),
}

impl fmt::Display for StreamFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamFault::ReadPastEnd => f.write_str("read past the end of the stream"),
            StreamFault::ReadOfWriteStream => f.write_str("read from a write stream"),
            StreamFault::NeverConfigured => f.write_str("stream used but never configured"),
            StreamFault::WritePastEnd => f.write_str("write past the end of the stream"),
            StreamFault::WriteToReadStream => f.write_str("write to a read stream"),
            StreamFault::BadAddress(a) => write!(f, "element address {a:#010x} is not mapped"),
            StreamFault::NoIndirection => f.write_str("indirect launch on an SSR without ISSR"),
            StreamFault::TooManyLoops(d) => write!(f, "launch with {d} loops"),
        }
    }
}

/// The configuration registers (one set active, one shadow).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Regs {
    repeat: u32,
    bounds: [u32; 4],
    strides: [u32; 4],
    idx_cfg: u32,
    idx_base: u32,
    /// Banshee's idx_shift (word 12).
    idx_shift: u32,
}

/// A launched job.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Job {
    ptr: u32,
    write: bool,
    dims: u32,
    indir: bool,
    regs: Regs,
}

/// See [`SsrStreamer::linear`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Linear {
    pub ptr: u32,
    /// The innermost loop's index.
    pub idx0: u32,
    pub left: u32,
    pub stride: u32,
}

/// One SSR.
#[derive(Clone, Debug)]
pub struct SsrStreamer {
    flavour: SsrFlavour,
    /// The registers as written (the shadow set).
    shadow: Regs,
    /// The running (or last) job; `None` before the first launch.
    job: Option<Job>,
    /// A job launched while the running one was busy.
    pending: Option<Job>,
    idx: [u32; 4],
    done: bool,
    /// Deliveries of the current read element so far.
    rpt: u32,
    /// The current read element, once fetched.
    current: Option<u64>,
    /// The running job is a plain read stream (direct, no repeat): [`pop`](Self::pop)'s fast
    /// path applies while its innermost loop has elements left.
    plain_read: bool,
    /// Elements delivered (reads count each repetition) since the launch: for error messages.
    pub element: u64,
    /// Elements moved in total: for statistics.
    pub moved: u64,
    /// The address of the last element moved (for the cycle model's bank conflicts).
    pub last_addr: u32,
}

impl SsrStreamer {
    pub fn new(flavour: SsrFlavour) -> SsrStreamer {
        SsrStreamer {
            flavour,
            shadow: Regs::default(),
            job: None,
            pending: None,
            idx: [0; 4],
            // The RTL resets done = 1; Banshee reads 0 (`BUILD_BANSHEE.md`).
            done: !flavour.banshee,
            rpt: 0,
            current: None,
            plain_read: false,
            element: 0,
            moved: 0,
            last_addr: 0,
        }
    }

    /// Is a job running with elements left (or queued)?
    pub fn busy(&self) -> bool {
        self.job.is_some() && !self.done || self.pending.is_some()
    }

    /// Read configuration word `word`.
    pub fn read(&self, word: u32) -> u32 {
        let r = &self.shadow;
        match word {
            0 => self.status(),
            1 => r.repeat,
            2..=5 => r.bounds[(word - 2) as usize],
            6..=9 => r.strides[(word - 6) as usize],
            10 => r.idx_cfg,
            11 => r.idx_base,
            12 if self.flavour.banshee => r.idx_shift,
            _ => 0,
        }
    }

    fn status(&self) -> u32 {
        let (ptr, write, dims, indir) = match &self.job {
            Some(j) => (j.ptr, j.write, j.dims, j.indir),
            None => (0, false, 0, false),
        };
        u32::from(self.done) << 31
            | u32::from(write) << 30
            | (dims & 3) << 28
            | u32::from(indir) << 27
            | ptr & 0x07ff_ffff
    }

    /// Write configuration word `word`; a launch may fail (wrong loop count, no ISSR).
    pub fn write(&mut self, word: u32, value: u32) -> Result<(), StreamFault> {
        let hw = !self.flavour.banshee;
        let r = &mut self.shadow;
        match word {
            0 => {
                // Status: pointer and flags directly; done = 0 starts the job (§2.2).
                let job = Job {
                    ptr: self.flavour.tcdm_base & !0x07ff_ffff | value & 0x07ff_ffff,
                    write: value >> 30 & 1 == 1,
                    dims: value >> 28 & 3,
                    indir: value >> 27 & 1 == 1,
                    regs: *r,
                };
                if value >> 31 == 0 {
                    return self.launch(job);
                }
                self.job = Some(job);
                self.done = true;
                self.plain_read = false;
                self.pending = None;
            }
            1 => {
                r.repeat = if hw {
                    value & ((1 << self.flavour.rpt_width) - 1)
                } else {
                    value
                }
            }
            2..=5 => r.bounds[(word - 2) as usize] = value,
            6..=9 => r.strides[(word - 6) as usize] = if hw { value & !7 } else { value },
            10 => r.idx_cfg = value,
            11 => r.idx_base = if hw { value & !7 } else { value },
            12 if !hw => r.idx_shift = value,
            16..=31 => {
                let alias = word - 16;
                let job = Job {
                    ptr: value,
                    write: alias >> 2 & 1 == 1,
                    dims: alias & 3,
                    indir: alias >> 3 & 1 == 0,
                    regs: *r,
                };
                return self.launch(job);
            }
            _ => {}
        }
        Ok(())
    }

    fn launch(&mut self, job: Job) -> Result<(), StreamFault> {
        if job.indir && !self.flavour.indirection {
            return Err(StreamFault::NoIndirection);
        }
        if !job.indir && job.dims >= self.flavour.num_loops {
            return Err(StreamFault::TooManyLoops(job.dims + 1));
        }
        if !self.flavour.banshee && self.job.is_some() && !self.done {
            // The shadow set holds it until the running job ends (§2.4).
            self.pending = Some(job);
            return Ok(());
        }
        self.start(job);
        Ok(())
    }

    fn start(&mut self, job: Job) {
        self.job = Some(job);
        self.idx = [0; 4];
        self.done = false;
        self.rpt = 0;
        self.current = None;
        self.plain_read = !job.write && !job.indir && job.regs.repeat == 0;
        self.element = 0;
    }

    /// The address of the current element.
    fn address(&self, job: &Job, mem: &SparseMemory) -> Result<u32, StreamFault> {
        if !job.indir {
            return Ok(job.ptr);
        }
        // ISSR (§2.5): index i of bound[0] + 1 indices of 2^size bytes at the launch pointer.
        let size = job.regs.idx_cfg & 0xff;
        let at = job.ptr.wrapping_add(self.idx[0] << size);
        let a = u64::from(at);
        let index = match size {
            0 => mem.read_u8(a).map(u32::from),
            1 => mem.read_u16(a).map(u32::from),
            _ => mem.read_u32(a),
        }
        .map_err(|_| StreamFault::BadAddress(at))?;
        Ok(if self.flavour.banshee {
            let stride0 = job.regs.strides[0];
            job.regs
                .idx_base
                .wrapping_add((index << job.regs.idx_shift).wrapping_mul(stride0))
        } else {
            let shift = job.regs.idx_cfg >> 8 & 0xff;
            job.regs.idx_base.wrapping_add(index << 3 << shift)
        })
    }

    /// Move past the current element (§2.3): the lowest loop not at its bound advances by its
    /// stride; none left means done, and a pending job takes over.
    fn advance(&mut self) {
        let job = self.job.as_mut().expect("advance only runs with a job");
        self.element += 1;
        self.moved += 1;
        let dims = if job.indir { 0 } else { job.dims as usize };
        let k = (0..=dims).find(|&i| self.idx[i] != job.regs.bounds[i]);
        match k {
            None => {
                self.done = true;
                self.plain_read = false;
                if let Some(next) = self.pending.take() {
                    self.start(next);
                }
            }
            Some(k) => {
                self.idx[..k].fill(0);
                self.idx[k] += 1;
                if !job.indir {
                    job.ptr = job.ptr.wrapping_add(job.regs.strides[k]);
                }
            }
        }
    }

    /// The stream as a straight line, while the running job is a plain read stream inside its
    /// innermost loop: the next `left` pops take the elements at `ptr`, `ptr + stride`, …
    /// (what [`pop`](Self::pop)'s fast path does), for the cycle model's steady-state jump
    /// (`steady.rs`).
    pub fn linear(&self) -> Option<Linear> {
        let job = self
            .job
            .as_ref()
            .filter(|_| self.plain_read && !self.done)?;
        Some(Linear {
            ptr: job.ptr,
            idx0: self.idx[0],
            left: job.regs.bounds[0].wrapping_sub(self.idx[0]),
            stride: job.regs.strides[0],
        })
    }

    /// Pop the next element of a read stream.
    #[inline(always)]
    pub fn pop(&mut self, mem: &SparseMemory) -> Result<u64, StreamFault> {
        // Fast path: a plain read stream inside its innermost loop (what `advance` would do).
        if self.plain_read
            && let Some(job) = &mut self.job
            && self.idx[0] != job.regs.bounds[0]
            && let Ok(v) = mem.read_u64(u64::from(job.ptr))
        {
            self.last_addr = job.ptr;
            self.element += 1;
            self.moved += 1;
            self.idx[0] += 1;
            job.ptr = job.ptr.wrapping_add(job.regs.strides[0]);
            return Ok(v);
        }
        self.pop_slow(mem)
    }

    #[inline(never)]
    fn pop_slow(&mut self, mem: &SparseMemory) -> Result<u64, StreamFault> {
        let Some(job) = &self.job else {
            return Err(StreamFault::NeverConfigured);
        };
        if self.done {
            return Err(StreamFault::ReadPastEnd);
        }
        if job.write {
            return Err(StreamFault::ReadOfWriteStream);
        }
        let repeat = job.regs.repeat;
        let v = match self.current {
            Some(v) => v,
            None => {
                let addr = self.address(job, mem)?;
                let v = mem
                    .read_u64(u64::from(addr))
                    .map_err(|_| StreamFault::BadAddress(addr))?;
                self.last_addr = addr;
                if repeat == 0 {
                    // Delivered once: no need to hold it.
                    self.advance();
                    return Ok(v);
                }
                self.current = Some(v);
                v
            }
        };
        self.rpt += 1;
        if self.rpt > repeat {
            self.rpt = 0;
            self.current = None;
            self.advance();
        }
        Ok(v)
    }

    /// Push `v` to a write stream.
    pub fn push(&mut self, mem: &mut SparseMemory, v: u64) -> Result<(), StreamFault> {
        let Some(job) = &self.job else {
            return Err(StreamFault::NeverConfigured);
        };
        if self.done {
            return Err(StreamFault::WritePastEnd);
        }
        if !job.write {
            return Err(StreamFault::WriteToReadStream);
        }
        let addr = self.address(job, mem)?;
        self.last_addr = addr;
        mem.write_u64(u64::from(addr), v)
            .map_err(|_| StreamFault::BadAddress(addr))?;
        self.advance();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use macrosim_core::Perm;

    const HW: SsrFlavour = SsrFlavour {
        banshee: false,
        rpt_width: 4,
        num_loops: 4,
        indirection: true,
        tcdm_base: 0x1000_0000,
    };

    fn memory() -> SparseMemory {
        let mut m = SparseMemory::new();
        m.map(0x1000_0000, 0x2_0000, Perm::RW);
        for i in 0..1024u64 {
            m.write_u64(0x1000_0000 + 8 * i, i).unwrap();
        }
        m
    }

    /// The runtime's `snrt_ssr_loop_Nd` stride rule (§2.3): `stride[k] = s_k - Σ_{j<k} s_j·b_j`
    /// with `b_j` the bound register (trip count − 1), written here independently as the
    /// nested loops a programmer means.
    fn expected(sizes: &[u32], strides: &[u32]) -> Vec<u64> {
        let mut out = Vec::new();
        let n: u32 = sizes.iter().product();
        for flat in 0..n {
            let (mut rest, mut off) = (flat, 0);
            for (s, st) in sizes.iter().zip(strides) {
                off += (rest % s) * st;
                rest /= s;
            }
            out.push(u64::from(off / 8));
        }
        out
    }

    fn configure(s: &mut SsrStreamer, sizes: &[u32], strides: &[u32]) {
        let mut acc = 0u32;
        for (k, (&n, &st)) in sizes.iter().zip(strides).enumerate() {
            s.write(2 + k as u32, n - 1).unwrap();
            s.write(6 + k as u32, st.wrapping_sub(acc)).unwrap();
            acc = acc.wrapping_add(st * (n - 1));
        }
    }

    #[test]
    fn one_to_four_dimensions() {
        let mem = memory();
        let cases: [(&[u32], &[u32]); 4] = [
            (&[5], &[8]),
            (&[3, 4], &[16, 80]),
            (&[2, 3, 2], &[8, 32, 200]),
            (&[2, 2, 3, 2], &[24, 8, 64, 400]),
        ];
        for (sizes, strides) in cases {
            let mut s = SsrStreamer::new(HW);
            configure(&mut s, sizes, strides);
            s.write(24 + sizes.len() as u32 - 1, 0x1000_0000).unwrap();
            let got: Vec<u64> = (0..sizes.iter().product::<u32>())
                .map(|_| s.pop(&mem).unwrap())
                .collect();
            assert_eq!(got, expected(sizes, strides), "{sizes:?}");
            assert_eq!(s.pop(&mem), Err(StreamFault::ReadPastEnd));
            assert_eq!(s.read(0) >> 31, 1, "done bit");
        }
    }

    #[test]
    fn repeat_delivers_each_element_repeat_plus_one_times() {
        let mem = memory();
        let mut s = SsrStreamer::new(HW);
        s.write(1, 2).unwrap();
        s.write(2, 1).unwrap();
        s.write(6, 8).unwrap();
        s.write(24, 0x1000_0008).unwrap();
        let got: Vec<u64> = (0..6).map(|_| s.pop(&mem).unwrap()).collect();
        assert_eq!(got, [1, 1, 1, 2, 2, 2]);
        // 4 bits of repeat in hardware.
        s.write(1, 0x13).unwrap();
        assert_eq!(s.read(1), 3);
    }

    #[test]
    fn shadow_set_queues_one_launch() {
        let mem = memory();
        let mut s = SsrStreamer::new(HW);
        s.write(2, 1).unwrap();
        s.write(6, 8).unwrap();
        s.write(24, 0x1000_0000).unwrap();
        assert_eq!(s.pop(&mem), Ok(0));
        // Reconfigure and launch while the first job runs: it waits.
        s.write(2, 2).unwrap();
        s.write(24, 0x1000_0100).unwrap();
        assert_eq!(s.read(0) & 0x07ff_ffff, 0x1000_0008 & 0x07ff_ffff);
        assert_eq!(s.pop(&mem), Ok(1));
        assert_eq!(
            (0..3).map(|_| s.pop(&mem).unwrap()).collect::<Vec<_>>(),
            [32, 33, 34]
        );
        assert_eq!(s.pop(&mem), Err(StreamFault::ReadPastEnd));
    }

    #[test]
    fn write_stream_and_misuse() {
        let mut mem = memory();
        let mut s = SsrStreamer::new(HW);
        assert_eq!(s.pop(&mem), Err(StreamFault::NeverConfigured));
        s.write(2, 1).unwrap();
        s.write(6, 8).unwrap();
        s.write(28, 0x1000_1000).unwrap();
        assert_eq!(s.pop(&mem), Err(StreamFault::ReadOfWriteStream));
        s.push(&mut mem, 7).unwrap();
        s.push(&mut mem, 9).unwrap();
        assert_eq!(s.push(&mut mem, 1), Err(StreamFault::WritePastEnd));
        assert_eq!(mem.read_u64(0x1000_1008).unwrap(), 9);
        s.write(24, 0x1000_0000).unwrap();
        assert_eq!(s.push(&mut mem, 1), Err(StreamFault::WriteToReadStream));
    }

    #[test]
    fn indirect_read_hardware_and_banshee() {
        let mut mem = memory();
        // u16 indices 3, 0, 5 at 0x1000_2000.
        for (i, v) in [3u16, 0, 5].iter().enumerate() {
            mem.write_u16(0x1000_2000 + 2 * i as u64, *v).unwrap();
        }
        let mut s = SsrStreamer::new(HW);
        s.write(10, 1).unwrap(); // u16 indices, shift 0
        s.write(11, 0x1000_0040).unwrap();
        s.write(2, 2).unwrap();
        s.write(16, 0x1000_2000).unwrap();
        let got: Vec<u64> = (0..3).map(|_| s.pop(&mem).unwrap()).collect();
        assert_eq!(got, [8 + 3, 8, 8 + 5]);
        // shift 1: index << 3 << 1
        s.write(10, 1 | 1 << 8).unwrap();
        s.write(16, 0x1000_2000).unwrap();
        let got: Vec<u64> = (0..3).map(|_| s.pop(&mem).unwrap()).collect();
        assert_eq!(got, [8 + 6, 8, 8 + 10]);
        // Banshee: shift from word 12, scaled by stride0.
        let mut b = SsrStreamer::new(SsrFlavour {
            banshee: true,
            ..HW
        });
        b.write(10, 1).unwrap();
        b.write(11, 0x1000_0040).unwrap();
        b.write(12, 1).unwrap();
        b.write(6, 8).unwrap();
        b.write(2, 2).unwrap();
        b.write(16, 0x1000_2000).unwrap();
        let got: Vec<u64> = (0..3).map(|_| b.pop(&mem).unwrap()).collect();
        assert_eq!(got, [8 + 6, 8, 8 + 10]);
    }
}

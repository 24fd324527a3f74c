//! The functional frontend of one thread: input → MOP expander → replay expander → words for
//! the Wait Gate, pulled on demand.

use super::{FrontendInput, FrontendInsn, MopExpander, ReplayExpander};

/// A Tensix thread. The threads' frontends are identical except for the depth of the FIFO
/// before the MOP expander (frontend diagram `Diagrams/Out/TensixFrontend.svg`: 32 entries for
/// T0, 16 for T1 and T2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Thread {
    #[default]
    T0,
    T1,
    T2,
}

impl Thread {
    pub const ALL: [Thread; 3] = [Thread::T0, Thread::T1, Thread::T2];

    /// The thread with this number (0, 1 or 2).
    pub fn from_index(index: u8) -> Option<Self> {
        Self::ALL.get(usize::from(index)).copied()
    }

    pub fn index(self) -> u8 {
        self as u8
    }

    /// Entries of the FIFO before the MOP expander.
    pub fn mop_fifo_depth(self) -> usize {
        match self {
            Thread::T0 => 32,
            Thread::T1 | Thread::T2 => 16,
        }
    }
}

/// Entries of the FIFO before the replay expander (all threads).
pub const REPLAY_FIFO_DEPTH: usize = 8;
/// Entries of the FIFO before the Wait Gate (all threads).
pub const WAIT_GATE_FIFO_DEPTH: usize = 2;

/// One thread's frontend, functionally: the instructions that reach the Wait Gate, in order,
/// produced on demand from `input` (one word at a time, or in bulk into a caller's buffer).
///
/// The MOP expander's output is handed to the replay expander through a small staging buffer
/// filled in bulk ([`MopExpander::fill`]); it only ever runs ahead of the replay expander by
/// that buffer, and the stream is the same as pulling one instruction at a time.
#[derive(Clone, Debug)]
pub struct ThreadFrontend<I> {
    input: I,
    mop: MopExpander,
    replay: ReplayExpander,
    staged: Staged,
}

/// MOP-expander output not yet taken by the replay expander.
#[derive(Clone, Debug)]
struct Staged {
    insns: [FrontendInsn; Staged::LEN],
    pos: usize,
    len: usize,
}

impl Staged {
    const LEN: usize = 64;

    /// The next staged instruction, if any.
    #[inline(always)]
    fn take(&mut self) -> Option<FrontendInsn> {
        let insn = self.insns[..self.len].get(self.pos).copied()?;
        self.pos += 1;
        Some(insn)
    }
}

impl<I: Iterator<Item = FrontendInput>> ThreadFrontend<I> {
    /// A frontend at reset (MopCfg, MaskHi and the replay buffer all zero) fed by `input`.
    pub fn new(input: I) -> Self {
        ThreadFrontend {
            input,
            mop: MopExpander::new(),
            replay: ReplayExpander::new(),
            staged: Staged {
                insns: [FrontendInsn::default(); Staged::LEN],
                pos: 0,
                len: 0,
            },
        }
    }

    pub fn mop_expander(&self) -> &MopExpander {
        &self.mop
    }

    pub fn replay_expander(&self) -> &ReplayExpander {
        &self.replay
    }

    /// The next instruction to reach the Wait Gate, pulled one instruction at a time through
    /// both expanders (after any the bulk path staged).
    pub fn next_word(&mut self) -> Option<u32> {
        self.replay.pull(&mut || {
            self.staged
                .take()
                .or_else(|| self.mop.pull(&mut || self.input.next()))
        })
    }

    /// Fill `out` with the next instructions to reach the Wait Gate; returns how many, which is
    /// less than `out.len()` only at the end of the stream.
    pub fn fill(&mut self, out: &mut [u32]) -> usize {
        let Self {
            input,
            mop,
            replay,
            staged,
        } = self;
        let mut n = 0;
        while n < out.len() {
            if staged.pos == staged.len {
                staged.len = mop.fill(&mut || input.next(), &mut staged.insns);
                staged.pos = 0;
                if staged.len == 0 && !replay.is_playing_back() {
                    break;
                }
            }
            let mut pending = &staged.insns[staged.pos..staged.len];
            let before = pending.len();
            n += replay.fill(&mut pending, &mut out[n..]);
            staged.pos += before - pending.len();
        }
        n
    }

    /// Run to the end, handing the words to `sink` a buffer (of `buf.len()`) at a time.
    /// Returns the number of words.
    pub fn drain(&mut self, buf: &mut [u32], mut sink: impl FnMut(&[u32])) -> u64 {
        let mut total = 0;
        loop {
            let n = self.fill(buf);
            if n == 0 {
                return total;
            }
            sink(&buf[..n]);
            total += n as u64;
        }
    }
}

impl<I: Iterator<Item = FrontendInput>> Iterator for ThreadFrontend<I> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        self.next_word()
    }
}

/// `FrontendInsn` is what flows between the expanders: keep it (and `Option` of it) one
/// 64-bit register.
const _: () = assert!(
    std::mem::size_of::<FrontendInsn>() == 8 && std::mem::size_of::<Option<FrontendInsn>>() == 8
);

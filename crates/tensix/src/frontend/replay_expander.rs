//! The replay expander: the second stage of a Tensix thread's frontend, after the MOP expander
//! (tt-isa-documentation `WormholeB0/TensixTile/TensixCoprocessor/REPLAY.md`; seed 001).
//!
//! It consumes `REPLAY` and passes everything else through. `REPLAY` with Load = 1 records the
//! next Count incoming instructions into the 32-slot [`ReplayBuffer`] at slots
//! `(Index + i) % 32`, also passing them on when Exec = 1; with Load = 0 it plays back Count
//! instructions from slots `(Index + i) % 32`. Count 0 means 64 (the buffer twice).
//! REPLAY WRAP RULE: slot numbers wrap modulo 32, for recording and playback alike; only the
//! low 5 bits of Index and the low 6 bits of Count are used (see `frontend::insn`).
//! Recorded instructions are stored as they are, `REPLAY` included, and never re-expanded.
//!
//! Because it sits after the MOP expander, MOP output can be recorded and replayed; the
//! converse cannot happen, as `MOP` words that reach this stage are plain instructions.

use super::{FrontendInsn, FrontendKind, copy_run};

/// The per-thread replay buffer: 32 instruction words, all zero at reset.
///
/// Kept twice over (`window[i]` and `window[i + 32]` always hold slot `i`), so that any run of
/// up to 32 slots starting anywhere, wrapping past slot 31, is one contiguous slice: a playback
/// is then at most two slice copies (Count up to 64), never a word-by-word walk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayBuffer {
    window: [u32; 2 * ReplayBuffer::LEN],
}

impl ReplayBuffer {
    /// Number of slots.
    pub const LEN: usize = 32;

    /// The word in slot `index` (below 32).
    pub fn slot(&self, index: usize) -> u32 {
        self.window[index]
    }

    /// The 32 slots.
    pub fn slots(&self) -> &[u32] {
        &self.window[..Self::LEN]
    }

    fn store(&mut self, index: usize, word: u32) {
        self.window[index] = word;
        self.window[index + Self::LEN] = word;
    }

    /// Slots `index, index + 1, ...` (wrapping) as one slice of 32 words.
    fn run_from(&self, index: usize) -> &[u32; Self::LEN] {
        self.window[index..index + Self::LEN]
            .try_into()
            .expect("the window holds 32 words from any slot")
    }
}

impl Default for ReplayBuffer {
    fn default() -> Self {
        ReplayBuffer {
            window: [0; 2 * Self::LEN],
        }
    }
}

/// What the expander is doing. `index` is the next slot (always below 32) and `remaining` the
/// instructions still to record or play (at least 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum ReplayState {
    #[default]
    PassThrough,
    Recording {
        index: u8,
        remaining: u8,
        exec: bool,
    },
    PlayingBack {
        index: u8,
        remaining: u8,
    },
}

/// One thread's replay expander.
#[derive(Clone, Debug, Default)]
pub struct ReplayExpander {
    buffer: ReplayBuffer,
    state: ReplayState,
}

impl ReplayExpander {
    pub fn new() -> Self {
        Self::default()
    }

    /// The replay buffer.
    pub fn buffer(&self) -> &ReplayBuffer {
        &self.buffer
    }

    /// Whether a playback has instructions left to emit (the expander ingests nothing then).
    #[inline]
    pub fn is_playing_back(&self) -> bool {
        matches!(self.state, ReplayState::PlayingBack { .. })
    }

    /// Whether the next instructions ingested will be recorded.
    pub fn is_recording(&self) -> bool {
        matches!(self.state, ReplayState::Recording { .. })
    }

    /// Whether ingesting `insn` now emits an instruction in the same step.
    #[inline]
    pub fn would_emit(&self, insn: &FrontendInsn) -> bool {
        match self.state {
            ReplayState::Recording { exec, .. } => exec,
            _ => !matches!(insn.kind(), FrontendKind::Replay(r) if r.load),
        }
    }

    /// Ingest one incoming instruction; only while not playing back. Returns the instruction
    /// emitted in the same step: the instruction itself when passed through or recorded with
    /// Exec, the first played-back instruction for a playback `REPLAY`, nothing otherwise.
    pub fn accept(&mut self, insn: FrontendInsn) -> Option<u32> {
        match self.state {
            ReplayState::Recording {
                index,
                remaining,
                exec,
            } => {
                self.buffer.store(usize::from(index), insn.word);
                self.state = if remaining > 1 {
                    ReplayState::Recording {
                        index: (index + 1) % ReplayBuffer::LEN as u8,
                        remaining: remaining - 1,
                        exec,
                    }
                } else {
                    ReplayState::PassThrough
                };
                exec.then_some(insn.word)
            }
            ReplayState::PassThrough => match insn.kind() {
                FrontendKind::Replay(r) if r.load => {
                    self.state = ReplayState::Recording {
                        index: r.index,
                        remaining: r.count,
                        exec: r.exec,
                    };
                    None
                }
                FrontendKind::Replay(r) => {
                    self.state = ReplayState::PlayingBack {
                        index: r.index,
                        remaining: r.count,
                    };
                    self.next_playback()
                }
                _ => Some(insn.word),
            },
            ReplayState::PlayingBack { .. } => {
                debug_assert!(false, "ReplayExpander::accept while playing back");
                None
            }
        }
    }

    /// The next played-back instruction, if a playback is in progress.
    pub fn next_playback(&mut self) -> Option<u32> {
        let ReplayState::PlayingBack { index, remaining } = self.state else {
            return None;
        };
        self.state = if remaining > 1 {
            ReplayState::PlayingBack {
                index: (index + 1) % ReplayBuffer::LEN as u8,
                remaining: remaining - 1,
            }
        } else {
            ReplayState::PassThrough
        };
        Some(self.buffer.slot(usize::from(index)))
    }

    /// The next instruction this expander emits, pulling from `input` as needed; `None` once
    /// `input` is exhausted and no playback is pending.
    #[inline]
    pub fn pull(&mut self, input: &mut impl FnMut() -> Option<FrontendInsn>) -> Option<u32> {
        loop {
            if let Some(word) = self.next_playback() {
                return Some(word);
            }
            if let Some(word) = self.accept(input()?) {
                return Some(word);
            }
        }
    }

    /// Fill `out` with the next instructions this expander emits, taking incoming instructions
    /// from the front of `input` (which is advanced past them). Returns how many were written:
    /// `out.len()` unless `input` ran out (and no playback is left). Runs of instructions that
    /// pass through are copied in one go, and a playback up to 32 words at a time (the REPLAY
    /// WRAP RULE is taken care of by the buffer's doubled window). Gives the same stream as
    /// repeated [`ReplayExpander::pull`].
    #[inline]
    pub fn fill(&mut self, input: &mut &[FrontendInsn], out: &mut [u32]) -> usize {
        let mut n = 0;
        while n < out.len() {
            match self.state {
                ReplayState::PlayingBack { index, remaining } => {
                    n += self.copy_playback(index, remaining, &mut out[n..]);
                }
                ReplayState::PassThrough => {
                    let mut run = 0;
                    for (word, insn) in out[n..].iter_mut().zip(*input) {
                        if insn.is_replay() {
                            break;
                        }
                        *word = insn.word;
                        run += 1;
                    }
                    n += run;
                    *input = &input[run..];
                    if n == out.len() {
                        break;
                    }
                    let Some((&replay, rest)) = input.split_first() else {
                        break;
                    };
                    *input = rest;
                    if let FrontendKind::Replay(r) = replay.kind()
                        && !r.load
                    {
                        // The copy above takes the whole playback, its first word included.
                        self.state = ReplayState::PlayingBack {
                            index: r.index,
                            remaining: r.count,
                        };
                    } else {
                        self.accept(replay);
                    }
                }
                ReplayState::Recording { .. } => {
                    let Some((&insn, rest)) = input.split_first() else {
                        break;
                    };
                    *input = rest;
                    if let Some(word) = self.accept(insn) {
                        out[n] = word;
                        n += 1;
                    }
                }
            }
        }
        n
    }

    /// Copy up to 32 words of the playback at `index` into `out`; returns how many.
    #[inline]
    fn copy_playback(&mut self, index: u8, remaining: u8, out: &mut [u32]) -> usize {
        let run = usize::from(remaining).min(ReplayBuffer::LEN).min(out.len());
        copy_run::<_, 32>(out, self.buffer.run_from(usize::from(index)), run);
        // `run` is at most 32, so these fit in u8.
        let remaining = remaining - run as u8;
        self.state = if remaining > 0 {
            ReplayState::PlayingBack {
                index: ((usize::from(index) + run) % ReplayBuffer::LEN) as u8,
                remaining,
            }
        } else {
            ReplayState::PassThrough
        };
        run
    }
}

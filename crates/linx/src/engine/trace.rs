//! Observers of the functional engine (DESIGN principles 3, 4, 8): the engine is generic over an
//! [`Observer`]; [`NoObserver`] is zero-sized and its hooks compile away, so tracing and timing
//! cost nothing when they are off.
//!
//! * [`TraceWriter`] writes a commit log: one line per instruction (pc, bytes, disassembly,
//!   the destination value it produced) and one line per committed block (its start, type,
//!   exit kind and the next block).
//! * [`crate::engine::rob::BlockRob`] consumes the per-block events for `--timing`.

use crate::engine::rob::{BlockEvent, BlockRob};
use crate::isa::Decoded;
use crate::state::block::Barg;
use std::io::{self, Write};

/// Hooks the engine calls. `INSNS`/`BLOCKS` say whether the per-instruction and per-block hooks
/// are wanted at all (constants, so the calls disappear when false).
pub trait Observer {
    const INSNS: bool;
    const BLOCKS: bool;
    /// After an instruction at `pc` executed; `dst` is the destination value it wrote, if any.
    fn insn(&mut self, _pc: u64, _d: &Decoded, _dst: Option<(String, u64)>) {}
    /// After a block committed.
    fn block(&mut self, _barg: &Barg, _next: u64, _ev: &BlockEvent) {}
}

/// Observes nothing.
pub struct NoObserver;

impl Observer for NoObserver {
    const INSNS: bool = false;
    const BLOCKS: bool = false;
}

/// `--timing` alone: the block events go to the ROB model, instructions are not observed.
impl Observer for BlockRob {
    const INSNS: bool = false;
    const BLOCKS: bool = true;

    fn block(&mut self, _barg: &Barg, _next: u64, ev: &BlockEvent) {
        BlockRob::block(self, ev);
    }
}

/// The `--trace` commit log, with the `--timing` model when both are asked for.
pub struct Observers {
    pub trace: Option<TraceWriter>,
    pub rob: Option<BlockRob>,
}

impl Observer for Observers {
    const INSNS: bool = true;
    const BLOCKS: bool = true;

    fn insn(&mut self, pc: u64, d: &Decoded, dst: Option<(String, u64)>) {
        if let Some(t) = &mut self.trace {
            t.insn(pc, d, dst);
        }
    }

    fn block(&mut self, barg: &Barg, next: u64, ev: &BlockEvent) {
        if let Some(t) = &mut self.trace {
            t.block(barg, next, ev);
        }
        if let Some(r) = &mut self.rob {
            r.block(ev);
        }
    }
}

/// Writes the commit log to any writer. Write errors stop the log, not the simulation; the
/// first one is kept in `error`.
pub struct TraceWriter {
    out: Box<dyn Write>,
    pub error: Option<io::Error>,
}

impl TraceWriter {
    pub fn new(out: Box<dyn Write>) -> Self {
        TraceWriter { out, error: None }
    }

    fn put(&mut self, line: std::fmt::Arguments<'_>) {
        if self.error.is_none()
            && let Err(e) = self.out.write_fmt(line)
        {
            self.error = Some(e);
        }
    }

    fn insn(&mut self, pc: u64, d: &Decoded, dst: Option<(String, u64)>) {
        match dst {
            Some((reg, v)) => self.put(format_args!(
                "{pc:#010x}: {:<40} {reg} = {v:#x}\n",
                d.at(pc).to_string()
            )),
            None => self.put(format_args!("{pc:#010x}: {}\n", d.at(pc))),
        }
    }

    fn block(&mut self, barg: &Barg, next: u64, ev: &BlockEvent) {
        self.put(format_args!(
            "-- block {:#x} {} {} commits ({} insns) -> {next:#x}\n",
            barg.bpc, barg.block_type, barg.exit, ev.insns
        ));
    }

    /// Flush the writer; report the first error seen.
    pub fn finish(&mut self) -> io::Result<()> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.out.flush()
    }
}

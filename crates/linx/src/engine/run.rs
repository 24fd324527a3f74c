//! Running blocks: the block loop, commit in program order and the control-flow-integrity
//! checks (the rules are in [`crate::engine::machine`]'s module documentation).

use crate::engine::code::Run;
use crate::engine::machine::{Exit, Machine};
use crate::engine::rob::BlockEvent;
use crate::engine::trace::Observer;
use crate::exec::op::{Op, Template, Unsupported};
use crate::exec::scalar::Flow;
use crate::state::block::{BlockType, BranchType, CfiMode, TargetKind};
use crate::state::error::{CfiKind, Fault, Location, SimError};
use crate::state::regs::{REG_RA, src_name};

/// Where control came from when a block boundary is reached.
#[derive(Clone, Copy, Debug)]
struct Arrival {
    kind: TargetKind,
    source_block: u64,
}

/// What ended the execution of one block.
enum BlockEnd {
    /// Go on at this pc.
    Next(u64, Arrival),
    Exit(Exit),
}

impl<O: Observer> Machine<O> {
    /// Run until the program exits, is killed, hits the instruction limit, or faults.
    pub fn run(&mut self) -> Result<Exit, SimError> {
        let mut arrival = Arrival {
            kind: TargetKind::Dynamic,
            source_block: self.pc,
        };
        self.check_target(None, self.pc, arrival)
            .map_err(|f| self.error_at(f, self.pc))?;
        loop {
            if let Some(reason) = self.stop.requested() {
                return Ok(Exit::Stopped {
                    reason,
                    pc: self.pc,
                });
            }
            // The limit holds between blocks too: a block that retires no body instruction
            // (an empty `BSTOP` block, a template) never reaches the check in `step`, and a
            // run of them (zero-filled executable memory is all C.BSTOP) would otherwise go on.
            if let Some(limit) = self.cfg.max_insns
                && self.cpu.insns >= limit
            {
                return Ok(Exit::InsnLimit { limit, pc: self.pc });
            }
            match self.block(arrival)? {
                BlockEnd::Next(pc, a) => {
                    self.pc = pc;
                    arrival = a;
                }
                BlockEnd::Exit(e) => return Ok(e),
            }
        }
    }

    /// Is `op` something a transfer may land on (Check 8/9)?
    fn is_landing(op: &Op) -> bool {
        op.is_block_start() || matches!(op, Op::Bstop)
    }

    /// The CFI check of a transfer from the run `from` to `target`; the target's run is kept
    /// for the next block.
    fn check_target(&mut self, from: Option<&Run>, target: u64, a: Arrival) -> Result<(), Fault> {
        let run = match from {
            Some(f) => self.run_after(f, target),
            None => self.run_at(target),
        };
        let landing = Self::is_landing(run.first());
        let ok = landing || (self.cfg.cfi == CfiMode::Compat && a.kind != TargetKind::Dynamic);
        self.compat.cfi_exempt += u64::from(!landing && ok);
        let unfetchable = run.decoded[0].is_none();
        self.next_run = Some(run);
        if ok {
            return Ok(());
        }
        // Nothing could be fetched there (unmapped, not executable, undecodable): that fault
        // comes first; only a fetched instruction can fail to be a block start.
        if unfetchable && let Err(f) = self.fetch(target) {
            return Err(f);
        }
        Err(Fault::Cfi {
            kind: if a.kind == TargetKind::Linear {
                CfiKind::MissingNextMarker
            } else {
                CfiKind::BadTarget
            },
            source_block: a.source_block,
            target,
        })
    }

    /// Execute one block starting at `self.pc` (a boundary).
    fn block(&mut self, arrival: Arrival) -> Result<BlockEnd, SimError> {
        let pc = self.pc;
        let mut run = match self.next_run.take() {
            Some(r) if r.pcs[0] == pc => r,
            _ => self.run_at(pc),
        };
        let mut i = 0;
        match *run.first() {
            Op::BlockStart { ty, exit, target } => {
                self.cpu.begin_block(pc, ty, exit, target);
                self.retire::<false>(&run, 0);
                i = 1;
            }
            Op::Template { t, a, b, c, size } => {
                self.retire::<false>(&run, 0);
                return self
                    .template(t, [a, b, c], size, &run)
                    .map_err(|f| self.error_at(f, pc));
            }
            Op::Bstop => {
                // An empty block (Check 9): fall through to the next marker.
                self.cpu.blocks += 1;
                self.retire::<false>(&run, 0);
                let next = run.end;
                let a = Arrival {
                    kind: TargetKind::Linear,
                    source_block: pc,
                };
                self.check_target(Some(&run), next, a)
                    .map_err(|f| self.error_at(f, pc))?;
                return Ok(BlockEnd::Next(next, a));
            }
            _ => {
                // Only reachable where the CFI check let a non-marker through (compat mode):
                // the code runs as an implicit FALL block.
                let _ = arrival;
                self.cpu
                    .begin_block(pc, BlockType::Std, BranchType::Fall, 0);
            }
        }
        let mut acc = if O::BLOCKS {
            run.event.clone()
        } else {
            BlockEvent::default()
        };
        let bt = self.cpu.barg.block_type;
        let coupled = bt.is_scalar();
        loop {
            // Fast path: a coupled scalar body, nothing observed per instruction, and the
            // instruction limit (if any) out of reach for this run.
            let fast = coupled
                && !O::INSNS
                && self
                    .cfg
                    .max_insns
                    .is_none_or(|l| self.cpu.insns + run.ops.len() as u64 <= l);
            let mut j = i;
            while j < run.ops.len() {
                let op = &run.ops[j];
                let at = run.pcs[j];
                if fast && op.is_plain() {
                    self.cpu.payload = true;
                    match self.cpu.exec(op, at, &mut self.mem, &mut self.process) {
                        Ok(Flow::Next) => {
                            self.cpu.insns += 1;
                            j += 1;
                            continue;
                        }
                        Ok(Flow::Exit(code)) => {
                            self.cpu.insns += 1;
                            return Ok(BlockEnd::Exit(Exit::Exited(code)));
                        }
                        Ok(Flow::Killed(sig)) => {
                            self.cpu.insns += 1;
                            return Ok(BlockEnd::Exit(Exit::Killed(sig)));
                        }
                        Err(f) => return Err(self.error_at(f, at)),
                    }
                }
                match self.step(&run, j, op, at) {
                    Ok(None) => {}
                    Ok(Some(end)) => {
                        return match end {
                            StepEnd::Commit(fallthrough) => self
                                .commit(fallthrough, &acc, &run)
                                .map_err(|f| self.error_at(f, at)),
                            StepEnd::Exit(e) => Ok(BlockEnd::Exit(e)),
                        };
                    }
                    Err(f) => return Err(self.error_at(f, at)),
                }
                j += 1;
            }
            if run.cut {
                run = self.run_at(run.end);
                i = 0;
                acc.insns += run.event.insns;
                acc.loads |= run.event.loads;
                acc.stores |= run.event.stores;
                acc.gpr_reads |= run.event.gpr_reads & !acc.gpr_writes;
                acc.gpr_writes |= run.event.gpr_writes;
                continue;
            }
            // Implicit end: the next instruction is a block start marker.
            let end = run.end;
            return self
                .commit(end, &acc, &run)
                .map_err(|f| self.error_at(f, end));
        }
    }

    /// Count an executed instruction and report it to the observer.
    #[inline]
    fn retire<const DST: bool>(&mut self, run: &Run, j: usize) {
        self.cpu.insns += 1;
        if O::INSNS
            && let Some(d) = &run.decoded[j]
        {
            let dst = if DST {
                run.ops[j].dst().map(|r| match r {
                    crate::state::regs::DST_T => ("t#1".to_string(), self.cpu.regs.read(24)),
                    crate::state::regs::DST_U => ("u#1".to_string(), self.cpu.regs.read(28)),
                    r => (src_name(r), self.cpu.regs.read(r)),
                })
            } else {
                None
            };
            self.obs.insn(run.pcs[j], d, dst);
        }
    }

    /// Execute the body instruction `op` (index `j` of `run`).
    fn step(&mut self, run: &Run, j: usize, op: &Op, pc: u64) -> Result<Option<StepEnd>, Fault> {
        if let Some(limit) = self.cfg.max_insns
            && self.cpu.insns >= limit
        {
            return Ok(Some(StepEnd::Exit(Exit::InsnLimit { limit, pc })));
        }
        match *op {
            Op::Bstop => {
                self.retire::<false>(run, j);
                return Ok(Some(StepEnd::Commit(run.end)));
            }
            Op::Desc(d) => {
                self.cpu.descriptor(d, pc);
                self.retire::<false>(run, j);
                return Ok(None);
            }
            Op::Branch { .. } | Op::BranchP { .. } | Op::Jump { .. } | Op::JumpReg { .. } => {
                return Err(Fault::Illegal(
                    "in-body branches are legal only in MPAR/MSEQ kernel bodies \
                     (semantics_conventions block_legality)"
                        .into(),
                ));
            }
            Op::Vec(_) => {
                return Err(Fault::Illegal(
                    "vector instruction outside a vector block body".into(),
                ));
            }
            Op::Unsupported(kind) => return Err(self.unsupported(kind, run, j)),
            Op::Invalid => return Err(self.fetch(pc).err().unwrap_or(Fault::Decode("?".into()))),
            Op::BlockStart { .. } | Op::Template { .. } => {
                return Err(Fault::Illegal("block start marker inside a block".into()));
            }
            Op::Acrc { .. }
                if self.cfg.cfi == CfiMode::Strict
                    && !matches!(run.ops.get(j + 1), Some(Op::Bstop)) =>
            {
                return Err(Fault::Illegal(
                    "ACRC must be followed by BSTOP in the same block (manual 10 §ACRC)".into(),
                ));
            }
            Op::FenceI => self.cache.clear(),
            _ => {}
        }
        let bt = self.cpu.barg.block_type;
        if !bt.is_scalar() && bt != BlockType::Template {
            return Err(Fault::Illegal(format!(
                "only B.* descriptors may follow BSTART.{bt} (decoupled header, manual 04)"
            )));
        }
        self.cpu.payload = true;
        let flow = self.cpu.exec(op, pc, &mut self.mem, &mut self.process)?;
        self.retire::<true>(run, j);
        Ok(match flow {
            Flow::Next => None,
            Flow::Exit(code) => Some(StepEnd::Exit(Exit::Exited(code))),
            Flow::Killed(sig) => Some(StepEnd::Exit(Exit::Killed(sig))),
        })
    }

    fn unsupported(&self, kind: Unsupported, run: &Run, j: usize) -> Fault {
        let name = run.decoded[j]
            .map(|d| d.form.info().mnemonic.to_string())
            .unwrap_or_default();
        match kind {
            Unsupported::Privileged => Fault::Privileged(name),
            Unsupported::Unimplemented => Fault::Unimplemented(name),
            Unsupported::Reserved => Fault::Illegal(format!("{name}: reserved encoding")),
        }
    }

    /// Block commit: run the decoupled/tile engine, choose the next block, check the target.
    fn commit(&mut self, fallthrough: u64, acc: &BlockEvent, run: &Run) -> Result<BlockEnd, Fault> {
        let work = crate::engine::decoupled::finish_block(self)?;
        if work.limit_reached {
            let pc = self.pc;
            return Ok(BlockEnd::Exit(match self.stop.requested() {
                Some(reason) => Exit::Stopped { reason, pc },
                None => Exit::InsnLimit {
                    limit: self.cfg.max_insns.unwrap_or(0),
                    pc,
                },
            }));
        }
        let barg = self.cpu.barg;
        let ra = self.cpu.regs.read(REG_RA);
        let c = barg.commit(fallthrough, ra, self.cfg.cfi)?;
        if let Some(v) = c.write_ra {
            self.cpu.regs.write(REG_RA, v);
            self.compat.call_without_setret += 1;
        }
        if barg.exit == BranchType::Ret && barg.tgt.is_none() {
            self.compat.ret_to_ra += 1;
        }
        let (mut next, mut kind) = (c.next, c.kind);
        // Predicated FALL (compat, notes §10.5): a FALL block that set the condition, followed
        // by a fixed `BSTART COND` header, takes that header's target.
        if self.cfg.cfi == CfiMode::Compat
            && barg.exit == BranchType::Fall
            && barg.setc
            && barg.cond
            && let Op::BlockStart {
                exit: BranchType::Cond,
                target,
                ..
            } = *self.run_at(next).first()
        {
            next = target;
            kind = TargetKind::Fixed;
            self.compat.predicated_fall += 1;
        }
        let a = Arrival {
            kind,
            source_block: barg.bpc,
        };
        self.check_target(Some(run), next, a)?;
        self.cpu.in_block = false;
        self.cpu.blocks += 1;
        if O::BLOCKS {
            let mut ev = acc.clone();
            ev.bpc = barg.bpc;
            ev.pe = crate::engine::pe::Pe::of(barg.block_type);
            ev.insns += work.insns;
            ev.tile_bytes = work.tile_bytes;
            ev.tile_elems = work.tile_elems;
            ev.tile_reads = work.tile_reads;
            ev.tile_writes = work.tile_writes;
            ev.loads |= work.loads;
            ev.stores |= work.stores;
            self.obs.block(&barg, next, &ev);
        }
        Ok(BlockEnd::Next(next, a))
    }

    /// A template block (manual `07_templates.adoc`): it is a whole block by itself.
    fn template(
        &mut self,
        t: Template,
        [a, b, c]: [u8; 3],
        size: u64,
        run: &Run,
    ) -> Result<BlockEnd, Fault> {
        let (pc, end) = (run.pcs[0], run.end);
        self.cpu
            .begin_block(pc, BlockType::Template, BranchType::Fall, 0);
        let next = crate::exec::template::run(&mut self.cpu, &mut self.mem, t, a, b, c, size)?;
        self.cpu.in_block = false;
        self.cpu.blocks += 1;
        let (next, kind) = match next {
            Some(target) => (target, TargetKind::Dynamic),
            None => (end, TargetKind::Linear),
        };
        if O::BLOCKS {
            let ev = BlockEvent {
                bpc: pc,
                insns: 1,
                gpr_reads: 0b10,
                gpr_writes: 0b10,
                loads: true,
                stores: true,
                ..BlockEvent::default()
            };
            let barg = self.cpu.barg;
            self.obs.block(&barg, next, &ev);
        }
        let arr = Arrival {
            kind,
            source_block: pc,
        };
        self.check_target(Some(run), next, arr)?;
        Ok(BlockEnd::Next(next, arr))
    }

    /// Attach the location to a fault.
    fn error_at(&mut self, fault: Fault, pc: u64) -> SimError {
        let pc = match fault {
            Fault::InBody { pc, .. } => pc,
            // A tile engine block fails at commit; its pc is its header (block start marker).
            Fault::Tile(_) if self.cpu.in_block => self.cpu.barg.bpc,
            _ => pc,
        };
        SimError {
            fault,
            at: self.location(pc),
        }
    }

    /// Where `pc` is, as errors and the instruction-limit message report it: the address, the
    /// current block's start and the instruction there, disassembled.
    pub fn location(&mut self, pc: u64) -> Location {
        let insn = match self.fetch(pc) {
            Ok(d) => d.at(pc).to_string(),
            Err(_) => String::new(),
        };
        Location {
            pc,
            bpc: self.cpu.in_block.then_some(self.cpu.barg.bpc),
            insn,
        }
    }
}

/// How a body instruction ended the block.
enum StepEnd {
    /// BSTOP: commit with this fall-through.
    Commit(u64),
    Exit(Exit),
}

//! The block engine: fetches pre-decoded instruction runs, executes blocks, commits them in
//! program order and checks control-flow integrity.
//!
//! Execution model (manual `04_block_isa.adoc`; seed 003 Checks 6-9):
//!
//! * Between blocks the next instruction must start a block: a `BSTART*` form, a template
//!   block (FENTRY, FEXIT, FRET.*, MCOPY, MSET, ESAVE, ERCOV), or a `BSTOP`, which "serves as a
//!   nop if jumped to directly" (Check 9): an empty block falling through to the next marker.
//! * A block ends at `BSTOP`/`C.BSTOP` (fall-through = the address after it) or implicitly at the
//!   next block start marker (fall-through = that marker). BARG then picks the next block
//!   ([`crate::state::block::Barg::commit`]); only then does control flow happen (Check 7).
//! * Every transfer is checked: the target must be a block start (Check 8), else
//!   "illegal control flow" naming the source block, the target and the pc. `--cfi compat`
//!   exempts fixed DIRECT/COND targets and fall-through (QEMU's behaviour, notes §10.6); the
//!   landing address then runs as an implicit FALL block of type STD.
//! * Headers of decoupled, vector and tile blocks are validated and their engines run at commit
//!   ([`crate::engine::decoupled`], [`crate::state::tile`]), before the next block starts.
//!
//! Instructions are decoded once into runs keyed by their first address (DESIGN principle 2);
//! a write to a page holding decoded code, or FENCE.I, drops the cache.

use crate::engine::rob::BlockEvent;
use crate::engine::trace::Observer;
use crate::exec::lower::lower;
use crate::exec::op::{Op, Template, Unsupported};
use crate::exec::scalar::Flow;
use crate::isa::{self, Decoded};
use crate::runtime::Program;
use crate::state::block::{BlockType, BranchType, CfiMode, TargetKind};
use crate::state::cpu::Cpu;
use crate::state::error::{CfiKind, Fault, Location, SimError};
use crate::state::regs::{REG_RA, REG_SP, src_name};
use macrosim_core::linux::Process;
use macrosim_core::{Access, SparseMemory};
use rustc_hash::FxHashMap;
use std::cell::Cell;
use std::rc::Rc;

/// Longest run decoded at once; a longer straight line continues in the next run.
const MAX_RUN: usize = 1024;

/// How the engine runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config {
    pub cfi: CfiMode,
    /// Stop after this many instructions.
    pub max_insns: Option<u64>,
}

/// How often the compat-mode rules changed the outcome of a commit (all zero in strict mode).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CompatUse {
    /// A fixed DIRECT/COND target or a fall-through landed on a non-block-start.
    pub cfi_exempt: u64,
    /// A CALL/ICALL without SETRET wrote the fall-through to `ra`.
    pub call_without_setret: u64,
    /// A RET block without SETC.TGT returned to `ra`.
    pub ret_to_ra: u64,
    /// A predicated FALL took the next COND header's target.
    pub predicated_fall: u64,
}

/// How the program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// `exit`/`exit_group` with this status.
    Exited(i32),
    /// Killed by this signal (e.g. 6 from `abort()`).
    Killed(u32),
    /// `--max-insns` reached: the limit, and the instruction that would have run next (the
    /// block start when the limit stopped a decoupled body's lane replays).
    InsnLimit { limit: u64, pc: u64 },
}

/// A straight line of decoded instructions starting at `pcs[0]`.
pub struct Run {
    pub ops: Vec<Op>,
    pub pcs: Vec<u64>,
    /// The decoded form of each instruction (`None` where decoding failed).
    pub decoded: Vec<Option<Decoded>>,
    /// Address after the last instruction.
    pub end: u64,
    /// The run was cut at [`MAX_RUN`] instructions: the block continues at `end`.
    pub cut: bool,
    /// GPRs read before written / written by the body, and whether it touches memory.
    pub event: BlockEvent,
    /// The last two runs control went to from here: (pc, index in the cache arena).
    succ: [Cell<(u64, u32)>; 2],
}

impl Run {
    fn first(&self) -> &Op {
        &self.ops[0]
    }
}

/// A decoupled body: the instructions from BodyTPC up to (not including) its first
/// terminator (BSTOP, L.BSTOP or a block start marker).
pub struct Body {
    pub ops: Vec<Op>,
    pub pcs: Vec<u64>,
    pub decoded: Vec<Option<Decoded>>,
    /// Address of the terminator (a branch there ends the replay).
    pub end: u64,
}

impl Body {
    /// The index of the instruction at `pc` (the terminator counts as one past the end), if
    /// the body has one there.
    pub fn index_of(&self, pc: u64) -> Option<usize> {
        if pc == self.end {
            return Some(self.ops.len());
        }
        self.pcs.binary_search(&pc).ok()
    }
}

/// Longest decoupled body accepted.
const MAX_BODY: usize = 65536;

/// The decoded-code cache: runs in an arena indexed by their start address, each run
/// remembering its recent successors so that a hot loop needs no hash lookup.
#[derive(Default)]
struct CodeCache {
    runs: Vec<Rc<Run>>,
    index: FxHashMap<u64, u32>,
    bodies: FxHashMap<u64, Rc<Body>>,
    epoch: u64,
}

impl CodeCache {
    fn clear(&mut self) {
        self.runs.clear();
        self.index.clear();
        self.bodies.clear();
    }
}

const NO_SUCC: (u64, u32) = (u64::MAX, u32::MAX);

/// A loaded program and its hart.
pub struct Machine<O: Observer> {
    pub cpu: Cpu,
    pub mem: SparseMemory,
    pub process: Process,
    pub cfg: Config,
    pub pc: u64,
    cache: CodeCache,
    /// The run a commit's CFI check already fetched for the next block.
    next_run: Option<Rc<Run>>,
    /// How often compat-mode rules were needed.
    pub compat: CompatUse,
    pub obs: O,
}

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
    /// A machine ready to run `prog` from its entry point with `sp` set up.
    pub fn new(prog: Program, cfg: Config, obs: O) -> Self {
        let mut cpu = Cpu::default();
        cpu.regs.set_gpr(usize::from(REG_SP), prog.sp);
        cpu.block_local_hands = cfg.cfi == CfiMode::Strict;
        Machine {
            cpu,
            mem: prog.mem,
            process: prog.process,
            cfg,
            pc: prog.entry,
            cache: CodeCache::default(),
            next_run: None,
            compat: CompatUse::default(),
            obs,
        }
    }

    /// Run until the program exits, is killed, hits the instruction limit, or faults.
    pub fn run(&mut self) -> Result<Exit, SimError> {
        let mut arrival = Arrival {
            kind: TargetKind::Dynamic,
            source_block: self.pc,
        };
        self.check_target(None, self.pc, arrival)
            .map_err(|f| self.error_at(f, self.pc))?;
        loop {
            match self.block(arrival)? {
                BlockEnd::Next(pc, a) => {
                    self.pc = pc;
                    arrival = a;
                }
                BlockEnd::Exit(e) => return Ok(e),
            }
        }
    }

    /// Drop every decoded run if code memory was written since they were decoded.
    fn check_epoch(&mut self) {
        let epoch = self.mem.code_epoch();
        if epoch != self.cache.epoch {
            self.cache.clear();
            self.cache.epoch = epoch;
        }
    }

    /// The run starting at `pc`, from the cache or freshly decoded.
    fn run_at(&mut self, pc: u64) -> Rc<Run> {
        self.check_epoch();
        self.lookup(pc).1
    }

    fn lookup(&mut self, pc: u64) -> (u32, Rc<Run>) {
        if let Some(&i) = self.cache.index.get(&pc) {
            return (i, Rc::clone(&self.cache.runs[i as usize]));
        }
        let run = Rc::new(self.decode_run(pc));
        // Decoding may have marked pages; do not let that invalidate what we just built.
        self.cache.epoch = self.mem.code_epoch();
        let i = self.cache.runs.len() as u32;
        self.cache.runs.push(Rc::clone(&run));
        self.cache.index.insert(pc, i);
        (i, run)
    }

    /// The run at `pc` reached from `from`: through `from`'s successor cache when possible.
    fn run_after(&mut self, from: &Run, pc: u64) -> Rc<Run> {
        self.check_epoch();
        for s in &from.succ {
            let (at, i) = s.get();
            if at == pc
                && let Some(r) = self.cache.runs.get(i as usize)
            {
                return Rc::clone(r);
            }
        }
        let (i, run) = self.lookup(pc);
        from.succ[1].set(from.succ[0].get());
        from.succ[0].set((pc, i));
        run
    }

    /// The decoupled body starting at `text`, decoded once.
    pub fn body_at(&mut self, text: u64) -> Result<Rc<Body>, Fault> {
        self.check_epoch();
        if let Some(b) = self.cache.bodies.get(&text) {
            return Ok(Rc::clone(b));
        }
        let mut body = Body {
            ops: Vec::new(),
            pcs: Vec::new(),
            decoded: Vec::new(),
            end: text,
        };
        let mut pc = text;
        loop {
            let d = self.fetch(pc)?;
            let op = lower(&d, pc, self.cfg.cfi);
            if op.is_terminator() {
                body.end = pc;
                break;
            }
            self.mem.mark_code(pc);
            body.ops.push(op);
            body.pcs.push(pc);
            body.decoded.push(Some(d));
            pc = pc.wrapping_add(u64::from(d.len));
            if body.ops.len() > MAX_BODY {
                return Err(Fault::Illegal(format!(
                    "decoupled body at {text:#x} has no terminator within {MAX_BODY} instructions"
                )));
            }
        }
        self.cache.epoch = self.mem.code_epoch();
        let body = Rc::new(body);
        self.cache.bodies.insert(text, Rc::clone(&body));
        Ok(body)
    }

    fn fetch(&self, pc: u64) -> Result<Decoded, Fault> {
        let hw = self.mem.fetch_u16(pc)?;
        let len = isa::insn_len(hw);
        let mut bytes = [0u8; 8];
        self.mem.read_into(pc, &mut bytes[..len], Access::Fetch)?;
        isa::decode(&bytes[..len]).map_err(|e| Fault::Decode(e.to_string()))
    }

    fn decode_run(&mut self, start: u64) -> Run {
        let mut run = Run {
            ops: Vec::new(),
            pcs: Vec::new(),
            decoded: Vec::new(),
            end: start,
            cut: false,
            event: BlockEvent {
                bpc: start,
                ..BlockEvent::default()
            },
            succ: [Cell::new(NO_SUCC), Cell::new(NO_SUCC)],
        };
        let mut pc = start;
        let mut written = 0u32;
        loop {
            let (op, d, len) = match self.fetch(pc) {
                Ok(d) => (lower(&d, pc, self.cfg.cfi), Some(d), u64::from(d.len)),
                Err(_) => (Op::Invalid, None, 2),
            };
            let first = run.ops.is_empty();
            if !first && op.is_block_start() {
                break;
            }
            self.mem.mark_code(pc);
            let (reads, writes) = op.gpr_use();
            run.event.gpr_reads |= reads & !written;
            written |= writes;
            match op {
                Op::Load { .. } | Op::Lr { .. } => run.event.loads = true,
                Op::Store { .. } | Op::Template { .. } => run.event.stores = true,
                Op::Amo { .. } | Op::Sc { .. } | Op::Cas { .. } | Op::Acrc { .. } => {
                    run.event.loads = true;
                    run.event.stores = true;
                }
                _ => {}
            }
            run.ops.push(op);
            run.pcs.push(pc);
            run.decoded.push(d);
            pc = pc.wrapping_add(len);
            let ends = matches!(op, Op::Bstop | Op::Invalid)
                || (first && matches!(op, Op::Template { .. }));
            if ends {
                break;
            }
            if run.ops.len() >= MAX_RUN {
                run.cut = true;
                break;
            }
        }
        run.event.gpr_writes = written;
        run.event.insns = run.ops.len() as u64;
        run.end = pc;
        run
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
        self.next_run = Some(run);
        if ok {
            return Ok(());
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
            return Ok(BlockEnd::Exit(Exit::InsnLimit {
                limit: self.cfg.max_insns.unwrap_or(0),
                pc: self.pc,
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
            ev.insns += work.insns;
            ev.tile_bytes = work.tile_bytes;
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
                tile_bytes: 0,
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

//! The translation tier: blocks the interpreter has entered often are translated to host code
//! with Cranelift, each with the decoded blocks its branches reach (`region.rs`, one function
//! per region: `translate.rs`, `memory.rs`, `float.rs`), and run from then on, region to
//! region: a region leaves into the next translated one itself, with a tail call through the
//! table of translations (`translate::Tx::chain`), and [`Jit::run`] enters the first (through
//! `call::trampoline`) and takes over when the next is not in the table or might pass the limit.
//!
//! The interpreter stays the reference: translated code does exactly what `exec` does for the
//! ops it translates, and hands everything else back (system, atomic and extension
//! instructions, every exception, every MMIO access, every memory access the inline fast path
//! refuses) by stopping before that instruction, which the interpreter then runs. Translations
//! are keyed by their entry block's start and dropped with the block cache
//! (`BlockCache::generation`): the cache flushes when code memory is written, on `fence.i`,
//! and when FP is switched on or off, so the translations always match the decoded ops they
//! were made from. They are dropped too when memory they hold host addresses of changes
//! (`extent.rs`).

mod call;
mod dirty;
mod extent;
mod float;
mod helpers;
mod memory;
mod region;
mod slots;
mod translate;

use super::cache::{BlockCache, MAX_BLOCK};
use super::op::Op;
use super::state::State;
use super::tier::JitUnavailable;
use call::Code;
use cranelift_codegen::isa::OwnedTargetIsa;
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{Linkage, Module, default_libcall_names};
use helpers::Ctx;
use macrosim_core::SparseMemory;
use rustc_hash::FxHashMap;
use slots::Slots;
use std::fmt;
use translate::{EXIT_INTERPRET, EXIT_MEMORY};

/// Entries to a block before it is translated. Measured (`BENCHMARKS.md`, RV32 translation
/// tier): a region costs Cranelift about 4 µs of CPU per IR instruction, some 13-19 per op,
/// while translated code saves a few ns per op and entry, so a region pays only after
/// thousands of entries. At 50, `matmul 1` spent 170 ms translating regions entered a few
/// hundred times (11 ms interpreted); at 5000, 71 ms, and `matmul 300`, sort and dot ran
/// faster too (crc at a tenth of its benchmark size 20% slower: its hot loop starts later).
const HOT: u32 = 5000;
/// Instructions a paced run retires per op translated, at least (see `Jit::paced`). Measured
/// (session 6, `BENCHMARKS.md`): Cranelift takes 55-70 µs of CPU per translated op (regions of
/// `matmul 1` at threshold 1, loaded machine), the interpreter about 3 ns per instruction, so
/// at this pace translation costs at most about 40 % of the interpreted time that paid for it.
/// A run of a few million instructions then translates nothing, as none of it could pay back.
const PAYBACK: u64 = 50_000;
/// Instructions a paced run retires before the tier counts any block, so that a run too short
/// to afford a region of some 100 ops (the size of a hot loop's region in the benchmarks) pays
/// nothing for the tier, not even the counting, which makes the interpreter stop after every
/// block: with 2 M here, `matmul 1` (2.5 M instructions) ran 0-10 % slower than interpreted.
const WARM: u64 = 100 * PAYBACK;
/// Entries of the direct-mapped table of translated blocks by pc (a power of two).
const FAST: usize = 4096;

/// An entry of the table of translations by pc: the region entered at `pc`, which retires at
/// most `len` instructions before it checks the limit itself (`region::spans`); `pc` 1 marks
/// an empty entry. Translated code reads it (`translate::Tx::chain`), hence the fixed layout.
#[repr(C)]
#[derive(Clone, Copy)]
struct Slot {
    pc: u32,
    len: u32,
    code: Code,
}

/// `Jit::counts` marks: the block is translated (its code is in `Jit::blocks`), or has nothing
/// to translate (its first instruction is for the interpreter) or its translation failed.
/// Smaller values count entries.
const TRANSLATED: u32 = u32::MAX - 1;
const NEVER: u32 = u32::MAX;

/// How [`Jit::run`] went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ran {
    /// Nothing ran: the block is not translated; interpret it.
    Cold,
    /// Translated code ran; continue at `pc`.
    Translated,
    /// Translated code ran and stopped before the instruction at `pc`, which the interpreter
    /// must run.
    Interpret,
}

pub(crate) struct Jit {
    isa: OwnedTargetIsa,
    module: Option<JITModule>,
    /// The module's entry from Rust (`call::trampoline`).
    trampoline: Code,
    fctx: FunctionBuilderContext,
    /// The ops of translated blocks, alive as long as `module`: FP helpers are called with
    /// their addresses, baked into the code (boxed, so they stay put when the vector grows).
    ops: Vec<Box<[Op]>>,
    /// The translated blocks by pc: their code and span (see [`Slot`]).
    blocks: FxHashMap<u32, (Code, u32)>,
    /// By the block's arena position in the block cache: entries so far, or a mark.
    counts: Vec<u32>,
    /// The translations by pc; translated code holds its address, so it is never reallocated.
    fast: Box<[Slot]>,
    /// What an entry into translated code shares with it; translated code holds its address,
    /// as `fast`'s.
    ctx: Box<Ctx>,
    /// The page slots of translated memory ops (`slots.rs`).
    slots: Slots,
    /// The block cache generation and MMIO window the translations were made for.
    generation: u64,
    window: (u32, u32),
    /// Entries before a block is translated.
    hot: u32,
    /// The tier's default policy (no `set_threshold`): no block is counted before `WARM`
    /// instructions retired, and a translation waits until the hart has retired `PAYBACK`
    /// instructions for every op translated so far with it.
    paced: bool,
    /// Ops translated so far.
    translated: u64,
    /// Paced: retired instructions before the next translation is considered.
    wait: u64,
    /// The extents the translations were made with (`extent.rs`).
    extents: extent::Registry,
}

impl fmt::Debug for Jit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Jit")
            .field("blocks", &self.blocks.len())
            .finish()
    }
}

const EMPTY: Slot = Slot {
    pc: 1,
    len: 0,
    code: Code(std::ptr::null()),
};

impl Jit {
    pub(crate) fn new() -> Result<Jit, JitUnavailable> {
        let err = |e: &dyn fmt::Display| JitUnavailable(e.to_string());
        // Translated code accesses guest memory with host loads and stores.
        if cfg!(target_endian = "big") {
            return Err(err(&"the host is big-endian"));
        }
        let mut flags = settings::builder();
        flags.set("opt_level", "speed").map_err(|e| err(&e))?;
        flags.set("is_pic", "false").map_err(|e| err(&e))?;
        // The IR verifier costs about as much as the rest of a translation; the IR comes from
        // one translator, which the differential tests check by its results.
        flags.set("enable_verifier", "false").map_err(|e| err(&e))?;
        // Cranelift's tail calls (`translate::Tx::chain`) need frame pointers.
        flags
            .set("preserve_frame_pointers", "true")
            .map_err(|e| err(&e))?;
        let isa = cranelift_native::builder()
            .map_err(|e| err(&e))?
            .finish(settings::Flags::new(flags))
            .map_err(|e| err(&e))?;
        Ok(Jit {
            isa,
            module: None,
            trampoline: Code(std::ptr::null()),
            fctx: FunctionBuilderContext::new(),
            ops: Vec::new(),
            blocks: FxHashMap::default(),
            fast: vec![EMPTY; FAST].into_boxed_slice(),
            ctx: Box::new(Ctx::new()),
            slots: Slots::new(),
            counts: Vec::new(),
            generation: u64::MAX,
            window: (0, 0),
            hot: HOT,
            paced: true,
            translated: 0,
            wait: 0,
            extents: extent::Registry::default(),
        })
    }

    /// Translate every block at its `entries`th entry, counted from the start, whatever it
    /// costs (tests: 1 translates everything at once).
    pub(crate) fn set_threshold(&mut self, entries: u32) {
        self.hot = entries.clamp(1, TRANSLATED - 1);
        self.paced = false;
    }

    /// How many instructions the interpreter may run from here, block after block, before it
    /// returns to [`Jit::run`] (given `left` it may run in all and `retired` so far): one
    /// block once blocks are counted, so that every block entry is; until then as many as
    /// fit before `WARM`.
    pub(crate) fn interpret(&self, left: u64, retired: u64) -> u64 {
        if self.paced && retired < WARM {
            left.min(WARM - retired + MAX_BLOCK as u64)
        } else {
            MAX_BLOCK as u64
        }
    }

    /// Drop every translation.
    fn flush(&mut self) {
        self.blocks.clear();
        self.counts.clear();
        self.fast.fill(EMPTY);
        self.slots.reset();
        if let Some(m) = self.module.take() {
            call::free(m);
        }
        self.ops.clear();
        self.extents.clear();
    }

    /// Run translated code from the block at arena position `b` (starting at `state.pc`),
    /// region after region while the next is translated and fits below `limit` retired;
    /// translate the block first if it has become hot.
    pub(crate) fn run(
        &mut self,
        state: &mut State,
        cache: &BlockCache,
        b: usize,
        mem: &mut SparseMemory,
        window: (u32, u32),
        limit: u64,
    ) -> Ran {
        if self.paced && state.retired < WARM {
            return Ran::Cold;
        }
        if cache.generation() != self.generation || window != self.window {
            self.flush();
            self.generation = cache.generation();
            self.window = window;
        }
        if !self.extents.check(mem) {
            self.flush();
        }
        let pc = state.pc;
        let slot = (pc as usize >> 2) % FAST;
        let (mut code, mut len) = match self.fast[slot] {
            Slot { pc: p, code, len } if p == pc => (code, len),
            _ => match self.lookup(pc, cache, b, mem, state) {
                Some(found) => found,
                None => return Ran::Cold,
            },
        };
        if state.retired + u64::from(len) > limit {
            return Ran::Cold;
        }
        self.slots.check(mem);
        let ctx = &mut *self.ctx;
        ctx.fast = mem.fast_path();
        ctx.left = limit - state.retired;
        loop {
            debug_assert!(u64::from(len) <= ctx.left);
            let exit = call::enter(self.trampoline, code, state, ctx);
            state.retired = limit - ctx.left;
            match exit {
                EXIT_INTERPRET => return Ran::Interpret,
                EXIT_MEMORY => {
                    // A read of a page that was never written, in a mapping too large to get
                    // its page-table entries at once, would leave here every time.
                    mem.touch(u64::from(ctx.addr));
                    return Ran::Interpret;
                }
                _ => {}
            }
            let pc = state.pc;
            match self.fast[(pc as usize >> 2) % FAST] {
                Slot {
                    pc: p,
                    code: c,
                    len: l,
                } if p == pc && state.retired + u64::from(l) <= limit => {
                    (code, len) = (c, l);
                }
                _ => return Ran::Translated,
            }
        }
    }

    /// The translation of the block at `pc` (arena position `b`): count an entry, translate
    /// when hot (and, paced, when the run so far has paid for it).
    fn lookup(
        &mut self,
        pc: u32,
        cache: &BlockCache,
        b: usize,
        mem: &mut SparseMemory,
        state: &State,
    ) -> Option<(Code, u32)> {
        let retired = state.retired;
        if b >= self.counts.len() {
            self.counts.resize(cache.ops.len().max(b + 1), 0);
        }
        let found = match self.counts[b] {
            TRANSLATED => *self.blocks.get(&pc)?,
            NEVER => return None,
            n if n + 1 < self.hot => {
                self.counts[b] = n + 1;
                return None;
            }
            _ if self.paced && retired < self.wait => return None,
            _ => {
                let blocks = region::region(cache, b, &self.counts, self.hot);
                if self.paced {
                    let ops: usize = blocks.iter().map(|ops| ops.len()).sum();
                    let need = (self.translated + ops as u64) * PAYBACK;
                    if need > retired {
                        // Not yet: hot blocks ask again once this much has retired.
                        self.wait = need;
                        return None;
                    }
                }
                let Some(found) = self.translate(&blocks, mem, &state.x) else {
                    self.counts[b] = NEVER;
                    return None;
                };
                self.counts[b] = TRANSLATED;
                self.blocks.insert(pc, found);
                found
            }
        };
        self.fast[(pc as usize >> 2) % FAST] = Slot {
            pc,
            code: found.0,
            len: found.1,
        };
        Some(found)
    }

    /// Translate and finalize the region `blocks` (entry first): its code and span (see
    /// [`Slot`]); `None` if the entry is for the interpreter or Cranelift fails (the block
    /// is then left to the interpreter).
    fn translate(
        &mut self,
        blocks: &[&[Op]],
        mem: &mut SparseMemory,
        x: &[u32],
    ) -> Option<(Code, u32)> {
        if !blocks[0]
            .first()
            .is_some_and(|op| translate::translated(op.kind))
        {
            return None;
        }
        self.translated += blocks.iter().map(|ops| ops.len() as u64).sum::<u64>();
        let module = match &mut self.module {
            Some(m) => m,
            None => {
                let mut m = JITModule::new(JITBuilder::with_isa(
                    self.isa.clone(),
                    default_libcall_names(),
                ));
                self.trampoline = call::trampoline(&mut m, &mut self.fctx)?;
                self.module.insert(m)
            }
        };
        let layout = mem.fast_path();
        let extents = extent::find(blocks.iter().flat_map(|ops| ops.iter()), x, mem);
        let call_conv = module.isa().default_call_conv();
        let ptr = module.target_config().pointer_type();
        let mut cx = module.make_context();
        cx.func.signature = translate::signature(ptr);
        let first = self.ops.len();
        self.ops
            .extend(blocks.iter().map(|ops| Box::<[Op]>::from(*ops)));
        let kept = &self.ops[first..];
        let parts: Vec<translate::Part<'_>> =
            kept.iter().map(|ops| translate::Part { ops }).collect();
        let op_addr = |i: usize, k: usize| std::ptr::from_ref::<Op>(&kept[i][k]) as u64;
        let mut fb = FunctionBuilder::new(&mut cx.func, &mut self.fctx);
        let fast = self.fast.as_ptr();
        let ctx = std::ptr::from_mut(&mut *self.ctx);
        let set = translate::Setting {
            call_conv,
            fast,
            ctx,
            slots: &mut self.slots,
            window: self.window,
            layout,
            extents: extents.clone(),
        };
        translate::region(&mut fb, &parts, &op_addr, set);
        fb.finalize();
        // Named by the guest pc it is entered at (and the number of translations before it in
        // this module, which keeps the name unique), the name `perf` shows for its samples:
        // Cranelift's JIT lists every function in `/tmp/perf-<pid>.map` while `perf record`
        // runs (it sets `PERF_BUILDID_DIR`).
        let name = format!("rv32_{:08x}_{}", blocks[0][0].pc, self.blocks.len());
        let id = module
            .declare_function(&name, Linkage::Local, &cx.func.signature)
            .ok()?;
        module.define_function(id, &mut cx).ok()?;
        module.clear_context(&mut cx);
        module.finalize_definitions().ok()?;
        let code = Code(module.get_finalized_function(id));
        self.extents.add(&extents, mem);
        Some((code, region::spans(blocks)[0]))
    }
}

/// Dropping a `JITModule` does not unmap its code (cranelift-jit leaves that to
/// `free_memory`): without this, every hart run on the translation tier leaked its code
/// memory when dropped (the 10,000-program differential ran out of memory).
impl Drop for Jit {
    fn drop(&mut self) {
        self.flush();
    }
}

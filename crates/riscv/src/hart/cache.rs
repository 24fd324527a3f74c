//! The pre-decoded block cache (principle 2; Spike's icache, rv32emu's block map, QEMU's TBs).
//!
//! A block is a superblock: the run of instructions from an address up to the first that ends a
//! block (an unconditional jump, a system instruction or a trap), the end of the 4 KiB page, or
//! [`MAX_BLOCK`] instructions; a block that does not end in a jump gets a `Fallthrough` op after
//! its last instruction. A conditional branch inside a block is a side exit: taken, it leaves the
//! block; not taken, the block goes on. Blocks are named by the arena position of their first op.
//! Their ops live in one arena (and, fused, in a second one, position for position: `fuse.rs`);
//! blocks are found by address through a hash map, from a block's exits through the successors
//! each exit op holds once chained (`Op::next`: slot 1 for a taken branch or a `jal`, slot 0 for
//! a `Fallthrough`), and for computed targets through a direct-mapped jump cache.
//!
//! Invalidation: every page a block is decoded from is marked with
//! [`SparseMemory::mark_code`]; a later write to such a page bumps the memory's code epoch. The
//! execute loop checks the epoch after every store and leaves the block when it changed; the run
//! loop then flushes the whole cache. It also flushes on `fence.i`, and when mstatus.FS switches
//! between Off and on (FP instructions decode as illegal while it is Off), and when an
//! extension starts or stops taking over FP instructions (they then decode as `Offload`).

use super::fuse::fuse;
use super::op::{Kind, NO_BLOCK, Op, lower_decoded};
use crate::isa::{Decoder, Table};
use macrosim_core::{MemFault, SparseMemory};
use rustc_hash::FxHashMap;

/// The longest block.
pub(crate) const MAX_BLOCK: usize = 256;
/// Flush when the arena holds this many ops (code that keeps rewriting itself).
const MAX_OPS: usize = 1 << 20;
/// Entries of the direct-mapped jump cache that finds computed (`jalr`) targets.
const JUMP_CACHE: usize = 1024;

pub(crate) struct BlockCache {
    decoder: Decoder,
    base_tables: usize,
    pub ops: Vec<Op>,
    /// The same ops with common pairs fused (`fuse.rs`), position for position.
    pub fused: Vec<Op>,
    pub words: Vec<u32>,
    /// Block start positions by pc.
    map: FxHashMap<u32, u32>,
    /// (pc, block) by pc bits 11..2; a misaligned pc marks an empty entry.
    jumps: Box<[(u32, u32); JUMP_CACHE]>,
    epoch: u64,
    fp_on: bool,
    /// Counts flushes, so that the translation tier knows when to drop its code.
    generation: u64,
    offload: bool,
}

impl BlockCache {
    /// A cache decoding with `tables`, of which the first `base_tables` are the base tables.
    pub(crate) fn new(tables: &[&'static Table], base_tables: usize) -> BlockCache {
        BlockCache {
            decoder: Decoder::new(tables),
            base_tables,
            ops: Vec::new(),
            fused: Vec::new(),
            words: Vec::new(),
            map: FxHashMap::default(),
            jumps: Box::new([(1, NO_BLOCK); JUMP_CACHE]),
            epoch: 0,
            fp_on: false,
            generation: 0,
            offload: false,
        }
    }

    pub(crate) fn decoder(&self) -> &Decoder {
        &self.decoder
    }

    pub(crate) fn flush(&mut self) {
        self.ops.clear();
        self.fused.clear();
        self.words.clear();
        self.map.clear();
        self.jumps.fill((1, NO_BLOCK));
        self.generation += 1;
    }

    /// How many times the cache was flushed.
    #[inline]
    #[cfg_attr(not(feature = "jit"), allow(dead_code))]
    pub(crate) fn generation(&self) -> u64 {
        self.generation
    }

    /// The code epoch the blocks were decoded at.
    #[inline]
    pub(crate) fn epoch(&self) -> u64 {
        self.epoch
    }

    /// Flush if code memory changed or the FP-enable or offload state differs from what blocks
    /// were decoded with; true if it flushed.
    #[inline]
    pub(crate) fn validate(&mut self, mem: &SparseMemory, fp_on: bool, offload: bool) -> bool {
        if mem.code_epoch() != self.epoch || fp_on != self.fp_on || offload != self.offload {
            self.flush();
            self.epoch = mem.code_epoch();
            self.fp_on = fp_on;
            self.offload = offload;
            return true;
        }
        false
    }

    /// The block starting at `pc`, decoding it if need be, and chained from exit `from` (the
    /// position of the exit op and a link slot) unless that block was flushed meanwhile.
    /// Fails only when `pc` itself cannot be fetched.
    pub(crate) fn enter(
        &mut self,
        pc: u32,
        mem: &mut SparseMemory,
        from: Option<(u32, usize)>,
    ) -> Result<u32, MemFault> {
        let slot = (pc as usize >> 2) % JUMP_CACHE;
        let (jpc, jb) = self.jumps[slot];
        let b = if jpc == pc {
            jb
        } else {
            let b = match self.map.get(&pc) {
                Some(&b) => b,
                None => {
                    let built = self.ops.len();
                    let b = self.build(pc, mem)?;
                    if b as usize != built {
                        // Built after a flush: `from` named a block that is gone.
                        self.jumps[slot] = (pc, b);
                        return Ok(b);
                    }
                    b
                }
            };
            self.jumps[slot] = (pc, b);
            b
        };
        if let Some((at, k)) = from
            && k < 2
        {
            self.ops[at as usize].next[k] = b;
            self.fused[at as usize].next[k] = b;
        }
        Ok(b)
    }

    /// The arena position of the block decoded at `pc`, if there is one (no decoding).
    #[cfg_attr(not(feature = "jit"), allow(dead_code))]
    pub(crate) fn block_at(&self, pc: u32) -> Option<usize> {
        self.map.get(&pc).map(|&b| b as usize)
    }

    /// The block at computed target `pc` if the jump cache knows it, or [`NO_BLOCK`].
    #[inline(always)]
    pub(crate) fn jump_target(&self, pc: u32) -> u32 {
        let (jpc, jb) = self.jumps[(pc as usize >> 2) % JUMP_CACHE];
        if jpc == pc { jb } else { NO_BLOCK }
    }

    fn build(&mut self, pc: u32, mem: &mut SparseMemory) -> Result<u32, MemFault> {
        if self.ops.len() > MAX_OPS {
            self.flush();
        }
        let start = self.ops.len();
        let mut addr = pc;
        loop {
            let word = match mem.fetch_u32(u64::from(addr)) {
                Ok(w) => w,
                Err(f) if addr == pc => return Err(f),
                Err(_) => break,
            };
            if addr == pc {
                mem.mark_code(u64::from(addr));
            }
            let mut op = lower_decoded(
                self.decoder.decode(word),
                self.base_tables,
                word,
                addr,
                self.fp_on,
            );
            if self.offload && op.kind.is_fp() {
                op.ext = op.kind.fp_index();
                op.kind = Kind::Offload;
            }
            let nth = (self.ops.len() - start + 1) as u32;
            self.ops.push(Op { nth, ..op });
            self.words.push(word);
            addr = addr.wrapping_add(4);
            if op.kind.ends_block() || self.ops.len() - start == MAX_BLOCK || addr & 0xfff == 0 {
                break;
            }
        }
        if !self.ops.last().is_some_and(|op| op.kind.ends_block()) {
            let nth = (self.ops.len() - start) as u32;
            self.ops.push(Op {
                nth,
                ..Op::new(Kind::Fallthrough, addr)
            });
            self.words.push(0);
        }
        let fused = fuse(&self.ops[start..]);
        self.fused.extend(fused);
        // Marking a page may not bump the epoch, but make sure we agree with memory now.
        self.epoch = mem.code_epoch();
        self.map.insert(pc, start as u32);
        Ok(start as u32)
    }
}

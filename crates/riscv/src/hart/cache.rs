//! The pre-decoded block cache (principle 2; Spike's icache, rv32emu's block map, QEMU's TBs).
//!
//! A block is the run of instructions from an address up to the first that ends a block (a
//! jump, branch, system instruction or trap), the end of the 4 KiB page, or [`MAX_BLOCK`]
//! instructions. Its ops live in one arena (and, fused, in a second one: `fuse.rs`); blocks are
//! found by address through a hash map, from a block's exit through two chained successor slots
//! (fall-through and taken), and for computed targets through a direct-mapped jump cache.
//!
//! Invalidation: every page a block is decoded from is marked with
//! [`SparseMemory::mark_code`]; a later write to such a page bumps the memory's code epoch. The
//! execute loop checks the epoch after every store and leaves the block when it changed; the run
//! loop then flushes the whole cache. It also flushes on `fence.i`, and when mstatus.FS switches
//! between Off and on (FP instructions decode as illegal while it is Off).

use super::fuse::fuse;
use super::op::{Op, lower_decoded};
use crate::isa::{Decoder, Table};
use macrosim_core::{MemFault, SparseMemory};
use rustc_hash::FxHashMap;

/// The longest block.
pub(crate) const MAX_BLOCK: usize = 256;
/// Flush when the arena holds this many ops (code that keeps rewriting itself).
const MAX_OPS: usize = 1 << 22;
/// No chained successor.
pub(crate) const NO_BLOCK: u32 = u32::MAX;
/// Entries of the direct-mapped jump cache that finds computed (`jalr`) targets.
const JUMP_CACHE: usize = 1024;

#[derive(Clone, Copy)]
pub(crate) struct Block {
    pub start: u32,
    pub len: u32,
    /// Chained successors: [fall-through, taken].
    pub next: [u32; 2],
}

pub(crate) struct BlockCache {
    decoder: Decoder,
    base_tables: usize,
    pub ops: Vec<Op>,
    /// The same ops with common pairs fused (`fuse.rs`), position for position.
    pub fused: Vec<Op>,
    pub words: Vec<u32>,
    pub blocks: Vec<Block>,
    map: FxHashMap<u32, u32>,
    /// (pc, block) by pc bits 11..2; a misaligned pc marks an empty entry.
    jumps: Box<[(u32, u32); JUMP_CACHE]>,
    epoch: u64,
    fp_on: bool,
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
            blocks: Vec::new(),
            map: FxHashMap::default(),
            jumps: Box::new([(1, NO_BLOCK); JUMP_CACHE]),
            epoch: 0,
            fp_on: false,
        }
    }

    pub(crate) fn decoder(&self) -> &Decoder {
        &self.decoder
    }

    pub(crate) fn flush(&mut self) {
        self.ops.clear();
        self.fused.clear();
        self.words.clear();
        self.blocks.clear();
        self.map.clear();
        self.jumps.fill((1, NO_BLOCK));
    }

    /// The code epoch the blocks were decoded at.
    #[inline]
    pub(crate) fn epoch(&self) -> u64 {
        self.epoch
    }

    /// Flush if code memory changed or the FP-enable state differs from what blocks were
    /// decoded with; true if it flushed.
    #[inline]
    pub(crate) fn validate(&mut self, mem: &SparseMemory, fp_on: bool) -> bool {
        if mem.code_epoch() != self.epoch || fp_on != self.fp_on {
            self.flush();
            self.epoch = mem.code_epoch();
            self.fp_on = fp_on;
            return true;
        }
        false
    }

    /// The block starting at `pc`, decoding it if need be. Fails only when `pc` itself cannot
    /// be fetched.
    pub(crate) fn get(&mut self, pc: u32, mem: &mut SparseMemory) -> Result<u32, MemFault> {
        let slot = (pc as usize >> 2) % JUMP_CACHE;
        let (jpc, jb) = self.jumps[slot];
        if jpc == pc {
            return Ok(jb);
        }
        let b = match self.map.get(&pc) {
            Some(&b) => b,
            None => self.build(pc, mem)?,
        };
        self.jumps[slot] = (pc, b);
        Ok(b)
    }

    /// The block at computed target `pc` if the jump cache knows it, or [`NO_BLOCK`].
    #[inline(always)]
    pub(crate) fn jump_target(&self, pc: u32) -> u32 {
        let (jpc, jb) = self.jumps[(pc as usize >> 2) % JUMP_CACHE];
        if jpc == pc { jb } else { NO_BLOCK }
    }

    /// Remember that block `to` follows block `from` through exit `slot` (0 or 1).
    pub(crate) fn link(&mut self, from: u32, slot: usize, to: u32) {
        if slot < 2 {
            self.blocks[from as usize].next[slot] = to;
        }
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
            let op = lower_decoded(
                self.decoder.decode(word),
                self.base_tables,
                word,
                addr,
                self.fp_on,
            );
            self.ops.push(op);
            self.words.push(word);
            addr = addr.wrapping_add(4);
            if op.kind.ends_block() || self.ops.len() - start == MAX_BLOCK || addr & 0xfff == 0 {
                break;
            }
        }
        let fused = fuse(&self.ops[start..]);
        self.fused.extend(fused);
        // Marking a page may not bump the epoch, but make sure we agree with memory now.
        self.epoch = mem.code_epoch();
        let b = self.blocks.len() as u32;
        self.blocks.push(Block {
            start: start as u32,
            len: (self.ops.len() - start) as u32,
            next: [NO_BLOCK; 2],
        });
        self.map.insert(pc, b);
        Ok(b)
    }
}

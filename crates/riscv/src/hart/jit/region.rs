//! Which blocks one translation covers, and which registers it keeps in variables.
//!
//! A translation is a region: the hot block it is entered at, plus the blocks already decoded
//! that its static exits (taken branches, `jal`, fall-throughs) reach, breadth first, up to
//! [`MAX_BLOCKS`] blocks and [`MAX_OPS`] ops; when the entry heads a loop, only that loop
//! ([`natural_loop`]), and else none of the loops it reaches backwards ([`region`]). Control
//! passes between the region's blocks inside host code (the chaining a dispatcher would
//! otherwise do), so a loop of several blocks runs without leaving it. Computed jumps (`jalr`)
//! and exits to blocks outside the region go on in the region translated at their target,
//! found in the table of translations by pc (`translate::Tx::chain`), or return to the
//! dispatcher in [`super::Jit::run`].

use super::translate::translated;
use crate::hart::cache::BlockCache;
use crate::hart::op::{Kind, Op, X_SINK};
use crate::hart::{FpClass, FpInsn};

/// The most blocks and ops one region holds: Cranelift's time grows with the function, and a
/// region's blocks run only as far as the hot path goes.
const MAX_BLOCKS: usize = 8;
const MAX_OPS: usize = 384;

/// The ops of the block starting at `ops[0]` up to and including its first op the translation
/// leaves to the interpreter, or its exit.
pub(crate) fn block_ops(ops: &[Op]) -> &[Op] {
    let end = ops
        .iter()
        .position(|op| op.kind.ends_block() || !translated(op.kind))
        .map_or(ops.len(), |i| i + 1);
    &ops[..end]
}

/// The instructions a whole pass through `ops` (as [`block_ops`] cuts it) can retire at most.
pub(crate) fn length(ops: &[Op]) -> u32 {
    ops.iter().map(|op| op.nth).max().unwrap_or(0)
}

/// Does the exit `op` go on at `target` forwards, to a higher address than its own? Such
/// jumps between a region's blocks can form no loop: a block's ops lie at or above its start,
/// so each one leads to a block starting higher up.
pub(crate) fn forward(op: &Op, target: u32) -> bool {
    op.kind == Kind::Fallthrough || target > op.pc
}

/// For each of a region's `blocks`, the most instructions that can retire from its start
/// until the region next checks the limit: at a jump back (not [`forward`]) to one of its
/// blocks, or where it leaves. Forward jumps between its blocks need no check of their own
/// then: the check before the block covers them.
pub(crate) fn spans(blocks: &[&[Op]]) -> Vec<u32> {
    let mut span = vec![0; blocks.len()];
    let mut order: Vec<usize> = (0..blocks.len()).collect();
    // Forward jumps lead to higher starts: those are done first.
    order.sort_by_key(|&i| std::cmp::Reverse(blocks[i][0].pc));
    for i in order {
        let mut most = length(blocks[i]);
        // Its exits' targets, and where a block cut short goes on, a jump forward too.
        let last = &blocks[i][blocks[i].len() - 1];
        let cut = cut_short(blocks[i]).map(|pc| (last, pc));
        let exits = blocks[i]
            .iter()
            .filter_map(|op| successors(op).map(|target| (op, target)));
        for (op, target) in exits.chain(cut) {
            if !forward(op, target) {
                continue;
            }
            if let Some(j) = blocks.iter().position(|ops| ops[0].pc == target) {
                most = most.max(op.nth + span[j]);
            }
        }
        span[i] = most;
    }
    span
}

/// Where a block cut short (`loop_part`, `before_loop`) goes on: at the instruction after its
/// last op, when that op neither ends the block nor is left to the interpreter ([`block_ops`]
/// ends a block at the first op that does either).
pub(crate) fn cut_short(ops: &[Op]) -> Option<u32> {
    let last = ops.last()?;
    (translated(last.kind) && !last.kind.ends_block()).then(|| last.pc.wrapping_add(4))
}

/// The static successor pcs of op `op` (branch taken, `jal`, fall-through).
pub(crate) fn successors(op: &Op) -> Option<u32> {
    use Kind as K;
    match op.kind {
        K::Beq | K::Bne | K::Blt | K::Bge | K::Bltu | K::Bgeu | K::Jal => Some(op.imm),
        K::Fallthrough => Some(op.pc),
        _ => None,
    }
}

/// The blocks of the region entered at arena position `b`: the entry first. A successor joins
/// only if it was entered at least `hot / 16` times by arena position in `counts` (its
/// entries as the tier counts them): a path the run seldom took would cost translation time
/// and save nothing.
///
/// A loop's head is a block that the blocks its exits reach jump back to with a backward jump
/// or branch (so that a loop has one head, where its back edge goes, not one per block it runs
/// through). A region entered at a head is that loop alone ([`natural_loop`]); any other
/// region stops at the heads it reaches through a backward jump or branch and leaves those
/// loops to their own regions. Otherwise each way into a loop got its own copy of it, run with
/// the registers of whatever came before it (sort's partition loop ran in seven regions, most
/// of the time in those copies rather than in the region of the loop alone). Blocks reached
/// backwards that head no static loop stay: a bytecode interpreter's dispatch, which each
/// handler jumps back to and leaves through `jalr`, stays inlined into every handler.
pub(crate) fn region<'c>(
    cache: &'c BlockCache,
    b: usize,
    counts: &[u32],
    hot: u32,
) -> Vec<&'c [Op]> {
    let whole = |ops| ops;
    let blocks = reach(cache, b, counts, hot, &|_, _| true, &whole);
    if heads_loop(&blocks) {
        return natural_loop(blocks);
    }
    let heads = |p| heads_loop(&reach(cache, p, counts, hot, &|_, _| true, &whole));
    reach(
        cache,
        b,
        counts,
        hot,
        &|op, p| !(backward(op) && heads(p)),
        &|ops| before_loop(cache, ops, &heads),
    )
}

/// The part of block `ops` (a superblock, which goes on past its conditional branches) before
/// the first loop head it runs into, other than its own start (`heads`: does the block at
/// this arena position head a loop?). A superblock that falls into a loop holds a copy of the
/// loop's body up to its jump back: sort's `quicksort` reaches its partition loop that way
/// from the function's entry, and every region of the code around the loop (the recursion,
/// the calls' returns) held such a copy, ten regions of some 110 ops each, most of the
/// translation time of the run (measured, `BENCHMARKS.md` session 13). Cut there, the region
/// leaves into the loop's own translation at the head.
fn before_loop<'o>(cache: &BlockCache, ops: &'o [Op], heads: &dyn Fn(usize) -> bool) -> &'o [Op] {
    let at = ops
        .iter()
        .skip(1)
        .position(|op| cache.block_at(op.pc).is_some_and(heads));
    match at {
        Some(i) => &ops[..=i],
        None => ops,
    }
}

/// Is `op` a jump or branch back to an address at or before it? A call (`jal` linking) is not:
/// recursion is no loop a region could keep. Nor is a `Fallthrough`, whose pc is its target.
fn backward(op: &Op) -> bool {
    let call = op.kind == Kind::Jal && op.rd != 0 && op.rd != X_SINK;
    !call && op.kind != Kind::Fallthrough && successors(op).is_some_and(|pc| pc <= op.pc)
}

/// Does any of `blocks` jump back to the first with a backward jump or branch?
fn heads_loop(blocks: &[&[Op]]) -> bool {
    let head = blocks[0][0].pc;
    blocks
        .iter()
        .flat_map(|ops| ops.iter())
        .any(|op| backward(op) && successors(op) == Some(head))
}

/// The blocks the static exits of the block at arena position `b` reach (breadth first, hot
/// ones only, up to the region's limits), the entry first, following only the exits `follow`
/// allows (given the exit op and the target's arena position), each block's ops as `cut`
/// keeps them.
fn reach<'c>(
    cache: &'c BlockCache,
    b: usize,
    counts: &[u32],
    hot: u32,
    follow: &dyn Fn(&Op, usize) -> bool,
    cut: &dyn Fn(&'c [Op]) -> &'c [Op],
) -> Vec<&'c [Op]> {
    let mut blocks = vec![cut(block_ops(&cache.ops[b..]))];
    let mut pcs = vec![cache.ops[b].pc];
    let mut ops = blocks[0].len();
    let mut i = 0;
    while i < blocks.len() {
        for op in blocks[i] {
            let Some(pc) = successors(op) else { continue };
            if blocks.len() == MAX_BLOCKS || pcs.contains(&pc) {
                continue;
            }
            let Some(p) = cache.block_at(pc) else {
                continue;
            };
            if counts.get(p).copied().unwrap_or(0) < hot / 16 || !follow(op, p) {
                continue;
            }
            let next = cut(block_ops(&cache.ops[p..]));
            if translated(next[0].kind) && ops + next.len() <= MAX_OPS {
                ops += next.len();
                pcs.push(pc);
                blocks.push(next);
            }
        }
        i += 1;
    }
    blocks
}

/// The loop `blocks[0]` heads (some of `blocks` jump back to it): the blocks that reach such
/// a jump without passing the head (a natural loop), in their order in `blocks`. The region
/// keeps the guest registers it uses in host registers across its blocks, so a loop alone
/// keeps only its own registers there: outer code, other loops and whatever follows the loop
/// would crowd them out (Cranelift spilled most of them to the stack when the region of crc's
/// inner loop also held the two loops after it), and the loop leaves into their own
/// translations.
fn natural_loop(blocks: Vec<&[Op]>) -> Vec<&[Op]> {
    let starts: Vec<u32> = blocks.iter().map(|ops| ops[0].pc).collect();
    let reaches = |from: usize, to: usize| {
        blocks[from]
            .iter()
            .any(|op| successors(op) == Some(starts[to]))
    };
    let mut inside: Vec<bool> = (0..blocks.len()).map(|i| reaches(i, 0)).collect();
    inside[0] = true;
    // Every block that reaches a block inside (the head only through its own back edge).
    let mut grew = true;
    while grew {
        grew = false;
        for i in 1..blocks.len() {
            if !inside[i] && (1..blocks.len()).any(|k| inside[k] && reaches(i, k)) {
                inside[i] = true;
                grew = true;
            }
        }
    }
    let kept: Vec<u32> = (0..blocks.len())
        .filter(|&i| inside[i])
        .map(|i| starts[i])
        .collect();
    blocks
        .into_iter()
        .zip(inside)
        .filter(|&(_, keep)| keep)
        .map(|(ops, _)| loop_part(ops, &kept))
        .collect()
}

/// The part of loop block `ops` (a superblock, which goes on past its conditional branches)
/// up to its last branch to a block of the loop (the starts `kept`): the code after it is
/// where the loop leaves, and its registers would crowd out the loop's. The translation then
/// leaves at that branch's fall-through (`translate::region`). Cut only after a branch back
/// to the head, insertion sort's inner loop kept the function's epilogue (after the outer
/// loop's branch back), whose loads took frame slots and kept `sp` live in the loops.
fn loop_part<'o>(ops: &'o [Op], kept: &[u32]) -> &'o [Op] {
    match ops
        .iter()
        .rposition(|op| successors(op).is_some_and(|pc| kept.contains(&pc)))
    {
        Some(i) if i + 1 < ops.len() => &ops[..=i],
        _ => ops,
    }
}

/// The registers a region's ops use in host code: x registers read (`x_used`, which includes
/// the written ones) and written (`x_written`), and f registers read or written (`f_used`); bit
/// r for register r. The region keeps them in Cranelift variables. F/D ops run by a helper
/// (`helpers::fp`) access the f registers in the hart state directly and are not listed there.
#[derive(Clone, Copy, Default)]
pub(crate) struct Regs {
    pub x_used: u32,
    pub x_written: u32,
    pub f_used: u32,
    /// Some op is an F/D instruction (the region computes the accrued-FP condition).
    pub fp: bool,
}

impl Regs {
    fn f(&mut self, r: u8) {
        self.f_used |= 1 << r;
        self.fp = true;
    }

    fn x_read(&mut self, r: u8) {
        if r != 0 && r != X_SINK {
            self.x_used |= 1 << r;
        }
    }

    fn x_write(&mut self, r: u8) {
        if r != 0 && r != X_SINK {
            self.x_used |= 1 << r;
            self.x_written |= 1 << r;
        }
    }

    /// Add the registers `op` uses (as `translate::one`, `Tx::float` and the FP loads and
    /// stores translate it).
    pub(crate) fn add(&mut self, op: &Op) {
        use Kind as K;
        match op.kind {
            K::Nop | K::Fallthrough => {}
            K::Li | K::Jal => self.x_write(op.rd),
            K::Addi
            | K::Slti
            | K::Sltiu
            | K::Xori
            | K::Ori
            | K::Andi
            | K::Slli
            | K::Srli
            | K::Srai
            | K::Lb
            | K::Lh
            | K::Lw
            | K::Lbu
            | K::Lhu
            | K::Jalr => {
                self.x_read(op.rs1);
                self.x_write(op.rd);
            }
            K::Add
            | K::Sub
            | K::Sll
            | K::Slt
            | K::Sltu
            | K::Xor
            | K::Srl
            | K::Sra
            | K::Or
            | K::And
            | K::Mul
            | K::Mulh
            | K::Mulhsu
            | K::Mulhu
            | K::Div
            | K::Divu
            | K::Rem
            | K::Remu => {
                self.x_read(op.rs1);
                self.x_read(op.rs2);
                self.x_write(op.rd);
            }
            K::Sb
            | K::Sh
            | K::Sw
            | K::Beq
            | K::Bne
            | K::Blt
            | K::Bge
            | K::Bltu
            | K::Bgeu
            | K::BranchMisaligned => {
                self.x_read(op.rs1);
                self.x_read(op.rs2);
            }
            K::Flw | K::Fld => {
                self.x_read(op.rs1);
                self.f(op.rd);
            }
            K::Fsw | K::Fsd => {
                self.x_read(op.rs1);
                self.f(op.rs2);
            }
            K::FmvXW => {
                self.f(op.rs1);
                self.x_write(op.rd);
            }
            K::FcvtDW | K::FcvtDWu | K::FmvWX => {
                self.x_read(op.rs1);
                self.f(op.rd);
            }
            k if super::float::arithmetic(k).is_some() || super::float::sign_injection(k) => {
                self.f(op.rs1);
                self.f(op.rs2);
                self.f(op.rs3);
                self.f(op.rd);
            }
            // The rest of F/D runs in `helpers::fp`, which reads x operands from the hart
            // state and writes its x result there (`Tx::float` reloads it).
            k => {
                self.fp = true;
                match FpInsn::class_of(k) {
                    FpClass::ToInt => self.x_write(op.rd),
                    FpClass::FromInt => self.x_read(op.rs1),
                    _ => {}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hart::{Hart, HartConfig, TrapMode};
    use crate::isa::Isa;
    use macrosim_core::{Perm, SparseMemory};

    /// The regions entered at each of `entries` in `code` (address, instruction word), as the
    /// first and last pc of each of their blocks; every block hot.
    fn regions(code: &[(u32, u32)], entries: &[u32]) -> Vec<Vec<(u32, u32)>> {
        let mut mem = SparseMemory::new();
        mem.map(0, 0x1000, Perm::RWX);
        for &(at, word) in code {
            mem.write_u32(at.into(), word).unwrap();
        }
        let mut hart = Hart::new(HartConfig {
            id: 0,
            isa: Isa::parse("rv32i").unwrap(),
            traps: TrapMode::Host,
        });
        let cache = &mut hart.cache;
        let at: Vec<usize> = entries
            .iter()
            .map(|&pc| cache.enter(pc, &mut mem, None).unwrap() as usize)
            .collect();
        let counts = vec![100; cache.ops.len()];
        at.into_iter()
            .map(|b| {
                region(cache, b, &counts, 100)
                    .iter()
                    .map(|ops| (ops[0].pc, ops[ops.len() - 1].pc))
                    .collect()
            })
            .collect()
    }

    /// Loop L (at 0x100) leaves to block E (at 0x200), which jumps back into it.
    const LOOP: [(u32, u32); 5] = [
        (0x100, 0xfff2_8293), // L: addi t0, t0, -1
        (0x104, 0xfe02_9ee3), //    bnez t0, L
        (0x108, 0x0f80_006f), //    j E
        (0x200, 0x0010_0313), // E: li t1, 1
        (0x204, 0xefdf_f06f), //    j L
    ];

    #[test]
    fn a_region_entered_outside_a_loop_leaves_the_loop_it_jumps_back_to() {
        let starts = |r: &Vec<(u32, u32)>| r.iter().map(|b| b.0).collect::<Vec<_>>();
        let r = regions(&LOOP, &[0x100, 0x200]);
        // Entered at its head, the loop keeps the block it leaves to, which jumps back.
        assert_eq!(starts(&r[0]), [0x100, 0x200]);
        // Entered at that block (which nothing jumps back to backwards), the region stops
        // at the loop's head instead of running its own copy of the loop.
        assert_eq!(starts(&r[1]), [0x200]);
    }

    #[test]
    fn a_block_that_falls_into_a_loop_is_cut_before_its_head() {
        // P (at 0xf8) runs straight into loop L: its superblock holds L's body up to `j E`.
        let mut code = vec![
            (0xf8, 0x0050_0293), // P: li t0, 5
            (0xfc, 0x0013_0313), //    addi t1, t1, 1
        ];
        code.extend(LOOP);
        let r = regions(&code, &[0x100, 0x200, 0xf8]);
        assert_eq!(r[2], [(0xf8, 0xfc)]);
        // A region entered at the loop's head keeps the loop's whole block.
        assert_eq!(r[0], [(0x100, 0x108), (0x200, 0x204)]);
    }

    fn op(kind: Kind, pc: u32, target: u32, nth: u32) -> Op {
        let mut op = Op::new(kind, pc);
        op.imm = target;
        op.nth = nth;
        op
    }

    #[test]
    fn a_span_runs_through_forward_jumps_and_stops_at_jumps_back() {
        // A (0x100): beq to B, then jump back to A. B (0x200): jump back to A.
        let a = [
            op(Kind::Addi, 0x100, 0, 1),
            op(Kind::Beq, 0x104, 0x200, 2),
            op(Kind::Jal, 0x108, 0x100, 3),
        ];
        let b = [op(Kind::Addi, 0x200, 0, 1), op(Kind::Jal, 0x204, 0x100, 2)];
        // A: its own 3, or 2 then all of B's 2.
        assert_eq!(spans(&[&a, &b]), [4, 2]);
        // In B's own region A follows: B's 2 is all before the jump back.
        assert_eq!(spans(&[&b, &a]), [2, 4]);
    }

    #[test]
    fn a_span_runs_through_the_fall_through_of_a_block_cut_short() {
        // P (0x100) cut before loop head L (0x108, `before_loop`), which the region also
        // holds: P goes on into L with no op of its own jumping there.
        let p = [op(Kind::Addi, 0x100, 0, 1), op(Kind::Addi, 0x104, 0, 2)];
        let l = [op(Kind::Addi, 0x108, 0, 1), op(Kind::Bne, 0x10c, 0x108, 2)];
        // P: its 2, then all of L's 2 before L's jump back.
        assert_eq!(spans(&[&p, &l]), [4, 2]);
    }
}

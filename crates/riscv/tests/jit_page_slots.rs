//! The translation tier's page slots outlive entries into translated code (`hart/jit/slots.rs`),
//! and its extents (`hart/jit/extent.rs`) hold arena addresses in the code itself,
//! and a looping region's slots in its stack frame are copied from them at entry
//! (`hart/jit/memory.rs`): a slot must be forgotten when the page table changes between runs, or translated code would
//! read a page's old frame, write a page that has become code without telling the block
//! cache, or access a page that is no longer mapped. The same steps on both tiers must give
//! the same observations.
#![cfg(feature = "jit")]

use macrosim_core::{Perm, SparseMemory};
use macrosim_riscv::hart::Tier;
use macrosim_riscv::mmio::NoMmio;
use macrosim_riscv::trace::NoTrace;
use macrosim_riscv::{Hart, HartConfig, Isa, Stop, TrapMode};

const CODE: u32 = 0x1000;
const FUNC: u32 = 0x1100;
/// Read by the function; mapped but not written at first (its reads see the zero frame).
const DATA: u32 = 0x20000;
/// Written by the function.
const OUT: u32 = 0x40000;

fn i_type(imm: i32, rs1: u32, f3: u32, rd: u32, op: u32) -> u32 {
    ((imm as u32) & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op
}

fn s_type(imm: i32, rs2: u32, rs1: u32, f3: u32, op: u32) -> u32 {
    let i = imm as u32;
    (i >> 5 & 0x7f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (i & 0x1f) << 7 | op
}

/// A loop calling a function through `jalr` (so that the function is a region of its own,
/// entered once per call, whose memory ops keep persistent slots): the function loads from
/// `t0`, adds to `s1` and stores `s1` at `t1`.
fn program(mem: &mut SparseMemory) {
    let lp = [
        i_type(0, 7, 0, 1, 0x67), // jalr ra, 0(t2)
        0xffdf_f06f,              // jal x0, -4
    ];
    let func = [
        i_type(0, 5, 2, 10, 0x03), // lw a0, 0(t0)
        0x00a4_84b3,               // add s1, s1, a0
        s_type(0, 9, 6, 2, 0x23),  // sw s1, 0(t1)
        i_type(0, 1, 0, 0, 0x67),  // jalr x0, 0(ra)
    ];
    let bytes = |w: &[u32]| w.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>();
    mem.map(u64::from(CODE), 0x1000, Perm::RWX);
    mem.load_bytes(u64::from(CODE), &bytes(&lp)).unwrap();
    mem.load_bytes(u64::from(FUNC), &bytes(&func)).unwrap();
    mem.map(u64::from(DATA), 0x1000, Perm::RW);
    mem.map(u64::from(OUT), 0x1000, Perm::RWX);
}

/// The same accesses in a loop that jumps back to its own start (a region that loops, whose
/// slots are in its stack frame, copied at each entry from their homes among the persistent
/// slots): each run of 2000 instructions enters it again.
fn looping(mem: &mut SparseMemory) {
    let lp = [
        i_type(0, 5, 2, 10, 0x03), // lw a0, 0(t0)
        0x00a4_84b3,               // add s1, s1, a0
        s_type(0, 9, 6, 2, 0x23),  // sw s1, 0(t1)
        0xff5f_f06f,               // jal x0, -12
    ];
    let bytes: Vec<u8> = lp.iter().flat_map(|w| w.to_le_bytes()).collect();
    mem.map(u64::from(CODE), 0x1000, Perm::RWX);
    mem.load_bytes(u64::from(CODE), &bytes).unwrap();
    mem.map(u64::from(DATA), 0x1000, Perm::RW);
    mem.map(u64::from(OUT), 0x1000, Perm::RWX);
}

/// `looping` with 16 pages from each of its two pages mapped and written in order before the
/// first run, so that its ops are translated against runs of frames: extents over them
/// (`hart/jit/extent.rs`, at least 16 pages), not only page slots.
fn looping_written(mem: &mut SparseMemory) {
    looping(mem);
    for (at, first) in [(DATA, 1), (OUT, 0)] {
        mem.map(u64::from(at), 0x10000, Perm::RW);
        for page in (0..0x10000).step_by(0x1000) {
            mem.write_u32(u64::from(at) + page, if page == 0 { first } else { 9 })
                .unwrap();
        }
    }
}

/// Run `steps`, each a change to memory between runs of 2000 instructions; what each run saw.
fn observe(tier: Tier, steps: &[fn(&mut SparseMemory)]) -> Vec<String> {
    observe_in(program, tier, steps)
}

fn observe_in(
    program: fn(&mut SparseMemory),
    tier: Tier,
    steps: &[fn(&mut SparseMemory)],
) -> Vec<String> {
    let mut mem = SparseMemory::new();
    program(&mut mem);
    let mut hart = hart(tier);
    let mut seen = Vec::new();
    for step in steps {
        step(&mut mem);
        let stop = hart.run(&mut mem, &mut NoMmio, &mut NoTrace, 2000);
        seen.push(seen_after(&hart, &stop, &mem));
        if !matches!(stop, Stop::Limit) {
            break;
        }
    }
    seen
}

/// A hart on `tier` that translates at once, set up for the programs above.
fn hart(tier: Tier) -> Hart {
    let mut hart = Hart::new(HartConfig {
        id: 0,
        isa: Isa::parse("rv32imafd").unwrap(),
        traps: TrapMode::Host,
    });
    hart.set_tier(tier).unwrap();
    hart.set_jit_threshold(1);
    hart.set_pc(CODE);
    hart.set_x(5, DATA);
    hart.set_x(6, OUT);
    hart.set_x(7, FUNC);
    hart
}

/// What a run that stopped with `stop` left.
fn seen_after(hart: &Hart, stop: &Stop, mem: &SparseMemory) -> String {
    format!(
        "{stop:?} pc {:#x} retired {} s1 {} out {:?} code epoch {}",
        hart.pc(),
        hart.retired(),
        hart.x(9),
        mem.read_u32(u64::from(OUT)),
        mem.code_epoch()
    )
}

#[test]
fn slots_follow_the_page_table_between_runs() {
    let steps: [fn(&mut SparseMemory); 5] = [
        |_| {},
        // The loaded page's first write gives it a frame: the load must see it.
        |mem| mem.write_u32(u64::from(DATA), 5).unwrap(),
        // The stored page becomes code: the store must bump the code epoch.
        |mem| mem.mark_code(u64::from(OUT)),
        // Read-only now: the store must fault.
        |mem| assert!(mem.protect(u64::from(OUT), 0x1000, Perm::R)),
        |_| {},
    ];
    let interp = observe(Tier::Interp, &steps);
    assert_eq!(observe(Tier::Jit, &steps), interp);
    // What each step is there to see, on the interpreter (the reference).
    assert!(interp[1].contains("s1 1665"), "{interp:?}");
    assert!(interp[2].contains("code epoch 1"), "{interp:?}");
    assert!(interp[3].contains("StoreAccessFault"), "{interp:?}");
}

#[test]
fn a_slot_forgets_an_unmapped_page() {
    let steps: [fn(&mut SparseMemory); 3] = [
        |mem| mem.write_u32(u64::from(DATA), 3).unwrap(),
        |mem| mem.unmap(u64::from(DATA), 0x1000),
        |_| {},
    ];
    let interp = observe(Tier::Interp, &steps);
    assert_eq!(observe(Tier::Jit, &steps), interp);
    assert!(interp[1].contains("LoadAccessFault"), "{interp:?}");
}

#[test]
fn a_looping_regions_slots_follow_the_page_table_between_entries() {
    let steps: [fn(&mut SparseMemory); 5] = [
        |_| {},
        |mem| mem.write_u32(u64::from(DATA), 5).unwrap(),
        |mem| mem.mark_code(u64::from(OUT)),
        |_| {},
        |mem| assert!(mem.protect(u64::from(OUT), 0x1000, Perm::R)),
    ];
    let interp = observe_in(looping, Tier::Interp, &steps);
    assert_eq!(observe_in(looping, Tier::Jit, &steps), interp);
    assert!(interp[2].contains("code epoch 1"), "{interp:?}");
    assert!(interp[4].contains("StoreAccessFault"), "{interp:?}");
}

#[test]
fn a_looping_regions_slot_forgets_an_unmapped_page() {
    let steps: [fn(&mut SparseMemory); 3] = [
        |mem| mem.write_u32(u64::from(DATA), 3).unwrap(),
        |_| {},
        |mem| mem.unmap(u64::from(DATA), 0x1000),
    ];
    let interp = observe_in(looping, Tier::Interp, &steps);
    assert_eq!(observe_in(looping, Tier::Jit, &steps), interp);
    assert!(interp[2].contains("LoadAccessFault"), "{interp:?}");
}

#[test]
fn an_extent_follows_the_page_table_between_entries() {
    let steps: [fn(&mut SparseMemory); 4] = [
        |_| {},
        |mem| mem.mark_code(u64::from(OUT)),
        |_| {},
        |mem| assert!(mem.protect(u64::from(OUT), 0x1000, Perm::R)),
    ];
    let interp = observe_in(looping_written, Tier::Interp, &steps);
    assert_eq!(observe_in(looping_written, Tier::Jit, &steps), interp);
    assert!(interp[1].contains("code epoch 1"), "{interp:?}");
    assert!(interp[3].contains("StoreAccessFault"), "{interp:?}");
}

#[test]
fn an_extent_forgets_an_unmapped_page() {
    let steps: [fn(&mut SparseMemory); 2] = [|_| {}, |mem| mem.unmap(u64::from(DATA), 0x1000)];
    let interp = observe_in(looping_written, Tier::Interp, &steps);
    assert_eq!(observe_in(looping_written, Tier::Jit, &steps), interp);
    assert!(interp[1].contains("LoadAccessFault"), "{interp:?}");
}

/// An extent holds a host address of the memory it was made for: run on another memory (the
/// same pages and frames, other bytes, another arena, as after the arena moved), the hart
/// must read that memory's bytes.
#[test]
fn an_extent_serves_only_the_arena_it_was_made_for() {
    let run = |tier| {
        let (mut a, mut b) = (SparseMemory::new(), SparseMemory::new());
        looping_written(&mut a);
        looping_written(&mut b);
        b.write_u32(u64::from(DATA), 7).unwrap();
        let mut hart = hart(tier);
        let mut seen = Vec::new();
        for mem in [&mut a, &mut b] {
            let stop = hart.run(mem, &mut NoMmio, &mut NoTrace, 2000);
            seen.push(seen_after(&hart, &stop, mem));
        }
        seen
    };
    let interp = run(Tier::Interp);
    assert_eq!(run(Tier::Jit), interp);
    assert!(interp[1].contains("s1 4000"), "{interp:?}");
}

//! The tile's RISC-V side with hand-encoded RV32 programs: pushes, the TTSync hold
//! (TTSync.md), the semaphores' RISC-V view (SyncUnit.md), done words, and the stops: a core
//! fault, a firmware failure code, a deadlock, the cycle limit.

use macrosim_core::timeline::NoTimeline;
use macrosim_tensix::Arch;
use macrosim_tensix::isa::asm::assemble;
use macrosim_tensix::tile::timed::TimingParams;
use macrosim_tensix::tile::{Tile, TileError};

const SP: u32 = 2;
const T0: u32 = 5;
const T1: u32 = 6;

fn lui(rd: u32, imm20: u32) -> u32 {
    (imm20 << 12) | (rd << 7) | 0x37
}
fn addi(rd: u32, rs1: u32, imm: i32) -> u32 {
    ((imm as u32 & 0xfff) << 20) | (rs1 << 15) | (rd << 7) | 0x13
}
fn sw(rs2: u32, rs1: u32, imm: i32) -> u32 {
    let i = imm as u32 & 0xfff;
    ((i >> 5) << 25) | (rs2 << 20) | (rs1 << 15) | (2 << 12) | ((i & 31) << 7) | 0x23
}
fn lw(rd: u32, rs1: u32, imm: i32) -> u32 {
    ((imm as u32 & 0xfff) << 20) | (rs1 << 15) | (2 << 12) | (rd << 7) | 0x03
}
/// `li rd, v` as lui + addi.
fn li(rd: u32, v: u32) -> [u32; 2] {
    let lo = ((v & 0xfff) as i32) << 20 >> 20;
    [lui(rd, v.wrapping_sub(lo as u32) >> 12), addi(rd, rd, lo)]
}
const SPIN: u32 = 0x0000_006f; // jal x0, 0

/// Push `text` through INSTRN_BUF_BASE (PushTensixInstruction.md).
fn push(code: &mut Vec<u32>, text: &str) {
    let word = assemble(Arch::WormholeB0, text).expect("assembles");
    code.extend(li(T1, word));
    code.extend(li(T0, 0xFFE4_0000));
    code.push(sw(T1, T0, 0));
}

/// tensix_sync: a store to PC_BUF word 1, then its load (TTSync.md).
fn tensix_sync(code: &mut Vec<u32>) {
    code.extend(li(T0, 0xFFE8_0000));
    code.push(sw(0, T0, 4));
    code.push(lw(0, T0, 4));
}

/// Writes `value` to core `core`'s done word (coord/TILE_CONTRACT.md) and spins.
fn done(code: &mut Vec<u32>, core: u32, value: u32) {
    code.extend(li(T0, 0x1F000 + 4 * core));
    code.extend(li(T1, value));
    code.push(sw(T1, T0, 0));
    code.push(SPIN);
}

fn tile() -> Tile {
    Tile::new(Arch::WormholeB0.table())
}

// SEMINIT/SEMPOST pushed by TRISC0, then the RISC-V view: a load returns Value, a store of an
// even value posts (SyncUnit.md / notes §1.7); the result goes to L1 through the local-memory
// stack.
#[test]
fn pushes_semaphores_and_local_memory() {
    let mut c = Vec::new();
    push(&mut c, "SEMINIT 4, 1, 1"); // semaphore 0: max 4, value 1
    push(&mut c, "SEMPOST 1");
    tensix_sync(&mut c);
    c.extend(li(T0, 0xFFE8_0020));
    c.push(sw(0, T0, 0)); // RISC-V post: value 3
    c.push(lw(T1, T0, 0));
    c.extend(li(SP, 0xFFB0_0800));
    c.push(sw(T1, SP, -4)); // through local memory
    c.push(lw(T1, SP, -4));
    c.extend(li(T0, 0x20000));
    c.push(sw(T1, T0, 0));
    done(&mut c, 0, 1);
    let mut t = tile();
    t.load_code(0, &c);
    let stats = t.run(100_000).expect("runs");
    assert_eq!(t.l1.read_u32(0x20000).unwrap(), 3);
    assert_eq!(stats.pushes[0], 2);
    assert_eq!(
        stats.units[0][macrosim_tensix::backend::Unit::Sync.index()],
        2
    );
}

// A load from an unmapped MMIO address stops the run naming the core and the pc.
#[test]
fn core_fault_names_core_and_pc() {
    let mut c = Vec::new();
    c.extend(li(T0, 0xFFF0_0000));
    c.push(lw(T1, T0, 0));
    let mut t = tile();
    t.load_code(1, &c);
    match t.run(10_000) {
        Err(TileError::CoreFault { core, pc, what, .. }) => {
            assert_eq!((core, pc), ("trisc1", 0xA008));
            assert!(what.contains("0xfff00000"), "{what}");
        }
        other => panic!("{other:?}"),
    }
}

// A done word other than 1 is the firmware's failure code.
#[test]
fn firmware_failure_code() {
    let mut c = Vec::new();
    done(&mut c, 2, 7);
    let mut t = tile();
    t.load_code(2, &c);
    assert!(matches!(
        t.run(10_000),
        Err(TileError::FirmwareFailure {
            core: "trisc2",
            code: 7
        })
    ));
}

// SEMWAIT on a semaphore nobody posts, then tensix_sync: the thread can never drain and the core
// is held, so the run stops as a deadlock naming the wait.
#[test]
fn deadlock_is_detected() {
    let mut c = Vec::new();
    push(&mut c, "SEMINIT 1, 0, 2"); // semaphore 1: value 0
    push(&mut c, "SEMWAIT 0x40, 2, 1"); // FPU blocked while semaphore 1 is zero
    push(&mut c, "ZEROACC 3, 0, 0");
    tensix_sync(&mut c);
    done(&mut c, 1, 1);
    let mut t = tile();
    t.load_code(1, &c);
    match t.run(1_000_000) {
        Err(TileError::Deadlock { detail, .. }) => {
            assert!(detail.contains("T1 waits: SEMWAIT"), "{detail}")
        }
        other => panic!("{other:?}"),
    }
}

// MVMUL.md / GMPOOL.md: the FPU waits at the Wait Gate while a Src bank's AllowedClient is not
// the Matrix Unit (the pages model a wait, not a fault); with no unpacker ever filling the bank
// the wait cannot end, so the run stops as a deadlock naming it.
#[test]
fn fpu_wait_on_an_unfilled_src_bank_is_a_deadlock() {
    let mut c = Vec::new();
    push(&mut c, "GMPOOL 0, 0, 0, 0, 0");
    tensix_sync(&mut c);
    done(&mut c, 1, 1);
    let mut t = tile();
    t.load_code(1, &c);
    match t.run(1_000_000) {
        Err(TileError::Deadlock { detail, .. }) => {
            assert!(detail.contains("SrcA/SrcB data valid"), "{detail}")
        }
        other => panic!("{other:?}"),
    }
}

// A core that never finishes hits the cycle limit.
#[test]
fn max_cycles() {
    let mut t = tile();
    t.load_code(0, &[SPIN]);
    assert!(matches!(t.run(1000), Err(TileError::MaxCycles { .. })));
}

// The event stream (cycle, thread, unit, word) of executed backend instructions, in order.
#[test]
fn events_record_what_left_the_wait_gate() {
    let mut c = Vec::new();
    push(&mut c, "SEMINIT 4, 1, 1");
    push(&mut c, "ZEROACC 3, 0, 0");
    tensix_sync(&mut c);
    done(&mut c, 0, 1);
    let mut t = tile();
    t.record_events();
    t.load_code(0, &c);
    t.run(100_000).expect("runs");
    let ev = t.events();
    assert_eq!(ev.len(), 2);
    assert_eq!(ev[0].unit, macrosim_tensix::backend::Unit::Sync);
    assert_eq!(ev[1].unit, macrosim_tensix::backend::Unit::Fpu);
    assert_eq!(
        ev[1].word,
        assemble(Arch::WormholeB0, "ZEROACC 3, 0, 0").unwrap()
    );
    assert!(ev[0].cycle < ev[1].cycle && ev.iter().all(|e| e.thread == 0));
}

// Mailboxes.md between BRISC and TRISC1: T1 first queries "B to T1" (bit 2: 0, empty), then
// pops it, which waits until BRISC (which runs after it) has pushed; BRISC also writes a
// config word and pushes SEMINIT to T0's thread (the kernels' BRISC role, issue 8), and its
// done word is the fourth. The same with --timing (issue 10): T1 reaches its pop first and waits
// there, the cycles counted.
#[test]
fn brisc_and_mailboxes() {
    for timed in [false, true] {
        brisc_and_mailboxes_in(timed);
    }
}

fn brisc_and_mailboxes_in(timed: bool) {
    let mut t1 = Vec::new();
    t1.extend(li(T0, 0xFFEC_0000)); // window 0: B
    t1.push(lw(T1, T0, 4));
    t1.extend(li(SP, 0x20000));
    t1.push(sw(T1, SP, 0));
    t1.push(lw(T1, T0, 0));
    t1.push(sw(T1, SP, 4));
    done(&mut t1, 1, 1);
    let mut b = Vec::new();
    push(&mut b, "SEMINIT 4, 2, 1"); // semaphore 0: max 4, value 2
    b.extend(li(T0, 0xFFEF_0000 + 4 * 5));
    b.extend(li(T1, 0x1234_5678));
    b.push(sw(T1, T0, 0));
    b.extend(li(T0, 0xFFEC_2000)); // window 2: T1
    b.extend(li(T1, 42));
    b.push(sw(T1, T0, 0));
    done(&mut b, 3, 1);
    let mut t = tile();
    t.load_code(1, &t1);
    t.load_code(3, &b);
    let stats = if timed {
        let (stats, st) = t
            .run_timed(100_000, &TimingParams::default(), &mut NoTimeline)
            .expect("runs");
        assert!(st.core_waits[1][5] > 0, "trisc1 waited at its pop");
        assert!(st.report().contains("trisc1 waited: mailbox read (empty)"));
        assert!(st.core_done[3].is_some());
        stats
    } else {
        t.run(100_000).expect("runs")
    };
    assert_eq!(
        t.l1.read_u32(0x20000).unwrap(),
        0,
        "status of an empty mailbox"
    );
    assert_eq!(
        t.l1.read_u32(0x20004).unwrap(),
        42,
        "the value BRISC pushed"
    );
    assert_eq!(t.backend.cfg.banks()[0][5], 0x1234_5678);
    assert_eq!(t.backend.sync.sems[0].value, 2);
    assert_eq!(stats.pushes[3], 1);
}

// Mailboxes.md: a pop from a mailbox nobody will write waits forever: a deadlock naming it, with
// and without --timing.
#[test]
fn mailbox_deadlock_is_detected() {
    for timed in [false, true] {
        mailbox_deadlock_in(timed);
    }
}

fn mailbox_deadlock_in(timed: bool) {
    let mut c = Vec::new();
    c.extend(li(T0, 0xFFEC_3000)); // window 3: from T2
    c.push(lw(T1, T0, 0));
    done(&mut c, 1, 1);
    let mut t = tile();
    t.load_code(1, &c);
    t.load_code(2, &{
        let mut d = Vec::new();
        done(&mut d, 2, 1);
        d
    });
    let r = if timed {
        t.run_timed(1_000_000, &TimingParams::default(), &mut NoTimeline)
            .map(|_| ())
    } else {
        t.run(1_000_000).map(|_| ())
    };
    match r {
        Err(TileError::Deadlock { detail, .. }) => assert!(
            detail.contains("trisc1 reading the mailbox from trisc2 (empty)"),
            "{detail}"
        ),
        other => panic!("{other:?}"),
    }
}

/// `csrrs rd, csr, x0` (a read).
fn csrr(rd: u32, csr: u32) -> u32 {
    (csr << 20) | (2 << 12) | (rd << 7) | 0x73
}

/// Read tt_cfg_qstatus (0xbc0) and tt_cfg_bstatus (0xbc1) through T1 and store them at
/// `SP + at` and `SP + at + 4`.
fn store_status_csrs(c: &mut Vec<u32>, at: i32) {
    for (k, csr) in [0xbc0, 0xbc1].into_iter().enumerate() {
        c.push(csrr(T1, csr));
        c.push(sw(T1, SP, at + 4 * k as i32));
    }
}

// Blackhole BabyRISCV/CSRs.md (read the same on Wormhole, tile/status.rs): right after TRISC0
// pushes SEMPOST (Sync Unit, type 7) and ZEROACC (Matrix Unit, type 10), its
// tt_cfg_qstatus shows both types in [10:0] and in the OR at [23:13], sfpu_cc (all lanes
// enabled at reset) in bits 11 and 24; tt_cfg_bstatus has the OR at [21:11]. TRISC1, which
// pushed nothing, sees only the OR. After tensix_sync both are empty again.
#[test]
fn status_csrs_show_queued_instruction_types() {
    let (sync, fpu) = (1u32 << 7, 1u32 << 10);
    let cc = (1 << 11) | (1 << 24);
    let mut c = Vec::new();
    c.extend(li(SP, 0x20000));
    push(&mut c, "SEMPOST 1");
    push(&mut c, "ZEROACC 3, 0, 0");
    store_status_csrs(&mut c, 0);
    // Let TRISC1 read while the pushes are still queued (the backend has not run yet).
    c.extend(li(T0, 0x20100));
    c.extend(li(T1, 1));
    c.push(sw(T1, T0, 0));
    tensix_sync(&mut c);
    store_status_csrs(&mut c, 8);
    done(&mut c, 0, 1);
    // TRISC1: spin until TRISC0's flag, then read qstatus.
    let mut c1 = Vec::new();
    c1.extend(li(T0, 0x20100));
    c1.push(lw(T1, T0, 0));
    c1.push(0xfe03_0ee3); // beq t1, x0, -4
    c1.push(csrr(T1, 0xbc0));
    c1.extend(li(SP, 0x20000));
    c1.push(sw(T1, SP, 16));
    done(&mut c1, 1, 1);
    let mut t = tile();
    t.load_code(0, &c);
    t.load_code(1, &c1);
    t.run(100_000).expect("runs");
    let word = |a: u64| t.l1.read_u32(a).unwrap();
    let both = sync | fpu;
    assert_eq!(
        word(0x20000),
        both | (both << 13) | cc,
        "qstatus after the pushes"
    );
    assert_eq!(
        word(0x20004),
        both | (both << 11),
        "bstatus after the pushes"
    );
    assert_eq!(word(0x20008), cc, "qstatus after tensix_sync");
    assert_eq!(word(0x2000c), 0, "bstatus after tensix_sync");
    assert_eq!(word(0x20010), (both << 13) | cc, "TRISC1: only the OR");
}

// The status CSRs with and without --timing (issue 8's CSRs, issue 10): TRISC0 holds its thread
// with a latched SEMWAIT (FPU blocked while semaphore 1 is zero), so under --timing ZEROACC waits
// at the Wait Gate and SEMPOST queues behind it (the functional tile has not run its backend
// yet: all three are queued); both modes must read Matrix Unit and
// Sync Unit types then (CSRs.md), and nothing once the RISC-V has posted the semaphore
// (SyncUnit.md's RISC-V view) and tensix_sync has drained the thread.
#[test]
fn status_csrs_read_the_same_with_timing() {
    let (sync, fpu) = (1u32 << 7, 1u32 << 10);
    let both = sync | fpu;
    let cc = (1 << 11) | (1 << 24);
    for timed in [false, true] {
        let mut c = Vec::new();
        c.extend(li(SP, 0x20000));
        // Semaphore 1 is zero at reset; no SEMINIT, which the functional tile would run only
        // after the core's post below (its cores run ahead of the backend).
        push(&mut c, "SEMWAIT 0x40, 2, 1");
        push(&mut c, "ZEROACC 3, 0, 0");
        push(&mut c, "SEMPOST 2");
        store_status_csrs(&mut c, 0);
        c.extend(li(T0, 0xFFE8_0000 + 4 * 8 + 4)); // semaphore 1, RISC-V view
        c.push(sw(0, T0, 0)); // an even value: SEMPOST
        tensix_sync(&mut c);
        store_status_csrs(&mut c, 8);
        done(&mut c, 0, 1);
        let mut t = tile();
        t.load_code(0, &c);
        if timed {
            t.run_timed(100_000, &TimingParams::default(), &mut NoTimeline)
                .expect("runs");
        } else {
            t.run(100_000).expect("runs");
        }
        let word = |a: u64| t.l1.read_u32(a).unwrap();
        let got = [word(0x20000), word(0x20004), word(0x20008), word(0x2000c)];
        assert_eq!(
            got,
            [both | (both << 13) | cc, both | (both << 11), cc, 0],
            "qstatus/bstatus held and drained, timed: {timed}"
        );
    }
}

/// `bne rs1, x0, -4`.
fn bne_back(rs1: u32) -> u32 {
    (1 << 31) | (0x3f << 25) | (rs1 << 15) | (1 << 12) | (0xe << 8) | (1 << 7) | 0x63
}

// Mailboxes.md: a write to a full mailbox (four values) stalls the writer until the reader pops.
// BRISC pushes 1..=6 to TRISC1, which first counts down 300 iterations, then pops six values.
// All six arrive in order in both modes; with --timing BRISC waits at its fifth write, so it
// cannot finish before TRISC1 has left its loop (two instructions an iteration, one a cycle:
// BabyRISCV/README.md). Without the wait BRISC would finish in about 30 cycles.
#[test]
fn a_mailbox_write_while_full_waits_for_the_reader() {
    for timed in [false, true] {
        let mut t1 = Vec::new();
        t1.extend(li(T1, 300));
        t1.push(addi(T1, T1, -1));
        t1.push(bne_back(T1));
        t1.extend(li(T0, 0xFFEC_0000)); // window 0: from B
        t1.extend(li(SP, 0x20000));
        for k in 0..6 {
            t1.push(lw(T1, T0, 0));
            t1.push(sw(T1, SP, 4 * k));
        }
        done(&mut t1, 1, 1);
        let mut b = Vec::new();
        b.extend(li(T0, 0xFFEC_2000)); // window 2: to T1
        for v in 1..=6 {
            b.extend(li(T1, v));
            b.push(sw(T1, T0, 0));
        }
        done(&mut b, 3, 1);
        let mut t = tile();
        t.load_code(1, &t1);
        t.load_code(3, &b);
        if timed {
            let (_, st) = t
                .run_timed(100_000, &TimingParams::default(), &mut NoTimeline)
                .expect("runs");
            let waited = st.core_waits[3][4];
            assert!(
                waited >= 500,
                "BRISC waited {waited} cycles at a full mailbox"
            );
            assert!(st.report().contains("brisc waited: mailbox write (full)"));
            // TRISC1's pop reads the mailbox as of the start of its run-ahead chunk (at most
            // CHUNK instructions early: tile/timed/mod.rs), so its loop's 600 cycles less that.
            let earliest = 600 - macrosim_tensix::tile::timed::CHUNK;
            assert!(st.core_done[3].unwrap() >= earliest, "{:?}", st.core_done);
        } else {
            t.run(100_000).expect("runs");
        }
        let got: Vec<u32> = (0..6)
            .map(|k| t.l1.read_u32(0x20000 + 4 * k).unwrap())
            .collect();
        assert_eq!(got, [1, 2, 3, 4, 5, 6], "timed: {timed}");
    }
}

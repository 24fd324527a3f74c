//! The cycle model on small programs whose timing is worked out by hand from the rules in
//! `frontend/timing.rs` (cycle numbers start at 0; a plain word pushed in cycle c reaches the
//! Wait Gate in cycle c + 3).

use macrosim_tensix::Arch;
use macrosim_tensix::frontend::{FrontendTiming, Thread, TimingStats};
use macrosim_tensix::program::Program;

/// (cycle, word) for each word reaching the Wait Gate, and the statistics.
fn run(text: &str, thread: Thread) -> (Vec<(u64, u32)>, TimingStats) {
    let program = Program::parse(text, Arch::WormholeB0).unwrap();
    let mut arrivals = Vec::new();
    let stats = FrontendTiming::new(program.inputs(), thread).run(|c, w| arrivals.push((c, w)));
    (arrivals, stats)
}

fn cycles_of(arrivals: &[(u64, u32)]) -> Vec<u64> {
    arrivals.iter().map(|&(c, _)| c).collect()
}

const A: u32 = 0x2600_0000; // MVMUL 0, 0, 0, 0
const B: u32 = 0x2600_8000; // MVMUL 0, 0, 1, 0
const P: u32 = 0x6000_0000; // DMANOP

/// Template 1 emitting A then B: OuterCount 1, InnerCount 2, Loop0Last = B.
const MOP_A_B: &str = "mopcfg 0 1\nmopcfg 1 2\nmopcfg 2 NOP\nmopcfg 3 NOP\nmopcfg 4 NOP\n\
    mopcfg 5 0x26000000\nmopcfg 6 NOP\nmopcfg 7 0x26008000\nmopcfg 8 0x26008000\n";

#[test]
fn empty_program() {
    let (arrivals, stats) = run("# nothing\n", Thread::T0);
    assert!(arrivals.is_empty());
    assert_eq!(stats, TimingStats::default());
}

#[test]
fn plain_words_take_three_cycles_and_flow_one_per_cycle() {
    let (arrivals, stats) = run("DMANOP\nDMANOP\nDMANOP\n", Thread::T0);
    assert_eq!(cycles_of(&arrivals), [3, 4, 5]);
    assert_eq!((stats.words_in, stats.words_out, stats.cycles), (3, 3, 6));
    assert_eq!((stats.mop_bubbles, stats.wait_gate_idle_cycles), (0, 0));
}

#[test]
fn a_mop_followed_by_a_plain_word_costs_one_bubble() {
    // MOP pushed in 0, P in 1. MOP expander: A in 1, B in 2 (last), transition in 3 with P at
    // the head (bubble), P in 4. Three cycles later each reaches the gate... one stage later.
    let (arrivals, stats) = run(&format!("{MOP_A_B}MOP 1, 0, 0\nDMANOP\n"), Thread::T0);
    assert_eq!(arrivals, [(3, A), (4, B), (6, P)]);
    assert_eq!(stats.mop_bubbles, 1);
    assert_eq!(stats.wait_gate_idle_cycles, 1);
    assert_eq!(
        (stats.cycles, stats.words_in, stats.mopcfg_writes),
        (7, 2, 9)
    );
}

#[test]
fn a_mop_followed_by_a_mop_costs_nothing() {
    let (arrivals, stats) = run(&format!("{MOP_A_B}MOP 1, 0, 0\nMOP 1, 0, 0\n"), Thread::T0);
    assert_eq!(arrivals, [(3, A), (4, B), (5, A), (6, B)]);
    assert_eq!(
        (stats.mop_bubbles, stats.wait_gate_idle_cycles, stats.cycles),
        (0, 0, 7)
    );
}

#[test]
fn an_empty_expansion_still_has_its_transition() {
    // OuterCount 0: nothing is emitted; the MOP is ingested in 1, the transition in 2 is a
    // bubble because P is waiting, P is ingested in 3.
    let (arrivals, stats) = run("mopcfg 0 0\nMOP 1, 0, 0\nDMANOP\n", Thread::T0);
    assert_eq!(arrivals, [(5, P)]);
    assert_eq!(stats.mop_bubbles, 1);
}

#[test]
fn a_playback_of_n_stalls_its_input_n_minus_1_cycles() {
    // Pushes in 0..=5; each passes the MOP expander one cycle later. The replay expander
    // ingests the recording REPLAY in 2 and records X, Y, Z in 3, 4, 5 (emitting nothing),
    // ingests the playback REPLAY in 6 and emits X (6), Y (7), Z (8) without ingesting, so P,
    // in its FIFO since 6, waits through 7 and 8 and is ingested in 9.
    let (arrivals, stats) = run(
        "REPLAY 0, 3, 0, 1\nSFPLOADI 0, 2, 1\nSFPLOADI 0, 2, 2\nSFPLOADI 0, 2, 3\n\
         REPLAY 0, 3, 0, 0\nDMANOP\n",
        Thread::T0,
    );
    assert_eq!(cycles_of(&arrivals), [7, 8, 9, 10]);
    assert_eq!(arrivals[3].1, P);
    assert_eq!((stats.words_in, stats.words_out, stats.cycles), (6, 4, 11));
    assert_eq!(stats.wait_gate_idle_cycles, 0);
}

#[test]
fn recording_with_exec_passes_words_on_recording_without_exec_does_not() {
    let (arrivals, _) = run("REPLAY 0, 2, 1, 1\nDMANOP\nSFPNOP\n", Thread::T0);
    assert_eq!(arrivals, [(4, P), (5, 0x8F00_0000)]);
    let (arrivals, stats) = run("REPLAY 0, 2, 0, 1\nDMANOP\nSFPNOP\n", Thread::T0);
    assert!(arrivals.is_empty());
    // Pushes in 0..=2, MOP expander 1..=3, replay expander 2..=4: done after cycle 4.
    assert_eq!(stats.cycles, 5);
}

#[test]
fn a_replay_in_the_mop_hides_the_bubble() {
    // What MOPExpander.md recommends: the MOP emits REPLAYs of 4 (cycles 6, 7, 8), takes its
    // bubble in 9 and P in 10; the replay expander is busy 7..=18 playing back 12 words, so
    // the Wait Gate sees one word every cycle from 8 to 20.
    let text = "REPLAY 0, 4, 0, 1\nSFPLOADI 0, 2, 1\nSFPLOADI 0, 2, 2\nSFPLOADI 0, 2, 3\n\
        SFPLOADI 0, 2, 4\nmopcfg 0 1\nmopcfg 1 3\nmopcfg 2 NOP\nmopcfg 3 NOP\nmopcfg 4 NOP\n\
        mopcfg 5 REPLAY 0, 4, 0, 0\nmopcfg 6 NOP\nmopcfg 7 REPLAY 0, 4, 0, 0\n\
        mopcfg 8 REPLAY 0, 4, 0, 0\nMOP 1, 0, 0\nDMANOP\n";
    let (arrivals, stats) = run(text, Thread::T0);
    assert_eq!(cycles_of(&arrivals), (8..=20).collect::<Vec<_>>());
    assert_eq!(
        (stats.mop_bubbles, stats.wait_gate_idle_cycles, stats.cycles),
        (1, 0, 21)
    );
}

/// A 100-word expansion followed by 40 plain words: the RISC-V core fills FIFO A (32 entries
/// on T0, 16 on T1 and T2) and stalls until the MOP expander ingests again in cycle 102.
#[test]
fn fifo_depth_bounds_how_far_the_riscv_gets_ahead() {
    let mut text = String::from(
        "mopcfg 0 1\nmopcfg 1 100\nmopcfg 2 NOP\nmopcfg 3 NOP\nmopcfg 4 NOP\nmopcfg 5 0x26000000\n\
         mopcfg 6 NOP\nmopcfg 7 0x26000000\nmopcfg 8 0x26000000\nMOP 1, 0, 0\n",
    );
    text.push_str(&"DMANOP\n".repeat(40));
    for (thread, depth, stalls) in [
        (Thread::T0, 32, 69),
        (Thread::T1, 16, 85),
        (Thread::T2, 16, 85),
    ] {
        // Pushes in 1..=depth fill FIFO A; the expansion emits in 1..=100, the transition in
        // 101 is a bubble, and from 102 on one word leaves FIFO A per cycle.
        let (arrivals, stats) = run(&text, thread);
        assert_eq!(thread.mop_fifo_depth(), depth);
        assert_eq!(stats.push_stall_cycles, stalls, "{thread:?}");
        assert_eq!(stats.words_in, 41);
        assert_eq!(stats.mop_bubbles, 1);
        let mut want: Vec<u64> = (3..=102).collect();
        want.extend(104..=143);
        assert_eq!(cycles_of(&arrivals), want, "{thread:?}");
        assert_eq!((stats.cycles, stats.wait_gate_idle_cycles), (144, 1));
    }
}

#[test]
fn mopcfg_writes_wait_for_the_expansion_to_finish() {
    // MOP pushed in 0, expands A x 10 in 1..=10; the MopCfg write waits in 1..=9 and happens
    // in 10 (the expander emitted its last word that cycle), with P pushed in the same cycle.
    let text = "mopcfg 0 1\nmopcfg 1 10\nmopcfg 2 NOP\nmopcfg 3 NOP\nmopcfg 4 NOP\n\
        mopcfg 5 0x26000000\nmopcfg 6 NOP\nmopcfg 7 0x26000000\nmopcfg 8 0x26000000\n\
        MOP 1, 0, 0\nmopcfg 5 0x26008000\nDMANOP\n";
    let (arrivals, stats) = run(text, Thread::T0);
    let mut want: Vec<u64> = (3..=12).collect();
    want.push(14);
    assert_eq!(cycles_of(&arrivals), want);
    assert_eq!(
        (
            stats.mopcfg_wait_cycles,
            stats.mopcfg_writes,
            stats.mop_bubbles
        ),
        (9, 10, 1)
    );
}

/// The instruction at the head of FIFO C (the one the Wait Gate is offered), if any.
fn gate_head<I: Iterator<Item = macrosim_tensix::frontend::FrontendInput>>(
    f: &FrontendTiming<I>,
) -> Option<u32> {
    let [a, b, c] = f.fifo_levels();
    (c > 0).then(|| f.words_held().nth(a + b).expect("FIFO C holds it"))
}

/// `next_offer` is a lower bound (the cycle model's skip relies on it): in every cycle of a
/// run whose Wait Gate takes a word only every third cycle, after a cycle in which it took
/// none, a copy of the frontend run on with the gate closed shows the gate what it saw (no
/// word, or the same head) for as many cycles as `next_offer` says, and for ever (here 40
/// cycles) when it says None. Plain words, a MOP, a playback and a MOP of REPLAYs.
#[test]
fn next_offer_is_a_lower_bound_on_a_new_word_at_the_gate() {
    let programs = [
        "DMANOP\nDMANOP\nDMANOP\nDMANOP\n".to_string(),
        format!("{MOP_A_B}MOP 1, 0, 0\nDMANOP\nMOP 1, 0, 0\nMOP 1, 0, 0\nDMANOP\n"),
        "REPLAY 0, 3, 0, 1\nSFPLOADI 0, 2, 1\nSFPLOADI 0, 2, 2\nSFPLOADI 0, 2, 3\n\
         REPLAY 0, 3, 0, 0\nDMANOP\nREPLAY 0, 3, 0, 0\n"
            .to_string(),
        "REPLAY 0, 4, 0, 1\nSFPLOADI 0, 2, 1\nSFPLOADI 0, 2, 2\nSFPLOADI 0, 2, 3\n\
         SFPLOADI 0, 2, 4\nmopcfg 0 1\nmopcfg 1 3\nmopcfg 2 NOP\nmopcfg 3 NOP\nmopcfg 4 NOP\n\
         mopcfg 5 REPLAY 0, 4, 0, 0\nmopcfg 6 NOP\nmopcfg 7 REPLAY 0, 4, 0, 0\n\
         mopcfg 8 REPLAY 0, 4, 0, 0\nMOP 1, 0, 0\nDMANOP\n"
            .to_string(),
    ];
    let mut checked = 0;
    for text in &programs {
        let program = Program::parse(text, Arch::WormholeB0).unwrap();
        let mut f = FrontendTiming::new(program.inputs(), Thread::T1);
        let mut cycle = 0u64;
        while !f.is_done() {
            let seen = gate_head(&f);
            let left = f.step_gated(|_| cycle.is_multiple_of(3));
            cycle += 1;
            if left.is_some() {
                continue;
            }
            let after = f.next_offer(seen.is_none());
            let mut g = f.clone();
            for k in 1..after.unwrap_or(40) {
                assert_eq!(gate_head(&g), seen, "{text}: cycle {cycle}, {k} on");
                g.step_gated(|_| false);
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked} cycles checked");
}

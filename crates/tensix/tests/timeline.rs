//! The frontend timeline (issue 11) against the cycle model's own counters: the spans and
//! instants the model reports per cycle must add up to the numbers of its `TimingStats` and to
//! the Wait Gate arrival cycles, on every example program and on every thread, and the run must
//! be the same with the timeline on as with it off.

use macrosim_core::timeline::{EventKind, Recording, check, write_chrome_json};
use macrosim_tensix::Arch;
use macrosim_tensix::frontend::{FrontendInput, FrontendTiming, Thread};
use macrosim_tensix::program::Program;
use std::collections::BTreeSet;

fn examples() -> Vec<(String, Program)> {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/tensix");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "tt") {
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            let arch = if name.ends_with("_bh") {
                Arch::Blackhole
            } else {
                Arch::WormholeB0
            };
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((name, Program::parse(&text, arch).unwrap()));
        }
    }
    assert!(out.len() > 10);
    out
}

/// Total cycles of the spans named `name` on tracks named `track`.
fn span_cycles(rec: &Recording, track: &str, name: &str) -> u64 {
    span_set(rec, track, name).len() as u64
}

fn span_set(rec: &Recording, track: &str, name: &str) -> BTreeSet<u64> {
    let mut cycles = BTreeSet::new();
    for e in rec.events() {
        if rec.tracks()[e.track.0 as usize].name == track
            && rec.name_of(e.name) == name
            && let EventKind::Span { end } = e.kind
        {
            for c in e.start..end {
                assert!(
                    cycles.insert(c),
                    "{track}: two {name} spans cover cycle {c}"
                );
            }
        }
    }
    cycles
}

#[test]
fn the_timeline_adds_up_to_the_cycle_report() {
    for (name, program) in examples() {
        for thread in [Thread::T0, Thread::T1] {
            let mut plain_gate = Vec::new();
            let plain = FrontendTiming::new(program.inputs(), thread)
                .run(|cycle, word| plain_gate.push((cycle, word)));
            let mut rec = Recording::new();
            let mut gate = Vec::new();
            let stats = FrontendTiming::with_timeline(program.inputs(), thread, &mut rec)
                .run(|cycle, word| gate.push((cycle, word)));
            assert_eq!((stats, &gate), (plain, &plain_gate), "{name}");

            assert_eq!(
                span_cycles(&rec, "MOP expander", "bubble"),
                stats.mop_bubbles
            );
            assert_eq!(
                span_cycles(&rec, "RISC-V push", "push stall (FIFO A full)"),
                stats.push_stall_cycles,
                "{name}"
            );
            assert_eq!(
                span_cycles(&rec, "RISC-V push", "MopCfg wait"),
                stats.mopcfg_wait_cycles
            );
            assert_eq!(span_cycles(&rec, "RISC-V push", "push"), stats.words_in);
            let arrivals: BTreeSet<u64> = gate.iter().map(|&(c, _)| c).collect();
            assert_eq!(span_set(&rec, "Wait Gate", "arrivals"), arrivals, "{name}");
            let mops = program
                .inputs()
                .filter(|i| matches!(i, FrontendInput::Push(insn) if insn.is_mop()))
                .count();
            let mop_instants = rec
                .events()
                .iter()
                .filter(|e| e.kind == EventKind::Instant && rec.name_of(e.name) == "MOP")
                .count();
            assert_eq!(mop_instants, mops, "{name}");
            for e in rec.events() {
                if let EventKind::Span { end } = e.kind {
                    assert!(e.start < end && end <= stats.cycles, "{name}: {e:?}");
                }
            }

            let mut json = Vec::new();
            write_chrome_json(&rec, &mut json).unwrap();
            let value: serde_json::Value = serde_json::from_slice(&json).unwrap();
            let report = check(&value).unwrap_or_else(|p| panic!("{name}: {p:?}"));
            assert_eq!(report.tracks, 4, "{name}");
        }
    }
}

#[test]
fn tracks_are_named_per_thread() {
    let mut rec = Recording::new();
    let (_, program) = examples().remove(0);
    FrontendTiming::with_timeline(program.inputs(), Thread::T2, &mut rec).run(|_, _| {});
    let groups: BTreeSet<&str> = rec.tracks().iter().map(|t| t.group.as_str()).collect();
    assert_eq!(groups, BTreeSet::from(["tensix thread 2"]));
}

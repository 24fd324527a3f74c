//! `--timeline` tracks of the cycle model (issue 11, issue 14): on the whole-cluster `dot`
//! kernel (the DMA core double-buffers tiles, eight cores stream them with SSR + FREP), the
//! tracks must add up to the cycle model's own figures, and a run without a timeline must give
//! the same figures (recording only observes).

use macrosim_core::timeline::{EventKind, Recording};
use macrosim_snitch::{Cluster, HartStats, RunOptions, SystemConfig};
use std::collections::BTreeMap;
use std::path::Path;

fn run(timeline: bool) -> (Vec<HartStats>, Option<Recording>) {
    let elf = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/snitch/build/dot.elf");
    let bytes = std::fs::read(elf).unwrap();
    let cfg = SystemConfig::preset("snitch_cluster").unwrap();
    let mut c = Cluster::new(cfg, &bytes).unwrap();
    if timeline {
        c.set_timeline(Recording::new());
    }
    let o = c
        .run(&RunOptions {
            max_insns: Some(50_000_000),
            timing: true,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(o.code, 0);
    (o.stats, c.take_timeline())
}

/// Per (group, track, span name): (spans, cycles covered, latest end).
type Totals = BTreeMap<(String, String, String), (u64, u64, u64)>;

fn totals(rec: &Recording) -> Totals {
    let mut t = Totals::new();
    for e in rec.events() {
        let EventKind::Span { end } = e.kind else {
            panic!("the Snitch tracks have spans only")
        };
        let track = &rec.tracks()[e.track.0 as usize];
        let key = (
            track.group.clone(),
            track.name.clone(),
            rec.name_of(e.name).to_string(),
        );
        let v = t.entry(key).or_default();
        *v = (v.0 + 1, v.1 + end - e.start, v.2.max(end));
    }
    t
}

fn sum(t: &Totals, hart: u32, track: &str, name: Option<&str>) -> (u64, u64, u64) {
    let group = format!("snitch hart {hart}");
    t.iter()
        .filter(|((g, tr, n), _)| *g == group && tr == track && name.is_none_or(|w| w == n))
        .fold((0, 0, 0), |a, (_, v)| (a.0 + v.0, a.1 + v.1, a.2.max(v.2)))
}

#[test]
fn tracks_add_up_to_the_cycle_models_figures() {
    let (plain, none) = run(false);
    assert!(none.is_none());
    let (stats, rec) = run(true);
    assert_eq!(stats, plain, "recording a timeline changed the run");
    let rec = rec.unwrap();
    let t = totals(&rec);
    let mut streaming = 0;
    for s in &stats {
        let h = s.hart;
        // FPU issue: one cycle per FP instruction (no division in dot), each in a distinct
        // cycle; nothing after the hart's last cycle.
        let (_, fpu_cycles, fpu_end) = sum(&t, h, "FPU issue", None);
        assert_eq!(fpu_cycles, s.fp_insns, "hart {h}");
        assert!(fpu_end <= s.cycles, "hart {h}");
        // SSR tracks: one cycle per element moved.
        let ssr: u64 = (0..3)
            .map(|k| sum(&t, h, &format!("SSR {k}"), None).1)
            .sum();
        assert_eq!(ssr, s.ssr_elements, "hart {h}");
        // Integer issue: the instructions the integer core ran plus the FP ones it offloaded
        // (the sequencer's repetitions are not its), and stalls by cause.
        let (_, issue, _) = sum(&t, h, "integer issue", Some("issue"));
        let offloaded = s.fp_insns - s.frep_repetitions;
        assert!(
            issue >= s.int_insns && issue <= s.int_insns + offloaded,
            "hart {h}"
        );
        let (_, barrier, _) = sum(&t, h, "integer issue", Some("barrier"));
        assert_eq!(barrier, s.stalls.barrier, "hart {h}");
        let (_, waits, _) = sum(&t, h, "integer issue", Some("waits for FP result"));
        assert_eq!(waits, s.stalls.int_waits_fp, "hart {h}");
        let (_, full, _) = sum(&t, h, "integer issue", Some("offload queue full"));
        assert_eq!(full, s.stalls.offload_queue, "hart {h}");
        if ssr > 0 {
            streaming += 1;
        }
        // DMA: one span per transfer, each at least its bytes at 64 a cycle.
        let (n, dma_cycles, _) = sum(&t, h, "DMA", None);
        assert_eq!(n, s.dma_transfers, "hart {h}");
        assert!(dma_cycles >= s.dma_bytes / 64, "hart {h}");
    }
    assert_eq!(streaming, 8, "every compute core streams");
    assert!(stats[8].dma_transfers > 0, "the DMA core moves the tiles");
}

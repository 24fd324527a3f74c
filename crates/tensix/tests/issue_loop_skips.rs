//! The functional issue loop skips threads with nothing to give, does not re-offer an
//! instruction that stalled while nothing it waits on can have changed, and ends a backend
//! quantum after a quiet cycle (`Tile::step_backend`). None of that may change what runs when:
//! for every shipped manifest, the stream of executed instructions (cycle, thread, unit, word),
//! the statistics and L1 equal those of the plain loop that offers every thread's word in
//! every cycle (`Tile::set_visit_every_thread`).

mod common;

use common::manifest::{l1, load, manifests};

#[test]
fn every_manifest_issues_the_same_stream_with_and_without_the_skips() {
    for m in &manifests() {
        let name = m.file_name().unwrap().to_string_lossy();
        let run = |plain: bool| {
            let mut tile = load(m);
            tile.set_visit_every_thread(plain);
            tile.record_events();
            let stats = tile.run(10_000_000).unwrap();
            (tile.events().to_vec(), stats, l1(&tile))
        };
        let (events, stats, mem) = run(false);
        let (plain_events, plain_stats, plain_mem) = run(true);
        assert!(!events.is_empty(), "{name}: something executes");
        assert_eq!(
            events.len(),
            plain_events.len(),
            "{name}: executed instructions"
        );
        if let Some(k) = (0..events.len()).find(|&k| events[k] != plain_events[k]) {
            panic!(
                "{name}: event {k}: {:?}, plain loop {:?}",
                events[k], plain_events[k]
            );
        }
        assert_eq!(stats.cycles, plain_stats.cycles, "{name}: cycles");
        assert_eq!(
            stats.core_insns, plain_stats.core_insns,
            "{name}: instructions"
        );
        assert_eq!(stats.units, plain_stats.units, "{name}: executed per unit");
        assert!(mem == plain_mem, "{name}: L1 after the run");
    }
}

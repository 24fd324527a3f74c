//! `--timing` changes when things happen, not what they compute: every shipped kernel manifest
//! (examples/tensix/kernels/*.toml) runs on the functional tile and on the cycle model from
//! the same L1, and the whole of L1 and Dst must come out bit for bit the same (issue 10).
//! The manifests are loaded as `common::manifest` says.

mod common;

use common::manifest::{l1, load, manifests};
use macrosim_core::timeline::NoTimeline;
use macrosim_tensix::tile::timed::TimingParams;

#[test]
fn every_manifest_gives_the_same_l1_and_dst_with_and_without_timing() {
    for m in &manifests() {
        let mut functional = load(m);
        let plain = functional.run(10_000_000).unwrap();
        let mut timed = load(m);
        let (stats, _) = timed
            .run_timed(10_000_000, &TimingParams::default(), &mut NoTimeline)
            .unwrap();
        let name = m.file_name().unwrap().to_string_lossy();
        assert!(l1(&functional) == l1(&timed), "{name}: L1 differs");
        assert!(
            functional.backend.dst.cells == timed.backend.dst.cells,
            "{name}: Dst differs"
        );
        assert_eq!(plain.units, stats.units, "{name}: executed instructions");
        assert!(stats.cycles > 0);
    }
}

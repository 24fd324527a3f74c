//! `Tile::restore` puts a loaded tile back as its snapshot found it, so a kernel run again on
//! the restored tile computes what it computed on a fresh one: for every shipped manifest, L1
//! after the restore equals L1 before the first run (outputs, done words and circular buffers
//! cleared), Dst is a new backend's, and the second run ends with the same L1, Dst and counts
//! as the first (`tensix run --repeat` relies on it).

mod common;

use common::manifest::{l1, load, manifests};
use macrosim_tensix::Arch;
use macrosim_tensix::backend::Backend;

#[test]
fn every_manifest_runs_the_same_on_its_restored_tile() {
    let fresh_dst = Backend::new(Arch::WormholeB0.table()).dst.cells;
    for m in &manifests() {
        let name = m.file_name().unwrap().to_string_lossy();
        let mut tile = load(m);
        let snapshot = tile.snapshot();
        let loaded = l1(&tile);
        let first = tile.run(10_000_000).unwrap();
        let (after, dst) = (l1(&tile), tile.backend.dst.cells.clone());
        assert!(after != loaded, "{name}: the kernel writes L1");
        tile.restore(&snapshot);
        assert!(l1(&tile) == loaded, "{name}: L1 after restore");
        assert!(
            tile.backend.dst.cells == fresh_dst,
            "{name}: Dst after restore"
        );
        assert_eq!(tile.cycle(), 0, "{name}");
        let second = tile.run(10_000_000).unwrap();
        assert!(l1(&tile) == after, "{name}: L1 after the second run");
        assert!(
            tile.backend.dst.cells == dst,
            "{name}: Dst after the second run"
        );
        assert_eq!(first.cycles, second.cycles, "{name}: cycles");
        assert_eq!(first.core_insns, second.core_insns, "{name}: instructions");
        assert_eq!(first.pushes, second.pushes, "{name}: pushes");
        assert_eq!(first.units, second.units, "{name}: executed per unit");
    }
}

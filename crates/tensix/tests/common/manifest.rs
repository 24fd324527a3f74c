//! The shipped kernel manifests (examples/tensix/kernels/*.toml) loaded into a tile without the
//! command line: their raw inputs are loaded as given; their matrix inputs need the host-side
//! format conversion of the CLI, so their L1 range is filled instead with a fixed pattern of
//! normal BF16/FP32 values (0x3Fxx halves) that every input format accepts.

use macrosim_tensix::Arch;
use macrosim_tensix::tile::{L1_SIZE, Tile};
use std::path::{Path, PathBuf};

fn kernels() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/tensix/kernels")
}

pub fn load(manifest: &Path) -> Tile {
    let text = std::fs::read_to_string(manifest).unwrap();
    let doc: toml::Table = toml::from_str(&text).unwrap();
    let dir = manifest.parent().unwrap();
    let mut tile = Tile::new(Arch::WormholeB0.table());
    let mut x = 0x9E37_79B9u32;
    let pattern: Vec<u8> = (0..0x40000)
        .map(|i| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            if i % 2 == 1 { 0x3F } else { x as u8 }
        })
        .collect();
    tile.l1.write_bytes(0x20000, &pattern).unwrap();
    let names = macrosim_tensix::tile::CORE_NAMES;
    for (k, v) in doc["cores"].as_table().unwrap() {
        let i = names.iter().position(|n| n == k).expect("a core name");
        let elf = std::fs::read(dir.join(v.as_str().unwrap())).unwrap();
        tile.load_core(i, &elf).unwrap();
    }
    for input in doc
        .get("input")
        .and_then(|v| v.as_array())
        .into_iter()
        .flatten()
    {
        if input.get("format").is_none() {
            let bytes = std::fs::read(dir.join(input["file"].as_str().unwrap())).unwrap();
            let addr = input["addr"].as_integer().unwrap() as u64;
            tile.l1.write_bytes(addr, &bytes).unwrap();
        }
    }
    tile
}

pub fn l1(tile: &Tile) -> Vec<u8> {
    let mut v = vec![0; L1_SIZE as usize];
    tile.l1
        .read_into(0, &mut v, macrosim_core::Access::Read)
        .unwrap();
    v
}

/// Every shipped manifest, sorted.
pub fn manifests() -> Vec<PathBuf> {
    let mut manifests: Vec<PathBuf> = std::fs::read_dir(kernels())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    manifests.sort();
    assert!(manifests.len() >= 13, "the shipped manifests");
    manifests
}

//! The Tensix tile (three TRISC harts, their MMIO, the Tensix frontends and backend) on random
//! code: the bytes are split into the three TRISCs' instruction words, run for at most 20 000
//! cycles. Any stop (a fault, a deadlock, the cycle limit) is fine; a panic or hang is not.
#![no_main]

use libfuzzer_sys::fuzz_target;
use macrosim_tensix::Arch;
use macrosim_tensix::tile::Tile;

fuzz_target!(|data: &[u8]| {
    let words: Vec<u32> = data
        .chunks(4)
        .map(|c| {
            let mut w = [0u8; 4];
            w[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(w)
        })
        .collect();
    if words.is_empty() {
        return;
    }
    let mut tile = Tile::new(Arch::WormholeB0.table());
    let third = words.len().div_ceil(3);
    for (core, code) in words.chunks(third).enumerate() {
        tile.load_code(core, code);
    }
    let _ = tile.run(20_000);
});

//! Tile arithmetic throughput (`cargo bench -p macrosim-linx --bench tiles`): tile elements per
//! second of host time on the TEPL path (TADD and TEXP over a 32x32 FP32 tile, TCVT FP32->BF16)
//! and on the CUBE path (TMATMUL 16x16x16 FP32, counted as multiply-adds), each block command run
//! through `tile_ops::run` many times; and simulated cycles per second of `--timing` on
//! `examples/linx/tile_matmul.s` run to completion repeatedly. Median of 5, in CPU time of the
//! benchmark thread (the machine is shared: wall time would count other processes' turns).

use macrosim_linx::asm::assemble;
use macrosim_linx::block::{BlockType, CfiMode};
use macrosim_linx::engine::pe::PeConfig;
use macrosim_linx::engine::{Config, Exit, Machine};
use macrosim_linx::exec::tile_ops::{self, TileCtx};
use macrosim_linx::rob::BlockRob;
use macrosim_linx::runtime::{self, RuntimeConfig};
use macrosim_linx::state::header::{DstKind, Header, Iot, TileSize};
use macrosim_linx::state::tile::TileFile;
use std::time::Instant;

/// Seconds this thread has been on a CPU (Linux `/proc/thread-self/schedstat`, first field in
/// nanoseconds); elsewhere, wall time since the first call.
fn cpu_secs() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or_else(
            || START.get_or_init(Instant::now).elapsed().as_secs_f64(),
            |ns| ns as f64 * 1e-9,
        )
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn header(srcs: [Option<u8>; 2], dst: DstKind, dims: [u64; 3]) -> Header {
    let mut h = Header {
        arg: Some(0),
        dims: dims.map(Some),
        ..Header::default()
    };
    h.iors.push(macrosim_linx::state::header::Ior {
        srcs: [2, 3, 0],
        dst: 0,
    });
    h.iots.push(Iot {
        srcs,
        dst: Some(dst),
        size: TileSize::Code(8),
        last: true,
    });
    h
}

/// Elements per second of one block command repeated `reps` times.
fn path(name: &str, block: BlockType, h: &Header, tiles: &mut TileFile, reps: u32) {
    let regs = |_| 0x3f80_0000u64;
    let runs: Vec<(f64, u64)> = (0..5)
        .map(|_| {
            let t = cpu_secs();
            let mut elems = 0;
            for _ in 0..reps {
                let w = tile_ops::run(&mut TileCtx {
                    block,
                    header: h,
                    read_reg: &regs,
                    tiles,
                })
                .unwrap();
                elems += w.elems;
            }
            (cpu_secs() - t, elems)
        })
        .collect();
    let secs = median(runs.iter().map(|r| r.0).collect());
    println!(
        "{name:<30} {} elements, median {secs:.3} s CPU: {:.1} M elements/s",
        runs[0].1,
        runs[0].1 as f64 / secs / 1e6
    );
}

fn main() {
    let mut tiles = TileFile::new();
    let seed: Vec<u8> = (0..4096u32)
        .flat_map(|i| (1.0f32 + i as f32 / 4096.0).to_bits().to_le_bytes())
        .take(4096)
        .collect();
    tiles.push_typed(0, 4096, &seed, Some(1));
    tiles.push_typed(1, 4096, &seed, Some(1));
    let (t1, u1) = (Some(0), Some(8));
    let tepl = |opcode| BlockType::Tepl { opcode, dtype: 1 };
    let bin = header([t1, u1], DstKind::Hand(2), [32, 32, 32]);
    let un = header([t1, None], DstKind::Hand(2), [32, 32, 32]);
    path("TEPL TADD FP32 32x32", tepl(0), &bin, &mut tiles, 2000);
    path("TEPL TEXP FP32 32x32", tepl(14), &un, &mut tiles, 2000);
    path(
        "TEPL TCVT FP32->BF16 32x32",
        BlockType::Tepl {
            opcode: 13,
            dtype: 6,
        },
        &un,
        &mut tiles,
        2000,
    );
    let mm = header([t1, u1], DstKind::Acc, [16, 16, 16]);
    let cube = BlockType::Cube {
        function: 0,
        dtype: 1,
    };
    path("CUBE TMATMUL FP32 16x16x16", cube, &mm, &mut tiles, 500);

    let src = include_str!("../../../examples/linx/tile_matmul.s");
    let elf = assemble("tile_matmul.s", src).unwrap().to_elf();
    let runs: Vec<(f64, u64)> = (0..5)
        .map(|_| {
            let (mut secs, mut cycles) = (0.0, 0);
            for _ in 0..2000 {
                let prog =
                    runtime::load(&elf, &["t".into()], &[], &RuntimeConfig::default()).unwrap();
                let mut m = Machine::new(
                    prog,
                    Config {
                        cfi: CfiMode::Strict,
                        max_insns: None,
                    },
                    BlockRob::with_pes(PeConfig::default()),
                );
                m.process
                    .redirect_output(Box::new(std::io::sink()), Box::new(std::io::sink()));
                let t = cpu_secs();
                assert_eq!(m.run().unwrap(), Exit::Exited(0));
                secs += cpu_secs() - t;
                cycles += m.obs.report().cycles;
            }
            (secs, cycles)
        })
        .collect();
    let secs = median(runs.iter().map(|r| r.0).collect());
    println!(
        "--timing tile_matmul.s x2000           {} simulated cycles, median {secs:.3} s CPU: {:.2} M cycles/s",
        runs[0].1,
        runs[0].1 as f64 / secs / 1e6
    );
}

//! Inputs the fuzzers found (`fuzz/`, issue 13), kept so that what they exposed stays fixed.

use macrosim_linx::engine::code::{MAX_CACHE_BYTES, Run};
use macrosim_linx::engine::{Config, Exit, Machine};
use macrosim_linx::runtime::{self, RuntimeConfig};
use macrosim_linx::state::block::CfiMode;
use macrosim_linx::trace::NoObserver;
use std::time::{Duration, Instant};

/// Load `name` from `tests/fuzz-regressions/` into a machine with an instruction limit, as the
/// `elf_linx` fuzz target does.
fn machine(name: &str, max_insns: u64) -> Machine<NoObserver> {
    let path = format!(
        "{}/tests/fuzz-regressions/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap();
    let prog = runtime::load(
        &bytes,
        &["prog".to_string()],
        &[],
        &RuntimeConfig::default(),
    )
    .expect("the fuzz input loads");
    let cfg = Config {
        max_insns: Some(max_insns),
        ..Config::default()
    };
    let mut m = Machine::new(prog, cfg, NoObserver);
    m.process
        .redirect_output(Box::new(std::io::sink()), Box::new(std::io::sink()));
    m
}

/// Run `name` with an instruction limit; how it ended and how long it took.
fn run_limited(name: &str, max_insns: u64) -> (Result<Exit, String>, Duration) {
    let mut m = machine(name, max_insns);
    let start = Instant::now();
    let exit = m.run().map_err(|e| e.to_string());
    (exit, start.elapsed())
}

/// Found by `elf_linx`: the program's executable segment is 112 MiB of zeros, and a zero
/// halfword is C.BSTOP, an empty block falling through to the next (Check 9). The limit was
/// checked only before body instructions, which empty blocks have none of, so the run went on
/// past `max_insns`; and every one of those blocks was decoded into its own cached run, so the
/// host's memory grew with the distance walked (about 11 GB). The limit is now checked between
/// blocks, and the decoded-code cache is bounded (`MAX_CACHE_BYTES`).
#[test]
fn a_run_of_empty_blocks_stops_at_the_limit() {
    let (exit, took) = run_limited("runs-past-limit-and-grows.elf", 1000);
    assert!(
        matches!(exit, Ok(Exit::InsnLimit { limit: 1000, .. })),
        "{exit:?}"
    );
    assert!(took < Duration::from_secs(5), "took {took:?}");
}

/// The same walk through zero-filled code for more blocks than the decoded-code cache may hold
/// (each block is a run of its own, and a run takes at least `size_of::<Run>()` bytes): the
/// cache starts again instead of growing, so host memory stays bounded without any limit.
#[test]
fn walking_through_more_code_than_the_cache_holds_keeps_it_bounded() {
    let limit = (MAX_CACHE_BYTES / size_of::<Run>()) as u64 + 1000;
    let mut m = machine("runs-past-limit-and-grows.elf", limit);
    let exit = m.run();
    assert!(matches!(exit, Ok(Exit::InsnLimit { .. })), "{exit:?}");
    assert_eq!(m.cpu.insns, limit, "exactly the limit ran");
    assert!(m.cpu.blocks + 1000 > limit, "{} blocks", m.cpu.blocks);
    assert!(m.cached_bytes() <= MAX_CACHE_BYTES, "{}", m.cached_bytes());
}

/// A VSEQ block whose B.TEXT body is empty and whose lane counts (from registers) are huge: the
/// engine walked every lane without retiring an instruction, so `--max-insns` never stopped it
/// (found by `elf_linx` as a 10 s time-out). An empty body now runs no lanes.
#[test]
fn an_empty_body_with_huge_lane_counts_ends() {
    let (exit, took) = run_limited("empty-vseq-body-huge-lanes.elf", 1000);
    assert!(took < Duration::from_secs(5), "took {took:?}: {exit:?}");
}

/// Run `bytes` as the `linx_engine` fuzz target does: the bytes are the program's `.text`, run
/// in both CFI modes with at most 10 000 instructions and 16 MiB of guest memory.
fn run_as_code(bytes: &[u8]) -> Vec<(Result<Exit, String>, Duration)> {
    let mut src = String::from(".text\n_start:\n");
    for b in bytes {
        src.push_str(&format!(".byte {b}\n"));
    }
    let elf = macrosim_linx::asm::assemble("code.s", &src)
        .expect("bytes assemble")
        .to_elf();
    [CfiMode::Strict, CfiMode::Compat]
        .into_iter()
        .map(|cfi| {
            let prog = runtime::load(&elf, &["prog".to_string()], &[], &RuntimeConfig::default())
                .expect("loads");
            let cfg = Config {
                cfi,
                max_insns: Some(10_000),
            };
            let mut m = Machine::new(prog, cfg, NoObserver);
            m.process.set_mem_limit(16 << 20);
            m.process
                .redirect_output(Box::new(std::io::sink()), Box::new(std::io::sink()));
            let start = Instant::now();
            let exit = m.run().map_err(|e| e.to_string());
            (exit, start.elapsed())
        })
        .collect()
}

/// Found by `linx_engine` as a 10 s time-out: `C.BSTART.STD CALL` followed by `FRET.RA`, a
/// template block (manual `07_templates.adoc`) returning to `ra`, which is the CALL's
/// fall-through: the template again. A template is a whole block with no body instruction, so
/// the limit, checked only before body instructions, never stopped the loop. The limit is now
/// checked between blocks (one check for empty, template and ordinary blocks).
#[test]
fn a_loop_of_template_blocks_stops_at_the_limit() {
    let path = format!(
        "{}/tests/fuzz-regressions/linx-engine-timeout.bin",
        env!("CARGO_MANIFEST_DIR")
    );
    for (exit, took) in run_as_code(&std::fs::read(path).unwrap()) {
        assert!(
            matches!(exit, Ok(Exit::InsnLimit { limit: 10_000, .. })),
            "{exit:?}"
        );
        assert!(took < Duration::from_secs(5), "took {took:?}");
    }
}

/// Found by `elf_linx` (the 1-hour run): a segment in the last page of the 64-bit address
/// space, whose end the loader rounded up to the next page (for `brk`) with an overflow, a
/// panic. It is refused as running past the end of the address space.
#[test]
fn a_segment_in_the_last_page_is_refused() {
    let path = format!(
        "{}/tests/fuzz-regressions/segment-in-last-page.elf",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap();
    let e = runtime::load(
        &bytes,
        &["prog".to_string()],
        &[],
        &RuntimeConfig::default(),
    )
    .err()
    .expect("refused");
    assert!(
        e.to_string()
            .contains("runs past the end of the address space"),
        "{e}"
    );
}

/// Found by `elf_linx` in session 10's long run: an executable section at 0xffff_ffff_ffff_ffff
/// with 512 bytes. The listing's line addresses overflowed (a panic where overflow is checked,
/// wrapped addresses elsewhere). `linx disasm` now refuses the section by name.
#[test]
fn a_section_past_the_top_of_the_address_space_is_refused() {
    let path = format!(
        "{}/tests/fuzz-regressions/section-past-top.elf",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(path).unwrap();
    let e = macrosim_linx::asm::objdump::disassemble_elf(&bytes)
        .err()
        .expect("refused");
    assert!(
        e.to_string()
            .contains("run past the end of the 64-bit address space"),
        "{e}"
    );
}

/// Found by `linx_asm` in session 12's long run (reduced): an index shift whose expression
/// wraps to `i64::MIN` (`2<<~1` shifts by 62). Taking the form's fixed shift from it
/// overflowed (a panic where overflow is checked); it is now an error naming the shift.
#[test]
fn an_index_shift_at_the_bottom_of_i64_is_refused() {
    let e = macrosim_linx::asm::assemble("t.s", "  v.sw.brg lc1.sd, [ri0, lc0<<2<<~1]\n")
        .expect_err("refused");
    let text = e.to_string();
    assert!(
        text.contains("t.s:1") && text.contains("out of range"),
        "{text}"
    );
}

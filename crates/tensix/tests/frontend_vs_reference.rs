//! 10,000 random programs through the functional frontend (one word at a time, and in bulk
//! into buffers of random sizes) and through the cycle model, all compared word for word with
//! the reference model transcribed from the documents (tests/common/reference.rs).

mod common;

use common::random_program::{Rng, random_program};
use common::reference;
use macrosim_tensix::frontend::{FrontendTiming, Thread, ThreadFrontend};
use macrosim_tensix::program::{Program, ProgramOp};

const PROGRAMS: u64 = 10_000;

fn disagreement(seed: u64, program: &Program, what: &str, got: &[u32], want: &[u32]) -> String {
    let at = got
        .iter()
        .zip(want)
        .position(|(g, w)| g != w)
        .unwrap_or(got.len().min(want.len()));
    format!(
        "program {seed}: {what} differs from the reference at word {at} \
         (got {} words, want {}; got {:x?}, want {:x?})\nprogram: {:#x?}",
        got.len(),
        want.len(),
        got.get(at),
        want.get(at),
        program.items()
    )
}

#[test]
fn ten_thousand_random_programs() {
    let mut total_words = 0usize;
    let mut sizes = Rng::new(0x5EED);
    for seed in 0..PROGRAMS {
        let program = random_program(seed);
        let want = reference::expand(&program);
        total_words += want.len();

        let one_by_one: Vec<u32> = ThreadFrontend::new(program.inputs()).collect();
        assert!(
            one_by_one == want,
            "{}",
            disagreement(seed, &program, "next_word", &one_by_one, &want)
        );

        let mut buf = vec![0u32; 1 + sizes.below(70) as usize];
        let mut bulk = Vec::new();
        ThreadFrontend::new(program.inputs()).drain(&mut buf, |w| bulk.extend_from_slice(w));
        assert!(
            bulk == want,
            "{}",
            disagreement(seed, &program, "fill", &bulk, &want)
        );

        let thread = Thread::ALL[(seed % 3) as usize];
        let mut timed = Vec::new();
        let mut last_cycle = None;
        let stats = FrontendTiming::new(program.inputs(), thread).run(|cycle, word| {
            assert!(
                last_cycle < Some(cycle),
                "program {seed}: two words in one cycle"
            );
            last_cycle = Some(cycle);
            timed.push(word);
        });
        assert!(
            timed == want,
            "{}",
            disagreement(seed, &program, "timing model", &timed, &want)
        );

        let pushes = program
            .items()
            .iter()
            .filter(|i| matches!(i.op, ProgramOp::Push(_)))
            .count();
        assert_eq!(stats.words_in, pushes as u64, "program {seed}");
        assert_eq!(
            stats.mopcfg_writes,
            (program.items().len() - pushes) as u64,
            "program {seed}"
        );
        assert_eq!(stats.words_out, want.len() as u64, "program {seed}");
        // Every word reaches the gate before the run ends, at most one per cycle.
        if let Some(last) = last_cycle {
            assert!(
                stats.cycles > last && stats.cycles >= stats.words_out,
                "program {seed}"
            );
        }
    }
    // The programs are not trivial: on average they emit a few hundred words.
    eprintln!("{total_words} words");
    assert!(
        total_words > 100 * PROGRAMS as usize,
        "only {total_words} words in all"
    );
}

/// The random programs exercise what they are meant to: the hardware bug, Count 0, wrapping
/// playbacks, DMANOP/SFPNOP in skippable slots, both templates.
#[test]
fn random_programs_cover_the_corner_cases() {
    let (mut bug, mut count0, mut wrap, mut t0, mut t1) = (0, 0, 0, 0, 0);
    for seed in 0..PROGRAMS {
        let program = random_program(seed);
        let mut cfg = [0u32; 9];
        for item in program.items() {
            match item.op {
                ProgramOp::WriteMopCfg { index, value } => cfg[index.get()] = value,
                ProgramOp::Push(w) if w >> 24 == 0x01 && (w >> 23) & 1 == 1 => {
                    t1 += 1;
                    let inner = (cfg[1] & 127) * if cfg[6] >> 24 == 2 { 1 } else { 2 };
                    if cfg[0] & 127 == 1 && cfg[2] >> 24 == 2 && inner == 0 && cfg[3] >> 24 != 2 {
                        bug += 1;
                    }
                }
                ProgramOp::Push(w) if w >> 24 == 0x01 => t0 += 1,
                ProgramOp::Push(w) if w >> 24 == 0x04 => {
                    let (index, count) = ((w >> 14) & 31, (w >> 4) & 63);
                    count0 += u32::from(count == 0);
                    wrap += u32::from(count != 0 && index + count > 32);
                }
                ProgramOp::Push(_) => {}
            }
        }
    }
    eprintln!("bug {bug}, count0 {count0}, wrap {wrap}, template0 {t0}, template1 {t1}");
    assert!(
        bug > 100 && count0 > 100 && wrap > 1000 && t0 > 1000 && t1 > 1000,
        "bug {bug}, count0 {count0}, wrap {wrap}, template0 {t0}, template1 {t1}"
    );
}

/// The one-word path (`next_word`: both expanders' `pull`) and the bulk path (`fill`), mixed
/// at random on one frontend, still give the reference stream.
#[test]
fn single_and_bulk_pulls_mix() {
    let mut r = Rng::new(7);
    for seed in 0..2000 {
        let program = random_program(seed);
        let want = reference::expand(&program);
        let mut frontend = ThreadFrontend::new(program.inputs());
        let mut got = Vec::new();
        let mut buf = [0u32; 40];
        loop {
            if r.percent(50) {
                match frontend.next_word() {
                    Some(w) => got.push(w),
                    None => break,
                }
            } else {
                let n = frontend.fill(&mut buf[..1 + r.below(40) as usize]);
                if n == 0 {
                    break;
                }
                got.extend_from_slice(&buf[..n]);
            }
        }
        assert!(
            got == want,
            "{}",
            disagreement(seed, &program, "mixed pulls", &got, &want)
        );
    }
}

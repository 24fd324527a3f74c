//! Differential test of macrosim's RISC-V soft-float (`macrosim_riscv::fpu`) against Berkeley
//! SoftFloat 3e with its RISC-V specialisation (the library Spike uses), through
//! `softfloat-wrapper`.
//!
//! For binary32 and binary64, every operation SoftFloat provides that RISC-V F/D use (add, sub,
//! mul, div, sqrt, fused multiply-add, conversions to and from 32-bit integers and between the
//! formats, eq/lt/le) in all five rounding modes, on edge-case operands (zeros, subnormals,
//! smallest normals, largest finite, infinities, quiet and signalling NaNs with payloads, integer
//! boundaries, ties) mixed with random ones (uniform bits, and structured values with nearby
//! exponents and short significands that make exact results, ties and cancellations common).
//! Results must be bit-identical and the raised flags identical. Each case runs twice through
//! macrosim, from clear flags and with inexact already accrued, so that the host fast paths
//! (which skip deriving inexact when it is set) are compared too.
//!
//! usage: softfloat-diff [CASES_PER_OP_AND_MODE]   (default 200000)

use macrosim_riscv::fpu::{self, Flags, Rm};
use softfloat_wrapper::{ExceptionFlags, F32, F64, Float, RoundingMode};

/// A small xorshift generator: reproducible runs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A binary format's description for operand generation.
struct Fmt {
    m: u32,
    e: u32,
    edges: Vec<u64>,
}

impl Fmt {
    fn f32() -> Fmt {
        let mut edges = vec![
            0x0000_0000,
            0x0000_0001,
            0x0000_0002,
            0x007f_ffff,
            0x0080_0000,
            0x0080_0001,
            0x00ff_ffff,
            0x3f00_0000,
            0x3f7f_ffff,
            0x3f80_0000,
            0x3f80_0001,
            0x3fc0_0000,
            0x4000_0000,
            0x4020_0000,
            0x4040_0000,
            0x4b80_0000,
            0x4b80_0001,
            0x4eff_ffff,
            0x4f00_0000,
            0x4f00_0001,
            0x4f7f_ffff,
            0x4f80_0000,
            0x7f7f_ffff,
            0x7f7f_fffe,
            0x7f80_0000,
            0x7fc0_0000,
            0x7fc0_0001,
            0x7fff_ffff,
            0x7f80_0001,
            0x7fbf_ffff,
            0x3400_0000,
            0x3380_0000,
            0x0040_0000,
            0x3eaa_aaab,
        ];
        edges.extend(edges.clone().iter().map(|e| e | 0x8000_0000));
        Fmt { m: 23, e: 8, edges }
    }

    fn f64() -> Fmt {
        let mut edges = vec![
            0x0000_0000_0000_0000,
            0x0000_0000_0000_0001,
            0x000f_ffff_ffff_ffff,
            0x0010_0000_0000_0000,
            0x0010_0000_0000_0001,
            0x3fe0_0000_0000_0000,
            0x3fef_ffff_ffff_ffff,
            0x3ff0_0000_0000_0000,
            0x3ff0_0000_0000_0001,
            0x4000_0000_0000_0000,
            0x41df_ffff_ffc0_0000, // 2^31 - 1
            0x41e0_0000_0000_0000, // 2^31
            0x41e0_0000_0010_0000, // 2^31 + 0.5
            0x41ef_ffff_ffe0_0000, // 2^32 - 1
            0x41ef_ffff_fff0_0000, // 2^32 - 0.5
            0x41f0_0000_0000_0000, // 2^32
            0x47ef_ffff_e000_0000, // binary32 max
            0x47ef_ffff_f000_0000, // binary32 max + half an ulp
            0x3810_0000_0000_0000, // binary32 min normal
            0x380f_ffff_f000_0000, // just below it
            0x36a0_0000_0000_0000, // binary32 min subnormal
            0x3690_0000_0000_0000, // half of it
            0x7fef_ffff_ffff_ffff,
            0x7ff0_0000_0000_0000,
            0x7ff8_0000_0000_0000,
            0x7ff8_0000_0000_0001,
            0x7ff0_0000_0000_0001,
            0x7ff7_ffff_ffff_ffff,
            0x3ca0_0000_0000_0000,
            0x3fd5_5555_5555_5555,
        ];
        edges.extend(edges.clone().iter().map(|e| e | 1 << 63));
        Fmt {
            m: 52,
            e: 11,
            edges,
        }
    }

    fn sign(&self) -> u64 {
        1 << (self.m + self.e)
    }

    /// One operand; `near` (an earlier operand) steers structured values close to it.
    fn operand(&self, rng: &mut Rng, near: Option<u64>) -> u64 {
        let exp_max = (1u64 << self.e) - 1;
        let frac_mask = (1u64 << self.m) - 1;
        match rng.below(8) {
            0 | 1 => self.edges[rng.below(self.edges.len() as u64) as usize],
            2 => rng.next() & (self.sign() | (exp_max << self.m) | frac_mask),
            _ => {
                let sign = if rng.below(2) == 0 { 0 } else { self.sign() };
                let exp = match near {
                    Some(x) if rng.below(2) == 0 => {
                        let e = (x >> self.m) & exp_max;
                        let d = rng.below(2 * u64::from(self.m) + 8) as i64 - i64::from(self.m) - 4;
                        (e as i64 + d).clamp(0, exp_max as i64) as u64
                    }
                    _ => rng.below(exp_max + 1),
                };
                // Short significands: random bits above a random number of trailing zeros.
                let zeros = rng.below(u64::from(self.m) + 1) as u32;
                let frac = (rng.next() & frac_mask) >> zeros << zeros;
                sign | (exp << self.m) | frac
            }
        }
    }
}

fn sf_rm(rm: Rm) -> RoundingMode {
    match rm {
        Rm::Rne => RoundingMode::TiesToEven,
        Rm::Rtz => RoundingMode::TowardZero,
        Rm::Rdn => RoundingMode::TowardNegative,
        Rm::Rup => RoundingMode::TowardPositive,
        Rm::Rmm => RoundingMode::TiesToAway,
    }
}

/// Run `f` on SoftFloat with clear flags; return its result and the flags it raised.
fn sf<R>(f: impl FnOnce() -> R) -> (R, u8) {
    ExceptionFlags::from_bits(0).set();
    let r = f();
    let mut flags = ExceptionFlags::from_bits(0);
    flags.get();
    (r, flags.to_bits())
}

/// Tallies and the first few differences.
#[derive(Default)]
struct Report {
    compared: u64,
    failures: u64,
}

impl Report {
    /// Compare macrosim's `ours(flags)` (run from clear flags and from NX set) with SoftFloat's
    /// (result, flags).
    fn check(
        &mut self,
        what: &str,
        operands: &[u64],
        expected: (u64, u8),
        ours: impl Fn(&mut Flags) -> u64,
    ) {
        for start in [0, Flags::NX] {
            let mut fl = Flags(start);
            let r = ours(&mut fl);
            self.compared += 1;
            if r != expected.0 || fl.0 != start | expected.1 {
                self.failures += 1;
                if self.failures <= 20 {
                    let ops: Vec<String> = operands.iter().map(|o| format!("{o:#x}")).collect();
                    eprintln!(
                        "MISMATCH {what} ({}) from flags {start:#x}: softfloat {:#x} flags {:#04x}, macrosim {r:#x} flags {:#04x}",
                        ops.join(", "),
                        expected.0,
                        start | expected.1,
                        fl.0
                    );
                }
            }
        }
    }
}

fn binary32(n: u64, rng: &mut Rng, rep: &mut Report) {
    let fmt = Fmt::f32();
    let s = |x: u64| F32::from_bits(x as u32);
    for rm in Rm::ALL {
        let r = sf_rm(rm);
        let name = |op: &str| format!("{op}.s {rm:?}");
        for _ in 0..n {
            let a = fmt.operand(rng, None);
            let b = fmt.operand(rng, Some(a));
            let c = fmt.operand(rng, Some(a));
            let (a32, b32, c32) = (a as u32, b as u32, c as u32);
            let v = |x: F32| u64::from(x.to_bits());
            rep.check(&name("fadd"), &[a, b], sf(|| v(s(a).add(s(b), r))), |f| {
                u64::from(fpu::add_s(a32, b32, rm, f))
            });
            rep.check(&name("fsub"), &[a, b], sf(|| v(s(a).sub(s(b), r))), |f| {
                u64::from(fpu::sub_s(a32, b32, rm, f))
            });
            rep.check(&name("fmul"), &[a, b], sf(|| v(s(a).mul(s(b), r))), |f| {
                u64::from(fpu::mul_s(a32, b32, rm, f))
            });
            rep.check(&name("fdiv"), &[a, b], sf(|| v(s(a).div(s(b), r))), |f| {
                u64::from(fpu::div_s(a32, b32, rm, f))
            });
            rep.check(&name("fsqrt"), &[a], sf(|| v(s(a).sqrt(r))), |f| {
                u64::from(fpu::sqrt_s(a32, rm, f))
            });
            // c close to -(a*b) now and then, for cancellation
            let c = if rng.below(4) == 0 {
                u64::from(s(a).mul(s(b), r).to_bits() ^ 0x8000_0000) ^ (rng.below(4))
            } else {
                c
            };
            let c32 = if c >> 32 == 0 { c as u32 } else { c32 };
            rep.check(
                &name("fmadd"),
                &[a, b, u64::from(c32)],
                sf(|| v(s(a).fused_mul_add(s(b), s(u64::from(c32)), r))),
                |f| u64::from(fpu::fma_s(a32, b32, c32, rm, f)),
            );
            rep.check(
                &name("fcvt.w"),
                &[a],
                sf(|| u64::from(s(a).to_i32(r, true) as u32)),
                |f| u64::from(fpu::s_to_int(a32, true, rm, f)),
            );
            rep.check(
                &name("fcvt.wu"),
                &[a],
                sf(|| u64::from(s(a).to_u32(r, true))),
                |f| u64::from(fpu::s_to_int(a32, false, rm, f)),
            );
            let i = if rng.below(2) == 0 {
                rng.next() as u32
            } else {
                (rng.next() as u32) >> rng.below(32)
            };
            rep.check(
                &name("fcvt.s.w"),
                &[u64::from(i)],
                sf(|| v(F32::from_i32(i as i32, r))),
                |f| u64::from(fpu::int_to_s(i, true, rm, f)),
            );
            rep.check(
                &name("fcvt.s.wu"),
                &[u64::from(i)],
                sf(|| v(F32::from_u32(i, r))),
                |f| u64::from(fpu::int_to_s(i, false, rm, f)),
            );
            if rm == Rm::Rne {
                rep.check("fcvt.d.s", &[a], sf(|| s(a).to_f64(r).to_bits()), |f| {
                    fpu::s_to_d(a32, f)
                });
                rep.check("feq.s", &[a, b], sf(|| u64::from(s(a).eq(s(b)))), |f| {
                    u64::from(fpu::eq_s(a32, b32, f))
                });
                rep.check("flt.s", &[a, b], sf(|| u64::from(s(a).lt(s(b)))), |f| {
                    u64::from(fpu::less_s(a32, b32, false, f))
                });
                rep.check("fle.s", &[a, b], sf(|| u64::from(s(a).le(s(b)))), |f| {
                    u64::from(fpu::less_s(a32, b32, true, f))
                });
            }
        }
    }
}

fn binary64(n: u64, rng: &mut Rng, rep: &mut Report) {
    let fmt = Fmt::f64();
    let d = F64::from_bits;
    for rm in Rm::ALL {
        let r = sf_rm(rm);
        let name = |op: &str| format!("{op}.d {rm:?}");
        for _ in 0..n {
            let a = fmt.operand(rng, None);
            let b = fmt.operand(rng, Some(a));
            let c = fmt.operand(rng, Some(a));
            let v = |x: F64| x.to_bits();
            rep.check(&name("fadd"), &[a, b], sf(|| v(d(a).add(d(b), r))), |f| {
                fpu::add_d(a, b, rm, f)
            });
            rep.check(&name("fsub"), &[a, b], sf(|| v(d(a).sub(d(b), r))), |f| {
                fpu::sub_d(a, b, rm, f)
            });
            rep.check(&name("fmul"), &[a, b], sf(|| v(d(a).mul(d(b), r))), |f| {
                fpu::mul_d(a, b, rm, f)
            });
            rep.check(&name("fdiv"), &[a, b], sf(|| v(d(a).div(d(b), r))), |f| {
                fpu::div_d(a, b, rm, f)
            });
            rep.check(&name("fsqrt"), &[a], sf(|| v(d(a).sqrt(r))), |f| {
                fpu::sqrt_d(a, rm, f)
            });
            let c = if rng.below(4) == 0 {
                (d(a).mul(d(b), r).to_bits() ^ (1 << 63)) ^ rng.below(4)
            } else {
                c
            };
            rep.check(
                &name("fmadd"),
                &[a, b, c],
                sf(|| v(d(a).fused_mul_add(d(b), d(c), r))),
                |f| fpu::fma_d(a, b, c, rm, f),
            );
            rep.check(
                &name("fcvt.w"),
                &[a],
                sf(|| u64::from(d(a).to_i32(r, true) as u32)),
                |f| u64::from(fpu::d_to_int(a, true, rm, f)),
            );
            rep.check(
                &name("fcvt.wu"),
                &[a],
                sf(|| u64::from(d(a).to_u32(r, true))),
                |f| u64::from(fpu::d_to_int(a, false, rm, f)),
            );
            rep.check(
                &name("fcvt.s.d"),
                &[a],
                sf(|| u64::from(d(a).to_f32(r).to_bits())),
                |f| u64::from(fpu::d_to_s(a, rm, f)),
            );
            if rm == Rm::Rne {
                let i = rng.next() as u32;
                rep.check(
                    "fcvt.d.w",
                    &[u64::from(i)],
                    sf(|| v(F64::from_i32(i as i32, r))),
                    |f| fpu::int_to_d(i, true, f),
                );
                rep.check(
                    "fcvt.d.wu",
                    &[u64::from(i)],
                    sf(|| v(F64::from_u32(i, r))),
                    |f| fpu::int_to_d(i, false, f),
                );
                rep.check("feq.d", &[a, b], sf(|| u64::from(d(a).eq(d(b)))), |f| {
                    u64::from(fpu::eq_d(a, b, f))
                });
                rep.check("flt.d", &[a, b], sf(|| u64::from(d(a).lt(d(b)))), |f| {
                    u64::from(fpu::less_d(a, b, false, f))
                });
                rep.check("fle.d", &[a, b], sf(|| u64::from(d(a).le(d(b)))), |f| {
                    u64::from(fpu::less_d(a, b, true, f))
                });
            }
        }
    }
}

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .map(|s| s.parse().expect("CASES_PER_OP_AND_MODE must be a number"))
        .unwrap_or(200_000);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut rep = Report::default();
    binary32(n, &mut rng, &mut rep);
    binary64(n, &mut rng, &mut rep);
    println!(
        "softfloat-diff: {} operations compared with Berkeley SoftFloat 3e (RISC-V), {} mismatches",
        rep.compared, rep.failures
    );
    if rep.failures > 0 {
        std::process::exit(1);
    }
}

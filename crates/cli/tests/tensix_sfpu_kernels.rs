//! The SFPU activation kernels (examples/tensix/kernels/sfpu_{relu,recip,sqrt,exp,sigmoid,gelu}
//! .toml) against float64, within the error each algorithm promises. Their expected outputs are
//! what `every_shipped_manifest_matches_its_expected_output` (tensix_run.rs) requires macrosim to
//! produce bit for bit, and what scripts/oracle/tensix_sfpu_kernels.py's lane model computes; this
//! test holds those values to the mathematics.
//!
//! Bounds (tt-llk's own statements, tt_llk_wormhole_b0/common/inc/sfpu/):
//! - recip, `_sfpu_reciprocal_<2>` (ckernel_sfpu_recip.h): "max_iter = 2: sufficient for float32
//!   precision (≤1 ulps)";
//! - sqrt, SQRT_23-bits (ckernel_sfpu_sqrt.h, Kokosiński et al. 2024): 23 correct bits, ≤ 1 ulp;
//! - exp, `_sfpu_exp_fp32_accurate_` (ckernel_sfpu_exp.h): "Target accuracy: < 1 ULP for float32";
//! - sigmoid and gelu are six-piece linear tables: their bound is the table's own worst error on
//!   [-8, 8] against the function in float64 (sigmoid 0.017742, gelu 0.023411, printed by
//!   tensix_sfpu_kernels.py) plus FP32 rounding, stated as an absolute error;
//! - exp_fast, the fast approximate exp (Schraudolph, `_calculate_exponential_` with
//!   FAST_APPROX): the algorithm's own worst relative error in exact arithmetic on [-80, 80],
//!   0.031214 (printed by tensix_sfpu_kernels.py), plus the SFPMAD rounding of A x + (B − C)
//!   (≤ 2^-9 of one step of 2^(1/256)): 0.03123 relative;
//! - relu is exact.
//!
//! `sfpu_exp_fast_loadmacro.toml` runs exp_fast through SFPLOADMACRO and must give the very same
//! output as the plain loop (`sfpu_exp_fast.toml`): both manifests name one expected file.
//!
//! An ulp is that of FP32 at the float64 result: 2^(exponent − 23). Results outside FP32's range
//! are +-inf above FLT_MAX and 0 below the smallest normal (the SFPU flushes denormals): there a
//! result of 0 or a denormal passes (or, for an absolute bound, anything within it).

use std::path::PathBuf;

fn kernels() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/tensix/kernels")
}

fn values(rel: &str) -> Vec<f32> {
    let text = std::fs::read_to_string(kernels().join(rel)).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| l.split_whitespace().map(|w| w.parse::<f32>().unwrap()))
        .collect()
}

enum Bound {
    Ulps(f64),
    Abs(f64),
    Rel(f64),
}

fn ulp(x: f64) -> f64 {
    let e = ((x.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    2f64.powi(e - 23)
}

/// The float64 result as FP32 can hold it: ±inf past FLT_MAX, 0 below the normal range.
fn fp32_range(x: f64) -> f64 {
    if x.abs() > f64::from(f32::MAX) {
        f64::INFINITY.copysign(x)
    } else if x.abs() < f64::from(f32::MIN_POSITIVE) {
        0.0
    } else {
        x
    }
}

fn check(name: &str, f: impl Fn(f64) -> f64, bound: Bound) -> f64 {
    let x = values(&format!("data/act_{name}.txt"));
    let y = values(&format!("expected/sfpu_{name}.c.txt"));
    assert_eq!(x.len(), 1024);
    assert_eq!(y.len(), 1024);
    let mut worst = 0f64;
    for (&x, &y) in x.iter().zip(&y) {
        let want = fp32_range(f(f64::from(x)));
        let got = f64::from(y);
        if want == 0.0 {
            // below FP32's normal range: the result is 0 or denormal (which the SFPU's next
            // arithmetic flushes), or within the absolute bound
            let limit = match bound {
                Bound::Abs(a) => a,
                _ => f64::from(f32::MIN_POSITIVE),
            };
            assert!(
                got.abs() <= limit,
                "{name}({x:e}) = {got:e}, want 0 (|got| <= {limit:e})"
            );
            continue;
        }
        if want.is_nan() || want.is_infinite() {
            let same = (want.is_nan() && got.is_nan()) || want == got;
            assert!(same, "{name}({x:e}) = {got:e}, want {want:e} exactly");
            continue;
        }
        let err = (got - want).abs();
        let (e, limit) = match bound {
            Bound::Ulps(n) => (err / ulp(want), n),
            Bound::Abs(a) => (err, a),
            Bound::Rel(a) => (err / want.abs(), a),
        };
        assert!(
            e <= limit,
            "{name}({x:e}) = {got:e}, want {want:e}: error {e:e} > {limit:e}"
        );
        worst = worst.max(e);
    }
    worst
}

/// erf by its Taylor series (|x| ≤ 4 here: 60 terms converge to ~1e-13 in float64).
fn erf(x: f64) -> f64 {
    let mut term = x;
    let mut sum = x;
    for n in 1..120 {
        term *= -x * x / f64::from(n);
        sum += term / f64::from(2 * n + 1);
    }
    sum * 2.0 / std::f64::consts::PI.sqrt()
}

#[test]
fn erf_series_matches_known_values() {
    // Abramowitz & Stegun table 7.1
    assert!((erf(0.5) - 0.520_499_877_8).abs() < 1e-9);
    assert!((erf(1.0) - 0.842_700_792_9).abs() < 1e-9);
    assert!((erf(2.0) - 0.995_322_265_0).abs() < 1e-9);
}

#[test]
fn relu_is_exact() {
    let x = values("data/sfpu_a.txt");
    let y = values("expected/sfpu_relu.c.txt");
    for (&x, &y) in x.iter().zip(&y) {
        assert_eq!(
            y.to_bits(),
            if x > 0.0 { x.to_bits() } else { 0 },
            "relu({x})"
        );
    }
}

#[test]
fn reciprocal_within_one_ulp() {
    let w = check("recip", |x| 1.0 / x, Bound::Ulps(1.0));
    eprintln!("recip: worst {w:.3} ulp");
}

#[test]
fn sqrt_within_one_ulp() {
    let w = check("sqrt", f64::sqrt, Bound::Ulps(1.0));
    eprintln!("sqrt: worst {w:.3} ulp");
}

#[test]
fn exp_within_one_ulp() {
    let w = check("exp", f64::exp, Bound::Ulps(1.0));
    eprintln!("exp: worst {w:.3} ulp");
}

#[test]
fn sigmoid_within_its_table_error() {
    let w = check(
        "sigmoid",
        |x| 1.0 / (1.0 + (-x).exp()),
        Bound::Abs(0.017_742 + 1e-6),
    );
    eprintln!("sigmoid: worst {w:.6} abs");
}

#[test]
fn gelu_within_its_table_error() {
    let gelu = |x: f64| {
        if x.abs() > 4.0 * std::f64::consts::SQRT_2 {
            // erf is 1 - O(1e-14) there; the series loses its digits
            x.max(0.0)
        } else {
            0.5 * x * (1.0 + erf(x / std::f64::consts::SQRT_2))
        }
    };
    let w = check("gelu", gelu, Bound::Abs(0.023_411 + 1e-6));
    eprintln!("gelu: worst {w:.6} abs");
}

#[test]
fn exp_fast_within_schraudolph_error() {
    let w = check("exp_fast", f64::exp, Bound::Rel(0.031_23));
    eprintln!("exp_fast: worst {w:.6} relative");
}

#[test]
fn loadmacro_exp_fast_expects_the_plain_loops_output() {
    let read = |name: &str| std::fs::read_to_string(kernels().join(name)).unwrap();
    let (plain, mac) = (
        read("sfpu_exp_fast.toml"),
        read("sfpu_exp_fast_loadmacro.toml"),
    );
    let body = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.starts_with('#') && !l.starts_with("trisc1"))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(
        body(&plain),
        body(&mac),
        "the same inputs and the same expected output"
    );
    assert!(plain.contains("trisc1 = \"build/sfpu_exp_fast_math.elf\""));
    assert!(mac.contains("trisc1 = \"build/sfpu_exp_fast_loadmacro_math.elf\""));
    // both bit-exact (tensix_run.rs), the macro one with fewer SFPU instructions issued: one
    // SFPLOADMACRO + SFPNOP per 32 datums instead of six instructions
    let sfpu_issued = |m: &str| -> u64 {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_macrosim"))
            .args(["tensix", "run", "--stats"])
            .arg(kernels().join(m))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        let at = text.find("sfpu ").expect("--stats names the sfpu count") + 5;
        text[at..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let (p, m) = (
        sfpu_issued("sfpu_exp_fast.toml"),
        sfpu_issued("sfpu_exp_fast_loadmacro.toml"),
    );
    assert!(
        m * 2 < p,
        "SFPU instructions issued: plain {p}, SFPLOADMACRO {m}"
    );
}

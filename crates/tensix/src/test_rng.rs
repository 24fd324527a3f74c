//! The reproducible random stream of the crate's randomised unit tests: Marsaglia's xorshift64
//! (shifts 13, 7, 17; "Xorshift RNGs", 2003), one definition for every test that draws operands.

/// Advances the state `x` (non-zero) by one step and returns it.
pub(crate) fn step(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// A stream from `seed` (non-zero); each call advances it and gives the state's low 32 bits.
pub(crate) fn xorshift(seed: u64) -> impl FnMut() -> u32 {
    let mut x = seed;
    move || step(&mut x) as u32
}

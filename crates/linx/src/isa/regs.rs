//! Register names (catalog `registers.reg5`; notes §2.4).

/// Code of `t#1` as a source (the T hand, newest first: 24..27 = `t#1..t#4`).
pub const T1: u16 = 24;
/// Code of `u#1` as a source (the U hand: 28..31 = `u#1..u#4`).
pub const U1: u16 = 28;
/// Destination code that pushes onto the T hand (`->t`).
pub const PUSH_T: u16 = 31;
/// Destination code that pushes onto the U hand (`->u`).
pub const PUSH_U: u16 = 30;
/// `ra` (R10), the register SETRET writes.
pub const RA: u16 = 10;
/// `sp` (R1).
pub const SP: u16 = 1;

const NAMES: [&str; 32] = [
    "zero", "sp", "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "ra", "s0", "s1", "s2", "s3",
    "s4", "s5", "s6", "s7", "s8", "x0", "x1", "x2", "x3", "t#1", "t#2", "t#3", "t#4", "u#1", "u#2",
    "u#3", "u#4",
];

/// The assembly name of a reg5 source code (`a0`, `t#1`).
pub fn name(code: u16) -> &'static str {
    NAMES.get(usize::from(code)).copied().unwrap_or("?")
}

/// The assembly name of a reg5 destination code: `t`/`u` for the hand pushes.
pub fn dst_name(code: u16) -> &'static str {
    match code {
        PUSH_T => "t",
        PUSH_U => "u",
        c => name(c),
    }
}

/// Parse a source register name (ABI names, `rN`, `fp`, `t#k`/`u#k`).
pub fn parse(s: &str) -> Option<u16> {
    let s = s.to_ascii_lowercase();
    if let Some(i) = NAMES.iter().position(|n| *n == s) {
        return Some(i as u16);
    }
    match s.as_str() {
        "fp" => Some(11),
        _ => s
            .strip_prefix('r')
            .and_then(|n| n.parse::<u16>().ok())
            .filter(|&n| n < 32),
    }
}

/// Parse a destination name (`t`, `u` or any source name).
pub fn parse_dst(s: &str) -> Option<u16> {
    match s.to_ascii_lowercase().as_str() {
        "t" => Some(PUSH_T),
        "u" => Some(PUSH_U),
        other => parse(other),
    }
}

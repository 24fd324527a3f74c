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

/// A decoded RegId10 operand of a `V.*` form (manual 05b "RegId10 Operand Encoding"):
/// bit 9 signed/type, bits 8:7 element width, bits 6:5 class, bits 4:0 index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reg10 {
    /// Class 0 vector (`vt/vu/vm/vn`), 1 scalar (`ri*`, `t#k/u#k`), 2 lane/tile/special
    /// (`lb*`, `lc*`, `ta..td`, `to`, `ts`, `p`, `zero`), 3 vector with the `.reuse` hint.
    pub class: u8,
    pub index: u8,
    /// Element width in bytes (8, 4, 2, 1 for tags 00, 01, 10, 11).
    pub width: u8,
    /// Bit 9: signed (integer ops) or the reserved type bit (float ops).
    pub signed: bool,
}

impl Reg10 {
    pub fn from_code(code: u16) -> Self {
        Reg10 {
            class: (code >> 5 & 3) as u8,
            index: (code & 31) as u8,
            width: 8 >> (code >> 7 & 3),
            signed: code >> 9 & 1 == 1,
        }
    }

    pub fn code(self) -> u16 {
        u16::from(self.signed) << 9
            | (self.width.trailing_zeros() as u16 ^ 3) << 7
            | u16::from(self.class) << 5
            | u16::from(self.index)
    }

    /// The vector register read (`class` 0 or 3): hand 0..3 (`vt/vu/vm/vn`) and the
    /// 1-based distance `k` of `v?#k`.
    pub fn vector(self) -> Option<(u8, u8)> {
        matches!(self.class, 0 | 3).then_some((self.index / 8, self.index % 8 + 1))
    }

    /// The operand's name as a source (without the type suffix): `vt#1`, `vm#2.reuse`,
    /// `ri0`, `t#1`, `lc0`, `ta`, `zero`. None for codes no name is known for.
    ///
    /// The index assignment inside the classes is not tabulated in the v0.4 manual; it is
    /// read off the LLVM-built dump `docs/reference/examples/v0.4/curated/
    /// linxisa-v0.4-normalized.asm` (LinxISA/linx-isa): `vt#k` = hand·8 + k−1 (vt, vu, vm
    /// seen), `ri0` = 1/0, `t#1` = 1/24, `lc1` = 2/4, `ta tb tc` = 2/16..18, `to to1` =
    /// 2/24..25, `zero` = 2/31. Extrapolated by the same pattern (not seen in any dump):
    /// `vn`, `ri1..ri11` = 1/1..11, `t#2..u#4` = 1/25..31 (as reg5), `lb0..lb2` = 2/0..2,
    /// `lc0 lc2` = 2/3, 2/5, `td` = 2/19, `te..th` = 2/20..23 (reserved), `to2 to3` =
    /// 2/26..27, `ts` = 2/28, `p` = 2/30.
    pub fn source_name(self) -> Option<String> {
        let i = self.index;
        const HANDS: [&str; 4] = ["vt", "vu", "vm", "vn"];
        Some(match self.class {
            0 => format!("{}#{}", HANDS[usize::from(i / 8)], i % 8 + 1),
            3 => format!("{}#{}.reuse", HANDS[usize::from(i / 8)], i % 8 + 1),
            1 => match i {
                0..=11 => format!("ri{i}"),
                24..=31 => name(u16::from(i)).to_string(),
                _ => return None,
            },
            _ => CLASS2
                .iter()
                .find(|(k, _)| *k == i)
                .map(|(_, n)| n.to_string())?,
        })
    }

    /// The operand's name as a destination: `vt..vn` (push onto that vector hand) for
    /// class 0 indices 0..3, `t`/`u` for class 1 indices 31/30, else the source name.
    pub fn dest_name(self) -> Option<String> {
        const HANDS: [&str; 4] = ["vt", "vu", "vm", "vn"];
        match (self.class, self.index) {
            (0, i @ 0..=3) => Some(HANDS[usize::from(i)].to_string()),
            (1, 31) => Some("t".into()),
            (1, 30) => Some("u".into()),
            (0, _) => None,
            _ => self.source_name(),
        }
    }

    /// Parse a name (without suffix) back to (class, index); `dest` selects the
    /// destination spelling of the vector hands and `t`/`u`.
    pub fn parse_name(s: &str, dest: bool) -> Option<(u8, u8)> {
        let s = s.to_ascii_lowercase();
        const HANDS: [&str; 4] = ["vt", "vu", "vm", "vn"];
        if dest {
            if let Some(h) = HANDS.iter().position(|h| *h == s) {
                return Some((0, h as u8));
            }
            match s.as_str() {
                "t" => return Some((1, 31)),
                "u" => return Some((1, 30)),
                _ => {}
            }
        }
        let (base, reuse) = match s.strip_suffix(".reuse") {
            Some(b) => (b, true),
            None => (s.as_str(), false),
        };
        if let Some((h, k)) = base.split_once('#')
            && let Some(hand) = HANDS.iter().position(|x| *x == h)
        {
            let k: u8 = k.parse().ok().filter(|k| (1..=8).contains(k))?;
            return Some((if reuse { 3 } else { 0 }, hand as u8 * 8 + k - 1));
        }
        if reuse {
            return None;
        }
        if let Some(n) = base.strip_prefix("ri")
            && let Ok(n) = n.parse::<u8>()
            && n <= 11
        {
            return Some((1, n));
        }
        if let Some(code) = parse(base).filter(|&c| c >= T1) {
            return Some((1, code as u8));
        }
        CLASS2
            .iter()
            .find(|(_, n)| *n == base)
            .map(|&(i, _)| (2, i))
    }
}

/// Class-2 RegId10 names by index (see `Reg10::source_name` for which are seen/inferred).
const CLASS2: [(u8, &str); 21] = [
    (0, "lb0"),
    (1, "lb1"),
    (2, "lb2"),
    (3, "lc0"),
    (4, "lc1"),
    (5, "lc2"),
    (16, "ta"),
    (17, "tb"),
    (18, "tc"),
    (19, "td"),
    (20, "te"),
    (21, "tf"),
    (22, "tg"),
    (23, "th"),
    (24, "to"),
    (25, "to1"),
    (26, "to2"),
    (27, "to3"),
    (28, "ts"),
    (30, "p"),
    (31, "zero"),
];

/// How a RegId10 operand is used, which decides its spelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A value read: `vt#1.fs`, `zero.sd`, `ri0.uw`.
    Source,
    /// The base of a memory operand: `ta` (its usual type, signed 64-bit, is not printed).
    Base,
    /// A destination: `vt.w`, `t.d`.
    Dest,
}

const WIDTHS: [char; 4] = ['d', 'w', 'h', 'b'];

/// The spelling of a RegId10 operand (`@N` for codes with no known name); `float` selects
/// the `f?` type letters of floating-point ops (manual 05b: `fd/fs/fh/fb`).
pub fn reg10_text(code: u16, role: Role, float: bool) -> String {
    let r = Reg10::from_code(code);
    let name = match role {
        Role::Dest => r.dest_name(),
        _ => r.source_name(),
    };
    let Some(name) = name else {
        return format!("@{code}");
    };
    let w = (code >> 7 & 3) as usize;
    match role {
        Role::Base if r.signed && w == 0 => name,
        Role::Dest if !r.signed => format!("{name}.{}", WIDTHS[w]),
        _ if float && !r.signed => format!("{name}.f{}", ['d', 's', 'h', 'b'][w]),
        _ => format!("{name}.{}{}", if r.signed { 's' } else { 'u' }, WIDTHS[w]),
    }
}

/// Parse what `reg10_text` prints (either type-letter family is accepted; a missing type
/// means `.sd` for sources and `.d` for destinations).
pub fn parse_reg10(s: &str, role: Role) -> Option<u16> {
    if let Some(n) = s.strip_prefix('@') {
        return n.parse::<u16>().ok().filter(|&c| c < 1024);
    }
    let lower = s.to_ascii_lowercase();
    let (name, ty) = match lower.rsplit_once('.') {
        Some((n, t)) if t != "reuse" => (n, Some(t)),
        _ => (lower.as_str(), None),
    };
    let (class, index) = Reg10::parse_name(name, role == Role::Dest)?;
    let (signed, w) = match ty {
        // Omitted types: signed 64-bit for values read (what a base prints without), 64-bit
        // for destinations.
        None if role == Role::Dest => (false, 0),
        None => (true, 0),
        Some(t) => {
            let mut c = t.chars();
            let (first, last) = (c.next()?, t.chars().last()?);
            let width_of = |x: char| WIDTHS.iter().position(|&w| w == x);
            match (t.len(), first) {
                (1, _) if role == Role::Dest => (false, width_of(first)?),
                (2, 's') => (true, width_of(last)?),
                (2, 'u') => (false, width_of(last)?),
                (2, 'f') => (false, ['d', 's', 'h', 'b'].iter().position(|&x| x == last)?),
                _ => return None,
            }
        }
    };
    Some(u16::from(signed) << 9 | (w as u16) << 7 | u16::from(class) << 5 | u16::from(index))
}

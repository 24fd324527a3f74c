//! Spelling of tile descriptor operands (manual 04_block_isa, "Bring-up v0.4 descriptor
//! rules" and the DataType table): tile references `t#k/u#k/m#k/n#k` (tile-id = hand·8 + k−1),
//! destination kinds `t u m n acc`, B.IOTI sizes `2^(SizeCode+4)` bytes, DataType names.

const HANDS: [&str; 4] = ["t", "u", "m", "n"];

/// `t#3` for tile-id 2 (1-based within the hand).
pub fn tile_name(id: u16) -> String {
    format!("{}#{}", HANDS[usize::from(id / 8 % 4)], id % 8 + 1)
}

/// Tile-id of `t#k` / `u#k` / `m#k` / `n#k` (k = 1..8).
pub fn parse_tile(s: &str) -> Option<u16> {
    let (h, k) = s.split_once('#')?;
    let hand = HANDS.iter().position(|x| x.eq_ignore_ascii_case(h))? as u16;
    let k: u16 = k.parse().ok().filter(|k| (1..=8).contains(k))?;
    Some(hand * 8 + k - 1)
}

/// Destination kinds by DstTile code (0..4 in the manual; 7 = no destination in the LLVM
/// dumps; 5 and 6 have no name).
pub const DST_KINDS: [&str; 8] = ["t", "u", "m", "n", "acc", "dst5", "dst6", "none"];

/// `2KB` for size code 7 (bytes = 2^(code+4)); the architectural clamp to 512B..4KB is the
/// executor's business, the text keeps the encoded value.
pub fn size_text(code: i64) -> String {
    let bytes = 1u64 << (code.clamp(0, 59) + 4);
    if bytes >= 1024 {
        format!("{}KB", bytes / 1024)
    } else {
        format!("{bytes}B")
    }
}

/// The size code of `512B`, `2KB`, ... (powers of two from 16 bytes).
pub fn parse_size(s: &str) -> Option<i64> {
    let s = s.to_ascii_uppercase();
    let bytes: u64 = if let Some(k) = s.strip_suffix("KB") {
        k.parse::<u64>().ok()?.checked_mul(1024)?
    } else {
        s.strip_suffix('B')?.parse().ok()?
    };
    (bytes.is_power_of_two() && bytes >= 16).then(|| i64::from(bytes.trailing_zeros()) - 4)
}

/// Tile element types (v0.4 DataType field, u5).
pub const DATA_TYPES: [(u8, &str); 18] = [
    (0, "FP64"),
    (1, "FP32"),
    (2, "FP16"),
    (3, "FP8"),
    (6, "BF16"),
    (7, "FPL8"),
    (11, "FP4"),
    (12, "FPL4"),
    (16, "INT64"),
    (17, "INT32"),
    (18, "INT16"),
    (19, "INT8"),
    (20, "INT4"),
    (24, "UINT64"),
    (25, "UINT32"),
    (26, "UINT16"),
    (27, "UINT8"),
    (28, "UINT4"),
];

/// `FP16` for 2; unassigned codes print as numbers.
pub fn data_type_text(v: i64) -> String {
    DATA_TYPES
        .iter()
        .find(|(c, _)| i64::from(*c) == v)
        .map_or(v.to_string(), |(_, n)| n.to_string())
}

pub fn parse_data_type(s: &str) -> Option<i64> {
    DATA_TYPES
        .iter()
        .find(|(_, n)| n.eq_ignore_ascii_case(s))
        .map(|(c, _)| i64::from(*c))
        .or_else(|| s.parse().ok())
}

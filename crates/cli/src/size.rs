//! `--mem-limit SIZE`: a byte count with an optional binary suffix (`K`, `M`, `G`, `T`).

/// The largest limit accepted: the page table's frame numbers reach 64 GiB.
const MAX_BYTES: u64 = 64 << 30;

/// Parse `4G`, `512M`, `65536`, ... into bytes (at least one 4 KiB page, at most 64 GiB).
pub fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let (digits, shift) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let shift = match c.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => return Err(format!("`{s}`: the suffix must be K, M, G or T")),
            };
            (&t[..i], shift)
        }
        _ => (t, 0),
    };
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("`{s}` is not a size (e.g. 4G, 512M)"))?;
    let bytes = n
        .checked_mul(1 << shift)
        .filter(|b| (4096..=MAX_BYTES).contains(b))
        .ok_or_else(|| format!("`{s}`: give a size from 4K to 64G"))?;
    Ok(bytes)
}

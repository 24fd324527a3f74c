//! numpy `.npy` input (numpy's format spec, `numpy.lib.format`): the magic `\x93NUMPY`, a
//! major/minor version, a little-endian header length (u16 for 1.0, u32 for 2.0/3.0), a Python
//! dict with `descr`, `fortran_order`, `shape`, then the data. Little-endian `<f4`, `<f8`, `<i4`
//! are read; outputs are written as `<f4`.

use anyhow::{Result, bail};

/// The values of a C-order `.npy` array, flattened, as f64.
pub fn parse(bytes: &[u8]) -> Result<Vec<f64>> {
    if bytes.len() < 10 || &bytes[..6] != b"\x93NUMPY" {
        bail!("not a .npy file (no \\x93NUMPY magic)");
    }
    let (len, start) = match bytes[6] {
        1 => (usize::from(u16::from_le_bytes([bytes[8], bytes[9]])), 10),
        2 | 3 if bytes.len() >= 12 => (
            u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize,
            12,
        ),
        v => bail!("unsupported .npy version {v}"),
    };
    let Some(header) = bytes.get(start..start + len) else {
        bail!("header runs past the end of the file");
    };
    let header = String::from_utf8_lossy(header);
    let field = |key: &str| -> Result<String> {
        let at = header
            .find(&format!("'{key}':"))
            .ok_or_else(|| anyhow::anyhow!("header has no '{key}'"))?;
        Ok(header[at + key.len() + 3..].trim_start().to_string())
    };
    if field("fortran_order")?.starts_with("True") {
        bail!("fortran_order arrays are not supported");
    }
    let descr = field("descr")?;
    let descr = descr.trim_start_matches(['\'', '"']);
    let size = match descr.get(..3) {
        Some("<f4" | "<i4") => 4,
        Some("<f8") => 8,
        _ => bail!("dtype {descr:.6} is not one of <f4, <f8, <i4"),
    };
    let shape = field("shape")?;
    let inner = shape
        .strip_prefix('(')
        .and_then(|s| s.split(')').next())
        .ok_or_else(|| anyhow::anyhow!("malformed shape"))?;
    let mut count = 1usize;
    for d in inner.split(',').map(str::trim).filter(|d| !d.is_empty()) {
        count = count
            .checked_mul(
                d.parse()
                    .map_err(|_| anyhow::anyhow!("bad shape entry `{d}`"))?,
            )
            .ok_or_else(|| anyhow::anyhow!("shape too large"))?;
    }
    let data = &bytes[start + len..];
    if data.len() != count * size {
        bail!(
            "{} data bytes for {count} values of {size} bytes",
            data.len()
        );
    }
    Ok(data
        .chunks_exact(size)
        .map(|c| match (&descr[..3], c) {
            ("<f4", &[a, b, c, d]) => f64::from(f32::from_le_bytes([a, b, c, d])),
            ("<i4", &[a, b, c, d]) => f64::from(i32::from_le_bytes([a, b, c, d])),
            (_, c) => f64::from_le_bytes(c.try_into().unwrap_or([0; 8])),
        })
        .collect())
}

/// A version 1.0 `.npy` file as numpy's format spec lays it out: the header dict padded with
/// spaces and a newline so that the data starts at a multiple of 64 bytes.
fn npy(descr: &str, shape: &str, data: &[u8]) -> Vec<u8> {
    let mut h = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}");
    while (10 + h.len() + 1) % 64 != 0 {
        h.push(' ');
    }
    h.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend((h.len() as u16).to_le_bytes());
    out.extend(h.as_bytes());
    out.extend(data);
    out
}

/// A `rows` x `cols` float32 matrix (`<f4`, C order) as a `.npy` file.
pub fn write_f32(rows: usize, cols: usize, values: &[f64]) -> Vec<u8> {
    let data: Vec<u8> = values
        .iter()
        .flat_map(|&v| (v as f32).to_le_bytes())
        .collect();
    npy("<f4", &format!("({rows}, {cols})"), &data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_what_it_reads() {
        let v = [1.5, -2.0, 0.25, 8.0, 1e-3, 3.0];
        let file = write_f32(2, 3, &v);
        assert_eq!(&file[..8], b"\x93NUMPY\x01\x00");
        let header_len = usize::from(u16::from_le_bytes([file[8], file[9]]));
        assert_eq!((10 + header_len) % 64, 0, "data aligned to 64 bytes");
        assert!(String::from_utf8_lossy(&file[10..10 + header_len]).contains("'shape': (2, 3)"));
        let back = parse(&file).unwrap();
        assert_eq!(back, v.map(|x| f64::from(x as f32)));
    }

    #[test]
    fn reads_f4_f8_i4() {
        let f4: Vec<u8> = [1.5f32, -2.0, 0.25, 8.0]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        assert_eq!(
            parse(&npy("<f4", "(2, 2)", &f4)).unwrap(),
            [1.5, -2.0, 0.25, 8.0]
        );
        let f8: Vec<u8> = [3.0f64, -0.5]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        assert_eq!(parse(&npy("<f8", "(2,)", &f8)).unwrap(), [3.0, -0.5]);
        let i4: Vec<u8> = [-7i32, 9].iter().flat_map(|x| x.to_le_bytes()).collect();
        assert_eq!(parse(&npy("<i4", "(1, 2)", &i4)).unwrap(), [-7.0, 9.0]);
    }

    #[test]
    fn rejects_bad_files() {
        assert!(parse(b"hello world").is_err());
        assert!(parse(&npy(">f4", "(1,)", &[0; 4])).is_err());
        assert!(parse(&npy("<f4", "(2,)", &[0; 4])).is_err());
    }
}

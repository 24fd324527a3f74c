//! Numbers in program text: decimal, or hexadecimal with a `0x` prefix.

/// A token that is not a number we accept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NumberError {
    #[error("`{0}` is not a number (decimal, or hex with 0x)")]
    NotANumber(String),
    #[error("`{0}` does not fit in 32 bits")]
    TooWide(String),
}

/// Parse a decimal or `0x` hexadecimal number of any size up to 64 bits (callers check the
/// width they need; numbers beyond 64 bits are reported as not fitting in 32 bits).
pub fn parse_u64(text: &str) -> Result<u64, NumberError> {
    let (digits, radix) = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => (hex, 16),
        None => (text, 10),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return Err(NumberError::NotANumber(text.to_string()));
    }
    u64::from_str_radix(digits, radix).map_err(|_| NumberError::TooWide(text.to_string()))
}

/// Parse a number that must fit in 32 bits.
pub fn parse_u32(text: &str) -> Result<u32, NumberError> {
    let value = parse_u64(text)?;
    u32::try_from(value).map_err(|_| NumberError::TooWide(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_and_hex() {
        assert_eq!(parse_u64("0"), Ok(0));
        assert_eq!(parse_u64("127"), Ok(127));
        assert_eq!(parse_u64("0x7f"), Ok(127));
        assert_eq!(parse_u64("0XFFFFFFFF"), Ok(0xFFFF_FFFF));
        assert_eq!(parse_u32("0xFFFFFFFF"), Ok(u32::MAX));
    }

    #[test]
    fn rejects_what_is_not_a_number() {
        for bad in [
            "", "0x", "-1", "+1", "1.0", "0xZZ", "12a", "0b101", " 1", "1_000",
        ] {
            assert_eq!(
                parse_u64(bad),
                Err(NumberError::NotANumber(bad.to_string())),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn too_wide() {
        assert_eq!(
            parse_u32("0x100000000"),
            Err(NumberError::TooWide("0x100000000".into()))
        );
        assert_eq!(
            parse_u32("4294967296"),
            Err(NumberError::TooWide("4294967296".into()))
        );
        let huge = "0x1_0000_0000_0000_0000".replace('_', "");
        assert_eq!(parse_u64(&huge), Err(NumberError::TooWide(huge.clone())));
    }
}

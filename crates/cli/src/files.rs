//! Reading input files and creating output files, with the limits every verb shares.
//!
//! * Inputs must be regular files (or `-`, standard input, where a verb allows it): a device
//!   such as `/dev/zero`, a FIFO or a directory is refused before anything is read, and no
//!   input is read past [`MAX_INPUT`] bytes (standard input included).
//! * An output path that names one of the command's inputs is refused, so that
//!   `--trace prog.elf prog.elf` cannot overwrite the program.

use anyhow::{Context, bail};
use std::io::Read;
use std::path::Path;

/// The largest input accepted: 1 GiB, far above any program or source this project runs.
pub const MAX_INPUT: u64 = 1 << 30;

/// The bytes of `path` (`-` = standard input when `stdin_ok`).
pub fn read(path: &Path, stdin_ok: bool) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    if stdin_ok && path.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .take(MAX_INPUT + 1)
            .read_to_end(&mut bytes)
            .context("cannot read standard input")?;
    } else {
        let name = path.display();
        let meta = std::fs::metadata(path).with_context(|| format!("cannot read {name}"))?;
        if !meta.is_file() {
            return Err(anyhow::anyhow!("not a regular file"))
                .context(format!("cannot read {name}"));
        }
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_INPUT + 1).read_to_end(&mut bytes))
            .with_context(|| format!("cannot read {name}"))?;
    }
    if bytes.len() as u64 > MAX_INPUT {
        return Err(anyhow::anyhow!(
            "larger than the {} MiB limit",
            MAX_INPUT >> 20
        ))
        .context(format!("cannot read {}", display_name(path)));
    }
    Ok(bytes)
}

/// The text of `path` (`-` = standard input when `stdin_ok`). Invalid UTF-8 is reported with
/// the line it is on.
pub fn read_text(path: &Path, stdin_ok: bool) -> anyhow::Result<String> {
    text_of(path, read(path, stdin_ok)?)
}

/// `bytes` read from `path` as text; invalid UTF-8 is reported with the line it is on.
pub fn text_of(path: &Path, bytes: Vec<u8>) -> anyhow::Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count();
        anyhow::anyhow!("{}:{line}: not valid UTF-8 text", display_name(path))
    })
}

/// How messages name `path` (`<stdin>` for `-`).
pub fn display_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// Refuse `output` if it is the same file as one of `inputs`.
pub fn check_output(output: &Path, inputs: &[&Path]) -> anyhow::Result<()> {
    let Ok(out) = std::fs::canonicalize(output) else {
        return Ok(()); // does not exist yet, so it is no input
    };
    for input in inputs {
        if std::fs::canonicalize(input).is_ok_and(|i| i == out) {
            bail!(
                "refusing to write {}: it is also an input of this command",
                output.display()
            );
        }
    }
    Ok(())
}

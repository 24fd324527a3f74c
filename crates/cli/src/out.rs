//! Standard output for every verb: a closed pipe (`| head`) ends the command quietly with the
//! status a Unix tool killed by SIGPIPE has (141 = 128 + 13), never with a panic or an error
//! message.

use std::io;
use std::process::ExitCode;

/// The exit status after a closed standard output.
pub const BROKEN_PIPE: u8 = 141;

/// Is `e` (or anything it was caused by) a write to a closed pipe?
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// The CLI's one error rule: a closed pipe exits quietly with [`BROKEN_PIPE`]; anything else
/// prints `macrosim: …` and exits with status 2.
pub fn fail(e: &anyhow::Error) -> ExitCode {
    if is_broken_pipe(e) {
        return ExitCode::from(BROKEN_PIPE);
    }
    if e.is::<crate::gdb::KilledByGdb>() {
        eprintln!("{}", printable(&format!("macrosim: {e}")));
        return ExitCode::from(137);
    }
    eprintln!("{}", printable(&format!("macrosim: {e:#}")));
    ExitCode::from(2)
}

/// `message` safe to print on a terminal: control characters other than newline and tab, and
/// invisible format characters (a byte-order mark, ...), are shown as `\u{…}` escapes instead
/// of being sent raw (a NUL, CR or escape sequence echoed from an input file).
pub fn printable(message: &str) -> String {
    message
        .chars()
        .map(|c| {
            let invisible = (c.is_control() && c != '\n' && c != '\t')
                || matches!(c, '\u{feff}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}');
            if invisible {
                format!("\\u{{{:x}}}", u32::from(c))
            } else {
                c.to_string()
            }
        })
        .collect()
}

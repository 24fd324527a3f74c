//! The self-contained timeline viewer (`--timeline out.html`, `macrosim timeline-view`): one HTML
//! page with the trace-event JSON embedded and a small canvas drawing of it, needing no network.

use super::chrome::write_chrome_json;
use super::recording::Recording;
use std::io::{self, Write};

const PAGE: &str = include_str!("viewer.html");
const SLOT: &str = "/*TRACE_JSON*/";

/// Write the viewer page for `rec`.
pub fn write_html(rec: &Recording, out: &mut impl Write) -> io::Result<()> {
    let mut json = Vec::new();
    write_chrome_json(rec, &mut json)?;
    write_html_with_json(&json, out)
}

/// Write the viewer page for a parsed trace (any trace-event file, e.g. from another tool).
pub fn write_html_for_trace(trace: &serde_json::Value, out: &mut impl Write) -> io::Result<()> {
    let json = trace.to_string().replace('<', "\\u003c");
    write_html_with_json(json.as_bytes(), out)
}

/// Write the viewer page around trace-event JSON text, which contains no `<` (so no
/// `</script>`): [`write_chrome_json`] escapes every `<`.
fn write_html_with_json(json: &[u8], out: &mut impl Write) -> io::Result<()> {
    let (head, tail) = PAGE
        .split_once(SLOT)
        .expect("the viewer page has a trace slot");
    out.write_all(head.as_bytes())?;
    out.write_all(json)?;
    out.write_all(tail.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timeline::{Timeline, check_file};

    #[test]
    fn the_page_embeds_a_trace_that_checks() {
        let mut rec = Recording::new();
        let t = rec.track("group </script>", "track");
        let n = rec.name("a<b");
        rec.span(t, n, 2, 5);
        let mut page = Vec::new();
        write_html(&rec, &mut page).unwrap();
        let text = String::from_utf8(page).unwrap();
        assert_eq!(
            text.matches("</script>").count(),
            2,
            "the embedded JSON ends no script"
        );
        let path = std::env::temp_dir().join(format!("viewer-{}.html", std::process::id()));
        std::fs::write(&path, text).unwrap();
        let report = check_file(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!((report.tracks, report.spans, report.last_ts), (1, 1, 5));
    }
}

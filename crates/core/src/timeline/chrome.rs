//! Chrome trace-event JSON ("JSON Object Format" of the Trace Event Format document, which
//! Perfetto UI and `chrome://tracing` open as they are).
//!
//! Each track group is a process (`pid`), each track a thread (`tid`) named by `process_name` /
//! `thread_name` metadata events. Spans are complete events (`"ph":"X"`, `ts` and `dur`),
//! instants thread-scoped instant events (`"ph":"i"`, `"s":"t"`). The format's timestamps are
//! microseconds; a simulated cycle is written as one unit of `ts` (so the viewers' "µs" read
//! "cycles"), as `otherData.time_unit` says. Events are written per track in timestamp order
//! (spans that start together: the longer, enclosing one first), so `ts` is monotone per track.

use super::recording::{EventKind, Recording};
use std::io::{self, Write};

/// A JSON string literal for `s` with `<` escaped too, so the text can sit in an HTML
/// `<script>` element.
pub(super) fn json_string(s: &str) -> String {
    serde_json::Value::from(s)
        .to_string()
        .replace('<', "\\u003c")
}

/// Write `rec` as a trace-event JSON object.
pub fn write_chrome_json(rec: &Recording, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "{{\"displayTimeUnit\":\"ns\",\"otherData\":{{\"time_unit\":\"simulated cycle (or retired instruction where a target has no cycle model)\",\"writer\":\"macrosim\",\"dropped_events\":{}}},\"traceEvents\":[",
        rec.dropped()
    )?;
    // Groups in order of first appearance get pids 1, 2, ...; track i is tid i + 1.
    let mut groups: Vec<&str> = Vec::new();
    let mut pid_of_track = Vec::with_capacity(rec.tracks().len());
    for t in rec.tracks() {
        let pid = match groups.iter().position(|g| *g == t.group) {
            Some(i) => i + 1,
            None => {
                groups.push(&t.group);
                groups.len()
            }
        };
        pid_of_track.push(pid);
    }
    let mut first = true;
    let mut sep = |out: &mut dyn Write| -> io::Result<()> {
        if !std::mem::take(&mut first) {
            out.write_all(b",\n")?;
        }
        Ok(())
    };
    for (i, g) in groups.iter().enumerate() {
        sep(out)?;
        write!(
            out,
            "{{\"ph\":\"M\",\"pid\":{},\"tid\":0,\"name\":\"process_name\",\"args\":{{\"name\":{}}}}}",
            i + 1,
            json_string(g)
        )?;
    }
    for (i, t) in rec.tracks().iter().enumerate() {
        let (pid, tid) = (pid_of_track[i], i + 1);
        sep(out)?;
        write!(
            out,
            "{{\"ph\":\"M\",\"pid\":{pid},\"tid\":{tid},\"name\":\"thread_name\",\"args\":{{\"name\":{}}}}},\n\
             {{\"ph\":\"M\",\"pid\":{pid},\"tid\":{tid},\"name\":\"thread_sort_index\",\"args\":{{\"sort_index\":{tid}}}}}",
            json_string(&t.name)
        )?;
    }
    let names: Vec<String> = (0..rec.names_len() as u32)
        .map(|i| json_string(rec.name_of(super::NameId(i))))
        .collect();
    let mut order: Vec<u32> = (0..rec.events().len() as u32).collect();
    let events = rec.events();
    order.sort_by_key(|&i| {
        let e = &events[i as usize];
        let end = match e.kind {
            EventKind::Span { end } => end,
            EventKind::Instant => e.start,
        };
        (e.track, e.start, std::cmp::Reverse(end))
    });
    for i in order {
        let e = &events[i as usize];
        let (pid, tid) = (pid_of_track[e.track.0 as usize], e.track.0 + 1);
        let name = &names[e.name.0 as usize];
        sep(out)?;
        match e.kind {
            EventKind::Span { end } => write!(
                out,
                "{{\"ph\":\"X\",\"pid\":{pid},\"tid\":{tid},\"ts\":{},\"dur\":{},\"name\":{name}}}",
                e.start,
                end - e.start
            )?,
            EventKind::Instant => write!(
                out,
                "{{\"ph\":\"i\",\"s\":\"t\",\"pid\":{pid},\"tid\":{tid},\"ts\":{},\"name\":{name}}}",
                e.start
            )?,
        }
    }
    writeln!(out, "\n]}}")
}

//! Validating a trace-event file (`macrosim timeline-check`): well-formed JSON in the Trace Event
//! Format, every span closed, every track and group named, timestamps monotone per track.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::path::Path;

/// What a valid file holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    pub tracks: usize,
    pub spans: usize,
    pub instants: usize,
    /// The end of the last span or the last instant.
    pub last_ts: u64,
}

#[derive(Debug, thiserror::Error)]
pub enum TimelineError {
    #[error("{path}: cannot read: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: not valid JSON: {source}")]
    Json {
        path: String,
        source: serde_json::Error,
    },
    #[error("{path}: an HTML file without the viewer's embedded trace (<script id=\"trace\">)")]
    NoEmbeddedTrace { path: String },
    #[error("{path}: {}", .problems.join(&format!("\n{path}: ")))]
    Invalid { path: String, problems: Vec<String> },
}

/// Check the file at `path`: JSON, gzip'd JSON (by its magic bytes) or a viewer page written by
/// [`super::write_html`] (the trace embedded in it).
pub fn check_file(path: &Path) -> Result<CheckReport, TimelineError> {
    let value = load_trace(path)?;
    check(&value).map_err(|problems| TimelineError::Invalid {
        path: path.display().to_string(),
        problems,
    })
}

/// Most bytes a trace file may hold, as read and after gzip decompression: far above any
/// timeline this project writes, and a bound on what a hostile file (a device, a gzip bomb) can
/// make the host hold (issue 13).
pub const MAX_TRACE_BYTES: u64 = 1 << 30;

/// The parsed trace in the file at `path` (JSON, gzip'd JSON or a viewer page). Only regular
/// files are read (a device such as `/dev/zero` would never end).
pub fn load_trace(path: &Path) -> Result<Value, TimelineError> {
    let name = path.display().to_string();
    let io = |source| TimelineError::Io {
        path: name.clone(),
        source,
    };
    if !std::fs::metadata(path).map_err(io)?.is_file() {
        return Err(io(std::io::Error::other("not a regular file")));
    }
    let mut raw = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_TRACE_BYTES + 1).read_to_end(&mut raw))
        .map_err(io)?;
    parse_trace(&name, raw)
}

/// The parsed trace in `raw`, the bytes of the file `name` (JSON, gzip'd JSON, or a viewer
/// page when `name` ends in `.html`), at most [`MAX_TRACE_BYTES`] before and after
/// decompression.
pub fn parse_trace(name: &str, raw: Vec<u8>) -> Result<Value, TimelineError> {
    parse_trace_within(name, raw, MAX_TRACE_BYTES)
}

fn parse_trace_within(name: &str, raw: Vec<u8>, limit: u64) -> Result<Value, TimelineError> {
    let too_big = || TimelineError::Io {
        path: name.to_string(),
        source: std::io::Error::other(format!("larger than the {} MiB limit", limit >> 20)),
    };
    if raw.len() as u64 > limit {
        return Err(too_big());
    }
    let text = if raw.starts_with(&[0x1f, 0x8b]) {
        let mut s = Vec::new();
        flate2::read::GzDecoder::new(&raw[..])
            .take(limit + 1)
            .read_to_end(&mut s)
            .map_err(|source| TimelineError::Io {
                path: name.to_string(),
                source,
            })?;
        if s.len() as u64 > limit {
            return Err(too_big());
        }
        s
    } else {
        raw
    };
    let json = if name.ends_with(".html") {
        embedded_trace(&text).ok_or(TimelineError::NoEmbeddedTrace {
            path: name.to_string(),
        })?
    } else {
        &text[..]
    };
    serde_json::from_slice(json).map_err(|source| TimelineError::Json {
        path: name.to_string(),
        source,
    })
}

/// The JSON between `<script type="application/json" id="trace">` and `</script>`.
fn embedded_trace(html: &[u8]) -> Option<&[u8]> {
    let open = b"id=\"trace\">";
    let start = html.windows(open.len()).position(|w| w == open)? + open.len();
    let len = html[start..].windows(9).position(|w| w == b"</script>")?;
    Some(&html[start..start + len])
}

/// Check a parsed trace; the problems found (each naming the event's index) otherwise.
pub fn check(trace: &Value) -> Result<CheckReport, Vec<String>> {
    let events = match trace {
        Value::Array(a) => a,
        Value::Object(o) => match o.get("traceEvents") {
            Some(Value::Array(a)) => a,
            _ => return Err(vec!["no \"traceEvents\" array".into()]),
        },
        _ => return Err(vec!["neither an object nor an array".into()]),
    };
    let mut problems = Vec::new();
    let mut report = CheckReport::default();
    let mut process_names = BTreeSet::new();
    let mut thread_names = BTreeSet::new();
    let mut used = BTreeSet::new();
    let mut last_ts: BTreeMap<(i64, i64), f64> = BTreeMap::new();
    let mut open: BTreeMap<(i64, i64), Vec<(usize, String)>> = BTreeMap::new();
    for (i, e) in events.iter().enumerate() {
        let mut bad = |what: String| problems.push(format!("event {i}: {what}"));
        let Some(ph) = e.get("ph").and_then(Value::as_str) else {
            bad("no \"ph\" (event type)".into());
            continue;
        };
        let pid = e.get("pid").and_then(Value::as_i64);
        let tid = e.get("tid").and_then(Value::as_i64);
        let name = e.get("name").and_then(Value::as_str);
        if ph == "M" {
            let arg = e.pointer("/args/name").and_then(Value::as_str);
            match (name, pid, tid, arg) {
                (Some("process_name"), Some(p), _, Some(_)) => {
                    process_names.insert(p);
                }
                (Some("thread_name"), Some(p), Some(t), Some(_)) => {
                    thread_names.insert((p, t));
                }
                (Some("process_name" | "thread_name"), ..) => {
                    bad("metadata without pid/tid or args.name".into())
                }
                _ => {}
            }
            continue;
        }
        if !matches!(ph, "X" | "B" | "E" | "i" | "I" | "C") {
            bad(format!("unsupported event type \"{ph}\""));
            continue;
        }
        let (Some(pid), Some(tid)) = (pid, tid.or((ph == "C").then_some(0))) else {
            bad(format!("\"{ph}\" event without integer pid and tid"));
            continue;
        };
        let Some(ts) = e.get("ts").and_then(Value::as_f64).filter(|t| *t >= 0.0) else {
            bad(format!("\"{ph}\" event without a timestamp >= 0"));
            continue;
        };
        if ph != "E" && name.is_none() {
            bad(format!("\"{ph}\" event without a name"));
        }
        let key = (pid, tid);
        used.insert(key);
        if ph != "C" {
            let prev = last_ts.entry(key).or_insert(ts);
            if ts < *prev {
                bad(format!(
                    "timestamp {ts} before the track's previous one ({prev}) on pid {pid} tid {tid}"
                ));
            }
            *prev = prev.max(ts);
        }
        let mut end = ts;
        match ph {
            "X" => match e.get("dur").and_then(Value::as_f64) {
                Some(d) if d >= 0.0 => {
                    end = ts + d;
                    report.spans += 1;
                }
                _ => bad("complete event (\"X\") without a duration >= 0".into()),
            },
            "B" => open
                .entry(key)
                .or_default()
                .push((i, name.unwrap_or_default().to_string())),
            "E" => match open.entry(key).or_default().pop() {
                None => bad(format!(
                    "end (\"E\") with no open span on pid {pid} tid {tid}"
                )),
                Some((_, begun)) if name.is_some_and(|n| n != begun) => bad(format!(
                    "end (\"E\") named {:?} closes the span {begun:?}",
                    name.unwrap_or_default()
                )),
                Some(_) => report.spans += 1,
            },
            "i" | "I" => report.instants += 1,
            _ => {}
        }
        report.last_ts = report.last_ts.max(end as u64);
    }
    for stack in open.values() {
        for (i, name) in stack {
            problems.push(format!(
                "event {i}: span {name:?} begun (\"B\") and never ended"
            ));
        }
    }
    for &(pid, tid) in &used {
        if !process_names.contains(&pid) {
            problems.push(format!("pid {pid} has events but no process_name"));
        }
        if !thread_names.contains(&(pid, tid)) && events_on_thread(events, pid, tid) {
            problems.push(format!("pid {pid} tid {tid} has events but no thread_name"));
        }
    }
    report.tracks = used.len();
    if problems.is_empty() {
        Ok(report)
    } else {
        Err(problems)
    }
}

/// Whether a non-counter event sits on (pid, tid) (counters are per process and need no
/// thread name).
fn events_on_thread(events: &[Value], pid: i64, tid: i64) -> bool {
    events.iter().any(|e| {
        e.get("ph")
            .and_then(Value::as_str)
            .is_some_and(|p| p != "M" && p != "C")
            && e.get("pid").and_then(Value::as_i64) == Some(pid)
            && e.get("tid").and_then(Value::as_i64) == Some(tid)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A gzip bomb (a small file decompressing past the limit) is refused once the limit is
    /// passed, not decompressed to the end; within the limit the same file parses.
    #[test]
    fn decompression_stops_at_the_limit() {
        use std::io::Write as _;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(b"[").unwrap();
        for _ in 0..(2 << 20) / 4 {
            gz.write_all(b"0,\n ").unwrap();
        }
        gz.write_all(b"0]").unwrap();
        let bomb = gz.finish().unwrap();
        assert!(bomb.len() < 64 << 10, "{} bytes", bomb.len());
        let e = parse_trace_within("bomb.json.gz", bomb.clone(), 1 << 20).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bomb.json.gz: cannot read: larger than the 1 MiB limit"
        );
        assert!(parse_trace_within("bomb.json.gz", bomb, 4 << 20).is_ok());
    }

    #[test]
    fn devices_are_not_read() {
        let e = load_trace(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(e.to_string(), "/dev/zero: cannot read: not a regular file");
    }

    fn named(extra: Value) -> Value {
        let mut events = vec![
            json!({"ph":"M","pid":1,"name":"process_name","args":{"name":"p"}}),
            json!({"ph":"M","pid":1,"tid":1,"name":"thread_name","args":{"name":"t"}}),
        ];
        events.extend(extra.as_array().unwrap().iter().cloned());
        json!({ "traceEvents": events })
    }

    #[test]
    fn a_well_formed_trace_passes() {
        let t = named(json!([
            {"ph":"X","pid":1,"tid":1,"ts":0,"dur":4,"name":"a"},
            {"ph":"B","pid":1,"tid":1,"ts":5,"name":"b"},
            {"ph":"i","s":"t","pid":1,"tid":1,"ts":6,"name":"c"},
            {"ph":"E","pid":1,"tid":1,"ts":7},
        ]));
        let r = check(&t).unwrap();
        assert_eq!((r.tracks, r.spans, r.instants, r.last_ts), (1, 2, 1, 7));
    }

    #[test]
    fn an_unclosed_span_is_reported() {
        let t = named(json!([{"ph":"B","pid":1,"tid":1,"ts":5,"name":"b"}]));
        let p = check(&t).unwrap_err();
        assert_eq!(p, ["event 2: span \"b\" begun (\"B\") and never ended"]);
    }

    #[test]
    fn time_going_backwards_on_a_track_is_reported() {
        let t = named(json!([
            {"ph":"X","pid":1,"tid":1,"ts":9,"dur":1,"name":"a"},
            {"ph":"X","pid":1,"tid":1,"ts":3,"dur":1,"name":"a"},
        ]));
        assert!(check(&t).unwrap_err()[0].contains("timestamp 3 before"));
    }

    #[test]
    fn an_unnamed_track_is_reported() {
        let t = named(json!([{"ph":"X","pid":1,"tid":2,"ts":0,"dur":1,"name":"a"}]));
        assert_eq!(
            check(&t).unwrap_err(),
            ["pid 1 tid 2 has events but no thread_name"]
        );
    }
}

//! `macrosim timeline-check` and `timeline-view` inputs: Chrome trace-event JSON, gzip'd or
//! embedded in a viewer page, parsed within the size limit and checked; any bytes give a report
//! or a list of problems, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use macrosim_core::timeline;

fuzz_target!(|data: &[u8]| {
    // The first byte picks how the file is named (the name decides the viewer-page reading).
    let Some((&kind, bytes)) = data.split_first() else {
        return;
    };
    let name = if kind & 1 == 0 {
        "fuzz.json"
    } else {
        "fuzz.html"
    };
    if let Ok(trace) = timeline::parse_trace(name, bytes.to_vec()) {
        let _ = timeline::check(&trace);
    }
});

//! `.npy` inputs of `tensix run` manifests, read by the command line's own parser (included
//! from `crates/cli/src`): any bytes give values or an error, never a panic or a huge
//! allocation.
#![no_main]
#![allow(dead_code)] // the rest of the included module serves `tensix run`

#[path = "../../crates/cli/src/tensix_npy.rs"]
mod tensix_npy;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(values) = tensix_npy::parse(data) {
        assert!(values.len() <= data.len() / 4);
    }
});

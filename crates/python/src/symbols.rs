//! An ELF's symbols for Python (`Hart.symbols`, `Cluster.symbols`): breakpoints and buffers by
//! name.

use object::{Object, ObjectSymbol};
use std::collections::BTreeMap;

/// The defined symbols of `elf` with a nonzero address, name to address (none when the ELF
/// cannot be read or is stripped).
pub fn of_elf(elf: &[u8]) -> BTreeMap<String, u32> {
    object::File::parse(elf).map_or_else(
        |_| BTreeMap::new(),
        |file| {
            file.symbols()
                .filter(|s| s.is_definition() && s.address() != 0)
                .filter_map(|s| Some((s.name().ok()?.to_string(), s.address() as u32)))
                .collect()
        },
    )
}

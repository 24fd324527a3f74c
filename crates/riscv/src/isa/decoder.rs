//! The decoder: an ordered list of [`Table`]s turned into a lookup by major opcode and funct3.
//!
//! Each of the 1024 buckets (instruction bits 6..0 and 14..12) lists, in table order, the
//! entries that can match a word with those bits; decoding scans that short list and takes the
//! first match. Priority between tables is their order (the base tables first, then a hart's
//! extension tables), which is also what an ordered group means inside one table. The decoder
//! runs once per instruction when a block is pre-decoded, never in the execute loop.

use super::{Entry, Table};

/// A decoded instruction word: which table (index into the decoder's list) and which entry.
#[derive(Clone, Copy, Debug)]
pub struct Decoded {
    pub table: usize,
    pub entry: &'static Entry,
}

/// Decodes words against an ordered list of tables.
pub struct Decoder {
    tables: Vec<&'static Table>,
    buckets: Vec<Vec<(u16, &'static Entry)>>,
}

const KEY_MASK: u32 = 0x707f;

#[inline]
const fn key(word: u32) -> usize {
    ((word & 0x7f) | ((word >> 5) & 0x380)) as usize
}

impl Decoder {
    /// Build a decoder; `tables` are tried in order.
    pub fn new(tables: &[&'static Table]) -> Decoder {
        let mut buckets: Vec<Vec<(u16, &'static Entry)>> = vec![Vec::new(); 1024];
        for (ti, table) in tables.iter().enumerate() {
            for entry in table.entries {
                // Every bucket whose key bits agree with the entry's fixed bits.
                let fixed = entry.mask & KEY_MASK;
                for (k, bucket) in buckets.iter_mut().enumerate() {
                    let word = (k as u32 & 0x7f) | ((k as u32 & 0x380) << 5);
                    if (word ^ entry.bits) & fixed == 0 {
                        bucket.push((ti as u16, entry));
                    }
                }
            }
        }
        Decoder {
            tables: tables.to_vec(),
            buckets,
        }
    }

    /// The tables, in priority order.
    pub fn tables(&self) -> &[&'static Table] {
        &self.tables
    }

    /// The first entry that matches `word`, or `None` for an illegal instruction.
    pub fn decode(&self, word: u32) -> Option<Decoded> {
        self.buckets[key(word)]
            .iter()
            .find(|(_, e)| e.matches(word))
            .map(|&(table, entry)| Decoded {
                table: usize::from(table),
                entry,
            })
    }

    /// Pairs of entries from different tables that can match the same word (the earlier table
    /// wins). Within the base tables there are none; the generator checks that.
    pub fn overlaps(&self) -> Vec<(&'static str, &'static str)> {
        let all: Vec<(usize, &Entry)> = self
            .tables
            .iter()
            .enumerate()
            .flat_map(|(i, t)| t.entries.iter().map(move |e| (i, e)))
            .collect();
        let mut out = Vec::new();
        for (i, (ta, a)) in all.iter().enumerate() {
            for (tb, b) in &all[i + 1..] {
                if ta != tb && (a.bits ^ b.bits) & a.mask & b.mask == 0 {
                    out.push((a.name, b.name));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isa::{BASE_TABLES, Insn};

    fn base() -> Decoder {
        Decoder::new(&BASE_TABLES)
    }

    #[test]
    fn decodes_assembler_output() {
        let d = base();
        let name = |w| d.decode(w).map(|x| x.entry.name);
        assert_eq!(name(0x0000_0297), Some("auipc"));
        assert_eq!(name(0x8330_000f), Some("fence.tso"));
        assert_eq!(name(0x0ff0_000f), Some("fence"));
        assert_eq!(name(0x06b6_252f), Some("amoadd.w"));
        assert_eq!(name(0xd207_87d3), Some("fcvt.d.w"));
        assert_eq!(name(0x3020_0073), Some("mret"));
        assert_eq!(name(0), None);
        assert_eq!(name(0xffff_ffff), None);
        let e = d.decode(0x02c5_f553).unwrap().entry;
        assert_eq!(Insn::from_id(e.id), Some(Insn::FaddD));
    }

    #[test]
    fn base_tables_do_not_overlap_each_other() {
        assert!(base().overlaps().is_empty());
    }

    #[test]
    fn every_entry_decodes_to_itself_from_its_match_bits() {
        let d = base();
        for t in BASE_TABLES {
            for e in t.entries {
                // The match bits with all fields zero decode to this entry (or to an earlier
                // member of its ordered group, which must then be more specific).
                let got = d.decode(e.bits).unwrap().entry;
                assert!(
                    std::ptr::eq(got, e) || got.mask & !e.mask != 0,
                    "{} decodes as {}",
                    e.name,
                    got.name
                );
            }
        }
    }
}

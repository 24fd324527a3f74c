//! Tests of the sparse memory and its ranges.
use super::*;
use proptest::prelude::*;

#[test]
fn unmapped_access_is_a_fault_naming_the_address() {
    let mem = SparseMemory::new();
    let f = mem.read_u32(0x8000_0000).unwrap_err();
    assert_eq!(f.addr, 0x8000_0000);
    assert_eq!(f.kind, FaultKind::Unmapped);
    assert_eq!(
        f.to_string(),
        "read of 4 byte(s) at 0x80000000: address is not mapped"
    );
}

#[test]
fn permissions_are_checked_per_access_kind() {
    let mut mem = SparseMemory::new();
    mem.map(0x1000, 0x1000, Perm::RX);
    assert_eq!(mem.fetch_u32(0x1000), Ok(0));
    let f = mem.write_u32(0x1000, 5).unwrap_err();
    assert_eq!(f.kind, FaultKind::Protection(Perm::RX));
    mem.load_bytes(0x1000, &[1, 2, 3, 4]).unwrap();
    assert_eq!(mem.read_u32(0x1000), Ok(0x0403_0201));
}

#[test]
fn straddling_access_checks_both_pages_and_writes_nothing_on_fault() {
    let mut mem = SparseMemory::new();
    mem.map(0x1000, 0x1000, Perm::RW);
    let f = mem.write_u32(0x1ffe, 0xdead_beef).unwrap_err();
    assert_eq!((f.addr, f.kind), (0x1ffe, FaultKind::Unmapped));
    assert_eq!(mem.read_u16(0x1ffe), Ok(0));
    mem.map(0x2000, 1, Perm::RW);
    mem.write_u32(0x1ffe, 0xdead_beef).unwrap();
    assert_eq!(mem.read_u32(0x1ffe), Ok(0xdead_beef));
    assert_eq!(mem.read_u8(0x2001), Ok(0xde));
}

#[test]
fn high_addresses_and_top_of_address_space() {
    let mut mem = SparseMemory::new();
    mem.map(0xffff_ffff_ffff_f000, 0x1000, Perm::RW);
    mem.write_u64(0xffff_ffff_ffff_fff8, 7).unwrap();
    assert_eq!(mem.read_u64(0xffff_ffff_ffff_fff8), Ok(7));
    assert!(mem.read_u64(0xffff_ffff_ffff_fffc).is_err());
}

#[test]
fn touch_gives_a_large_mappings_page_its_entry_and_nothing_else() {
    let mut mem = SparseMemory::new();
    let len = (EAGER_PAGES + 1) * PAGE_SIZE;
    mem.map(0x10_0000, len, Perm::R);
    let fast = mem.fast_path();
    let entry = |mem: &SparseMemory, page: u64| mem.low[page as usize];
    assert_eq!(
        entry(&mem, 0x100),
        0,
        "a large mapping gets no entries at once"
    );
    mem.touch(0x10_0123);
    mem.touch(0x5000);
    let e = entry(&mem, 0x100);
    assert_ne!(e & fast.read_ok, 0, "readable through the fast path");
    assert_eq!(e >> fast.frame_shift, 0, "from the zero frame");
    assert_eq!(
        entry(&mem, 0x5),
        0,
        "an unmapped page stays without an entry"
    );
    assert_eq!(mem.resident_bytes(), 0);
    assert_eq!(mem.read_u32(0x10_0120), Ok(0));
    assert!(mem.write_u32(0x10_0120, 1).is_err());
}

#[test]
fn code_epoch_counts_writes_to_marked_pages() {
    let mut mem = SparseMemory::new();
    mem.map(0, 0x2000, Perm::RWX);
    mem.mark_code(0);
    mem.write_u32(0x1000, 1).unwrap();
    assert_eq!(mem.code_epoch(), 0);
    mem.write_u32(0x10, 1).unwrap();
    assert_eq!(mem.code_epoch(), 1);
    mem.write_u32(0x10, 2).unwrap();
    assert_eq!(
        mem.code_epoch(),
        1,
        "the flag clears until the page is marked again"
    );
}

#[test]
fn unmap_then_remap_gives_zeroed_page() {
    let mut mem = SparseMemory::new();
    mem.map(0x5000, 10, Perm::RW);
    mem.write_u8(0x5003, 9).unwrap();
    mem.unmap(0x5000, 1);
    assert!(!mem.is_mapped(0x5000));
    mem.map(0x9000, 1, Perm::RW);
    assert_eq!(mem.read_u8(0x9003), Ok(0));
}

#[test]
fn mapping_is_free_until_written_and_unmapped_frames_are_reused_zeroed() {
    let mut mem = SparseMemory::new();
    mem.map(0x1000_0000, 3 << 30, Perm::RW);
    mem.map(0x7fff_0000_0000, 1 << 30, Perm::RW);
    assert_eq!(mem.resident_bytes(), 0);
    assert_eq!(mem.read_u64(0x1000_0000 + (2 << 30)), Ok(0));
    mem.write_u8(0x7fff_0000_1234, 7).unwrap();
    assert_eq!(mem.resident_bytes(), PAGE_SIZE);
    assert_eq!(mem.read_u8(0x7fff_0000_1234), Ok(7));
    assert_eq!(
        mem.read_u8(0x7fff_0000_0234),
        Ok(0),
        "other pages still read the zero frame"
    );
    mem.unmap(0x7fff_0000_1000, 1);
    assert_eq!(mem.resident_bytes(), 0);
    mem.write_u8(0x1000_0000, 1).unwrap();
    assert_eq!(mem.resident_bytes(), PAGE_SIZE);
    assert_eq!(
        mem.read_u8(0x1000_0234),
        Ok(0),
        "a reused frame comes back zeroed"
    );
}

#[test]
fn protection_none_pages_are_mapped_but_fault() {
    let mut mem = SparseMemory::new();
    mem.map(0x4000, 0x1000, Perm::RW);
    mem.write_u32(0x4000, 9).unwrap();
    assert!(mem.protect(0x4000, 0x1000, Perm::NONE));
    assert!(mem.is_mapped(0x4000));
    assert_eq!(
        mem.read_u32(0x4000).unwrap_err().kind,
        FaultKind::Protection(Perm::NONE)
    );
    assert!(mem.protect(0x4000, 0x1000, Perm::R));
    assert_eq!(
        mem.read_u32(0x4000),
        Ok(9),
        "contents survive a protection change"
    );
    assert!(
        !mem.protect(0x4000, 0x2000, Perm::R),
        "part of the range is unmapped"
    );
}

#[test]
fn cstr() {
    let mut mem = SparseMemory::new();
    mem.map(0x1000, 0x1000, Perm::R);
    mem.load_bytes(0x1ffc, b"abc\0").unwrap();
    assert_eq!(mem.read_cstr(0x1ffc, 16), Ok(Some(b"abc".to_vec())));
    assert_eq!(mem.read_cstr(0x1ffc, 2), Ok(None));
}

#[test]
fn a_huge_mapping_costs_one_range_until_touched() {
    let start = std::time::Instant::now();
    let mut mem = SparseMemory::new();
    // A terabyte above 4 GiB and a gigabyte below: one range each, no entries, no frames.
    mem.map(0x7f00_0000_0000, 1 << 40, Perm::RW);
    mem.map(0x4000_0000, 1 << 30, Perm::RW);
    assert_eq!(mem.mapped_ranges(), 2);
    assert_eq!(mem.entries.len(), 0);
    assert!(mem.high.is_empty());
    assert_eq!(mem.mapped_bytes_in(0, u64::MAX), (1 << 40) + (1 << 30));
    assert!(mem.is_range_mapped(0x7f00_0000_0000, 1 << 40));
    assert_eq!(mem.read_u64(0x7f00_0000_0000 + (1 << 39)), Ok(0));
    mem.write_u32(0x7f00_0000_0000 + (1 << 39), 5).unwrap();
    assert_eq!(mem.entries.len(), 1, "a write makes the page's entry");
    assert_eq!(mem.resident_bytes(), PAGE_SIZE);
    // Protect and unmap across the whole address space: per range, not per page.
    assert!(mem.protect(0x7f00_0000_0000, 1 << 40, Perm::R));
    assert_eq!(mem.read_u32(0x7f00_0000_0000 + (1 << 39)), Ok(5));
    assert_eq!(
        mem.write_u32(0x7f00_0000_0000, 1).unwrap_err().kind,
        FaultKind::Protection(Perm::R)
    );
    mem.unmap(0, 1 << 47);
    assert_eq!(mem.mapped_ranges(), 0);
    assert_eq!((mem.entries.len(), mem.resident_bytes()), (0, 0));
    assert!(!mem.is_mapped(0x4000_0000));
    // Per page this was 2^28 entries: minutes and gigabytes.
    assert!(
        start.elapsed() < std::time::Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn ranges_split_and_merge() {
    let mut mem = SparseMemory::new();
    mem.map(0x10_0000_0000, 100 << 20, Perm::RW);
    assert!(mem.protect(0x10_0000_0000 + (10 << 20), 1 << 20, Perm::R));
    assert_eq!(mem.mapped_ranges(), 3);
    assert_eq!(mem.perm_at(0x10_0000_0000 + (10 << 20)), Some(Perm::R));
    assert_eq!(mem.perm_at(0x10_0000_0000 + (11 << 20)), Some(Perm::RW));
    assert!(mem.protect(0x10_0000_0000 + (10 << 20), 1 << 20, Perm::RW));
    assert_eq!(mem.mapped_ranges(), 1, "equal neighbours merge again");
    mem.unmap(0x10_0000_0000 + (50 << 20), 1 << 20);
    assert_eq!(mem.mapped_ranges(), 2);
    assert_eq!(
        mem.last_mapped_stretch(0x10_0000_0000, 60 << 20),
        Some(0x10_0000_0000 + (51 << 20))
    );
    assert!(!mem.protect(0x10_0000_0000, 100 << 20, Perm::R), "a hole");
    assert_eq!(
        mem.perm_at(0x10_0000_0000),
        Some(Perm::RW),
        "nothing changed"
    );
}

proptest! {
    /// Map, unmap, protect, write and read against a model that keeps every page.
    #[test]
    fn ranges_match_a_per_page_model(ops in proptest::collection::vec(
        (0u8..5, 0u64..64, 1u64..24, 0u8..8, any::<u8>()), 1..120)) {
        const BASE: u64 = 0xff_0000_0000; // above 4 GiB: entries in the hash map
        let mut mem = SparseMemory::new();
        let mut model: Vec<Option<(Perm, u8)>> = vec![None; 96];
        for (op, page, n, perm, byte) in ops {
            let (addr, len, perm) = (BASE + page * PAGE_SIZE, n * PAGE_SIZE, Perm(perm));
            let pages = page as usize..(page + n) as usize;
            match op {
                0 => {
                    mem.map(addr, len, perm);
                    for m in &mut model[pages] {
                        *m = Some(m.map_or((perm, 0), |(p, b)| (p.union(perm), b)));
                    }
                }
                1 => {
                    mem.unmap(addr, len);
                    model[pages].fill(None);
                }
                2 => {
                    let all = model[pages.clone()].iter().all(Option::is_some);
                    prop_assert_eq!(mem.protect(addr, len, perm), all);
                    if all {
                        for m in &mut model[pages] {
                            *m = m.map(|(_, b)| (perm, b));
                        }
                    }
                }
                3 => {
                    let ok = mem.write_u8(addr + 7, byte).is_ok();
                    let want = matches!(model[page as usize], Some((p, _)) if p.contains(Perm::W));
                    prop_assert_eq!(ok, want);
                    if ok {
                        model[page as usize] = model[page as usize].map(|(p, _)| (p, byte));
                    }
                }
                _ => {
                    let got = mem.read_u8(addr + 7).ok();
                    let want = model[page as usize]
                        .filter(|(p, _)| p.contains(Perm::R))
                        .map(|(_, b)| b);
                    prop_assert_eq!(got, want);
                }
            }
            for (i, m) in model.iter().enumerate() {
                let a = BASE + i as u64 * PAGE_SIZE;
                prop_assert_eq!(mem.perm_at(a), m.map(|(p, _)| p), "page {}", i);
            }
            let mapped = model.iter().filter(|m| m.is_some()).count() as u64;
            prop_assert_eq!(mem.mapped_bytes_in(BASE, 96 * PAGE_SIZE), mapped * PAGE_SIZE);
        }
    }

    #[test]
    fn matches_a_flat_model(ops in proptest::collection::vec((0u64..0x3000, any::<u64>(), 0u8..4), 1..200)) {
        let mut mem = SparseMemory::new();
        mem.map(0, 0x3008, Perm::RW);
        let mut flat = vec![0u8; 0x4000];
        for (addr, v, w) in ops {
            let n = 1usize << w;
            mem.write_bytes(addr, &v.to_le_bytes()[..n]).unwrap();
            flat[addr as usize..addr as usize + n].copy_from_slice(&v.to_le_bytes()[..n]);
            let mut back = vec![0; n];
            mem.read_into(addr, &mut back, Access::Read).unwrap();
            prop_assert_eq!(&back[..], &flat[addr as usize..addr as usize + n]);
            prop_assert_eq!(mem.read_u64(addr).unwrap(),
                u64::from_le_bytes(flat[addr as usize..addr as usize + 8].try_into().unwrap()));
        }
    }
}

#[test]
fn layout_changes_with_every_entry_and_fast_page_follows_it() {
    let mut mem = SparseMemory::new();
    let mut last = mem.layout();
    let mut changed = |mem: &SparseMemory, what: &str| {
        assert_ne!(mem.layout(), last, "{what} must change the layout");
        last = mem.layout();
    };
    mem.map(0x1000, 0x2000, Perm::RW);
    changed(&mem, "a small mapping");
    // Never written: reads see the zero frame; writes must take the ordinary path.
    assert!(mem.fast_page(0x1000, false).is_some());
    assert_eq!(mem.fast_page(0x1000, true), None);
    mem.write_u32(0x1004, 7).unwrap();
    changed(&mem, "a page's first write");
    let page = mem.fast_page(0x1000, true).expect("written and writable");
    assert_eq!(mem.fast_page(0x1000, false), Some(page));
    let before = mem.layout();
    mem.write_u32(0x1008, 8).unwrap();
    assert_eq!(mem.layout(), before, "a fast-path write changes nothing");
    mem.mark_code(0x1000);
    changed(&mem, "marking code");
    assert_eq!(mem.fast_page(0x1000, true), None, "stores into code leave");
    mem.write_u32(0x1008, 9).unwrap();
    changed(&mem, "a write to code");
    assert!(mem.protect(0x1000, 0x1000, Perm::R));
    changed(&mem, "protect");
    assert_eq!(mem.fast_page(0x1000, true), None);
    mem.unmap(0x1000, 0x1000);
    changed(&mem, "unmap");
    assert_eq!(mem.fast_page(0x1000, false), None);
}

#[test]
fn a_frame_run_is_the_pages_written_in_order_and_ends_where_the_fast_path_would_refuse() {
    let mut mem = SparseMemory::new();
    mem.map(0x10000, 0x8000, Perm::RW);
    // Pages 0x10..=0x13 written in order get frames one after another; 0x15 later, after
    // 0x17, so its frame does not follow 0x13's (0x14 was never written: the zero frame).
    for page in [0x10u64, 0x11, 0x12, 0x13, 0x17, 0x15] {
        mem.write_u8(page << PAGE_BITS, 1).unwrap();
    }
    let run = mem.frame_run(0x11234, true, 64).expect("a written page");
    assert_eq!((run.addr, run.len), (0x10000, 0x4000));
    let at = |a: u64| run.offset as usize + (a - run.addr) as usize;
    mem.write_u32(0x12ffc, 0xdead_beef).unwrap();
    assert_eq!(
        mem.arena[at(0x12ffc)..at(0x12ffc) + 4],
        0xdead_beef_u32.to_le_bytes()
    );
    assert_eq!(mem.frame_run(0x14000, false, 64), None, "never written");
    assert_eq!(
        mem.frame_run(0x15000, false, 64).map(|r| r.len),
        Some(0x1000)
    );
    assert_eq!(
        mem.frame_run(0x12000, true, 2).map(|r| r.len),
        Some(0x2000),
        "at most 2"
    );
    // Code in a page ends a run for writes, not for reads.
    mem.mark_code(0x12000);
    assert_eq!(
        mem.frame_run(0x11000, true, 64).map(|r| (r.addr, r.len)),
        Some((0x10000, 0x2000))
    );
    assert_eq!(
        mem.frame_run(0x11000, false, 64).map(|r| r.len),
        Some(0x4000)
    );
    assert!(mem.protect(0x10000, 0x1000, Perm::NONE));
    assert_eq!(
        mem.frame_run(0x11000, false, 64).map(|r| r.addr),
        Some(0x11000)
    );
}

#[test]
fn the_frame_layout_changes_with_every_entry_of_a_page_with_a_frame_only() {
    let mut mem = SparseMemory::new();
    mem.map(0x1000, 0x2000, Perm::RW);
    mem.write_u32(0x1000, 7).unwrap();
    let mut last = mem.frame_layout();
    mem.write_u32(0x2000, 7).unwrap();
    assert_eq!(mem.frame_layout(), last, "a page's first write");
    mem.map(0x10000, 0x1000, Perm::RW);
    assert_eq!(mem.frame_layout(), last, "a new mapping");
    let mut changed = |mem: &SparseMemory, what: &str| {
        assert_ne!(
            mem.frame_layout(),
            last,
            "{what} must change the frame layout"
        );
        last = mem.frame_layout();
    };
    mem.mark_code(0x1000);
    changed(&mem, "marking code");
    mem.write_u32(0x1008, 9).unwrap();
    changed(&mem, "a write to code");
    assert!(mem.protect(0x1000, 0x1000, Perm::R));
    changed(&mem, "protect");
    mem.unmap(0x2000, 0x1000);
    changed(&mem, "unmap");
}

#[test]
fn a_frame_run_holds_until_a_page_of_it_changes() {
    let mut mem = SparseMemory::new();
    mem.map(0x10000, 0x4000, Perm::RW);
    for page in 0x10u64..0x14 {
        mem.write_u8(page << PAGE_BITS, 1).unwrap();
    }
    let run = mem.frame_run(0x10000, true, 64).unwrap();
    assert_eq!(run.len, 0x4000);
    assert!(mem.frame_run_holds(&run, true));
    mem.mark_code(0x13000);
    assert!(mem.frame_run_holds(&run, false), "reads may see code");
    assert!(
        !mem.frame_run_holds(&run, true),
        "writes to code must leave"
    );
    mem.unmap(0x11000, 0x1000);
    assert!(!mem.frame_run_holds(&run, false));
}

//! Loading static ELF executables into a [`SparseMemory`].
//!
//! Handles ELF32 and ELF64 little-endian files of type ET_EXEC (loaded where they say) and
//! ET_DYN (static-pie: loaded at [`LoadOptions::pie_base`]; the program relocates itself from
//! the auxiliary vector, as musl's `_dlstart` does). Program headers of type PT_LOAD are mapped;
//! everything else is recorded for the runtime (PT_INTERP, the program-header address for
//! `AT_PHDR`). The symbol table is kept so bare-metal runners can find `tohost`.
//!
//! Malformed input (not ELF, truncated, segments overlapping or past the end of the file or the
//! address space) is an [`ElfError`], never a panic.

use crate::memory::{PAGE_SIZE, Perm, SparseMemory};
use object::elf;
use object::read::elf::{ElfFile, FileHeader, ProgramHeader};
use object::{Object, ObjectSymbol};
use rustc_hash::FxHashMap;
use thiserror::Error;

/// The most memory the loadable segments of one program may claim (4 GiB, all of an RV32
/// address space). Mapping is cheap until pages are written, but each mapped page still has a
/// table entry, so a malformed file claiming terabytes is refused rather than loaded.
pub const MAX_IMAGE_BYTES: u64 = 1 << 32;

/// ELF file class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElfClass {
    Elf32,
    Elf64,
}

impl ElfClass {
    /// Bytes in a pointer of this class.
    pub const fn word_bytes(self) -> u64 {
        match self {
            ElfClass::Elf32 => 4,
            ElfClass::Elf64 => 8,
        }
    }
}

/// What the ELF header says the file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElfKind {
    /// ET_EXEC: loaded at its link addresses.
    Executable,
    /// ET_DYN: position independent, loaded at a chosen base (static-pie).
    PositionIndependent,
}

/// How page permissions are chosen for loaded segments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PermPolicy {
    /// From each segment's `p_flags` (a Linux user program).
    FromSegments,
    /// Every loaded page readable, writable and executable (bare metal, where tests write code).
    AllRwx,
}

/// What to accept and where to put it.
#[derive(Clone, Debug)]
pub struct LoadOptions {
    /// Refuse files of another class.
    pub class: Option<ElfClass>,
    /// Refuse files for another `e_machine` (e.g. 243 = EM_RISCV).
    pub machine: Option<u16>,
    /// Where an ET_DYN file's address 0 goes.
    pub pie_base: u64,
    pub perms: PermPolicy,
}

/// One PT_LOAD segment as placed in memory (addresses include the load bias).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoadedSegment {
    pub vaddr: u64,
    pub memsz: u64,
    pub filesz: u64,
    pub perm: Perm,
}

/// A loaded executable: what a runtime needs to start it.
#[derive(Clone, Debug)]
pub struct ElfImage {
    pub class: ElfClass,
    pub kind: ElfKind,
    pub machine: u16,
    /// `e_flags` (RISC-V float ABI, RVC).
    pub flags: u32,
    /// Entry point, load bias included.
    pub entry: u64,
    /// Added to every link address (0 for ET_EXEC).
    pub load_bias: u64,
    pub segments: Vec<LoadedSegment>,
    /// Address of the program headers in memory, for `AT_PHDR`, if they are loaded.
    pub phdr_addr: Option<u64>,
    pub phent: u64,
    pub phnum: u64,
    /// The PT_INTERP path, if any (static binaries may carry an unused one).
    pub interp: Option<String>,
    /// First address past the highest loaded segment, rounded up to a page: where `brk` starts.
    pub end: u64,
    symbols: FxHashMap<String, u64>,
}

impl ElfImage {
    /// The address of a symbol from the symbol table (load bias included).
    pub fn symbol(&self, name: &str) -> Option<u64> {
        self.symbols.get(name).copied()
    }
}

/// Why an ELF file could not be loaded.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ElfError {
    #[error("not a valid ELF file: {0}")]
    Malformed(String),
    #[error("ELF class is {found:?}, expected {expected:?}")]
    WrongClass { found: ElfClass, expected: ElfClass },
    #[error("ELF is for machine {found} (e_machine), expected {expected}")]
    WrongMachine { found: u16, expected: u16 },
    #[error("ELF is big-endian; only little-endian files are supported")]
    BigEndian,
    #[error("ELF type {0} is not an executable (ET_EXEC or ET_DYN)")]
    NotExecutable(u16),
    #[error(
        "segment {index} is truncated: file bytes {offset:#x}..{end:#x} lie past the end of the {len}-byte file"
    )]
    Truncated {
        index: usize,
        offset: u64,
        end: u64,
        len: usize,
    },
    #[error("segment {index} is malformed: file size {filesz:#x} exceeds memory size {memsz:#x}")]
    FileLargerThanMemory {
        index: usize,
        filesz: u64,
        memsz: u64,
    },
    #[error(
        "segment {index} at {vaddr:#x} (size {memsz:#x}) runs past the end of the address space"
    )]
    OutOfAddressSpace {
        index: usize,
        vaddr: u64,
        memsz: u64,
    },
    #[error("segments {a} ({a_start:#x}..{a_end:#x}) and {b} ({b_start:#x}..{b_end:#x}) overlap")]
    Overlap {
        a: usize,
        a_start: u64,
        a_end: u64,
        b: usize,
        b_start: u64,
        b_end: u64,
    },
    #[error("ELF has no loadable segments")]
    NoSegments,
    #[error(
        "the loadable segments claim {total:#x} bytes of memory, more than the {limit:#x} a program may have"
    )]
    TooLarge { total: u64, limit: u64 },
}

/// Parse `bytes` and load its PT_LOAD segments into `mem`.
pub fn load(
    bytes: &[u8],
    mem: &mut SparseMemory,
    opts: &LoadOptions,
) -> Result<ElfImage, ElfError> {
    match identify(bytes, opts.class, opts.machine)? {
        ElfClass::Elf32 => {
            load_as::<elf::FileHeader32<object::LittleEndian>>(bytes, mem, opts, ElfClass::Elf32)
        }
        ElfClass::Elf64 => {
            load_as::<elf::FileHeader64<object::LittleEndian>>(bytes, mem, opts, ElfClass::Elf64)
        }
    }
}

/// Check that `bytes` is a little-endian ELF file of the `class` and `e_machine` asked for (when
/// given) and return its class. [`load`] starts with this check; tools that only read a file
/// (disassemblers) use it to refuse the same files a run would refuse.
pub fn identify(
    bytes: &[u8],
    class: Option<ElfClass>,
    machine: Option<u16>,
) -> Result<ElfClass, ElfError> {
    let ident = bytes
        .get(..6)
        .ok_or_else(|| ElfError::Malformed("file is shorter than an ELF identification".into()))?;
    if ident[..4] != elf::ELFMAG {
        return Err(ElfError::Malformed(
            "missing the \\x7fELF magic number".into(),
        ));
    }
    if ident[5] == elf::ELFDATA2MSB.0 {
        return Err(ElfError::BigEndian);
    }
    let found = match ident[4] {
        c if c == elf::ELFCLASS32.0 => ElfClass::Elf32,
        c if c == elf::ELFCLASS64.0 => ElfClass::Elf64,
        c => return Err(ElfError::Malformed(format!("unknown ELF class {c}"))),
    };
    if let Some(expected) = class.filter(|&e| e != found) {
        return Err(ElfError::WrongClass { found, expected });
    }
    // e_machine is the half-word at offset 18 in both classes (System V gABI, "ELF Header").
    let m = bytes
        .get(18..20)
        .map(|b| u16::from_le_bytes([b[0], b[1]]))
        .ok_or_else(|| ElfError::Malformed("file is shorter than an ELF header".into()))?;
    if let Some(expected) = machine.filter(|&e| e != m) {
        return Err(ElfError::WrongMachine { found: m, expected });
    }
    Ok(found)
}

fn load_as<H: FileHeader<Endian = object::LittleEndian>>(
    bytes: &[u8],
    mem: &mut SparseMemory,
    opts: &LoadOptions,
    class: ElfClass,
) -> Result<ElfImage, ElfError> {
    let file = ElfFile::<H>::parse(bytes).map_err(|e| ElfError::Malformed(e.to_string()))?;
    let e = file.endian();
    let header = file.elf_header();
    let kind = match header.e_type(e) {
        elf::ET_EXEC => ElfKind::Executable,
        elf::ET_DYN => ElfKind::PositionIndependent,
        t => return Err(ElfError::NotExecutable(t.0)),
    };
    let bias = if kind == ElfKind::PositionIndependent {
        opts.pie_base
    } else {
        0
    };
    let addr_limit = if class == ElfClass::Elf32 {
        u64::from(u32::MAX)
    } else {
        u64::MAX
    };

    // Collect and validate the loadable segments before touching memory.
    struct Seg<'a> {
        index: usize,
        vaddr: u64,
        memsz: u64,
        offset: u64,
        data: &'a [u8],
        perm: Perm,
    }
    let mut segs = Vec::new();
    let mut interp = None;
    let mut phdr_addr = None;
    let phoff: u64 = header.e_phoff(e).into();
    for (index, ph) in file.elf_program_headers().iter().enumerate() {
        let offset: u64 = ph.p_offset(e).into();
        let filesz: u64 = ph.p_filesz(e).into();
        let end = offset
            .checked_add(filesz)
            .filter(|&end| end <= bytes.len() as u64);
        let Some(end) = end else {
            return Err(ElfError::Truncated {
                index,
                offset,
                end: offset.saturating_add(filesz),
                len: bytes.len(),
            });
        };
        let data = &bytes[offset as usize..end as usize];
        match ph.p_type(e) {
            elf::PT_LOAD => {
                let vaddr: u64 = ph.p_vaddr(e).into();
                let memsz: u64 = ph.p_memsz(e).into();
                if filesz > memsz {
                    return Err(ElfError::FileLargerThanMemory {
                        index,
                        filesz,
                        memsz,
                    });
                }
                let vaddr = vaddr.wrapping_add(bias);
                if memsz > 0
                    && vaddr
                        .checked_add(memsz - 1)
                        .is_none_or(|last| last > addr_limit)
                {
                    return Err(ElfError::OutOfAddressSpace {
                        index,
                        vaddr,
                        memsz,
                    });
                }
                let perm = match opts.perms {
                    PermPolicy::FromSegments => Perm::from_elf_flags(ph.p_flags(e).0),
                    PermPolicy::AllRwx => Perm::RWX,
                };
                segs.push(Seg {
                    index,
                    vaddr,
                    memsz,
                    offset,
                    data,
                    perm,
                });
            }
            elf::PT_INTERP => {
                let path = data.split(|&b| b == 0).next().unwrap_or_default();
                interp = Some(String::from_utf8_lossy(path).into_owned());
            }
            elf::PT_PHDR => phdr_addr = Some(ph.p_vaddr(e).into().wrapping_add(bias)),
            _ => {}
        }
    }
    if segs.is_empty() {
        return Err(ElfError::NoSegments);
    }
    let total = segs.iter().fold(0u64, |t, s| t.saturating_add(s.memsz));
    if total > MAX_IMAGE_BYTES {
        return Err(ElfError::TooLarge {
            total,
            limit: MAX_IMAGE_BYTES,
        });
    }
    check_overlaps(
        &segs
            .iter()
            .map(|s| (s.index, s.vaddr, s.memsz))
            .collect::<Vec<_>>(),
    )?;

    let phent = u64::from(header.e_phentsize(e));
    let phnum = file.elf_program_headers().len() as u64;
    let mut end = 0;
    let mut segments = Vec::with_capacity(segs.len());
    for s in &segs {
        // `end` is the first page past the segment: a segment in the last page of the address
        // space has none (an `elf_linx` fuzz input overflowed here).
        let seg_end = s
            .vaddr
            .checked_add(s.memsz)
            .and_then(|e| e.checked_next_multiple_of(PAGE_SIZE))
            .ok_or(ElfError::OutOfAddressSpace {
                index: s.index,
                vaddr: s.vaddr,
                memsz: s.memsz,
            })?;
        mem.map(s.vaddr, s.memsz, s.perm);
        mem.load_bytes(s.vaddr, s.data)
            .map_err(|f| ElfError::Malformed(f.to_string()))?;
        end = end.max(seg_end);
        segments.push(LoadedSegment {
            vaddr: s.vaddr,
            memsz: s.memsz,
            filesz: s.data.len() as u64,
            perm: s.perm,
        });
        // Without PT_PHDR, the headers are visible if a loaded segment covers them in the file.
        if phdr_addr.is_none()
            && phoff >= s.offset
            && phoff + phent * phnum <= s.offset + s.data.len() as u64
        {
            phdr_addr = Some(s.vaddr + (phoff - s.offset));
        }
    }

    let symbols = file
        .symbols()
        .filter_map(|sym| {
            let name = sym.name().ok().filter(|n| !n.is_empty())?;
            Some((name.to_string(), sym.address().wrapping_add(bias)))
        })
        .collect();

    let entry: u64 = header.e_entry(e).into();
    Ok(ElfImage {
        class,
        kind,
        machine: header.e_machine(e).0,
        flags: header.e_flags(e).0,
        entry: entry.wrapping_add(bias),
        load_bias: bias,
        segments,
        phdr_addr,
        phent,
        phnum,
        interp,
        end,
        symbols,
    })
}

/// Refuse overlapping non-empty segments `(program header index, vaddr, memsz)`. Sorting by
/// address makes this O(n log n) (a file may have hundreds of thousands of PT_LOAD entries),
/// and ends are compared as last addresses (`vaddr + memsz - 1`, checked not to overflow by
/// the caller) so that a segment ending at the top of the address space cannot wrap to 0.
fn check_overlaps(segs: &[(usize, u64, u64)]) -> Result<(), ElfError> {
    let mut sorted: Vec<_> = segs.iter().filter(|s| s.2 > 0).copied().collect();
    sorted.sort_unstable_by_key(|&(index, vaddr, _)| (vaddr, index));
    // The segment reaching furthest so far: any later one starting at or before its last
    // address overlaps it.
    let mut reach: Option<(usize, u64, u64)> = None;
    for &(index, vaddr, memsz) in &sorted {
        let last = vaddr + (memsz - 1);
        if let Some((ri, rv, rm)) = reach {
            let r_last = rv + (rm - 1);
            if vaddr <= r_last {
                let ((a, a_start, a_size), (b, b_start, b_size)) = if ri < index {
                    ((ri, rv, rm), (index, vaddr, memsz))
                } else {
                    ((index, vaddr, memsz), (ri, rv, rm))
                };
                return Err(ElfError::Overlap {
                    a,
                    a_start,
                    a_end: a_start.saturating_add(a_size),
                    b,
                    b_start,
                    b_end: b_start.saturating_add(b_size),
                });
            }
            if last <= r_last {
                continue;
            }
        }
        reach = Some((index, vaddr, memsz));
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Build a minimal little-endian ELF with the given class, type and PT_LOAD segments
    /// (vaddr, memsz, payload); the payloads follow the program headers in the file.
    pub(crate) fn tiny_elf(
        is64: bool,
        e_type: elf::FileType,
        segs: &[(u64, u64, &[u8])],
    ) -> Vec<u8> {
        let (ehsize, phentsize) = if is64 { (64usize, 56usize) } else { (52, 32) };
        let mut out = vec![0u8; ehsize + phentsize * segs.len()];
        out[..4].copy_from_slice(&elf::ELFMAG);
        out[4] = if is64 { 2 } else { 1 };
        out[5] = 1;
        out[6] = 1;
        let put = |out: &mut Vec<u8>, at: usize, v: u64, n: usize| {
            out[at..at + n].copy_from_slice(&v.to_le_bytes()[..n]);
        };
        put(&mut out, 16, u64::from(e_type.0), 2);
        put(&mut out, 18, 243, 2);
        put(&mut out, 20, 1, 4);
        let w = if is64 { 8 } else { 4 };
        put(&mut out, 24, segs.first().map_or(0, |s| s.0), w); // entry
        put(&mut out, 24 + w, ehsize as u64, w); // phoff
        let after = 24 + 3 * w + 4; // e_flags
        put(&mut out, after, ehsize as u64, 2);
        put(&mut out, after + 2, phentsize as u64, 2);
        put(&mut out, after + 4, segs.len() as u64, 2);
        for (i, (vaddr, memsz, data)) in segs.iter().enumerate() {
            let ph = ehsize + i * phentsize;
            let offset = out.len() as u64;
            put(&mut out, ph, 1, 4); // PT_LOAD
            if is64 {
                put(&mut out, ph + 4, 7, 4);
                put(&mut out, ph + 8, offset, 8);
                put(&mut out, ph + 16, *vaddr, 8);
                put(&mut out, ph + 24, *vaddr, 8);
                put(&mut out, ph + 32, data.len() as u64, 8);
                put(&mut out, ph + 40, *memsz, 8);
            } else {
                put(&mut out, ph + 4, offset, 4);
                put(&mut out, ph + 8, *vaddr, 4);
                put(&mut out, ph + 12, *vaddr, 4);
                put(&mut out, ph + 16, data.len() as u64, 4);
                put(&mut out, ph + 20, *memsz, 4);
                put(&mut out, ph + 24, 7, 4);
            }
            out.extend_from_slice(data);
        }
        out
    }

    fn opts() -> LoadOptions {
        LoadOptions {
            class: None,
            machine: Some(243),
            pie_base: 0x4000_0000,
            perms: PermPolicy::FromSegments,
        }
    }

    #[test]
    fn loads_segments_and_zero_fills_bss() {
        for is64 in [false, true] {
            let bytes = tiny_elf(is64, elf::ET_EXEC, &[(0x1_0000, 0x2000, &[1, 2, 3, 4])]);
            let mut mem = SparseMemory::new();
            let img = load(&bytes, &mut mem, &opts()).unwrap();
            assert_eq!(img.entry, 0x1_0000);
            assert_eq!(img.end, 0x1_2000);
            assert_eq!(mem.read_u32(0x1_0000), Ok(0x0403_0201));
            assert_eq!(mem.read_u32(0x1_1ffc), Ok(0));
            assert_eq!(
                img.class,
                if is64 {
                    ElfClass::Elf64
                } else {
                    ElfClass::Elf32
                }
            );
        }
    }

    #[test]
    fn pie_is_biased() {
        let bytes = tiny_elf(true, elf::ET_DYN, &[(0x1000, 0x10, &[9])]);
        let mut mem = SparseMemory::new();
        let img = load(&bytes, &mut mem, &opts()).unwrap();
        assert_eq!(
            (img.kind, img.entry),
            (ElfKind::PositionIndependent, 0x4000_1000)
        );
        assert_eq!(mem.read_u8(0x4000_1000), Ok(9));
    }

    #[test]
    fn rejects_bad_files_with_reasons() {
        let mut mem = SparseMemory::new();
        assert!(matches!(
            load(b"\x7fEL", &mut mem, &opts()),
            Err(ElfError::Malformed(_))
        ));
        assert!(matches!(
            load(b"MZ\0\0\0\0\0\0", &mut mem, &opts()),
            Err(ElfError::Malformed(_))
        ));
        let good = tiny_elf(false, elf::ET_EXEC, &[(0x1000, 0x10, &[1, 2, 3, 4])]);
        let cut = &good[..good.len() - 2];
        assert!(matches!(
            load(cut, &mut mem, &opts()),
            Err(ElfError::Truncated { .. })
        ));
        let overlap = tiny_elf(
            false,
            elf::ET_EXEC,
            &[(0x1000, 0x100, &[]), (0x10f0, 0x10, &[])],
        );
        assert!(matches!(
            load(&overlap, &mut mem, &opts()),
            Err(ElfError::Overlap { a: 0, b: 1, .. })
        ));
        let o32 = LoadOptions {
            class: Some(ElfClass::Elf32),
            ..opts()
        };
        let e64 = tiny_elf(true, elf::ET_EXEC, &[(0x1000, 0x10, &[])]);
        assert_eq!(
            load(&e64, &mut mem, &o32).unwrap_err(),
            ElfError::WrongClass {
                found: ElfClass::Elf64,
                expected: ElfClass::Elf32
            }
        );
        let rel = tiny_elf(false, elf::ET_REL, &[(0x1000, 0x10, &[])]);
        assert_eq!(
            load(&rel, &mut mem, &opts()).unwrap_err(),
            ElfError::NotExecutable(1)
        );
        let huge = tiny_elf(true, elf::ET_EXEC, &[(0x1000, 1 << 40, &[])]);
        assert!(matches!(
            load(&huge, &mut mem, &opts()),
            Err(ElfError::TooLarge { .. })
        ));
        let past_4g = tiny_elf(false, elf::ET_EXEC, &[(0xffff_f000, 0x2000, &[])]);
        assert!(matches!(
            load(&past_4g, &mut mem, &opts()),
            Err(ElfError::OutOfAddressSpace { .. })
        ));
        // In the last page of the 64-bit space there is no page past the segment for `brk`:
        // refused (the page rounding overflowed on an `elf_linx` fuzz input).
        for memsz in [0x10, 0x1000] {
            let top = tiny_elf(true, elf::ET_EXEC, &[(u64::MAX - 0xfff, memsz, &[])]);
            assert_eq!(
                load(&top, &mut SparseMemory::new(), &opts()).unwrap_err(),
                ElfError::OutOfAddressSpace {
                    index: 0,
                    vaddr: u64::MAX - 0xfff,
                    memsz
                }
            );
        }
    }

    #[test]
    fn overlaps_are_found_at_the_top_of_the_address_space_and_inside_long_segments() {
        let top = u64::MAX - 0xfff;
        // Two segments ending exactly at 2^64: `vaddr + memsz` would wrap to 0.
        assert!(matches!(
            check_overlaps(&[(0, top, 0x1000), (1, top + 0x800, 0x800)]),
            Err(ElfError::Overlap { a: 0, b: 1, .. })
        ));
        // A long segment overlapping one after several that it covers.
        let segs = [(3, 0x1000, 0x10_0000), (0, 0x2000, 0x10), (1, 0x9000, 0x10)];
        assert!(matches!(
            check_overlaps(&segs),
            Err(ElfError::Overlap { a: 0, b: 3, .. })
        ));
        // Adjacent and empty segments do not overlap.
        assert_eq!(
            check_overlaps(&[(0, 0x1000, 0x1000), (1, 0x2000, 0x1000), (2, 0x1800, 0)]),
            Ok(())
        );
    }

    #[test]
    fn checking_many_segments_takes_n_log_n_time() {
        // 400k disjoint one-page segments in reverse order, then one overlapping the first:
        // the quadratic check took 100 s on this; sorting takes milliseconds.
        let mut segs: Vec<_> = (0..400_000u64)
            .map(|i| (i as usize, (400_000 - i) << 12, 0x1000))
            .collect();
        let start = std::time::Instant::now();
        assert_eq!(check_overlaps(&segs), Ok(()));
        segs.push((400_000, 0x1000 + 0x800, 0x100));
        assert!(matches!(
            check_overlaps(&segs),
            Err(ElfError::Overlap { b: 400_000, .. })
        ));
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
    }
}

//! The assembler's ELF output loads with `macrosim_core::elf::load`, and assembler errors
//! name the file and line.

use macrosim_core::elf::{ElfClass, ElfKind, LoadOptions, PermPolicy, load};
use macrosim_core::memory::SparseMemory;
use macrosim_linx::asm::objdump::{EM_LINX, disassemble_elf};
use macrosim_linx::asm::{TEXT_BASE, assemble};
use macrosim_linx::isa::{Form, decode};

const PROGRAM: &str = r#"
# A small program: a block that loads a word from .data and exits.
        .text
        .globl _start
helper: C.BSTART.STD RET
        c.setc.tgt ra
        C.BSTOP
_start:
        C.BSTART.STD                    // FALL block
        addtpc  %pcpage(msg), ->a0      ; a0 = page of msg
        addi    a0, %lo12(msg), ->a0
        hl.lis  msg, ->a1
        ldi     [a1, 8], ->t
        addi    zero, 93, ->a7
        acrc    1
        C.BSTOP
        .data
msg:    .ascii  "hi\n"
        .align  3
        .dword  0x1122334455667788, _start
        .half   -1
        .section .rodata
ro:     .asciz  "ro"
        .bss
buf:    .zero   64
"#;

#[test]
fn assembled_elf_loads_with_core() {
    let p = assemble("prog.s", PROGRAM).unwrap_or_else(|e| panic!("{e}"));
    let elf = p.to_elf();
    let mut mem = SparseMemory::new();
    let img = load(
        &elf,
        &mut mem,
        &LoadOptions {
            class: Some(ElfClass::Elf64),
            machine: Some(EM_LINX),
            pie_base: 0,
            perms: PermPolicy::FromSegments,
        },
    )
    .unwrap();
    assert_eq!(img.kind, ElfKind::Executable);
    // The program headers are mapped (PT_PHDR), as musl's start-up expects via AT_PHDR.
    let phdr = img.phdr_addr.expect("program headers mapped");
    assert_eq!(phdr, TEXT_BASE - 0x1000 + 64);
    assert_eq!(img.phnum, 2 + 4);
    assert_eq!(mem.read_u32(phdr).unwrap(), 6, "first entry is PT_PHDR");
    assert_eq!(img.machine, 233);
    let start = p.symbol("_start").unwrap();
    assert_eq!(img.entry, start);
    assert_eq!(img.symbol("_start"), Some(start));
    assert_eq!(p.symbol("helper"), Some(TEXT_BASE));
    // Code is where the symbols say, and decodes.
    let first = mem
        .read_array::<2>(start, macrosim_core::memory::Access::Fetch)
        .unwrap();
    assert_eq!(decode(&first).unwrap().form, Form::CBstartStd);
    // Data: the string, then the aligned dwords, then the halfword.
    let msg = p.symbol("msg").unwrap();
    assert_eq!(mem.read_u8(msg).unwrap(), b'h');
    assert_eq!(mem.read_u64(msg + 8).unwrap(), 0x1122_3344_5566_7788);
    assert_eq!(mem.read_u64(msg + 16).unwrap(), start);
    assert_eq!(mem.read_u16(msg + 24).unwrap(), 0xffff);
    assert_eq!(mem.read_u8(p.symbol("ro").unwrap() + 2).unwrap(), 0);
    let buf = p.symbol("buf").unwrap();
    assert_eq!(mem.read_u64(buf + 56).unwrap(), 0);
    // hl.lis took the absolute address of msg.
    let text = p.section(".text").unwrap();
    let lis_at = (start - text.addr) as usize + 2 + 4 + 4;
    let d = decode(&text.data[lis_at..]).unwrap();
    assert_eq!(d.form, Form::HlLis);
    assert_eq!(d.get("simm32"), Some(msg as i64));
    // And the ELF disassembles with its labels.
    let dis = disassemble_elf(&elf).unwrap();
    assert_eq!(dis.undecodable, 0);
    assert!(dis.text.contains("<_start>:"), "{}", dis.text);
    assert!(dis.text.contains("\tacrc\t1"), "{}", dis.text);
}

#[test]
fn errors_name_file_and_line() {
    let cases = [
        (
            "nop_is_not_linx\n",
            1,
            "unknown instruction `nop_is_not_linx`",
        ),
        ("\n\n  addi a0, ->t\n", 3, "addi"),
        ("x:\nx:\n", 2, "`x` is defined twice"),
        (
            "  C.BSTART.STD COND, nowhere\n",
            1,
            "undefined symbol `nowhere`",
        ),
        (
            "  .data\n  .word 1, 2\n  .bogus 3\n",
            3,
            "unknown directive `.bogus`",
        ),
        ("  c.ldi [a0, 3], ->t\n", 1, "does not fit"),
        ("  .byte 256\n", 1, "does not fit in 1 bytes"),
        ("  .globl main\n", 1, "never defined"),
    ];
    for (src, line, what) in cases {
        let e = assemble("bad.s", src).unwrap_err();
        assert_eq!(e.line, line, "{src:?}: {e}");
        let msg = e.to_string();
        assert!(msg.starts_with(&format!("bad.s:{line}: ")), "{msg}");
        assert!(msg.contains(what), "{src:?}: {msg}");
    }
}

#[test]
fn fused_call_header_encodes_as_its_two_halves() {
    // `BSTART.CALL, target, return, ->ra` is C.BSTART DIRECT + C.SETRET in one 32-bit word.
    let p = assemble(
        "f.s",
        "f:  BSTART.CALL, g, r, ->ra\n    C.BSTOP\nr:  C.BSTART.STD\ng:  C.BSTOP\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let t = &p.section(".text").unwrap().data;
    let a = decode(&t[0..]).unwrap();
    let b = decode(&t[2..]).unwrap();
    assert_eq!((a.form, b.form), (Form::CBstartDirect, Form::CSetret));
    assert_eq!(a.target(TEXT_BASE), p.symbol("g"));
    assert_eq!(b.target(TEXT_BASE + 2), p.symbol("r"));
    // The 48-bit one is BSTART (simm25) + C.SETRET.
    let p = assemble(
        "f.s",
        "f:  HL.BSTART.CALL g, r, ->ra\n    C.BSTOP\nr:  C.BSTART.STD\ng:  C.BSTOP\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let t = &p.section(".text").unwrap().data;
    let a = decode(&t[0..]).unwrap();
    let b = decode(&t[4..]).unwrap();
    assert_eq!((a.form, b.form), (Form::BstartDirect, Form::CSetret));
    assert_eq!(a.target(TEXT_BASE), p.symbol("g"));
    assert_eq!(b.target(TEXT_BASE + 4), p.symbol("r"));
}

#[test]
fn overlapping_sections_are_reported() {
    let e = assemble(
        "o.s",
        "  .text\n  .org 0x10000\n  C.BSTOP\n  .data\n  .org 0x10000\n  .word 1\n",
    )
    .unwrap_err();
    assert_eq!(e.to_string(), "o.s:5: sections .text and .data overlap");
}

/// `<<` is an operator in instruction operands as in `.word` (README, "Expressions"): it
/// must not end the expression the way a `<symbol>` annotation does.
#[test]
fn shifts_work_in_instruction_operands() {
    let image = |body: &str| {
        let src = format!(".text\n_start: C.BSTART.STD\n{body}\nC.BSTOP\n");
        assemble("t.s", &src)
            .unwrap_or_else(|e| panic!("{body}: {e}"))
            .to_elf()
    };
    assert_eq!(image("addi zero, 1<<2, ->a0"), image("addi zero, 4, ->a0"));
    assert_eq!(
        image("addi zero, (1 << 3) + 1, ->a0"),
        image("addi zero, 9, ->a0")
    );
    assert_eq!(image("ldi [sp, 2<<3], ->a0"), image("ldi [sp, 16], ->a0"));
}

/// The output image has a limit, reported with the line that passes it (80 × `.zero 64 MiB`
/// aborted the process on an allocation failure before).
#[test]
fn a_source_producing_too_much_output_is_an_error_with_its_line() {
    let src = ".data\n".to_string() + &".zero 0x4000000\n".repeat(80);
    let Err(e) = assemble("big.s", &src) else {
        panic!("no error")
    };
    assert_eq!(e.line, 6, "{e}");
    assert!(e.to_string().contains("limit"), "{e}");
    // .bss costs no file space and is not limited here.
    let bss = ".bss\n".to_string() + &".zero 0x4000000\n".repeat(8);
    assert!(assemble("bss.s", &bss).is_ok());
}

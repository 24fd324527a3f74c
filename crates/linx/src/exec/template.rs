//! Template blocks (manual `07_templates.adoc`): FENTRY/FEXIT/FRET.RA/FRET.STK frame templates
//! and the MCOPY/MSET memory templates. Each is a standalone block; it commits when the template
//! completes and then transfers to the next block start.
//!
//! Frame layout (notes §3.2, the manual's "precise layout is defined by the golden sources";
//! LinxCoreModel `apply_fentry` is the executable statement we follow): `FENTRY [b ~ e], sp!, N`
//! lowers `sp` by `N` and stores the registers `b, b+1, ..., e` (wrapping from x3 back to a0,
//! skipping `zero` and `sp`) at `sp+N-8`, `sp+N-16`, ... (writes of `zero` are skipped but take a
//! slot). FEXIT reloads them from the same slots and raises `sp` by `N`. FRET.STK returns to the
//! `ra` it reloaded, FRET.RA to the `ra` read before reloading (call/ret contract §1-2).
//!
//! MCOPY `[dst, src, len]` copies `len` bytes forward, one byte at a time as the Sail model's
//! `exec_mcopy` does (so overlapping copies behave like a forward loop); MSET `[dst, value,
//! len]` fills `len` bytes with the low byte of `value`.

use crate::exec::op::{R, Template};
use crate::exec::op_regs::template_regs;
use crate::state::cpu::Cpu;
use crate::state::error::Fault;
use crate::state::regs::{REG_RA, REG_SP};
use macrosim_core::{Access, SparseMemory};

/// Run template `t`; returns the return target for FRET.*, `None` to fall through.
pub fn run(
    cpu: &mut Cpu,
    mem: &mut SparseMemory,
    t: Template,
    a: R,
    b: R,
    c: R,
    size: u64,
) -> Result<Option<u64>, Fault> {
    let sp = cpu.regs.read(REG_SP);
    match t {
        Template::Fentry => {
            let new_sp = sp.wrapping_sub(size);
            for (i, &r) in template_regs(a, b).iter().enumerate() {
                let slot = new_sp.wrapping_add(size).wrapping_sub(8 * (i as u64 + 1));
                if r != 0 {
                    mem.write_u64(slot, cpu.regs.read(r))?;
                }
            }
            cpu.regs.write(REG_SP, new_sp);
            Ok(None)
        }
        Template::Fexit => {
            restore(cpu, mem, a, b, size)?;
            Ok(None)
        }
        Template::FretStk => {
            restore(cpu, mem, a, b, size)?;
            Ok(Some(cpu.regs.read(REG_RA)))
        }
        Template::FretRa => {
            let target = cpu.regs.read(REG_RA);
            restore(cpu, mem, a, b, size)?;
            Ok(Some(target))
        }
        Template::Mcopy => {
            let (dst, src, len) = (cpu.regs.read(a), cpu.regs.read(b), cpu.regs.read(c));
            copy_forward(mem, dst, src, len)?;
            Ok(None)
        }
        Template::Mset => {
            let (dst, value, len) = (cpu.regs.read(a), cpu.regs.read(b) as u8, cpu.regs.read(c));
            mem.check_range(dst, len, Access::Write)?;
            let chunk = [value; 4096];
            let mut done = 0;
            while done < len {
                let n = (len - done).min(4096);
                mem.write_bytes(dst.wrapping_add(done), &chunk[..n as usize])?;
                done += n;
            }
            Ok(None)
        }
        Template::Esave | Template::Ercov => Err(Fault::Unimplemented(format!(
            "{t:?}: extended block state save/restore (no vector/tile block-local state is \
             live between blocks in this model)"
        ))),
    }
}

fn restore(cpu: &mut Cpu, mem: &SparseMemory, a: R, b: R, size: u64) -> Result<(), Fault> {
    let new_sp = cpu.regs.read(REG_SP).wrapping_add(size);
    for (i, &r) in template_regs(a, b).iter().enumerate() {
        let v = mem.read_u64(new_sp.wrapping_sub(8 * (i as u64 + 1)))?;
        cpu.regs.write(r, v);
    }
    cpu.regs.write(REG_SP, new_sp);
    Ok(())
}

/// Byte-wise forward copy, in page-sized steps when source and destination do not overlap
/// within a step (then the result is the same as byte by byte).
fn copy_forward(mem: &mut SparseMemory, dst: u64, src: u64, len: u64) -> Result<(), Fault> {
    let mut buf = [0u8; 4096];
    let mut done = 0;
    while done < len {
        let gap = dst.wrapping_sub(src);
        // With dst ahead of src by less than a step, a forward loop re-reads bytes it wrote.
        let n = if gap > 0 && gap < 4096 {
            gap.min(len - done)
        } else {
            (len - done).min(4096)
        };
        let chunk = &mut buf[..n as usize];
        mem.read_into(src.wrapping_add(done), chunk, Access::Read)?;
        mem.write_bytes(dst.wrapping_add(done), chunk)?;
        done += n;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use macrosim_core::Perm;

    fn setup() -> (Cpu, SparseMemory) {
        let mut mem = SparseMemory::new();
        mem.map(0x1000, 0x2000, Perm::RW);
        let mut cpu = Cpu::default();
        cpu.regs.write(REG_SP, 0x2000);
        (cpu, mem)
    }

    #[test]
    fn fentry_then_fret_stk_restores_the_frame_and_returns_to_the_saved_ra() {
        let (mut cpu, mut mem) = setup();
        cpu.regs.write(REG_RA, 0xabc);
        cpu.regs.write(11, 0x511); // s0
        run(&mut cpu, &mut mem, Template::Fentry, REG_RA, 11, 0, 32).unwrap();
        assert_eq!(cpu.regs.read(REG_SP), 0x2000 - 32);
        assert_eq!(
            mem.read_u64(0x2000 - 8).unwrap(),
            0xabc,
            "ra in the top slot"
        );
        assert_eq!(mem.read_u64(0x2000 - 16).unwrap(), 0x511);
        cpu.regs.write(REG_RA, 0);
        cpu.regs.write(11, 0);
        let t = run(&mut cpu, &mut mem, Template::FretStk, REG_RA, 11, 0, 32).unwrap();
        assert_eq!(t, Some(0xabc));
        assert_eq!((cpu.regs.read(REG_SP), cpu.regs.read(11)), (0x2000, 0x511));
    }

    #[test]
    fn fret_ra_returns_to_ra_before_the_reload() {
        let (mut cpu, mut mem) = setup();
        cpu.regs.write(REG_RA, 0x111);
        run(&mut cpu, &mut mem, Template::Fentry, REG_RA, REG_RA, 0, 16).unwrap();
        cpu.regs.write(REG_RA, 0x222);
        let t = run(&mut cpu, &mut mem, Template::FretRa, REG_RA, REG_RA, 0, 16).unwrap();
        assert_eq!((t, cpu.regs.read(REG_RA)), (Some(0x222), 0x111));
    }

    #[test]
    fn register_ranges_wrap_from_x3_to_a0() {
        assert_eq!(template_regs(22, 3), vec![22, 23, 2, 3]);
        assert_eq!(template_regs(10, 10), vec![10]);
    }

    #[test]
    fn mcopy_forward_overlap_and_mset() {
        let (mut cpu, mut mem) = setup();
        mem.write_bytes(0x1000, b"abcdef").unwrap();
        cpu.regs.write(2, 0x1001);
        cpu.regs.write(3, 0x1000);
        cpu.regs.write(4, 5);
        run(&mut cpu, &mut mem, Template::Mcopy, 2, 3, 4, 0).unwrap();
        // A forward byte loop smears the first byte.
        let mut out = [0u8; 6];
        mem.read_into(0x1000, &mut out, Access::Read).unwrap();
        assert_eq!(&out, b"aaaaaa");
        cpu.regs.write(3, 0x7a);
        run(&mut cpu, &mut mem, Template::Mset, 2, 3, 4, 0).unwrap();
        mem.read_into(0x1000, &mut out, Access::Read).unwrap();
        assert_eq!(&out, b"azzzzz");
    }
}

//! SFPLOADMACRO (SFPLOADMACRO.md): an SFPLOAD, then up to four instructions scheduled on the
//! simple, MAD, round and store sub-units, from LoadMacroConfig's sequence registers and
//! instruction templates, each after its own delay — the sub-unit overlap that lets the Vector
//! Unit run up to five instructions per cycle.
//!
//! Timing in the functional tile: one step per cycle in which an SFPU instruction issues, and
//! one per backend cycle without one while every outstanding instruction counts cycles
//! (`WaitForElapsedCycles`); with any `WaitForElapsedInstructions` outstanding, only SFPU
//! issues count. Instructions due on the same step run from the last pipeline stage back
//! (store, round, MAD, simple), so that each reads the registers as the earlier stages left
//! them in previous cycles, as a pipeline does (the pages give no order).

use super::dst_io;
use super::insn::SubUnit;
use super::{Insn, LANES};
use crate::backend::{Backend, ExecResult};

const UNITS: [SubUnit; 4] = [
    SubUnit::Simple,
    SubUnit::Mad,
    SubUnit::Round,
    SubUnit::Store,
];

/// One scheduled instruction.
#[derive(Clone, Copy, Debug)]
struct Entry {
    insn: Insn,
    thread: usize,
    delay: u32,
    by_instructions: bool,
}

/// The instructions scheduled on the four sub-units.
#[derive(Clone, Debug, Default)]
pub struct Scheduled {
    units: [Vec<Entry>; 4],
}

impl Scheduled {
    fn is_empty(&self) -> bool {
        self.units.iter().all(Vec::is_empty)
    }

    /// Outstanding instructions whose delays all count cycles.
    pub fn counts_cycles(&self) -> bool {
        !self.is_empty() && self.units.iter().flatten().all(|e| !e.by_instructions)
    }
}

/// Bit of a sub-unit in [`step`]'s result.
pub fn bit(u: SubUnit) -> u8 {
    match u {
        SubUnit::Load => 0,
        SubUnit::Simple => 1,
        SubUnit::Mad => 2,
        SubUnit::Round => 4,
        SubUnit::Store => 8,
    }
}

/// One step: runs the instructions whose delay has run out, counts the others down; returns
/// the sub-units that ran a scheduled instruction. A failing scheduled instruction reports
/// its thread and word.
pub fn step(b: &mut Backend) -> Result<u8, (usize, u32, String)> {
    if b.sfpu.scheduled.is_empty() {
        return Ok(0);
    }
    // Executing an instruction does not touch the schedule, so each sub-unit's due
    // instructions can run as they are found, the sub-units taken from the last back.
    let mut busy = 0;
    for k in (0..UNITS.len()).rev() {
        let mut j = 0;
        while let Some(e) = b.sfpu.scheduled.units[k].get_mut(j) {
            if e.delay > 0 {
                e.delay -= 1;
                j += 1;
                continue;
            }
            let e = b.sfpu.scheduled.units[k].remove(j);
            super::exec(b, e.thread, &e.insn).map_err(|w| (e.thread, e.insn.word, w))?;
            busy |= bit(UNITS[k]);
        }
    }
    Ok(busy)
}

/// SFPLOADMACRO.md functional model.
pub fn loadmacro(b: &mut Backend, t: usize, i: &Insn) -> ExecResult {
    let addr = dst_io::address(b, t, i);
    dst_io::load(b, t, i, addr);
    b.apply_addr_mod(t, i.addr_mode, false);

    let macro_index = ((i.word >> 22) & 3) as usize;
    let m = b.sfpu.macro_config[0];
    if b.sfpu.macro_config[1..LANES].iter().any(|x| *x != m) {
        return Err("LoadMacroConfig differs between lanes (not modelled)".into());
    }
    let seq = m.sequence[macro_index];
    for (k, &unit) in UNITS.iter().enumerate() {
        let bits = (seq >> (8 * k)) & 0xff;
        let delay = (bits >> 3) & 7;
        let list = &mut b.sfpu.scheduled.units[k];
        if delay != 7 {
            list.retain(|e| e.delay != delay);
        }
        let mut insn = match bits & 7 {
            0 => continue,
            1 => {
                return Err(format!(
                    "sequence {macro_index} sub-unit {k}: template 1 is undefined"
                ));
            }
            2 => Insn::decode(0x8f, 0x8f << 24)?,
            3 => Insn::decode(0x72, 0x72 << 24)?,
            n => {
                let w = m.instruction_template[n as usize - 4];
                Insn::decode((w >> 24) as u8, w)?
            }
        };
        if !insn.runs_on(unit) {
            if unit == SubUnit::Store {
                return Err(format!(
                    "sequence {macro_index}: the store sub-unit given {:#010x}, not SFPSTORE",
                    insn.word
                ));
            }
            insn = Insn::decode(0x8f, 0x8f << 24)?;
        }
        if unit != SubUnit::Store {
            if bits & 0x80 != 0 {
                insn.vb = Some(i.vd);
                insn.vc = insn.vc.or(Some(insn.vd));
            } else {
                insn.vc = Some(i.vd);
                insn.vb = insn.vb.or(Some(insn.vd));
            }
            insn.vd = if bits & 0x40 != 0 { 16 } else { i.vd };
        } else {
            if bits & 0x40 != 0 {
                insn.vd = 16;
            } else if bits & 0x80 == 0 {
                insn.vd = i.vd;
            }
            insn.mode = if (m.misc >> (4 + macro_index)) & 1 != 0 {
                i.mode
            } else {
                m.misc & 15
            };
            insn.imm = i.imm;
            insn.macro_addr = Some(addr);
        }
        insn.via_macro = true;
        b.sfpu.scheduled.units[k].push(Entry {
            insn,
            thread: t,
            delay,
            by_instructions: (m.misc >> (8 + k)) & 1 != 0,
        });
    }
    Ok(())
}

//! Function timelines (issue 11): per hart, one span per function activation, from the ELF's
//! function symbols, timed in retired instructions (the hart has no cycle model).
//!
//! [`FunctionTimeline`] is a [`Trace`]: it sees each retired instruction and follows the
//! calling convention's control transfers (RISC-V psABI: `ra`/`t0` as link registers, the hint
//! encodings of unprivileged spec §2.5, Table 3): `jal`/`jalr` writing `x1` or `x5` is a call
//! (a span for the function entered opens), `jalr x0, 0(x1|x5)` a return (the innermost span
//! closes), any other jump landing on the first instruction of a different function a tail
//! call (the innermost span is replaced).

use crate::trace::Trace;
use macrosim_core::timeline::{NameId, Timeline, TrackId};
use object::{Object, ObjectSymbol, SymbolKind};

/// The function symbols of an ELF, sorted by address.
#[derive(Clone, Debug, Default)]
pub struct FunctionSymbols {
    /// (start, end, name); `end` is `start + size`, or the next symbol's start when size is 0.
    funcs: Vec<(u32, u32, String)>,
}

impl FunctionSymbols {
    /// The `STT_FUNC` symbols of `elf` (none if it cannot be read: the timeline then has one
    /// span per hart, named by address).
    pub fn from_elf(elf: &[u8]) -> Self {
        let mut funcs: Vec<(u32, u32, String)> = match object::File::parse(elf) {
            Ok(file) => file
                .symbols()
                .filter(|s| s.kind() == SymbolKind::Text && s.address() != 0)
                .filter_map(|s| {
                    let name = s.name().ok()?.to_string();
                    let start = s.address() as u32;
                    Some((start, start.wrapping_add(s.size() as u32), name))
                })
                .collect(),
            Err(_) => Vec::new(),
        };
        funcs.sort();
        funcs.dedup_by_key(|f| f.0);
        for i in 0..funcs.len() {
            if funcs[i].1 == funcs[i].0 {
                funcs[i].1 = funcs.get(i + 1).map_or(u32::MAX, |n| n.0);
            }
        }
        FunctionSymbols { funcs }
    }

    /// The index of the function containing `pc`.
    fn containing(&self, pc: u32) -> Option<usize> {
        let i = self.funcs.partition_point(|f| f.0 <= pc).checked_sub(1)?;
        (pc < self.funcs[i].1).then_some(i)
    }

    fn name(&self, i: Option<usize>) -> String {
        i.map_or_else(|| "??".to_string(), |i| self.funcs[i].2.clone())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Transfer {
    None,
    Call,
    Return,
    Jump,
}

/// The control transfer an instruction word makes (RV32I JAL/JALR; no C extension here).
fn transfer(word: u32) -> Transfer {
    let (opcode, rd, rs1) = (word & 0x7f, (word >> 7) & 31, (word >> 15) & 31);
    let link = |r| r == 1 || r == 5;
    match opcode {
        0x6f if link(rd) => Transfer::Call,
        0x6f => Transfer::Jump,
        0x67 if link(rd) => Transfer::Call,
        0x67 if rd == 0 && link(rs1) => Transfer::Return,
        0x67 => Transfer::Jump,
        _ => Transfer::None,
    }
}

/// A [`Trace`] turning a hart's retired instructions into function spans on `timeline`.
pub struct FunctionTimeline<'s, T: Timeline> {
    timeline: T,
    symbols: &'s FunctionSymbols,
    track: TrackId,
    /// Interned names per symbol index (last slot: unknown code).
    names: Vec<Option<NameId>>,
    /// Open activations: (symbol index, first instruction's count).
    stack: Vec<(Option<usize>, u64)>,
    retired: u64,
    pending: Transfer,
    word: u32,
}

impl<'s, T: Timeline> FunctionTimeline<'s, T> {
    /// Spans for hart `hart` on track `functions` of group `hart N`.
    pub fn new(mut timeline: T, symbols: &'s FunctionSymbols, hart: u32) -> Self {
        let track = timeline.track(&format!("hart {hart}"), "functions");
        FunctionTimeline {
            timeline,
            symbols,
            track,
            names: vec![None; symbols.funcs.len() + 1],
            stack: Vec::new(),
            retired: 0,
            pending: Transfer::None,
            word: 0,
        }
    }

    fn close_innermost(&mut self) {
        if let Some((func, start)) = self.stack.pop() {
            let slot = func.unwrap_or(self.symbols.funcs.len());
            let name = match self.names[slot] {
                Some(n) => n,
                None => {
                    let n = self.timeline.name(&self.symbols.name(func));
                    self.names[slot] = Some(n);
                    n
                }
            };
            self.timeline.span(self.track, name, start, self.retired);
        }
    }

    /// Close every open span at the last retired instruction and hand the sink back.
    pub fn finish(mut self) -> T {
        while !self.stack.is_empty() {
            self.close_innermost();
        }
        self.timeline
    }
}

impl<T: Timeline> Trace for FunctionTimeline<'_, T> {
    const ENABLED: bool = true;

    fn begin(&mut self, _hart: u32, _prv: u8, pc: u32, word: u32) {
        self.word = word;
        let pending = std::mem::replace(&mut self.pending, Transfer::None);
        // Most instructions follow no jump inside an open span: no symbol lookup for them.
        if pending == Transfer::None && !self.stack.is_empty() {
            return;
        }
        let here = self.symbols.containing(pc);
        match pending {
            Transfer::Call => self.stack.push((here, self.retired)),
            Transfer::Return => self.close_innermost(),
            Transfer::Jump => {
                let top = self.stack.last().map(|&(f, _)| f);
                let at_start = here.is_some_and(|i| self.symbols.funcs[i].0 == pc);
                if at_start && top != Some(here) {
                    self.close_innermost();
                    self.stack.push((here, self.retired));
                }
            }
            Transfer::None => {}
        }
        if self.stack.is_empty() {
            self.stack.push((here, self.retired));
        }
    }

    fn x_write(&mut self, _: u32, _: u32) {}
    fn f_write(&mut self, _: u32, _: u64) {}
    fn csr_write(&mut self, _: u16, _: u32) {}
    fn mem_read(&mut self, _: u32, _: u32) {}
    fn mem_write(&mut self, _: u32, _: u64, _: u32) {}

    fn commit(&mut self) {
        self.retired += 1;
        self.pending = transfer(self.word);
    }

    fn discard(&mut self) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jumps_are_classified_by_their_link_registers() {
        assert_eq!(transfer(0x0080_00ef), Transfer::Call); // jal ra, +8
        assert_eq!(transfer(0x0000_8067), Transfer::Return); // ret = jalr x0, 0(ra)
        assert_eq!(transfer(0x0000_00e7), Transfer::Call); // jalr ra, 0(x0)
        assert_eq!(transfer(0x0080_006f), Transfer::Jump); // j +8
        assert_eq!(transfer(0x0000_0013), Transfer::None); // nop
    }
}

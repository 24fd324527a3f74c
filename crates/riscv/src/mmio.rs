//! Memory-mapped I/O: one address window whose loads and stores leave the plain-memory path.
//!
//! The hart checks every data access against the window with a single unsigned compare
//! (`addr - base < len`); for [`NoMmio`] the window is empty and the check folds away. A device
//! with [`Mmio::SECOND_WINDOW`] has a second window (a cluster's peripherals and a `tohost`
//! word far apart), checked the same way. Accesses
//! inside the window call the device, which may read and write the [`SparseMemory`] behind it
//! and may ask the hart to stop after the instruction (HTIF `tohost` does). The Tensix TRISC
//! will map its frontend registers this way.

use macrosim_core::{MemFault, SparseMemory};

/// What a device wants after a store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmioEffect {
    Continue,
    /// Stop the hart after this instruction retires.
    Stop,
}

/// A device behind the hart's MMIO window. Values are little-endian, `size` is 1, 2, 4 or 8.
pub trait Mmio {
    /// False for devices that never map anything: the hart then skips the window check.
    const PRESENT: bool = true;

    /// The window: `(base, len)`; read once when the hart starts running.
    fn window(&self) -> (u32, u32);

    /// True for devices with a second window.
    const SECOND_WINDOW: bool = false;

    /// The second window, like [`window`](Self::window).
    fn window2(&self) -> (u32, u32) {
        (0, 0)
    }

    /// A load in the window; by default from the memory behind it.
    fn load(&mut self, mem: &mut SparseMemory, addr: u32, size: u32) -> Result<u64, MemFault> {
        plain_load(mem, addr, size)
    }

    fn store(
        &mut self,
        mem: &mut SparseMemory,
        addr: u32,
        size: u32,
        value: u64,
    ) -> Result<MmioEffect, MemFault>;
}

/// No devices.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoMmio;

impl Mmio for NoMmio {
    const PRESENT: bool = false;

    fn window(&self) -> (u32, u32) {
        (0, 0)
    }

    fn store(
        &mut self,
        mem: &mut SparseMemory,
        addr: u32,
        size: u32,
        value: u64,
    ) -> Result<MmioEffect, MemFault> {
        plain_store(mem, addr, size, value).map(|()| MmioEffect::Continue)
    }
}

/// A load from plain memory, for devices backed by it.
pub fn plain_load(mem: &SparseMemory, addr: u32, size: u32) -> Result<u64, MemFault> {
    let a = u64::from(addr);
    match size {
        1 => mem.read_u8(a).map(u64::from),
        2 => mem.read_u16(a).map(u64::from),
        4 => mem.read_u32(a).map(u64::from),
        _ => mem.read_u64(a),
    }
}

/// A store to plain memory, for devices backed by it.
pub fn plain_store(
    mem: &mut SparseMemory,
    addr: u32,
    size: u32,
    value: u64,
) -> Result<(), MemFault> {
    let a = u64::from(addr);
    match size {
        1 => mem.write_u8(a, value as u8),
        2 => mem.write_u16(a, value as u16),
        4 => mem.write_u32(a, value as u32),
        _ => mem.write_u64(a, value),
    }
}

/// The HTIF `tohost` word of a bare-metal test program: stores to its 8 bytes reach memory,
/// and a nonzero value in the low word stops the hart (riscv-tests `env/p`: 1 = pass, an odd
/// value `v` = test `v >> 1` failed).
#[derive(Clone, Copy, Debug)]
pub struct ToHost {
    pub addr: u32,
    /// The value that stopped the hart, once one has.
    pub value: Option<u32>,
}

impl ToHost {
    pub fn new(addr: u32) -> ToHost {
        ToHost { addr, value: None }
    }
}

impl Mmio for ToHost {
    fn window(&self) -> (u32, u32) {
        (self.addr, 8)
    }

    fn store(
        &mut self,
        mem: &mut SparseMemory,
        addr: u32,
        size: u32,
        value: u64,
    ) -> Result<MmioEffect, MemFault> {
        plain_store(mem, addr, size, value)?;
        let word = mem.read_u32(u64::from(self.addr))?;
        if word != 0 {
            self.value = Some(word);
            return Ok(MmioEffect::Stop);
        }
        Ok(MmioEffect::Continue)
    }
}

//! The DMA engine behind Xdma (`notes/snitch.md` §4): DMSRC/DMDST/DMSTR/DMREP set sticky
//! parameters, DMCPY(I) queues a 1-D or 2-D transfer and returns its id, DMSTAT(I) reports
//! completed_id / next_id / busy / would_block.
//!
//! Transfers run asynchronously against the cluster clock ([`DmaEngine::advance`]): in order,
//! `bytes_per_cycle` a cycle, after `latency` cycles when a side lies outside the TCDM (DRAM),
//! copying as they go, so a program that reads a destination too early sees what hardware
//! would. Two id schemes (§4.2): `Zero` (old Snitch and Banshee: ids from 0, completed_id =
//! transfers finished) and `Idma` (snitch_cluster's iDMA: next_id resets to 2, completed_id to
//! 1 and then holds the last finished id; ids skip 0 on wrap).

use macrosim_core::SparseMemory;
use std::collections::VecDeque;

/// The transfer id scheme (§4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IdScheme {
    Zero,
    Idma,
}

/// DMA timing and behaviour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DmaConfig {
    pub ids: IdScheme,
    pub bytes_per_cycle: u32,
    /// Cycles before the first byte of a transfer touching memory outside the TCDM moves.
    pub latency: u32,
    /// Transfers that may wait in the queue (beyond it DMCPY would block).
    pub queue: u32,
    /// Copy inside DMCPY (Banshee).
    pub synchronous: bool,
    /// The TCDM: `(base, size)`.
    pub tcdm: (u32, u32),
}

#[derive(Clone, Copy, Debug)]
struct Transfer {
    id: u32,
    src: u32,
    dst: u32,
    size: u32,
    reps: u32,
    src_stride: u32,
    dst_stride: u32,
    /// Progress: row and byte within it.
    row: u32,
    byte: u32,
    /// Cycles still to wait before moving bytes.
    wait: u32,
}

/// A memory fault during a transfer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DmaFault {
    pub id: u32,
    pub addr: u32,
}

/// One DMA engine.
#[derive(Clone, Debug)]
pub struct DmaEngine {
    pub config: DmaConfig,
    src: u32,
    dst: u32,
    src_stride: u32,
    dst_stride: u32,
    reps: u32,
    queue: VecDeque<Transfer>,
    next_id: u32,
    completed_id: u32,
    /// Bytes moved: for statistics.
    pub moved: u64,
    pub transfers: u64,
    /// The cycle the engine has advanced to ([`advance_to`](Self::advance_to)).
    pub clock: u64,
}

impl DmaEngine {
    pub fn new(config: DmaConfig) -> DmaEngine {
        let (next_id, completed_id) = match config.ids {
            IdScheme::Zero => (0, 0),
            IdScheme::Idma => (2, 1),
        };
        DmaEngine {
            config,
            src: 0,
            dst: 0,
            src_stride: 0,
            dst_stride: 0,
            reps: 0,
            queue: VecDeque::new(),
            next_id,
            completed_id,
            moved: 0,
            transfers: 0,
            clock: 0,
        }
    }

    /// DMSRC: `{hi, lo}` truncated to our 32-bit physical addresses.
    pub fn set_src(&mut self, lo: u32, _hi: u32) {
        self.src = lo;
    }

    pub fn set_dst(&mut self, lo: u32, _hi: u32) {
        self.dst = lo;
    }

    /// DMSTR: rs1 = source stride, rs2 = destination stride.
    pub fn set_strides(&mut self, src: u32, dst: u32) {
        self.src_stride = src;
        self.dst_stride = dst;
    }

    /// DMREP: rows of a 2-D transfer.
    pub fn set_reps(&mut self, reps: u32) {
        self.reps = reps;
    }

    pub fn busy(&self) -> bool {
        !self.queue.is_empty()
    }

    /// Would a DMCPY now have to wait for room?
    pub fn would_block(&self) -> bool {
        self.queue.len() as u32 >= self.config.queue
    }

    fn outside_tcdm(&self, a: u32) -> bool {
        a.wrapping_sub(self.config.tcdm.0) >= self.config.tcdm.1
    }

    /// DMCPY(I): queue a transfer of `size` bytes (per row); config bit 1 = 2-D (§4.1).
    pub fn copy(
        &mut self,
        mem: &mut SparseMemory,
        size: u32,
        config: u32,
    ) -> Result<u32, DmaFault> {
        let id = self.next_id;
        self.next_id = match self.config.ids {
            IdScheme::Zero => id.wrapping_add(1),
            IdScheme::Idma => id.wrapping_add(1).max(1),
        };
        let two_d = config & 2 != 0;
        let latency = if self.outside_tcdm(self.src) || self.outside_tcdm(self.dst) {
            self.config.latency
        } else {
            0
        };
        self.queue.push_back(Transfer {
            id,
            src: self.src,
            dst: self.dst,
            size,
            reps: if two_d { self.reps } else { 1 },
            src_stride: self.src_stride,
            dst_stride: self.dst_stride,
            row: 0,
            byte: 0,
            wait: latency,
        });
        self.transfers += 1;
        if self.config.synchronous {
            self.advance(mem, u64::MAX)?;
        }
        Ok(id)
    }

    /// DMSTAT(I): selector low 2 bits (§4.1). Banshee reports busy and would_block as 0 (its
    /// copies are synchronous anyway).
    pub fn status(&self, sel: u32) -> u32 {
        match sel & 3 {
            0 => self.completed_id,
            1 => self.next_id,
            2 => u32::from(self.busy()),
            _ => u32::from(self.would_block()),
        }
    }

    fn complete(&mut self, id: u32) {
        self.completed_id = match self.config.ids {
            IdScheme::Zero => self.completed_id.wrapping_add(1),
            IdScheme::Idma => id,
        };
    }

    /// Let time pass up to `cycle` (the clock it runs on: the cluster clock in functional
    /// mode, the DMA core's cycle in the cycle model).
    pub fn advance_to(&mut self, mem: &mut SparseMemory, cycle: u64) -> Result<(), DmaFault> {
        if cycle <= self.clock {
            return Ok(());
        }
        let d = cycle - self.clock;
        self.clock = cycle;
        self.advance(mem, d)
    }

    /// Let `cycles` cycles pass: move bytes, complete transfers.
    pub fn advance(&mut self, mem: &mut SparseMemory, cycles: u64) -> Result<(), DmaFault> {
        let per = u64::from(self.config.bytes_per_cycle.max(1));
        let mut budget = cycles.saturating_mul(per);
        while let Some(t) = self.queue.front_mut() {
            if t.wait > 0 {
                let w = u64::from(t.wait).min(budget / per);
                t.wait -= w as u32;
                budget -= w * per;
                if t.wait > 0 {
                    return Ok(());
                }
            }
            while t.row < t.reps && t.size > 0 {
                let n = u64::from(t.size - t.byte).min(budget) as u32;
                let s = t.src.wrapping_add(t.row.wrapping_mul(t.src_stride));
                let d = t.dst.wrapping_add(t.row.wrapping_mul(t.dst_stride));
                for i in t.byte..t.byte + n {
                    let (sa, da) = (s.wrapping_add(i), d.wrapping_add(i));
                    let v = mem
                        .read_u8(u64::from(sa))
                        .map_err(|_| DmaFault { id: t.id, addr: sa })?;
                    mem.write_u8(u64::from(da), v)
                        .map_err(|_| DmaFault { id: t.id, addr: da })?;
                }
                self.moved += u64::from(n);
                budget -= u64::from(n);
                t.byte += n;
                if t.byte == t.size {
                    t.byte = 0;
                    t.row += 1;
                }
                if budget == 0 && t.row < t.reps {
                    return Ok(());
                }
            }
            let id = t.id;
            self.queue.pop_front();
            self.complete(id);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use macrosim_core::Perm;

    fn setup(ids: IdScheme) -> (DmaEngine, SparseMemory) {
        let mut m = SparseMemory::new();
        m.map(0x1000_0000, 0x2_0000, Perm::RW);
        m.map(0x8000_0000, 0x1_0000, Perm::RW);
        for i in 0..0x1000u64 {
            m.write_u8(0x8000_0000 + i, i as u8).unwrap();
        }
        let cfg = DmaConfig {
            ids,
            bytes_per_cycle: 64,
            latency: 10,
            queue: 4,
            synchronous: false,
            tcdm: (0x1000_0000, 0x2_0000),
        };
        (DmaEngine::new(cfg), m)
    }

    #[test]
    fn one_d_is_asynchronous_with_latency_and_bandwidth() {
        let (mut d, mut m) = setup(IdScheme::Zero);
        d.set_src(0x8000_0000, 0);
        d.set_dst(0x1000_0000, 0);
        let id = d.copy(&mut m, 256, 0).unwrap();
        assert_eq!((id, d.status(0), d.status(1), d.status(2)), (0, 0, 1, 1));
        d.advance(&mut m, 10).unwrap(); // latency only
        assert_eq!(m.read_u8(0x1000_0000).unwrap(), 0);
        d.advance(&mut m, 2).unwrap(); // 128 bytes
        assert_eq!(m.read_u8(0x1000_007f).unwrap(), 0x7f);
        assert_eq!(m.read_u8(0x1000_0080).unwrap(), 0);
        assert_eq!(d.status(2), 1);
        d.advance(&mut m, 2).unwrap();
        assert_eq!((d.status(0), d.status(2)), (1, 0));
        assert_eq!(m.read_u8(0x1000_00ff).unwrap(), 0xff);
    }

    #[test]
    fn two_d_negative_strides_and_size_zero_idma_ids() {
        let (mut d, mut m) = setup(IdScheme::Idma);
        assert_eq!((d.status(0), d.status(1)), (1, 2));
        d.set_src(0x8000_0100, 0);
        d.set_dst(0x1000_0100, 0);
        d.set_strides(-16i32 as u32, 32);
        d.set_reps(3);
        let id = d.copy(&mut m, 3, 2).unwrap();
        assert_eq!(id, 2);
        let empty = d.copy(&mut m, 0, 0).unwrap();
        assert_eq!(empty, 3);
        d.advance(&mut m, 1000).unwrap();
        assert_eq!(d.status(0), 3);
        for r in 0..3u32 {
            for b in 0..3u32 {
                let want = (0x100 - 16 * r + b) as u8;
                let got = m.read_u8(u64::from(0x1000_0100 + 32 * r + b)).unwrap();
                assert_eq!(got, want, "row {r} byte {b}");
            }
        }
        assert_eq!(m.read_u8(0x1000_0103).unwrap(), 0);
    }
}

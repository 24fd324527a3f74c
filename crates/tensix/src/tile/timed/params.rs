//! The numbers of the tile's cycle model, each with the document it comes from. Loadable from a
//! TOML file whose keys are the field names (any key left out keeps its default).

use serde::Deserialize;

/// Latencies and rates, in cycles of the 1 GHz Wormhole B0 clock.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct TimingParams {
    /// Load from the core's local data RAM (BabyRISCV/README.md, load latency table: 2).
    pub local_load_latency: u64,
    /// Load from L1 (BabyRISCV/README.md: "≥ 8"; L1.md: dependent loads one every 8 cycles).
    pub l1_load_latency: u64,
    /// Load from PCBufs, TTSync or Tensix semaphores (BabyRISCV/README.md: "≥ 3").
    pub sync_load_latency: u64,
    /// Load from Tensix GPRs or backend configuration (BabyRISCV/README.md: "≥ 4").
    pub cfg_load_latency: u64,
    /// Cycles between two RISC-V stores to L1 (L1.md: narrow writes are read-modify-write
    /// that block the bank for five cycles; "one 32-bit write every five cycles").
    pub l1_store_interval: u64,
    /// Cycles a multiply occupies the integer unit (BabyRISCV/README.md: two).
    pub mul_cycles: u64,
    /// Cycles a divide occupies the integer unit (BabyRISCV/README.md: 2 for divisor 0 or 1,
    /// else 6..33 by the dividend's magnitude). CHOICE: the worst case, 33, for every divide.
    pub div_cycles: u64,
    /// MVMUL, DOTPV, GAPOOL, ELWMUL, GMPOOL, ELWADD, ELWSUB (MatrixUnit.md: latency 5).
    pub fpu_latency: u64,
    /// Cycles after a Matrix Unit write to an 8×16 Dst block in which reads of it by the FPU or
    /// a packer stall (notes/tensix.md §1.4 from MVMUL.md / Dst.md: 4).
    pub dst_raw_cycles: u64,
    /// MOVA2D, MOVB2D, MOVB2A (MatrixUnit.md: latency 4).
    pub mov_to_dst_latency: u64,
    /// MOVD2A (MatrixUnit.md: latency 2).
    pub movd2a_latency: u64,
    /// SHIFTXB (MatrixUnit.md: throughput 0.5, latency 2).
    pub shiftxb_cycles: u64,
    /// Vector Unit results (SFPMAD.md / notes §1.5: latency 2).
    pub sfpu_latency: u64,
    /// WRCFG (WRCFG.md: two cycles, fully pipelined, the thread not blocked).
    pub wrcfg_latency: u64,
    /// Cycles an UNPACR spends computing its input address, in which its thread and every
    /// other UNPACR wait (UNPACR_Regular.md, "Performance": exactly two, uncompressed).
    pub unpack_setup_cycles: u64,
    /// Bytes one unpacker fetches from L1 per cycle at Throttle_mode 0 / 1 / 2 (x1 16, x2 32,
    /// x4 64: UNPACR_Regular.md, "Performance").
    pub unpack_bytes_per_cycle: [u64; 3],
    /// Bytes one packer writes to L1 per cycle (L1.md, "Packers": one 128-bit write).
    pub pack_bytes_per_cycle: u64,
    /// The Wait Gate's lag between a latched wait's conditions being met and its block mask
    /// being removed (STALLWAIT.md: one cycle).
    pub wait_release_lag: u64,
    /// L1 bank of an address: (address >> this) & 15 (L1.md: 16 banks of 128 bits; which bits
    /// select the bank is not documented: CHOICE 4, banks interleaved on 16-byte lines).
    pub l1_bank_shift: u32,
    /// Model L1 bank conflicts between the unpackers, packers and RISC-V loads / stores
    /// (`l1_banks`); false: every client has the banks it wants.
    pub l1_bank_conflicts: bool,
    /// Not a number of the model but a speed option: let a core's run-ahead chunk go on past
    /// the pushes [`super::run_on`] proves are taken in their cycle. Every result is the same
    /// either way (tests compare).
    pub run_on_pushes: bool,
    /// Not a number of the model but a speed option: jump over the cycles in which nothing
    /// can change but the clock (with the frontends empty, to the next core event; after a
    /// quiet cycle, past those that repeat it: `skip`). False simulates every cycle. Every
    /// result is the same either way (tests compare).
    pub skip_cycles: bool,
}

impl Default for TimingParams {
    fn default() -> Self {
        TimingParams {
            local_load_latency: 2,
            l1_load_latency: 8,
            sync_load_latency: 3,
            cfg_load_latency: 4,
            l1_store_interval: 5,
            mul_cycles: 2,
            div_cycles: 33,
            fpu_latency: 5,
            dst_raw_cycles: 4,
            mov_to_dst_latency: 4,
            movd2a_latency: 2,
            shiftxb_cycles: 2,
            sfpu_latency: 2,
            wrcfg_latency: 2,
            unpack_setup_cycles: 2,
            unpack_bytes_per_cycle: [16, 32, 64],
            pack_bytes_per_cycle: 16,
            wait_release_lag: 1,
            l1_bank_shift: 4,
            l1_bank_conflicts: true,
            run_on_pushes: true,
            skip_cycles: true,
        }
    }
}

impl TimingParams {
    /// Parse a TOML table of overrides.
    pub fn from_toml(text: &str) -> Result<Self, toml::de::Error> {
        toml::from_str(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toml_overrides_one_field_and_rejects_unknown_keys() {
        let p = TimingParams::from_toml("l1_load_latency = 12\n").unwrap();
        assert_eq!(p.l1_load_latency, 12);
        assert_eq!(p.fpu_latency, TimingParams::default().fpu_latency);
        assert!(TimingParams::from_toml("no_such_key = 1\n").is_err());
    }
}

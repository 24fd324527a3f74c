//! SFPLOADMACRO (SFPLOADMACRO.md) through `Backend::issue`: a Dst region doubled by a stream
//! of SFPLOADMACROs (load, SFPMULI on the MAD sub-unit, SFPSTORE on the store sub-unit, all
//! overlapped) gives the same Dst as the plain SFPLOAD / SFPMULI / SFPNOP / SFPSTORE loop.

use macrosim_core::{Perm, SparseMemory};
use macrosim_tensix::Arch;
use macrosim_tensix::backend::{Backend, Issue};
use macrosim_tensix::isa::asm::assemble;

struct Rig {
    b: Backend,
    l1: SparseMemory,
    issued: u64,
}

impl Rig {
    fn new() -> Rig {
        let mut l1 = SparseMemory::new();
        l1.map(0, 1464 * 1024, Perm::RW);
        let mut b = Backend::new(Arch::WormholeB0.table());
        for row in 0..16 {
            for col in 0..16 {
                let x = (row as f32 - 7.5) * 0.375 + col as f32 * 1.0625;
                b.dst.write32(row, col, x.to_bits());
            }
        }
        Rig { b, l1, issued: 0 }
    }

    fn run(&mut self, text: &str) {
        let w = assemble(Arch::WormholeB0, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let r = self.b.issue(1, w, &mut self.l1);
        assert_eq!(r, Ok(Issue::Executed), "{text}");
        self.issued += 1;
    }

    fn dst(&self) -> Vec<u32> {
        (0..16)
            .flat_map(|r| (0..16).map(move |c| (r, c)))
            .map(|(r, c)| self.b.dst.read32(r, c))
            .collect()
    }
}

/// The 8 slices (4 rows × 8 even or odd columns) of Dst rows 0..16.
fn addrs() -> impl Iterator<Item = u32> {
    (0..4).flat_map(|g| [4 * g, 4 * g + 2])
}

#[test]
fn loadmacro_matches_plain_loop() {
    let mut plain = Rig::new();
    let before = plain.dst();
    for a in addrs() {
        plain.run(&format!("SFPLOAD 1, 3, 0, {a}"));
        plain.run("SFPMULI 0x4000, 1, 0"); // × 2.0
        plain.run("SFPNOP");
        plain.run(&format!("SFPSTORE 1, 3, 0, {a}"));
    }
    let want: Vec<u32> = before
        .iter()
        .map(|&x| (f32::from_bits(x) * 2.0).to_bits())
        .collect();
    assert_eq!(plain.dst(), want, "plain loop");

    let mut m = Rig::new();
    // InstructionTemplate[0] = SFPMULI ×2 through the backdoor (VD = 12, SFPCONFIG.md).
    m.run("SFPMULI 0x4000, 12, 0");
    // Sequence[0]: MAD sub-unit 0x44 (template 0, delay 0, VD = LReg16); store sub-unit 0x4b
    // (SFPSTORE, delay 1, from LReg16).
    m.run("SFPLOADI 0, 10, 0x4400");
    m.run("SFPLOADI 0, 8, 0x4b00");
    m.run("SFPCONFIG 0, 4, 0");
    m.run("SFPCONFIG 0x10, 8, 1"); // Misc: macro 0 stores with the load's Mod0
    let setup = m.issued;
    for a in addrs() {
        m.run(&format!("SFPLOADMACRO 1, 3, 0, {a}"));
    }
    m.run("SFPNOP");
    m.run("SFPNOP");
    assert_eq!(m.dst(), want, "SFPLOADMACRO stream");
    assert_eq!(m.issued - setup, 10, "8 slices in 10 issues, against 32");
    assert!(!m.b.sfpu.scheduled.counts_cycles());
}

// SFPLOADMACRO.md: a regular instruction reaching a sub-unit on the step a scheduled one runs
// there is discarded; a delay counts down steps (here SFPU issues).
#[test]
fn scheduled_instruction_wins_its_sub_unit() {
    let mut m = Rig::new();
    m.run("SFPMULI 0x4000, 12, 0");
    m.run("SFPLOADI 0, 10, 0x0c00"); // MAD: template 0, delay 1, VD = loaded VD
    m.run("SFPLOADI 0, 8, 0");
    m.run("SFPCONFIG 0, 4, 0");
    m.run("SFPLOADI 2, 0, 0x4040"); // LReg2 = 3.0
    m.run("SFPLOADMACRO 1, 3, 0, 0");
    let x = f32::from_bits(m.b.sfpu.lregs[1][0]);
    m.run("SFPADDI 0x3f80, 2, 0"); // step 1: MAD sub-unit free (delay 1 not yet run out)
    assert_eq!(f32::from_bits(m.b.sfpu.lregs[2][0]), 4.0);
    assert_eq!(f32::from_bits(m.b.sfpu.lregs[1][0]), x, "not yet");
    m.run("SFPADDI 0x3f80, 2, 0"); // step 2: the scheduled SFPMULI runs, this is discarded
    assert_eq!(f32::from_bits(m.b.sfpu.lregs[1][0]), 2.0 * x);
    assert_eq!(f32::from_bits(m.b.sfpu.lregs[2][0]), 4.0, "discarded");
}

// SFPNOP.md: "Causes no effects" (LRegs, flags, stack, PRNG, Dst unchanged), yet it is an SFPU
// issue, so an SFPLOADMACRO delay counted in instructions runs down on it (SFPLOADMACRO.md).
#[test]
fn sfpnop_has_no_effect_but_counts_as_an_issue() {
    let mut m = Rig::new();
    m.run("SFPLOADI 3, 0, 0x4040");
    m.run("SFPENCC 3, 0, 0, 10");
    m.run("SFPPUSHC 0, 0, 0, 0");
    let s = &m.b.sfpu;
    let before = (
        s.lregs,
        s.lane_flags,
        s.use_lane_flags,
        s.prng,
        s.flag_stack.len(0),
    );
    let dst = m.dst();
    m.run("SFPNOP");
    let s = &m.b.sfpu;
    let after = (
        s.lregs,
        s.lane_flags,
        s.use_lane_flags,
        s.prng,
        s.flag_stack.len(0),
    );
    assert_eq!(before, after);
    assert_eq!(m.dst(), dst);
    // The MAD template of the test above (delay 1, counted in instructions): two SFPNOPs
    // let it run.
    m.run("SFPMULI 0x4000, 12, 0");
    m.run("SFPLOADI 0, 10, 0x0c00");
    m.run("SFPLOADI 0, 8, 0");
    m.run("SFPCONFIG 0, 4, 0");
    m.run("SFPLOADMACRO 1, 3, 0, 0");
    let x = f32::from_bits(m.b.sfpu.lregs[1][0]);
    m.run("SFPNOP");
    assert_eq!(f32::from_bits(m.b.sfpu.lregs[1][0]), x, "not yet");
    m.run("SFPNOP");
    assert_eq!(f32::from_bits(m.b.sfpu.lregs[1][0]), 2.0 * x);
}

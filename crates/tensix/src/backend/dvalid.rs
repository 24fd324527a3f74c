//! The explicit data-valid handovers of SrcA/SrcB: SETDVALID (SETDVALID.md, Miscellaneous
//! Unit) gives the unpackers' banks to the Matrix Unit, CLEARDVALID (CLEARDVALID.md, Matrix
//! Unit) gives the Matrix Unit's banks back or resets the whole mechanism.

use super::Backend;
use super::config::Fields;
use super::regs::SrcClient;

/// SETDVALID.md: FlipSrcA[0], FlipSrcB[1]. The unpacker's new row is the thread's
/// `SRCx_SET_Base << 4`, as after UNPACR's FlipSrc.
pub(super) fn setdvalid(b: &mut Backend, t: usize, w: u32) {
    let fl = Fields::get();
    if w & 1 != 0 {
        let base = b.cfg.thd(t, fl.srca_set_base) << 4;
        b.srca.flip_unpacker(t, base);
    }
    if w & 2 != 0 {
        let base = b.cfg.thd(t, fl.srcb_set_base) << 4;
        b.srcb.flip_unpacker(t, base);
    }
}

/// CLEARDVALID.md: FlipSrcB[23], FlipSrcA[22], KeepReadingSameSrc[1], Reset[0].
pub(super) fn cleardvalid(b: &mut Backend, w: u32) {
    if w & 1 != 0 {
        for s in [&mut b.srca, &mut b.srcb] {
            s.fpu_bank = 0;
            s.unpack_bank = 0;
            s.allowed = [SrcClient::Unpackers; 2];
        }
        return;
    }
    let keep = w & 2 != 0;
    for (flip, s) in [(w >> 22 & 1, &mut b.srca), (w >> 23 & 1, &mut b.srcb)] {
        if flip != 0 {
            s.allowed[s.fpu_bank] = SrcClient::Unpackers;
            if !keep {
                s.fpu_bank ^= 1;
            }
        }
    }
}

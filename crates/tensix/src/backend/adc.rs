//! Address counters of the unpackers and packers (ADCs.md) and the instructions that set
//! them (SETADC.md, SETADCXY.md, SETADCZW.md, SETADCXX.md, INCADCXY.md, INCADCZW.md,
//! ADDRCRXY.md, ADDRCRZW.md).

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Channel {
    pub x: u32,
    pub x_cr: u32,
    pub y: u32,
    pub y_cr: u32,
    pub z: u32,
    pub z_cr: u32,
    pub w: u32,
    pub w_cr: u32,
}

impl Channel {
    /// Widths of ADCs.md: X 18 bits, Y 13, Z and W 8.
    pub fn wrap(&mut self) {
        self.x &= 0x3ffff;
        self.x_cr &= 0x3ffff;
        self.y &= 0x1fff;
        self.y_cr &= 0x1fff;
        self.z &= 0xff;
        self.z_cr &= 0xff;
        self.w &= 0xff;
        self.w_cr &= 0xff;
    }
}

/// One counter set: two channels.
pub type Adc = [Channel; 2];

/// `ADCs[3]`: per thread, unpacker 0, unpacker 1 and the packers.
#[derive(Clone, Debug, Default)]
pub struct Adcs {
    pub unpacker: [[Adc; 2]; 3],
    pub packers: [Adc; 3],
}

impl Adcs {
    /// The counter sets selected by the 3-bit `CntSetMask` (U0, U1, PK) for thread `t`.
    pub fn for_each(&mut self, t: usize, mask: u32, mut f: impl FnMut(&mut Adc)) {
        if mask & 1 != 0 {
            f(&mut self.unpacker[t][0]);
        }
        if mask & 2 != 0 {
            f(&mut self.unpacker[t][1]);
        }
        if mask & 4 != 0 {
            f(&mut self.packers[t]);
        }
    }
}

/// Executes an ADC instruction (opcode and payload); false when the opcode is not one.
pub fn execute(adcs: &mut Adcs, t: usize, opcode: u8, w: u32) -> bool {
    let mask = (w >> 21) & 7;
    let (y1, x1, y0, x0) = ((w >> 15) & 7, (w >> 12) & 7, (w >> 9) & 7, (w >> 6) & 7);
    let bits = w & 0xf;
    match opcode {
        // SETADC.md
        0x50 => {
            let (ch, dim, v) = (((w >> 20) & 1) as usize, (w >> 18) & 3, w & 0x3ffff);
            adcs.for_each(t, mask, |a| {
                let c = &mut a[ch];
                match dim {
                    0 => (c.x, c.x_cr) = (v, v),
                    1 => (c.y, c.y_cr) = (v, v),
                    2 => (c.z, c.z_cr) = (v, v),
                    _ => (c.w, c.w_cr) = (v, v),
                }
                c.wrap();
            });
        }
        // SETADCXY.md / SETADCZW.md
        0x51 | 0x54 => adcs.for_each(t, mask, |a| {
            let set = |c: &mut Channel, first: bool, v: u32| match (opcode == 0x51, first) {
                (true, true) => (c.x, c.x_cr) = (v, v),
                (true, false) => (c.y, c.y_cr) = (v, v),
                (false, true) => (c.z, c.z_cr) = (v, v),
                (false, false) => (c.w, c.w_cr) = (v, v),
            };
            if bits & 1 != 0 {
                set(&mut a[0], true, x0);
            }
            if bits & 2 != 0 {
                set(&mut a[0], false, y0);
            }
            if bits & 4 != 0 {
                set(&mut a[1], true, x1);
            }
            if bits & 8 != 0 {
                set(&mut a[1], false, y1);
            }
        }),
        // INCADCXY.md / INCADCZW.md
        0x52 | 0x55 => adcs.for_each(t, mask, |a| {
            for (c, (i0, i1)) in a.iter_mut().zip([(x0, y0), (x1, y1)]) {
                if opcode == 0x52 {
                    c.x += i0;
                    c.y += i1;
                } else {
                    c.z += i0;
                    c.w += i1;
                }
                c.wrap();
            }
        }),
        // ADDRCRXY.md / ADDRCRZW.md
        0x53 | 0x56 => adcs.for_each(t, mask, |a| {
            for (i, (c, (i0, i1))) in a.iter_mut().zip([(x0, y0), (x1, y1)]).enumerate() {
                let (b0, b1) = (bits >> (2 * i) & 1 != 0, bits >> (2 * i + 1) & 1 != 0);
                let (first, second) = if opcode == 0x53 {
                    ((&mut c.x, &mut c.x_cr), (&mut c.y, &mut c.y_cr))
                } else {
                    ((&mut c.z, &mut c.z_cr), (&mut c.w, &mut c.w_cr))
                };
                for (on, (v, cr), inc) in [(b0, first, i0), (b1, second, i1)] {
                    if on {
                        *cr += inc;
                        *v = *cr;
                    }
                }
                c.wrap();
            }
        }),
        // SETADCXX.md
        0x5e => {
            let (x1v, x0v) = ((w >> 10) & 0x7ff, w & 0x3ff);
            adcs.for_each(t, mask, |a| {
                (a[0].x, a[0].x_cr) = (x0v, x0v);
                (a[1].x, a[1].x_cr) = (x1v, x1v);
            });
        }
        _ => return false,
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    // SETADCXX.md then INCADCXY.md then ADDRCRXY.md on unpacker 0 of thread 0.
    #[test]
    fn set_increment_and_carry_reset() {
        let mut a = Adcs::default();
        assert!(execute(&mut a, 0, 0x5e, (1 << 21) | (15 << 10) | 3));
        assert_eq!((a.unpacker[0][0][0].x, a.unpacker[0][0][1].x), (3, 15));
        // INCADCXY: Y0 += 2, Y1 += 1.
        execute(&mut a, 0, 0x52, (1 << 21) | (1 << 15) | (2 << 9));
        assert_eq!((a.unpacker[0][0][0].y, a.unpacker[0][0][1].y), (2, 1));
        // ADDRCRXY with Y0 bit: Y0_Cr (0) += 4, Y0 = 4.
        execute(&mut a, 0, 0x53, (1 << 21) | (4 << 9) | 2);
        assert_eq!(a.unpacker[0][0][0].y, 4);
        // SETADC packers channel 1 Z = 5.
        execute(&mut a, 2, 0x50, (4 << 21) | (1 << 20) | (2 << 18) | 5);
        assert_eq!(a.packers[2][1].z, 5);
        assert!(!execute(&mut a, 0, 0x26, 0));
    }
}

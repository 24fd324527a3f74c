//! Runs SFPU instruction words on a Wormhole B0 backend, driven by text on stdin: the cheap path
//! `scripts/oracle/tensix-sfpu.sh` uses to compare macrosim's SFPU with its Python reference.
//!
//! ```text
//! set R V0 .. V31     LReg R's 32 lanes (hex)
//! prng V0 .. V31      each lane's PRNG state (VectorUnit.md AdvancePRNG)
//! run WORD            issue one instruction word (hex) on thread 1, then two SFPNOPs
//! get R               print LReg R's 32 lanes (hex) on one line
//! ```

use std::io::{BufRead, Write};

use macrosim_core::{Perm, SparseMemory};
use macrosim_tensix::Arch;
use macrosim_tensix::backend::Backend;

const SFPNOP: u32 = 0x8f00_0000;

fn lanes(words: &[&str]) -> Result<[u32; 32], String> {
    if words.len() != 32 {
        return Err(format!("expected 32 lane values, got {}", words.len()));
    }
    let mut v = [0u32; 32];
    for (d, w) in v.iter_mut().zip(words) {
        *d = u32::from_str_radix(w, 16).map_err(|e| format!("`{w}`: {e}"))?;
    }
    Ok(v)
}

fn main() -> Result<(), String> {
    let mut b = Backend::new(Arch::WormholeB0.table());
    let mut l1 = SparseMemory::new();
    l1.map(0, 1464 * 1024, Perm::RW);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for (n, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| e.to_string())?;
        let at = |e: String| format!("stdin:{}: {e}", n + 1);
        let w: Vec<&str> = line.split_whitespace().collect();
        match w.as_slice() {
            [] => {}
            ["set", r, rest @ ..] => {
                let r: usize = r.parse().map_err(|_| at(format!("bad LReg `{r}`")))?;
                b.sfpu.lregs[r.min(16)] = lanes(rest).map_err(at)?;
            }
            ["prng", rest @ ..] => b.sfpu.prng = lanes(rest).map_err(at)?,
            ["run", word] => {
                let word = u32::from_str_radix(word, 16).map_err(|e| at(e.to_string()))?;
                for w in [word, SFPNOP, SFPNOP] {
                    b.issue(1, w, &mut l1).map_err(|e| at(e.to_string()))?;
                }
            }
            ["get", r] => {
                let r: usize = r.parse().map_err(|_| at(format!("bad LReg `{r}`")))?;
                let v = b.sfpu.lregs[r.min(16)].map(|x| format!("{x:08x}"));
                writeln!(out, "{}", v.join(" ")).map_err(|e| e.to_string())?;
            }
            _ => return Err(at(format!("unknown line `{line}`"))),
        }
    }
    Ok(())
}

//! Decoupled blocks: the engines that run at the commit of a block whose header asks for one.
//!
//! Manual `04_block_isa.adoc` §"Decoupled blocks" and §"SIMT-style vector blocks",
//! `state/kernel_execution.json`, seed 003 Checks 13-18:
//!
//! * A decoupled header is `BSTART.<type>` followed only by `B.*` descriptors with one
//!   `B.TEXT`; at the header's end the engine runs the out-of-line body at BodyTPC, then the
//!   next block starts at the header continuation. The body ends at its first terminator
//!   (`BSTOP`, `C.BSTOP`, `L.BSTOP` or any block start marker).
//! * A scalar (STD/SYS/FP) decoupled block runs its body once. The body is a linear snippet:
//!   no block markers, templates, branches or descriptors.
//! * MSEQ/MPAR/VSEQ/VPAR replay the body for every lane tuple `(lc0, lc1, lc2)`, `lc0`
//!   fastest, up to LB0, LB1, LB2 (an omitted bound is 1). MSEQ/VSEQ commit lanes in
//!   lexicographic order; MPAR/VPAR may commit in any order equivalent to some interleaving, and
//!   this model uses the same sequential order (notes §10.10: the deterministic choice). Each
//!   replay starts with empty vector and scalar hands and `p` holding only the lane's own bit;
//!   GPR and memory effects carry over from lane to lane.
//! * `ri0..ri11` are the B.IOR sources in header order (RegSrc0, RegSrc1, RegSrc2 within a
//!   descriptor), read when the header completes.
//! * MPAR/MSEQ bodies may branch (B.EQ.., B.Z/B.NZ on `p`, J, JR) within the body; a target
//!   outside it is `E_BLOCK(EC_BFETCH)`. Bridged memory (`.brg`) is legal only in MPAR/MSEQ,
//!   with an `ri*` base; VPAR/VSEQ are tile-only.
//! * `.local` vector loads/stores address the header's tile bases `ta..td/to/ts`
//!   ([`crate::state::local_tiles`]); the block's destination tiles are pushed when it completes.
//! * Tile engine blocks are header-driven: TLOAD/TSTORE/TMOV in [`crate::state::tile`], the
//!   CUBE and TEPL arithmetic in [`crate::exec::tile_ops`].

use crate::engine::code::Body;
use crate::engine::machine::Machine;
use crate::engine::trace::Observer;
use crate::exec::op::Op;
use crate::exec::op::{VMem, VOp};
use crate::exec::scalar::{Flow, compare, load, store};
use crate::exec::tile_ops::{self, TileCtx};
use crate::exec::vector::{self, Dest, KernelEnv, Lane};
use crate::isa::regs::Reg10;
use crate::state::block::BlockType;
use crate::state::error::Fault;
use crate::state::local_tiles::LocalTiles;
use crate::state::tile;
use std::rc::Rc;

/// What the block's engine did, for the timing model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    pub insns: u64,
    pub tile_bytes: u64,
    /// Tile elements computed by a TEPL/CUBE block.
    pub tile_elems: u64,
    /// Physical tiles read / written (bit 32: the accumulator), for the timing model.
    pub tile_reads: u64,
    pub tile_writes: u64,
    pub loads: bool,
    pub stores: bool,
    /// The instruction limit was reached, or a stop requested, during the replays (the run
    /// stops there).
    pub limit_reached: bool,
}

/// Run the engine of the current block, if it has one.
pub fn finish_block<O: Observer>(m: &mut Machine<O>) -> Result<Work, Fault> {
    let ty = m.cpu.barg.block_type;
    let decoupled_scalar = ty.is_scalar() && m.cpu.header.text.is_some() && !m.cpu.payload;
    if !(ty.is_simt() || ty.is_tile_engine() || decoupled_scalar) {
        return Ok(Work::default());
    }
    m.cpu.header.validate(ty)?;
    let tile_reads = tile_inputs(m, ty);
    if ty.is_simt() || decoupled_scalar {
        let w = run_body(m, ty)?;
        return Ok(Work {
            tile_reads,
            tile_writes: tile_outputs(m, ty),
            ..w
        });
    }
    let regs = m.cpu.regs.clone();
    let read = |r: u8| regs.read(r);
    let w = match ty {
        BlockType::Tma { function: 0, dtype } => {
            tile::tload(ty, dtype, &m.cpu.header, &read, &m.mem, &mut m.cpu.tiles)?
        }
        BlockType::Tma { function: 1, dtype } => {
            tile::tstore(ty, dtype, &m.cpu.header, &read, &mut m.mem, &m.cpu.tiles)?
        }
        BlockType::Tma { function: 2, dtype } if m.cpu.header.arg == Some(tile::TMOV_A2V) => {
            tile_ops::cube::a2v(
                &mut TileCtx {
                    block: ty,
                    header: &m.cpu.header,
                    read_reg: &read,
                    tiles: &mut m.cpu.tiles,
                },
                dtype,
            )
            .map_err(|e| tile_ops::name_block(ty, e))?
        }
        BlockType::Tma { function: 2, .. } => {
            tile::tmov(ty, &m.cpu.header, &read, &mut m.cpu.tiles)?
        }
        BlockType::Tma { function, .. } => {
            return Err(tile::TileError::Param(format!(
                "BSTART.{ty}: TMA Function {function} is reserved in v0.4 (0 TLOAD, 1 TSTORE, 2 TMOV)"
            ))
            .into());
        }
        _ => tile_ops::run(&mut TileCtx {
            block: ty,
            header: &m.cpu.header,
            read_reg: &read,
            tiles: &mut m.cpu.tiles,
        })?,
    };
    Ok(Work {
        limit_reached: false,
        insns: 0,
        tile_bytes: w.bytes,
        tile_elems: w.elems,
        tile_reads,
        tile_writes: tile_outputs(m, ty),
        loads: w.loads,
        stores: w.stores,
    })
}

/// Bit of the accumulator in the tile masks.
const ACC_BIT: u64 = 1 << 32;

/// The physical tiles a block's header reads (TMATMUL.ACC and ACCCVT also read the accumulator).
fn tile_inputs<O: Observer>(m: &Machine<O>, ty: BlockType) -> u64 {
    let h = &m.cpu.header;
    let mut bits = h
        .iots
        .iter()
        .flat_map(|d| d.srcs)
        .flatten()
        .fold(0u64, |b, id| b | 1 << m.cpu.tiles.physical(id));
    let a2v = matches!(ty, BlockType::Tma { function: 2, .. }) && h.arg == Some(tile::TMOV_A2V);
    if a2v
        || matches!(
            ty,
            BlockType::Cube {
                function: 2 | 8,
                ..
            }
        )
    {
        bits |= ACC_BIT;
    }
    bits
}

/// The physical tiles a completed block wrote: the new `#1` of each destination hand.
fn tile_outputs<O: Observer>(m: &Machine<O>, ty: BlockType) -> u64 {
    let mut bits = 0;
    for d in &m.cpu.header.iots {
        bits |= match d.dst {
            Some(crate::state::header::DstKind::Hand(h)) => 1 << m.cpu.tiles.physical(h * 8),
            Some(crate::state::header::DstKind::Acc) => ACC_BIT,
            None => 0,
        };
    }
    if matches!(
        ty,
        BlockType::Cube {
            function: 0 | 2,
            ..
        }
    ) {
        bits |= ACC_BIT;
    }
    bits
}

/// Run a B.TEXT body: once for a scalar block, per lane for a SIMT block.
fn run_body<O: Observer>(m: &mut Machine<O>, ty: BlockType) -> Result<Work, Fault> {
    let text = m.cpu.header.text.unwrap_or(0);
    if !text.is_multiple_of(2) {
        return Err(Fault::Illegal(format!(
            "E_BLOCK(EC_BFETCH): B.TEXT body {text:#x} is not 2-byte aligned"
        )));
    }
    let body = m.body_at(text)?;
    let mut env = KernelEnv::default();
    let srcs = m.cpu.header.iors.iter().flat_map(|d| d.srcs);
    for (slot, code) in env.ri.iter_mut().zip(srcs.filter(|&c| c != 0)) {
        *slot = m.cpu.regs.read(code);
    }
    let lanes: [u64; 3] = if ty.is_simt() {
        [0, 1, 2].map(|n| m.cpu.header.lb(n))
    } else {
        [1, 1, 1]
    };
    env.lb = lanes;
    let mut local = if ty.is_simt() {
        let regs = &m.cpu.regs;
        LocalTiles::bind(ty, &m.cpu.header, &m.cpu.tiles, &|r| regs.read(r))?
    } else {
        LocalTiles::default()
    };
    let mut work = Work::default();
    let saved_hands = (m.cpu.regs.t, m.cpu.regs.u);
    // An empty body does nothing in any lane, so the lanes are not walked: their count comes
    // from registers (up to 2^64 a dimension) and no instruction would ever reach the limit.
    let lanes = if body.ops.is_empty() { [0; 3] } else { lanes };
    'lanes: for lc2 in 0..lanes[2].max(1) {
        for lc1 in 0..lanes[1].max(1) {
            if m.stop.requested().is_some() {
                work.limit_reached = true;
                break 'lanes;
            }
            for lc0 in 0..lanes[0] {
                let mut lane = Lane {
                    lc: [lc0, lc1, lc2],
                    ..Lane::default()
                };
                lane.p = 1 << (lc0 % 64);
                m.cpu.ssr.lc = lane.lc;
                m.cpu.regs.reset_hands();
                let mut k = Kernel {
                    ty,
                    pc: text,
                    env: &env,
                    lane: &mut lane,
                    local: &mut local,
                    work: &mut work,
                };
                run_lane(m, &body, &mut k).map_err(|fault| Fault::InBody {
                    pc: k.pc,
                    lane: [lc0, lc1, lc2],
                    fault: Box::new(fault),
                })?;
                if work.limit_reached || m.stop.requested().is_some() {
                    work.limit_reached = true;
                    break 'lanes;
                }
            }
        }
    }
    (m.cpu.regs.t, m.cpu.regs.u) = saved_hands;
    work.tile_bytes += local.commit(&mut m.cpu.tiles);
    Ok(work)
}

/// One replay of a body: the block's kernel environment and this lane's state.
struct Kernel<'a> {
    ty: BlockType,
    /// The body instruction being run (for error locations).
    pc: u64,
    env: &'a KernelEnv,
    lane: &'a mut Lane,
    local: &'a mut LocalTiles,
    work: &'a mut Work,
}

fn run_lane<O: Observer>(m: &mut Machine<O>, body: &Rc<Body>, k: &mut Kernel) -> Result<(), Fault> {
    let ty = k.ty;
    let kernel = matches!(ty, BlockType::Mpar | BlockType::Mseq);
    let mut i = 0;
    while i < body.ops.len() {
        let op = body.ops[i];
        let pc = body.pcs[i];
        k.pc = pc;
        // LB* come from registers and kernel bodies may loop: the instruction limit must
        // stop a runaway replay.
        if m.cfg.max_insns.is_some_and(|l| m.cpu.insns >= l) {
            k.work.limit_reached = true;
            return Ok(());
        }
        m.cpu.insns += 1;
        k.work.insns += 1;
        let branch = |target: u64| -> Result<usize, Fault> {
            body.index_of(target).ok_or_else(|| {
                Fault::Illegal(format!(
                    "E_BLOCK(EC_BFETCH): in-body branch target {target:#x} is outside the body"
                ))
            })
        };
        let need_kernel = |what: &str| -> Result<(), Fault> {
            if kernel {
                Ok(())
            } else {
                Err(Fault::Illegal(format!(
                    "{what} in a {ty} body (only MPAR/MSEQ kernel bodies may branch)"
                )))
            }
        };
        match op {
            Op::Branch { cc, a, b, target } => {
                need_kernel("branch")?;
                if compare(cc, m.cpu.regs.read(a), m.cpu.regs.read(b)) {
                    i = branch(target)?;
                    continue;
                }
            }
            Op::BranchP { nonzero, target } => {
                need_kernel("branch")?;
                if (k.lane.p != 0) == nonzero {
                    i = branch(target)?;
                    continue;
                }
            }
            Op::Jump { target } => {
                need_kernel("jump")?;
                i = branch(target)?;
                continue;
            }
            Op::JumpReg { a, off } => {
                need_kernel("jump")?;
                i = branch(m.cpu.regs.read(a).wrapping_add(off as u64))?;
                continue;
            }
            Op::Vec(v) => vector_op(m, &v, k)?,
            Op::Desc(_) | Op::Template { .. } | Op::BlockStart { .. } | Op::Bstop => {
                return Err(Fault::Illegal(
                    "block descriptor or marker inside a decoupled body".into(),
                ));
            }
            Op::Acrc { .. } => {
                return Err(Fault::Illegal("ACRC inside a decoupled body".into()));
            }
            Op::Unsupported(_) | Op::Invalid => {
                let name = body.decoded[i]
                    .map(|d| d.form.info().mnemonic.to_string())
                    .unwrap_or_else(|| format!("at {pc:#x}"));
                return Err(Fault::Unimplemented(name));
            }
            _ => {
                if matches!(op, Op::Load { .. } | Op::Store { .. }) && kernel {
                    // manual 09 §MTC: scalar BCC memory issue is closed while a kernel runs.
                    return Err(Fault::Illegal(
                        "scalar load/store inside a kernel body (use the bridged l.*.brg/v.*.brg forms)"
                            .into(),
                    ));
                }
                match m.cpu.exec(&op, pc, &mut m.mem, &mut m.process)? {
                    Flow::Next => {}
                    _ => return Err(Fault::Illegal("exit inside a decoupled body".into())),
                }
            }
        }
        i += 1;
    }
    Ok(())
}

fn vector_op<O: Observer>(m: &mut Machine<O>, v: &VOp, k: &mut Kernel) -> Result<(), Fault> {
    let ty = k.ty;
    if !ty.is_simt() {
        return Err(Fault::Illegal(format!("vector instruction in a {ty} body")));
    }
    let regs = m.cpu.regs.clone();
    let scalar = |code: u8| regs.read(code);
    if let Some(mem) = v.mem {
        return vector_mem(m, v, mem, k);
    }
    let (env, lane) = (k.env, &mut *k.lane);
    if let Some(value) = vector::alu(v, lane, env, &scalar)? {
        write_dest(m, v.dst, value, lane);
        return Ok(());
    }
    let x = vector::read(v.a, lane, env, &scalar);
    match v.form {
        crate::isa::Form::VCsel => {
            let p = vector::read(v.d, lane, env, &scalar);
            let (l, r) = (x, vector::read(v.b, lane, env, &scalar));
            // Same operand order as the scalar CSEL (see `lower.rs`): compat picks SrcR.
            let pick = if m.cfg.cfi == crate::state::block::CfiMode::Compat {
                if p != 0 { r } else { l }
            } else if p != 0 {
                l
            } else {
                r
            };
            write_dest(m, v.dst, pick, lane);
        }
        f if vector::fp_fn(f).is_some() && !vector::is_fp_reduction(f) => {
            let (b, c) = (
                vector::read(v.b, lane, env, &scalar),
                vector::read(v.d, lane, env, &scalar),
            );
            let r = fp_element(m, f, v.a, x, b, c, lane)?;
            write_dest(m, v.dst, r, lane);
        }
        f => {
            let Some(code) = (match vector::dest(v.dst) {
                Dest::Scalar(c) => Some(c),
                _ => None,
            }) else {
                return Err(Fault::Unimplemented(format!(
                    "{} (vector op not modelled)",
                    f.info().mnemonic
                )));
            };
            // V.RD*: MSEQ reduces in lexical lane order (manual 04 §V.RD*): fold this lane's
            // value into the scalar destination's current value.
            let acc = m.cpu.regs.read(if code == 31 {
                24
            } else if code == 30 {
                28
            } else {
                code
            });
            if vector::is_fp_reduction(f) {
                let r = fp_element(m, f, v.a, acc, x, 0, lane)?;
                if lane.active() {
                    m.cpu.regs.write(code, r);
                }
                return Ok(());
            }
            let Some(r) = vector::reduce(f, acc, x) else {
                return Err(Fault::Unimplemented(format!(
                    "{} (vector op not modelled)",
                    f.info().mnemonic
                )));
            };
            if lane.active() {
                m.cpu.regs.write(code, r);
            }
        }
    }
    Ok(())
}

/// One lane's `V.F*` element operation: the type is the first source's RegId10 width (`fd`,
/// `fs`, `fh`; manual 05b), rounding from FCSR; an active lane's exception flags accrue in FCSR.
fn fp_element<O: Observer>(
    m: &mut Machine<O>,
    f: crate::isa::Form,
    type_code: u16,
    a: u64,
    b: u64,
    c: u64,
    lane: &Lane,
) -> Result<u64, Fault> {
    let ty = Reg10::from_code(type_code);
    if ty.signed {
        return Err(Fault::Illegal(format!(
            "{}: RegId10 type bit t=1 is reserved for floating-point operands (manual 05b)",
            f.info().mnemonic
        )));
    }
    let Some(fpu) = vector::fp_fn(f) else {
        return Err(Fault::Unimplemented(f.info().mnemonic.into()));
    };
    let (r, flags) = crate::exec::fp::exec_elem(fpu, ty.width, a, b, c, m.cpu.fcsr)?;
    if lane.active() {
        m.cpu.fcsr |= flags;
    }
    Ok(r)
}

fn write_dest<O: Observer>(m: &mut Machine<O>, code: u16, value: u64, lane: &mut Lane) {
    match vector::dest(code) {
        // A mask producer writes this lane's bit (inactive lanes clear it: they keep 0).
        Dest::Mask => {
            let bit = 1 << (lane.lc[0] % 64);
            lane.p = if value != 0 && lane.p & bit != 0 {
                lane.p | bit
            } else {
                lane.p & !bit
            };
        }
        // Inactive lanes keep their old value (merge policy).
        _ if !lane.active() => {}
        Dest::Vector(h) => lane.push(h, value),
        Dest::Scalar(c) => m.cpu.regs.write(c, value),
        Dest::None => {}
    }
}

fn vector_mem<O: Observer>(
    m: &mut Machine<O>,
    v: &VOp,
    mem: VMem,
    k: &mut Kernel,
) -> Result<(), Fault> {
    let (ty, env) = (k.ty, k.env);
    let regs = m.cpu.regs.clone();
    let scalar = |code: u8| regs.read(code);
    // Loads: `[SrcL, lc0<<k, SrcR<<shamt]` or `[SrcL, lc0<<k, simm]`; stores put the value in
    // SrcD (register offset) or SrcL (immediate offset, base in SrcR).
    let (base_code, value_code, index_code) = match (mem.store, mem.reg) {
        (true, true) => (v.a, v.d, Some(v.b)),
        (true, false) => (v.b, v.a, None),
        (false, true) => (v.a, 0, Some(v.b)),
        (false, false) => (v.a, 0, None),
    };
    let base = Reg10::from_code(base_code);
    if mem.bridged && !matches!(ty, BlockType::Mpar | BlockType::Mseq) {
        return Err(Fault::Illegal(format!(
            "bridged (.brg) memory access in a {ty} body: only MPAR/MSEQ may access memory"
        )));
    }
    if mem.bridged && (base.class != 1 || base.index > 11) {
        return Err(Fault::Illegal(
            ".brg access must use an ri* base (manual 04 §kernel memory bridge)".into(),
        ));
    }
    let lane = &mut *k.lane;
    // A tile base reads as offset 0 into its tile.
    let mut addr = if mem.bridged {
        vector::read(base_code, lane, env, &scalar)
    } else {
        0
    };
    if v.lane {
        addr = addr.wrapping_add(lane.lc[0] << mem.log2);
    }
    addr = match index_code {
        Some(ix) => {
            let shift = u32::from(v.shamt)
                + if mem.store && !mem.unscaled {
                    u32::from(mem.log2)
                } else {
                    0
                };
            addr.wrapping_add(vector::read(ix, lane, env, &scalar).wrapping_shl(shift))
        }
        None => addr.wrapping_add(v.imm as i64 as u64),
    };
    if !lane.active() {
        return Ok(());
    }
    let fmt = crate::exec::op::MemFmt {
        log2: mem.log2,
        signed: mem.signed,
    };
    if mem.store {
        let value = vector::read(value_code, lane, env, &scalar);
        if mem.bridged {
            store(&mut m.mem, mem.log2, addr, value)?;
            k.work.stores = true;
        } else {
            k.local.store(base_code, addr, mem.log2, value)?;
        }
    } else {
        let value = if mem.bridged {
            k.work.loads = true;
            load(&m.mem, fmt, addr)?
        } else {
            let raw = k.local.load(base_code, addr, mem.log2)?;
            if fmt.signed {
                crate::exec::alu::sext(raw, 8 << mem.log2)
            } else {
                raw
            }
        };
        write_dest(m, v.dst, value, lane);
    }
    Ok(())
}

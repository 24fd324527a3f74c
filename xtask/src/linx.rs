//! Generator for the Linx v0.4 instruction tables (`crates/linx/src/isa/generated.rs`) from the
//! vendored catalog `data/linx/linxisa-v0.4.json` (BSD-3-Clause, see `data/linx/LICENSE`).
//!
//! What the catalog gives directly: per form the mask/match, the bit pieces of every field and
//! the assembly template. What it omits and this generator adds, with the rule's source:
//! - the operand scaling (notes `linx.md` §2.3, the Sail model in `isa/sail/model/execute`,
//!   checked against the LLVM-built binaries): immediate load/store offsets scale by the
//!   access size, `.U` forms do not, stores with a register offset shift the index by
//!   log2(size), PC-relative loads/stores (`*.PCR`) count bytes, block/branch targets and
//!   SETRET offsets count halfwords, LUI/ADDTPC count pages (`fields.rs`);
//! - the signedness of `imm*` fields the catalog leaves open (`fields.rs`);
//! - the decode priority of overlapping encodings (most specific mask wins; identical
//!   encodings are ordered by `PREFERRED` below), checked here and listed in the output;
//! - the assembly syntax: the template is turned into printing/parsing tokens; catalog fields
//!   the template does not show are printed as trailing `name=value` operands (`syntax.rs`);
//! - forms the catalog lacks but real code uses (`extensions`).

use anyhow::{Context, bail, ensure};
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;

mod emit;
mod fields;
mod syntax;

use emit::emit;
use fields::{access_bytes, read_fields};
use syntax::{printed_mnemonic, split_mnemonic, template_tokens};

/// Where the catalog is vendored and where the output goes.
pub const CATALOG: &str = "data/linx/linxisa-v0.4.json";
pub const OUTPUT: &str = "crates/linx/src/isa/generated.rs";

/// Forms whose encodings are identical: the first named wins decoding, the other stays an
/// assembler spelling. `BSTART.PAR` is the legacy name of `BSTART.TEPL` (notes §2.3).
const PREFERRED: &[(&str, &str)] = &[("BSTART.TEPL", "BSTART.PAR")];

/// Number of bucket-key bits per length (16, 32, 48, 64): the decoder dispatches on these.
const KEY_BITS: [usize; 4] = [8, 10, 10, 10];

pub fn generate(root: &Path) -> anyhow::Result<String> {
    let text = std::fs::read_to_string(root.join(CATALOG)).with_context(|| CATALOG.to_string())?;
    generate_from(&text)
}

#[derive(Clone, Debug)]
struct Piece {
    lsb: u32,
    width: u32,
    vlsb: u32,
}

#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Reg,
    Dst,
    Imm,
    PcRel,
    Flag,
}

#[derive(Clone, Debug)]
struct Field {
    name: String,
    pieces: Vec<Piece>,
    signed: bool,
    scale: u32,
    kind: Kind,
    /// The printed value is the raw field (not scaled): LUI/ADDTPC page counts.
    print_raw: bool,
    /// PC-relative from this many bytes past the instruction's start (fused call headers:
    /// the return offset counts from the embedded C.SETRET; notes §2.3).
    pc_bias: u32,
}

impl Field {
    fn value_bits(&self) -> u32 {
        self.pieces
            .iter()
            .map(|p| p.vlsb + p.width)
            .max()
            .unwrap_or(0)
    }
}

#[derive(Debug)]
enum Tok {
    Lit(String),
    Reg(usize),
    Dst(usize),
    Imm(usize),
    Target(usize),
    OptTarget(usize),
    Index {
        reg: usize,
        ty: Option<usize>,
        shamt: Option<usize>,
        fixed: u32,
    },
    BrType(usize),
    Named(usize),
    Lane(usize, String),
    LoopDst(usize),
    RegList(Vec<usize>),
    Tiles([usize; 6]),
    TileDst(usize, usize),
    DataType(usize),
}

struct Form {
    variant: String,
    mnemonic: String,
    asm: String,
    text: String,
    bytes: u32,
    mask: u64,
    matches: u64,
    fields: Vec<Field>,
    toks: Vec<Tok>,
    mem_bytes: u32,
    index_shift: u32,
    decodable: bool,
}

fn hex(v: &Value) -> anyhow::Result<u64> {
    let s = v.as_str().context("mask/match is not a string")?;
    Ok(u64::from_str_radix(s.trim_start_matches("0x"), 16)?)
}

fn camel(s: &str) -> String {
    let mut out = String::new();
    let mut up = true;
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            if up {
                out.push(c.to_ascii_uppercase());
            } else {
                out.push(c.to_ascii_lowercase());
            }
            up = false;
        } else {
            up = true;
        }
    }
    out
}

pub fn generate_from(text: &str) -> anyhow::Result<String> {
    let json: Value = serde_json::from_str(text)?;
    let list = json["instructions"].as_array().context("instructions")?;
    ensure!(
        list.len() == 740,
        "expected 740 forms, found {}",
        list.len()
    );
    let mut forms = Vec::new();
    for ins in list {
        let mnemonic = ins["mnemonic"].as_str().context("mnemonic")?.to_string();
        let asm = ins["asm"].as_str().context("asm")?.to_string();
        let group = ins["group"].as_str().unwrap_or("");
        let bytes = ins["length_bits"].as_u64().context("length")? as u32 / 8;
        let parts = ins["encoding"]["parts"].as_array().context("parts")?;
        let (mut mask, mut matches, mut shift) = (0u64, 0u64, 0u32);
        for p in parts {
            mask |= hex(&p["mask"])? << shift;
            matches |= hex(&p["match"])? << shift;
            shift += p["width_bits"].as_u64().context("width")? as u32;
        }
        let (fields, index_shift) = read_fields(ins, &mnemonic, group)?;
        let (word, ops) = split_mnemonic(&asm);
        let text = printed_mnemonic(&mnemonic, &word, &asm);
        let toks = template_tokens(&fields, &mnemonic, &ops);
        // The length rule (notes §2.1) applied to the form's own first halfword.
        let hw = matches & 0xffff;
        let rule_len = match (hw & 1, hw & 0xf) {
            (0, 0xe) => 6,
            (0, _) => 2,
            (1, 0xf) => 8,
            _ => 4,
        };
        forms.push(Form {
            variant: String::new(),
            mem_bytes: access_bytes(&mnemonic, group),
            mnemonic,
            asm,
            text,
            bytes,
            mask,
            matches,
            fields,
            toks,
            index_shift,
            decodable: rule_len == bytes,
        });
    }
    forms.extend(extensions());
    name_variants(&mut forms)?;
    let order = decode_order(&forms)?;
    emit(&forms, &order)
}

/// Forms real v0.4 code uses that the catalog lacks, appended after the 740 catalog forms.
/// `L.BSTOP` (64-bit `0000000f 00000001`: a V-prefix on BSTOP) ends the LLVM-built vector
/// kernel bodies of linx-isa `docs/reference/examples/v0.4/curated/linxisa-v0.4-normalized.asm`
/// (printed there as `C.BSTOP`); QEMU decodes it as `l_bstop` (target/linx/insn64.decode).
/// It ends a block exactly like BSTOP.
fn extensions() -> Vec<Form> {
    vec![Form {
        variant: String::new(),
        mnemonic: "L.BSTOP".into(),
        asm: "L.BSTOP".into(),
        text: "L.BSTOP".into(),
        bytes: 8,
        mask: u64::MAX,
        matches: 0x0000_0001_0000_000f,
        fields: Vec::new(),
        toks: Vec::new(),
        mem_bytes: 0,
        index_shift: 0,
        decodable: true,
    }]
}

/// Enum variant names: the mnemonic in CamelCase, disambiguated by the template's first
/// operand word, then by length.
fn name_variants(forms: &mut [Form]) -> anyhow::Result<()> {
    let mut count: HashMap<String, usize> = HashMap::new();
    for f in forms.iter() {
        *count.entry(camel(&f.mnemonic)).or_default() += 1;
    }
    for f in forms.iter_mut() {
        let base = camel(&f.mnemonic);
        f.variant = if count[&base] > 1 {
            let (_, ops) = split_mnemonic(&f.asm);
            let first = ops
                .split([',', '<', ' ', '[', '{'])
                .find(|w| !w.is_empty())
                .unwrap_or("");
            format!("{base}{}", camel(first))
        } else {
            base
        };
    }
    let mut seen: HashMap<String, usize> = HashMap::new();
    for f in forms.iter_mut() {
        let n = seen.entry(f.variant.clone()).or_default();
        *n += 1;
        if *n > 1 {
            f.variant = format!("{}{}", f.variant, n);
        }
    }
    let mut all: Vec<_> = forms.iter().map(|f| f.variant.clone()).collect();
    all.sort();
    all.dedup();
    ensure!(all.len() == forms.len(), "variant names collide");
    Ok(())
}

/// Decode priority: more mask bits first; identical encodings by `PREFERRED`. Fails on any
/// overlap this order does not settle.
fn decode_order(forms: &[Form]) -> anyhow::Result<Vec<usize>> {
    let rank = |f: &Form| {
        PREFERRED
            .iter()
            .position(|(w, l)| *w == f.mnemonic || *l == f.mnemonic)
            .map(|p| if PREFERRED[p].0 == f.mnemonic { 0 } else { 1 })
            .unwrap_or(0)
    };
    let mut order: Vec<usize> = (0..forms.len()).filter(|&i| forms[i].decodable).collect();
    order.sort_by_key(|&i| {
        (
            std::cmp::Reverse(forms[i].mask.count_ones()),
            rank(&forms[i]),
            i,
        )
    });
    for (a, &i) in order.iter().enumerate() {
        for &j in &order[a + 1..] {
            let (x, y) = (&forms[i], &forms[j]);
            if x.bytes == y.bytes
                && (x.matches ^ y.matches) & x.mask & y.mask == 0
                && x.mask == y.mask
                && rank(x) == rank(y)
            {
                bail!("{} and {} have the same encoding", x.mnemonic, y.mnemonic);
            }
        }
    }
    Ok(order)
}

fn overlaps(forms: &[Form], order: &[usize]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (a, &i) in order.iter().enumerate() {
        for &j in &order[a + 1..] {
            let (x, y) = (&forms[i], &forms[j]);
            if x.bytes == y.bytes && (x.matches ^ y.matches) & x.mask & y.mask == 0 {
                out.push((i, j));
            }
        }
    }
    out
}

/// The bits each length dispatches on: chosen greedily, each step adding the bit that makes
/// the largest bucket (then all buckets together) smallest.
fn key_bits(forms: &[Form], bytes: u32, n: usize) -> Vec<u32> {
    let set: Vec<&Form> = forms
        .iter()
        .filter(|f| f.bytes == bytes && f.decodable)
        .collect();
    let mut chosen: Vec<u32> = Vec::new();
    for _ in 0..n {
        let mut best: Option<((usize, usize), u32)> = None;
        for b in 0..bytes * 8 {
            if chosen.contains(&b) {
                continue;
            }
            let mut bits = chosen.clone();
            bits.push(b);
            let sizes = bucket_sizes(&set, &bits);
            let cost = (
                sizes.iter().copied().max().unwrap_or(0),
                sizes.iter().sum::<usize>(),
            );
            if best.is_none_or(|(c, _)| cost < c) {
                best = Some((cost, b));
            }
        }
        if let Some((_, b)) = best {
            chosen.push(b);
        }
    }
    chosen.sort();
    chosen
}

fn fits(f: &Form, bits: &[u32], k: usize) -> bool {
    bits.iter()
        .enumerate()
        .all(|(j, &b)| f.mask >> b & 1 == 0 || (f.matches >> b & 1) as usize == (k >> j & 1))
}

fn bucket_sizes(set: &[&Form], bits: &[u32]) -> Vec<usize> {
    (0..1usize << bits.len())
        .map(|k| set.iter().filter(|f| fits(f, bits, k)).count())
        .collect()
}

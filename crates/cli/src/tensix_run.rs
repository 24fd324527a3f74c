//! `macrosim tensix run MANIFEST.toml`: load the cores' ELFs and the inputs into a tile, run
//! it, compare and dump the outputs (coord/TILE_CONTRACT.md gives the manifest).

use crate::{files, out, stop};
use anyhow::{Context as _, Result, anyhow, bail};
use cpu_time::ThreadTime;
use macrosim_core::timeline::NoTimeline;
use macrosim_tensix::formats::{self, Fmt};
use macrosim_tensix::isa::IsaTable;
use macrosim_tensix::tile::timed::TimingParams;
use macrosim_tensix::tile::{CORE_NAMES, L1_SIZE, Stats, Tile, TileError};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;
use toml_edit::{Document, Item};

/// `println!` that hands a write error back (a closed pipe then ends the command quietly, as
/// `out::fail` does for every verb) instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {
        writeln!(std::io::stdout().lock(), $($arg)*)?
    };
}

#[derive(clap::Args)]
pub struct RunArgs {
    /// The manifest (TOML) naming the cores' ELFs, inputs and outputs
    manifest: PathBuf,
    /// Stop after this many cycles (overrides the manifest's max_cycles)
    #[arg(long)]
    max_cycles: Option<u64>,
    /// Print instructions per core, Tensix instructions per unit and cycles
    #[arg(long)]
    stats: bool,
    /// Write every output as DIR/NAME.txt (float text), DIR/NAME.npy (float32) and DIR/NAME.bin
    /// (raw L1 bytes)
    #[arg(long)]
    dump: Option<PathBuf>,
    /// Run the kernel this many times, each run after the first on the loaded tile restored
    /// as it was before the first (a benchmark; --stats reports the first run's speed and the
    /// other runs')
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    repeat: u32,
    /// Stop after this many seconds of wall-clock time (exit status 124), reporting where the
    /// cores were; Ctrl-C stops the same way with exit status 130.
    #[arg(long, value_name = "SECONDS", value_parser = stop::parse_seconds)]
    timeout: Option<f64>,
    /// Run the cycle model: the same results, timed; `--stats` adds its report
    #[arg(long)]
    timing: bool,
    /// With --timing: a TOML file overriding the cycle model's parameters (field names of
    /// `TimingParams`)
    #[arg(long, value_name = "FILE", requires = "timing")]
    timing_params: Option<PathBuf>,
    /// With --timing: write one track per backend unit and per thread's Wait Gate to FILE
    /// (.json, .json.gz or .html)
    #[arg(long, value_name = "FILE", requires = "timing")]
    timeline: Option<PathBuf>,
    /// Wait for GDB on ADDR:PORT (e.g. 127.0.0.1:1234) and run under its control; each started
    /// core is a GDB thread (1 trisc0, 2 trisc1, 3 trisc2, 4 brisc)
    #[arg(long, value_name = "ADDR:PORT", conflicts_with_all = ["repeat", "timing"])]
    gdb: Option<String>,
}

struct Matrix {
    name: String,
    addr: u32,
    fmt: Fmt,
    tiles: bool,
    rows: usize,
    cols: usize,
    file: Option<PathBuf>,
    tolerance: f64,
}

pub(crate) struct Manifest {
    cores: Vec<(usize, PathBuf)>,
    max_cycles: Option<u64>,
    inputs: Vec<Matrix>,
    raw_inputs: Vec<(u32, PathBuf)>,
    outputs: Vec<Matrix>,
    raw_outputs: Vec<RawOutput>,
}

/// An output compared as raw bytes (`bytes = N`, no `format`).
struct RawOutput {
    name: String,
    addr: u32,
    bytes: usize,
    expect: Option<PathBuf>,
}

fn line_of(text: &str, item: &Item) -> usize {
    item.span()
        .map_or(0, |s| text[..s.start].matches('\n').count() + 1)
}

pub(crate) fn parse_manifest(path: &Path) -> Result<Manifest> {
    let text = files::read_text(path, false)?;
    let doc = Document::parse(text.as_str()).map_err(|e| {
        let line = e
            .span()
            .map_or(0, |s| text[..s.start].matches('\n').count() + 1);
        anyhow!("{}:{line}: {}", path.display(), e.message())
    })?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let at =
        |item: &Item, what: String| anyhow!("{}:{}: {what}", path.display(), line_of(&text, item));
    let root = doc.as_table();
    if let Some(a) = root.get("arch")
        && a.as_str() != Some("wh")
    {
        bail!(at(
            a,
            "arch: only \"wh\" (Wormhole B0) runs on the tile model".into()
        ));
    }
    let max_cycles = match root.get("max_cycles") {
        Some(i) => Some(
            i.as_integer()
                .and_then(|v| u64::try_from(v).ok())
                .ok_or_else(|| at(i, "max_cycles must be a non-negative integer".into()))?,
        ),
        None => None,
    };
    let mut cores = Vec::new();
    if let Some(c) = root.get("cores") {
        let t = c
            .as_table()
            .ok_or_else(|| at(c, "[cores] must be a table".into()))?;
        for (k, v) in t.iter() {
            let idx = CORE_NAMES.iter().position(|n| *n == k).ok_or_else(|| {
                at(
                    v,
                    format!("unknown core `{k}` (trisc0, trisc1, trisc2, brisc)"),
                )
            })?;
            let f = v
                .as_str()
                .ok_or_else(|| at(v, format!("{k} must be a path string")))?;
            cores.push((idx, dir.join(f)));
        }
    }
    let mut inputs = Vec::new();
    let mut raw_inputs = Vec::new();
    let mut outputs = Vec::new();
    let mut raw_outputs = Vec::new();
    for (key, list) in [("input", 0), ("output", 1)] {
        let Some(item) = root.get(key) else { continue };
        let arr = item
            .as_array_of_tables()
            .ok_or_else(|| at(item, format!("`{key}` must be [[{key}]] tables")))?;
        for t in arr.iter() {
            let here = |what: String| {
                let line = t
                    .span()
                    .map_or(0, |s| text[..s.start].matches('\n').count() + 1);
                anyhow!("{}:{line}: [[{key}]]: {what}", path.display())
            };
            let get_str = |k: &str| t.get(k).and_then(|v| v.as_str()).map(str::to_owned);
            let get_int = |k: &str| t.get(k).and_then(|v| v.as_integer());
            let name = get_str("name").ok_or_else(|| here("missing `name`".into()))?;
            // `--dump DIR` writes DIR/NAME.txt: a name is one plain file name, never a path.
            if name.is_empty()
                || name.starts_with('.')
                || !name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
            {
                return Err(here(format!(
                    "name {name:?}: letters, digits, `_`, `-` and `.` only, not first"
                )));
            }
            let addr = get_int("addr")
                .and_then(|a| u32::try_from(a).ok())
                .ok_or_else(|| here(format!("{name}: missing or bad `addr`")))?;
            let in_l1 = |bytes: usize| {
                if u64::from(addr) + bytes as u64 > u64::from(L1_SIZE) {
                    return Err(here(format!(
                        "{name}: {bytes} bytes at {addr:#x} do not fit in L1 ({} KiB)",
                        L1_SIZE >> 10
                    )));
                }
                Ok(())
            };
            let file = get_str(if list == 0 { "file" } else { "expect" }).map(|f| dir.join(f));
            let Some(fs) = get_str("format") else {
                if list == 0 {
                    raw_inputs.push((
                        addr,
                        file.ok_or_else(|| here(format!("{name}: missing `file`")))?,
                    ));
                    continue;
                }
                let bytes = get_int("bytes")
                    .and_then(|v| usize::try_from(v).ok())
                    .filter(|&v| v > 0)
                    .ok_or_else(|| here(format!("{name}: give `format` or `bytes`")))?;
                in_l1(bytes)?;
                raw_outputs.push(RawOutput {
                    name,
                    addr,
                    bytes,
                    expect: file,
                });
                continue;
            };
            let fmt = Fmt::parse(&fs).ok_or_else(|| {
                here(format!(
                    "{name}: format `{fs}` is not supported (fp32, tf32, bf16, fp16, int32, bfp8, bfp4)"
                ))
            })?;
            let layout = get_str("layout").unwrap_or_else(|| "rows".into());
            let tiles = match layout.as_str() {
                "tiles" => true,
                "rows" => false,
                l => return Err(here(format!("{name}: layout `{l}` (tiles or rows)"))),
            };
            let dim = |k: &str| {
                get_int(k)
                    .and_then(|v| usize::try_from(v).ok())
                    .filter(|&v| v > 0)
            };
            let (rows, cols) = (
                dim("rows").ok_or_else(|| here(format!("{name}: missing `rows`")))?,
                dim("cols").ok_or_else(|| here(format!("{name}: missing `cols`")))?,
            );
            // Every format holds a value in at least half a byte, so a matrix that fits in L1
            // has fewer than 2 * L1_SIZE values (and its byte length cannot overflow).
            match rows.checked_mul(cols) {
                Some(n) if n < 2 * L1_SIZE as usize => in_l1(formats::byte_len(fmt, rows, cols))?,
                _ => {
                    return Err(here(format!(
                        "{name}: {rows}x{cols} does not fit in L1 ({} KiB)",
                        L1_SIZE >> 10
                    )));
                }
            }
            if (tiles || fmt.is_bfp()) && (!tiles || rows % 32 != 0 || cols % 32 != 0) {
                return Err(here(format!(
                    "{name}: the tiles layout (required for bfp8 and bfp4) needs rows and cols multiples of 32"
                )));
            }
            let tolerance = t
                .get("tolerance")
                .and_then(|v| v.as_float().or(v.as_integer().map(|i| i as f64)))
                .unwrap_or(0.0);
            if list == 0 && file.is_none() {
                return Err(here(format!("{name}: missing `file`")));
            }
            let m = Matrix {
                name,
                addr,
                fmt,
                tiles,
                rows,
                cols,
                file,
                tolerance,
            };
            if list == 0 {
                inputs.push(m)
            } else {
                outputs.push(m)
            }
        }
    }
    Ok(Manifest {
        cores,
        max_cycles,
        inputs,
        raw_inputs,
        outputs,
        raw_outputs,
    })
}

/// Whitespace-separated numbers, `#` comment lines skipped; a `.npy` file is read as numpy's
/// format (see `tensix_npy`).
fn read_values(path: &Path) -> Result<Vec<f64>> {
    if path.extension().is_some_and(|e| e == "npy") {
        let bytes = files::read(path, false)?;
        return crate::tensix_npy::parse(&bytes).map_err(|e| anyhow!("{}: {e}", path.display()));
    }
    let text = files::read_text(path, false)?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        for tok in line.split_whitespace() {
            out.push(
                tok.parse::<f64>().map_err(|_| {
                    anyhow!("{}:{}: `{tok}` is not a number", path.display(), n + 1)
                })?,
            );
        }
    }
    Ok(out)
}

impl Manifest {
    /// Every file the manifest names (cores, inputs, expected outputs).
    fn files(&self) -> Vec<&Path> {
        let cores = self.cores.iter().map(|(_, p)| p);
        let raw = self.raw_inputs.iter().map(|(_, p)| p);
        let matrices = self.inputs.iter().chain(&self.outputs).map(|m| &m.file);
        let expected = self.raw_outputs.iter().map(|r| &r.expect);
        let named = matrices.chain(expected).flatten();
        cores
            .chain(raw)
            .chain(named)
            .map(PathBuf::as_path)
            .collect()
    }
}

/// `--dump DIR`: write DIR/NAME.EXT, refusing a file that is one of the run's inputs (issue 13).
fn dump(dir: &Path, name: &str, ext: &str, bytes: &[u8], inputs: &[&Path]) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("{}: cannot create", dir.display()))?;
    let path = dir.join(format!("{name}.{ext}"));
    files::check_output(&path, inputs)?;
    std::fs::write(&path, bytes).with_context(|| format!("{}: cannot write", path.display()))
}

fn read_matrix(tile: &Tile, m: &Matrix) -> Result<Vec<f64>> {
    let mut bytes = vec![0u8; formats::byte_len(m.fmt, m.rows, m.cols)];
    tile.l1
        .read_into(u64::from(m.addr), &mut bytes, macrosim_core::Access::Read)?;
    Ok(formats::decode(&bytes, m.fmt, m.tiles, m.rows, m.cols))
}

/// A tile with the manifest's cores and inputs loaded.
pub(crate) fn load_tile(man: &Manifest) -> Result<Tile> {
    let table: &'static IsaTable = macrosim_tensix::Arch::WormholeB0.table();
    let mut tile = Tile::new(table);
    for (idx, path) in &man.cores {
        let elf = files::read(path, false)?;
        tile.load_core(*idx, &elf)?;
    }
    for (addr, path) in &man.raw_inputs {
        let bytes = files::read(path, false)?;
        tile.l1.write_bytes(u64::from(*addr), &bytes)?;
    }
    for m in &man.inputs {
        let path = m.file.as_ref().expect("checked");
        let vals = read_values(path)?;
        if vals.len() != m.rows * m.cols {
            bail!(
                "{}: {} values, input `{}` is {}x{}",
                path.display(),
                vals.len(),
                m.name,
                m.rows,
                m.cols
            );
        }
        let bytes = formats::encode(&vals, m.fmt, m.tiles, m.rows, m.cols);
        tile.l1.write_bytes(u64::from(m.addr), &bytes)?;
    }
    Ok(tile)
}

pub fn run(args: &RunArgs) -> ExitCode {
    match run_inner(args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => match e.downcast_ref::<TileError>() {
            Some(TileError::Stopped { reason, cycle, pcs }) => {
                let at = format!("cycle {cycle} ({pcs})");
                stop::report(&args.manifest.display(), *reason, &at)
            }
            _ => out::fail(&e),
        },
    }
}

fn run_inner(args: &RunArgs) -> Result<bool> {
    let man = parse_manifest(&args.manifest)?;
    let max = args.max_cycles.or(man.max_cycles).unwrap_or(10_000_000);
    let mut host = Duration::ZERO;
    let mut total = Stats::default();
    let mut first_stats = Stats::default();
    let stop = stop::install(args.timeout)?;
    let params = match &args.timing_params {
        Some(p) => {
            let text = files::read_text(p, false)?;
            TimingParams::from_toml(&text).map_err(|e| anyhow!("{}: {e}", p.display()))?
        }
        None => TimingParams::default(),
    };
    let mut timed = None;
    let mut tile = load_tile(&man)?;
    tile.set_stop(stop.clone());
    // Runs after the first restore the loaded state instead of loading a new tile.
    let snapshot = (args.repeat > 1).then(|| tile.snapshot());
    let mut first = Duration::ZERO;
    let mut stats = Stats::default();
    for run in 0..args.repeat {
        if let (Some(s), true) = (&snapshot, run > 0) {
            tile.restore(s);
        }
        let start = ThreadTime::now();
        let run_stats = if let Some(addr) = &args.gdb {
            crate::gdb::run_tile(&mut tile, max, addr, stop.clone(), &args.manifest.display())?
        } else if !args.timing {
            tile.run(max)?
        } else if let Some(path) = &args.timeline {
            let mut rec = crate::timeline::recording();
            let (stats, t) = tile.run_timed(max, &params, &mut rec)?;
            crate::timeline::save(&rec, path)?;
            timed = Some(t);
            stats
        } else {
            let (stats, t) = tile.run_timed(max, &params, &mut NoTimeline)?;
            timed = Some(t);
            stats
        };
        let spent = start.elapsed();
        if run == 0 {
            first = spent;
            first_stats = run_stats.clone();
        } else {
            host += spent;
            total.cycles += run_stats.cycles;
            for (t, s) in total.core_insns.iter_mut().zip(run_stats.core_insns) {
                *t += s;
            }
        }
        stats = run_stats;
    }
    let mut inputs = man.files();
    inputs.push(&args.manifest);
    let mut all_ok = true;
    for m in &man.outputs {
        let got = read_matrix(&tile, m)?;
        if let Some(dir) = &args.dump {
            let mut txt = format!("# {} {}x{} {:?}, %.9g\n", m.name, m.rows, m.cols, m.fmt);
            for r in 0..m.rows {
                let row: Vec<String> = (0..m.cols)
                    .map(|c| format!("{}", got[r * m.cols + c] as f32))
                    .collect();
                txt.push_str(&row.join(" "));
                txt.push('\n');
            }
            dump(dir, &m.name, "txt", txt.as_bytes(), &inputs)?;
            let npy = crate::tensix_npy::write_f32(m.rows, m.cols, &got);
            dump(dir, &m.name, "npy", &npy, &inputs)?;
            let len = formats::byte_len(m.fmt, m.rows, m.cols);
            let mut bin = vec![0u8; len];
            tile.l1
                .read_into(u64::from(m.addr), &mut bin, macrosim_core::Access::Read)?;
            dump(dir, &m.name, "bin", &bin, &inputs)?;
        }
        let Some(path) = &m.file else {
            say!("{}: {} x {} {:?}", m.name, m.rows, m.cols, m.fmt);
            continue;
        };
        let want = read_values(path)?;
        if want.len() != got.len() {
            bail!(
                "{}: {} values, output `{}` is {}x{}",
                path.display(),
                want.len(),
                m.name,
                m.rows,
                m.cols
            );
        }
        let mut max_err = 0.0f64;
        let mut mismatches = 0;
        for (g, w) in got.iter().zip(&want) {
            let err = (g - f64::from(*w as f32)).abs();
            max_err = max_err.max(err);
            let same = if m.tolerance == 0.0 {
                (*g as f32).to_bits() == (*w as f32).to_bits()
            } else {
                err <= m.tolerance
            };
            if !same {
                mismatches += 1;
            }
        }
        let ok = mismatches == 0;
        all_ok &= ok;
        let rule = if m.tolerance == 0.0 {
            "bit-exact".to_string()
        } else {
            format!("tolerance {}", m.tolerance)
        };
        say!(
            "{}: {} x {} {:?}: max |err| vs expect {:e} ({rule}, {mismatches} mismatches), {}",
            m.name,
            m.rows,
            m.cols,
            m.fmt,
            max_err,
            if ok { "OK" } else { "FAIL" }
        );
    }
    for r in &man.raw_outputs {
        let mut got = vec![0u8; r.bytes];
        tile.l1
            .read_into(u64::from(r.addr), &mut got, macrosim_core::Access::Read)?;
        if let Some(dir) = &args.dump {
            dump(dir, &r.name, "bin", &got, &inputs)?;
        }
        let Some(path) = &r.expect else {
            say!("{}: {} bytes", r.name, r.bytes);
            continue;
        };
        let want = files::read(path, false)?;
        let diff =
            got.iter().zip(&want).filter(|(a, b)| a != b).count() + got.len().abs_diff(want.len());
        all_ok &= diff == 0;
        say!(
            "{}: {} bytes: {diff} differing bytes vs expect, {}",
            r.name,
            r.bytes,
            if diff == 0 { "OK" } else { "FAIL" }
        );
    }
    if args.stats {
        print_stats(&stats, (&first_stats, first), (&total, host), args.repeat)?;
        if let Some(t) = &timed {
            write!(std::io::stdout().lock(), "{}", t.report())?;
        }
    }
    Ok(all_ok)
}

/// `--stats`: the last run's counts, then the speed of the first run (a fresh tile: what one
/// `tensix run` costs past loading) and, with `--repeat`, of the runs after it (the tile
/// restored from its snapshot: the steady state).
fn print_stats(
    s: &Stats,
    first: (&Stats, Duration),
    rest: (&Stats, Duration),
    repeat: u32,
) -> Result<()> {
    say!("cycles: {}", s.cycles);
    for (i, name) in CORE_NAMES.iter().enumerate() {
        if s.core_insns[i] > 0 {
            say!(
                "{name}: {} RISC-V instructions, {} Tensix pushes",
                s.core_insns[i],
                s.pushes[i]
            );
        }
    }
    let units: Vec<String> = s
        .unit_totals()
        .iter()
        .map(|(u, n)| format!("{} {n}", u.name()))
        .collect();
    say!("tensix instructions per unit: {}", units.join(", "));
    let speed = |st: &Stats, secs: f64| {
        let insns: u64 = st.core_insns.iter().sum();
        format!(
            "{:.2} M simulated cycles/s, {:.1} TRISC MIPS",
            st.cycles as f64 / secs / 1e6,
            insns as f64 / secs / 1e6
        )
    };
    let secs = first.1.as_secs_f64();
    say!(
        "host CPU time {secs:.6} s for the first run (fresh tile): {}",
        speed(first.0, secs)
    );
    if repeat > 1 {
        let secs = rest.1.as_secs_f64();
        say!(
            "host CPU time {secs:.3} s for {} more run(s) (tile restored from its snapshot): {}",
            repeat - 1,
            speed(rest.0, secs)
        );
    }
    Ok(())
}

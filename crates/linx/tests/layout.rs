//! The crate's layering (see the crate documentation): a module imports only from layers
//! below it, and no two files import each other, directly or through others.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Layer of a top-level module; imports must go to a strictly lower layer or stay inside the
/// same top-level module.
fn layer(top: &str) -> u32 {
    match top {
        "isa" | "runtime" => 0,
        "asm" | "state" => 1,
        "exec" => 2,
        "engine" => 3,
        other => panic!("module `{other}` has no layer: add it to tests/layout.rs"),
    }
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a source file relative to `src/` (`exec/lower/mod.rs` → `exec::lower`).
fn module_of(rel: &Path) -> String {
    let mut parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts.join("::")
}

/// `crate::a::b…` paths used in code (doc comments and comments excluded), cut at the
/// deepest existing module.
fn imports(text: &str, modules: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        for (i, _) in code.match_indices("crate::") {
            let path: String = code[i + 7..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let segs: Vec<&str> = path.split("::").collect();
            let m = (1..=segs.len())
                .rev()
                .map(|n| segs[..n].join("::"))
                .find(|m| modules.contains(m));
            if let Some(m) = m {
                out.push(m);
            }
        }
    }
    out
}

#[test]
fn imports_only_go_down_and_files_form_no_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let modules: Vec<String> = files
        .iter()
        .map(|f| module_of(f.strip_prefix(&src).unwrap()))
        .collect();
    let mut graph: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (f, m) in files.iter().zip(&modules) {
        if m.is_empty() {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        let top = m.split("::").next().unwrap();
        for dep in imports(&text, &modules) {
            let dtop = dep.split("::").next().unwrap();
            assert!(
                dtop == top || layer(dtop) < layer(top),
                "{m} imports {dep}, which is not below it"
            );
            if dep != *m && !m.starts_with(&format!("{dep}::")) {
                graph.entry(m.clone()).or_default().push(dep);
            }
        }
    }
    // Depth-first search for a cycle.
    fn visit(
        n: &str,
        g: &BTreeMap<String, Vec<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) {
        match state.get(n) {
            Some(2) => return,
            Some(1) => panic!("import cycle: {} -> {n}", stack.join(" -> ")),
            _ => {}
        }
        state.insert(n.to_string(), 1);
        stack.push(n.to_string());
        for d in g.get(n).into_iter().flatten() {
            visit(d, g, state, stack);
        }
        stack.pop();
        state.insert(n.to_string(), 2);
    }
    let mut state = BTreeMap::new();
    for n in graph.keys() {
        visit(n, &graph, &mut state, &mut Vec::new());
    }
}

#[test]
fn no_source_file_is_over_600_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    for f in files {
        // The generated tables are data, written by `cargo xtask codegen linx`.
        if f.ends_with("isa/generated.rs") {
            continue;
        }
        let n = std::fs::read_to_string(&f).unwrap().lines().count();
        assert!(n <= 600, "{} has {n} lines", f.display());
    }
}

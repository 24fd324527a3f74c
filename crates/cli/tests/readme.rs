//! Every README example marked `<!-- example -->` runs as shown (the convention is described
//! at the top of the README's "Command line" section).

use std::path::{Path, PathBuf};
use std::process::Command;

/// A marked fenced block: `save` gives the file name it is saved as, else it is run.
struct Example {
    line: usize,
    save: Option<String>,
    body: Vec<String>,
}

fn examples(readme: &str) -> Vec<Example> {
    let lines: Vec<&str> = readme.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i].trim();
        let marker = l
            .strip_prefix("<!-- example")
            .and_then(|r| r.strip_suffix("-->"))
            .map(str::trim);
        i += 1;
        let Some(marker) = marker else { continue };
        let save = marker.strip_prefix(':').map(|m| {
            m.trim()
                .strip_prefix("save ")
                .unwrap_or_else(|| panic!("README line {i}: unknown marker `{l}`"))
                .trim()
                .to_string()
        });
        while i < lines.len() && lines[i].trim().is_empty() {
            i += 1;
        }
        assert!(
            i < lines.len() && lines[i].starts_with("```"),
            "README line {i}: a marker must be followed by a fenced block"
        );
        let start = i + 1;
        i += 1;
        while i < lines.len() && !lines[i].starts_with("```") {
            i += 1;
        }
        out.push(Example {
            line: start,
            save,
            body: lines[start..i].iter().map(|s| s.to_string()).collect(),
        });
        i += 1;
    }
    out
}

/// A command line of an example: its arguments, and whether its standard output is thrown away
/// (`> /dev/null`, so that only standard error is compared). A trailing `# …` is a comment.
struct CommandLine {
    args: Vec<String>,
    quiet_stdout: bool,
}

/// The command of a line, or `None` for an output line.
fn command(line: &str) -> Option<CommandLine> {
    let l = line.strip_prefix("$ ").unwrap_or(line);
    let l = l.split_once(" #").map_or(l, |(code, _comment)| code).trim();
    let rest = l
        .strip_prefix("macrosim ")
        .or_else(|| l.strip_prefix("cargo run --release -- "))?;
    let (rest, quiet_stdout) = match rest.strip_suffix("> /dev/null") {
        Some(r) => (r, true),
        None => (rest, false),
    };
    Some(CommandLine {
        args: rest.split_whitespace().map(str::to_string).collect(),
        quiet_stdout,
    })
}

fn check(ex: &Example, dir: &Path) {
    let mut i = 0;
    while i < ex.body.len() {
        let at = ex.line + i + 1;
        let CommandLine { args, quiet_stdout } = command(&ex.body[i])
            .unwrap_or_else(|| panic!("README line {at}: not a command: {}", ex.body[i]));
        i += 1;
        let mut expected = Vec::new();
        while i < ex.body.len() && command(&ex.body[i]).is_none() {
            expected.push(ex.body[i].clone());
            i += 1;
        }
        let out = Command::new(env!("CARGO_BIN_EXE_macrosim"))
            .args(&args)
            .current_dir(dir)
            .output()
            .unwrap();
        let stdout = if quiet_stdout {
            Default::default()
        } else {
            String::from_utf8_lossy(&out.stdout)
        };
        let stderr = String::from_utf8_lossy(&out.stderr);
        if expected.is_empty() {
            assert!(
                out.status.success(),
                "README line {at}: `macrosim {}` failed: {stderr}",
                args.join(" ")
            );
        } else {
            let got = format!("{stdout}{stderr}");
            let got: Vec<&str> = got.lines().collect();
            assert_eq!(
                got,
                expected,
                "README line {at}: output of `macrosim {}`",
                args.join(" ")
            );
        }
    }
}

#[test]
fn readme_examples_run_as_shown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let dir: PathBuf = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("macrosim-readme-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for d in ["examples", "crates", "data", "tests"] {
        let link = dir.join(d);
        if !link.exists() {
            std::os::unix::fs::symlink(root.join(d).canonicalize().unwrap(), &link).unwrap();
        }
    }
    let all = examples(&readme);
    // The examples marked when this test was written; more may opt in.
    assert!(all.len() >= 8, "only {} marked examples", all.len());
    for ex in &all {
        match &ex.save {
            Some(name) => std::fs::write(dir.join(name), ex.body.join("\n") + "\n").unwrap(),
            None => check(ex, &dir),
        }
    }
}

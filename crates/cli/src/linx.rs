//! `macrosim linx ...`: the Linx v0.4 ISA.

use anyhow::Context;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Assemble a Linx source file into a static ELF64 executable
    Asm {
        /// Assembly source (`-` for standard input)
        file: PathBuf,
        /// Output ELF file
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Disassemble the executable sections of a Linx ELF file (objdump -d style)
    Disasm {
        /// ELF file
        elf: PathBuf,
    },
}

pub fn run(cmd: Command) -> ExitCode {
    let result = match cmd {
        Command::Asm { file, output } => asm(&file, &output),
        Command::Disasm { elf } => disasm(&elf),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("macrosim: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn asm(file: &std::path::Path, output: &std::path::Path) -> anyhow::Result<ExitCode> {
    let (name, text) = if file.as_os_str() == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).context("reading stdin")?;
        ("<stdin>".to_string(), s)
    } else {
        let text = std::fs::read_to_string(file)
            .with_context(|| format!("cannot read {}", file.display()))?;
        (file.display().to_string(), text)
    };
    let program = macrosim_linx::asm::assemble(&name, &text)?;
    let elf = program.to_elf();
    std::fs::write(output, elf).with_context(|| format!("cannot write {}", output.display()))?;
    Ok(ExitCode::SUCCESS)
}

fn disasm(path: &std::path::Path) -> anyhow::Result<ExitCode> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let d = macrosim_linx::asm::objdump::disassemble_elf(&bytes)
        .with_context(|| path.display().to_string())?;
    // A closed pipe (`| head`) is not an error worth a message.
    let mut out = std::io::stdout().lock();
    let _ = write!(
        out,
        "\n{}:     file format elf64-linx\n{}",
        path.display(),
        d.text
    );
    if d.undecodable > 0 {
        eprintln!(
            "macrosim: {}: {} halfwords did not decode (listed as .hword)",
            path.display(),
            d.undecodable
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

#!/usr/bin/env bash
# Run LLVM-built Linx programs (not part of this repository) and print their output and exit
# status. Local use, not CI.
#   scripts/linx-run-real-binaries.sh path/to/01_containers.static ... path/to/mcf_r_base.mytest-m64
# Any ELF runs under both --cfi modes with no arguments. The SPECint stage-A static-pie binaries
# of LinxISA/LinxCore (tests/benchmarks_specint_stage_a/elf/*/exe/*.mytest-m64) are recognised by
# name and run under --cfi compat with the arguments they need:
#   specrand_ir  `1 100` and `-7 25`; stdout is compared with scripts/linx-specrand-reference.py
#                (MT19937 written from its description; see that script for the printf model);
#   mcf_r        no argument, a missing file, and a small min-cost-flow network in mcf's format;
#   deepsjeng_r  no argument and a one-position EPD work file (the 720 MB hash makes it slow).
set -u
elfs=()
for elf in "$@"; do elfs+=("$(realpath "$elf")"); done
cd "$(dirname "$0")/.." || exit 2
cargo build --release -q -p macrosim || exit 2
bin=target/release/macrosim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run MODE ELF [ARGS...]: print the status, the first lines of stdout and the simulator's stderr.
run() {
    local mode=$1 elf=$2
    shift 2
    "$bin" linx run --cfi "$mode" --timing "$elf" "$@" >"$tmp/out" 2>"$tmp/err"
    local status=$?
    echo "== $(basename "$elf") $* (--cfi $mode): exit $status, $(wc -l <"$tmp/out") lines of stdout"
    head -n 12 "$tmp/out" | sed 's/^/   | /'
    sed 's/^/   /' "$tmp/err"
}

# The mcf input format (readmin.c): "TRIPS ARCS", TRIPS lines "start end", ARCS lines
# "from-trip to-trip cost".
printf '4 4\n1 3\n4 6\n2 5\n7 9\n1 2 5\n2 4 3\n1 4 8\n3 4 4\n' >"$tmp/mcf.in"
# deepsjeng's EPD suite: a FEN line, then the search depth.
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n2\n' >"$tmp/sjeng.epd"

for elf in "${elfs[@]}"; do
    case $(basename "$elf") in
    specrand_ir*)
        for args in "1 100" "-7 25"; do
            # shellcheck disable=SC2086 # word splitting of the argument pair is intended
            run compat "$elf" $args
            # shellcheck disable=SC2086
            python3 scripts/linx-specrand-reference.py $args >"$tmp/ref"
            if cmp -s "$tmp/out" "$tmp/ref"; then
                echo "   stdout == linx-specrand-reference.py $args (byte for byte)"
            else
                echo "   stdout DIFFERS from linx-specrand-reference.py $args:"
                diff "$tmp/ref" "$tmp/out" | head -n 10 | sed 's/^/   /'
            fi
        done
        ;;
    mcf_r*)
        run compat "$elf"
        run compat "$elf" "$tmp/missing.in"
        run compat "$elf" "$tmp/mcf.in"
        ;;
    deepsjeng_r*)
        run compat "$elf"
        run compat "$elf" "$tmp/sjeng.epd"
        ;;
    *)
        run strict "$elf"
        run compat "$elf"
        ;;
    esac
done

#!/usr/bin/env bash
# Rebuild the prebuilt TRISC ELFs under examples/tensix/kernels/build/ (committed, so
# `cargo test` needs only Rust). Needs Debian's gcc-riscv64-unknown-elf.
#
# Each kernel source is compiled once per core (-DTRISC=0/1/2) with its parameters as -D macros;
# the table below names every ELF the manifests use.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
k="$root/examples/tensix/kernels"
cc="${CC:-riscv64-unknown-elf-gcc}"
cflags=(-march=rv32im -mabi=ilp32 -Os -ffreestanding -fno-builtin -nostdlib -nostartfiles
        -Wl,--discard-all -Wall -Wextra -Werror -std=c11 -I"$k/include" -I"$k/src" -L"$k/link")
mkdir -p "$k/build"

# build OUT SRC TRISC -DNAME=VALUE...
build() {
    local out="$1" src="$2" trisc="$3"
    shift 3
    "$cc" "${cflags[@]}" -DTRISC="$trisc" "$@" -T "trisc$trisc.ld" \
        "$k/link/crt0.S" "$k/src/$src" -o "$k/build/$out.elf"
    echo "built build/$out.elf"
}

mm="-DA_ADDR=0x21000 -DB_ADDR=0x31000 -DC_ADDR=0x41000"
# matmul on one 32x32 tile (MT = KT = NT = 1), one math ELF per fidelity
build matmul_unpack matmul.c 0 $mm -DMT=1 -DKT=1 -DNT=1
for f in lofi:0 hifi2:2 hifi4:4; do
    build "matmul_math_${f%%:*}" matmul.c 1 $mm -DMT=1 -DKT=1 -DNT=1 -DFIDELITY="${f##*:}"
done
build matmul_pack matmul.c 2 $mm -DMT=1 -DKT=1 -DNT=1
# the K-loop: A is 2x4 tiles, B 4x1, C 2x1 (two output tiles use both Dst halves)
build matmul_k4_unpack matmul.c 0 $mm -DMT=2 -DKT=4 -DNT=1
build matmul_k4_math_hifi2 matmul.c 1 $mm -DMT=2 -DKT=4 -DNT=1 -DFIDELITY=2
build matmul_k4_pack matmul.c 2 $mm -DMT=2 -DKT=4 -DNT=1
# eltwise add (16-bit Dst) and mul (HiFi4, 32-bit Dst) of one 32x32 BF16 tile
elt="-DA_ADDR=0x21000 -DB_ADDR=0x31000 -DC_ADDR=0x41000"
for op in add mul; do
    OP=$(echo "$op" | tr a-z A-Z)
    for t in 0 1 2; do
        role=$(echo unpack math pack | cut -d' ' -f$((t + 1)))
        build "eltwise_${op}_$role" eltwise.c "$t" $elt -DOP_"$OP"
    done
done
# eltwise mul of one 32x32 INT8 tile: the FPU's integer mode, INT8 result (saturated)
for t in 0 1 2; do
    role=$(echo unpack math pack | cut -d' ' -f$((t + 1)))
    build "eltwise_mul_int8_$role" eltwise.c "$t" $elt -DOP_MUL -DINT8
done
# the FP32 one-tile packer shared by sfpu_add, tilize and untilize
build pack_fp32_tile pack_tile.c 2 -DC_ADDR=0x41000
# seed 001's SFPU tile add (FP32 tiles through Dst, MOP + replay)
build sfpu_add_unpack sfpu_add.c 0 -DA_ADDR=0x21000 -DB_ADDR=0x31000
build sfpu_add_math sfpu_add.c 1 -DA_ADDR=0x21000 -DB_ADDR=0x31000
# tilize via the unpacker (FP32 row-major 32x32 to one FP32 tile)
build tilize_unpack tilize.c 0 -DA_ADDR=0x21000
build tilize_math tilize.c 1 -DA_ADDR=0x21000
# matmul on block-float inputs (tiles: 64 shared exponents, then the datums)
build matmul_bfp8_unpack matmul.c 0 $mm -DMT=1 -DKT=1 -DNT=1 -DIN_FMT=FMT_BFP8 -DIN_TILE_BYTES=1088u
build matmul_bfp4_unpack matmul.c 0 $mm -DMT=1 -DKT=1 -DNT=1 -DIN_FMT=FMT_BFP4 -DIN_TILE_BYTES=576u
# untilize via the unpacker (one FP32 tile to a row-major 32x32 matrix)
build untilize_unpack tilize.c 0 -DA_ADDR=0x21000 -DUNTILIZE
# eltwise add packed to BFP8 (the packer assembles shared exponents)
build eltwise_add_bfp8_pack eltwise.c 2 $elt -DOP_ADD -DOUT_FMT=FMT_BFP8
# four output tiles (A 64x64 @ B 64x64, K = 2 tiles): math must wait for pack to free a Dst half
build matmul_m2k2n2_unpack matmul.c 0 $mm -DMT=2 -DKT=2 -DNT=2
build matmul_m2k2n2_math_lofi matmul.c 1 $mm -DMT=2 -DKT=2 -DNT=2 -DFIDELITY=0
build matmul_m2k2n2_pack matmul.c 2 $mm -DMT=2 -DKT=2 -DNT=2
# SFPU instruction mixes on Dst tile 0 (sfpu_relu, sfpu_mix; unpack/pack as sfpu_add)
build sfpu_relu_math sfpu_ops.c 1 -DOPS_RELU
build sfpu_mix_math sfpu_ops.c 1 -DOPS_MIX
# the cycle model's microbenchmarks (issue 10): TRISC1 alone or beside matmul_unpack on TRISC0
build microbench microbench.c 1
# SFPU activation kernels on Dst tile 0 (src/sfpu_act.c; unpack/pack as sfpu_add)
for act in recip sqrt exp sigmoid gelu; do
    ACT=$(echo "$act" | tr a-z A-Z)
    build "sfpu_${act}_math" sfpu_act.c 1 -DACT_"$ACT"
done
# the fast approximate exp, as a plain loop and through SFPLOADMACRO (same results)
build sfpu_exp_fast_math sfpu_act.c 1 -DACT_EXP_FAST
build sfpu_exp_fast_loadmacro_math sfpu_act.c 1 -DACT_EXP_FAST -DUSE_LOADMACRO
# a generic SFPU driver: pushes the instruction words an input places at 0x51000
build sfpu_prog_math sfpu_prog.c 1 -DPROG_ADDR=0x51000u

#!/usr/bin/env bash
# Issue 9's numeric oracle for the Tensix SFPU:
# 1. the activation kernels (examples/tensix/kernels/sfpu_{recip,sqrt,exp,sigmoid,gelu}.toml):
#    regenerate every expected output with the lane model (scripts/oracle/tensix_sfpu_kernels.py,
#    written from the pages and tt-llk's algorithms) and diff against the committed files;
# 2. random operands for SFPMAD/SFPADD/SFPMUL, SFPCAST, SFP_STOCH_RND (every mode, fixed PRNG
#    seed, and its rounding frequency), SFPLUT and SFPLUTFP32 through macrosim's SFPU
#    (crates/tensix/examples/sfpu_eval.rs) against tensix_sfpu_oracle.py's reference.
# Needs python3 with numpy (scripts/oracle/packages.txt: python3-numpy).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
py=python3
if ! "$py" -c 'import numpy' 2>/dev/null; then
    py=/usr/bin/python3
fi
if ! "$py" -c 'import numpy' 2>/dev/null; then
    echo "tensix-sfpu: FAILED: numpy is not installed (apt-get install python3-numpy)"
    exit 1
fi
cd "$root"
cargo build -q -p macrosim-tensix --example sfpu_eval
cd "$root/scripts/oracle"
"$py" tensix_sfpu_kernels.py check
"$py" tensix_sfpu_oracle.py "$root/target/debug/examples/sfpu_eval" "${SFPU_ORACLE_SEED:-12345}"

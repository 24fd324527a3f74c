# Shared by the scripts/snitch peer scripts (sourced, not run): locate the macrosim binary and
# Banshee, and translate Banshee's command-line arguments into macrosim's.
# Local only: Banshee is built outside the repository (../shared/snitch/BUILD_BANSHEE.md).

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# $MACROSIM or the release binary (built on demand).
macrosim_bin() {
  if [ -n "${MACROSIM:-}" ]; then echo "$MACROSIM"; return; fi
  local bin="$repo_root/target/release/macrosim"
  if [ ! -x "$bin" ] || [ -n "$(find "$repo_root/crates" -newer "$bin" -name '*.rs' -print -quit)" ]; then
    (cd "$repo_root" && cargo build --release -q -p macrosim >&2)
  fi
  echo "$bin"
}

# $BANSHEE, else $BANSHEE_DIR/target/release/banshee; empty when neither exists.
banshee_bin() {
  if [ -n "${BANSHEE:-}" ] && [ -x "$BANSHEE" ]; then echo "$BANSHEE"; return; fi
  if [ -n "${BANSHEE_DIR:-}" ] && [ -x "$BANSHEE_DIR/target/release/banshee" ]; then
    echo "$BANSHEE_DIR/target/release/banshee"
  fi
}

# Banshee arguments (one line of tests/args/NAME) -> macrosim snitch run arguments.
# --num-cores=N -> --cores N; --latency -> --timing; a --configuration that only restates the
# default (tests/config/banshee_ssr_3dm.yaml: ssr num_dm 3) is dropped; anything else is kept as
# "UNSUPPORTED:<arg>" so the caller can report it.
banshee_args_to_macrosim() {
  local out=() a
  set -- $1
  while [ $# -gt 0 ]; do
    a=$1; shift
    case "$a" in
      --num-cores=*) out+=(--cores "${a#--num-cores=}") ;;
      --num-cores) out+=(--cores "$1"); shift ;;
      --latency) out+=(--timing) ;;
      --configuration=tests/config/banshee_ssr_3dm.yaml) ;;
      --configuration) [ "$1" = tests/config/banshee_ssr_3dm.yaml ] || out+=("UNSUPPORTED:--configuration=$1"); shift ;;
      *) out+=("UNSUPPORTED:$a") ;;
    esac
  done
  echo "${out[*]:-}"
}

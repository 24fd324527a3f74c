#!/usr/bin/env bash
# Issue 11: the self-contained timeline viewer (`--timeline out.html`) in a real headless
# Chromium: the page must load with no network, parse the embedded trace and draw it (its status
# line then reads "tracks N · spans M ..." and carries data-ready="1"), and a screenshot of it must
# not be blank. Needs Debian's chromium (scripts/oracle/packages.txt).
#
# usage: scripts/oracle/timeline-viewer.sh [SCREENSHOT.png]  (default: a temporary file)
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v chromium >/dev/null; then
  echo "SKIPPED: chromium is not installed"
  exit 0
fi
cargo build --quiet -p macrosim
scratch=$(mktemp -d -t timeline-viewer.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
page="$scratch/matmul.html"
shot=${1:-$scratch/matmul.png}
target/debug/macrosim tensix expand --timing --timeline "$page" \
  examples/tensix/matmul_hifi4.tt >/dev/null 2>"$scratch/report"
cycles=$(sed -n 's/^cycles //p' "$scratch/report")

flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
  --disable-background-networking --disable-component-update --disable-sync
  --user-data-dir="$scratch/profile" --hide-scrollbars)
timeout 60 chromium "${flags[@]}" --virtual-time-budget=2000 --dump-dom "file://$page" \
  >"$scratch/dom.html" 2>"$scratch/chromium.log" || { cat "$scratch/chromium.log"; exit 1; }
status=$(grep -o '<span id="status"[^>]*>[^<]*' "$scratch/dom.html" || true)
echo "viewer status: $status"
case "$status" in
  *'data-ready="1"'*"tracks 4 "*"cycles 0..$cycles"*) ;;
  *) echo "FAIL: the viewer did not draw the trace (expected 4 tracks, $cycles cycles)"; exit 1 ;;
esac
timeout 60 chromium "${flags[@]}" --virtual-time-budget=2000 --window-size=1200,180 \
  --screenshot="$shot" "file://$page" 2>>"$scratch/chromium.log" >/dev/null
python3 - "$shot" <<'PY'
import sys, zlib, struct
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
# Count distinct colours in the decoded image: a blank page has one or two.
pos, idat, w, h = 8, b"", 0, 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        channels = {2: 3, 6: 4}[ctype]
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
raw = zlib.decompress(idat)
stride = w * channels + 1
colours = {raw[r * stride + 1 + c * channels: r * stride + 1 + (c + 1) * channels]
           for r in range(0, h, 3) for c in range(0, w, 3)}
print(f"screenshot {w}x{h}, {len(colours)} colours")
assert len(colours) > 8, "the screenshot is blank"
PY
echo "timeline viewer: ok"

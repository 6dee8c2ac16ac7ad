#!/usr/bin/env bash
# Builds Cadence's benchmarks in release and runs every one of them.
#
#   Benchmarks/run.sh [--march] [google-benchmark flags…]
#
#   --march   build with -Xcc -march=x86-64-v3 (AVX2 + FMA; the Swift compiler takes its
#             target CPU from the clang importer), in its own scratch path .build-march
#             so the two builds do not invalidate each other.
#   --peers   after the Swift benchmarks, draw the compositor's primitives with Blend2D
#             (peers/blend2d.py, in a virtual environment made in .build-peers with
#             PyPI's blend2d-py): the limit to compare with. Not used by CI.
#
# Other arguments go to Google Benchmark after the defaults, so they win:
#   Benchmarks/run.sh --benchmark_min_time=0.01               # CI: does every benchmark run?
#   Benchmarks/run.sh --march --benchmark_filter=progress --benchmark_repetitions=5
#   Benchmarks/run.sh --band-profile     # per-band profile of the 1080p frames, no benchmarks
# Google Benchmark 1.7 takes --benchmark_min_time as a bare number of seconds (no "s").
#
# Needs Debian's libbenchmark-dev, libeigen3-dev, libpixman-1-dev and librlottie-dev (the
# peers linked into this package only; .ci/run installs them).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build=(swift build -c release --package-path "$here")
if [[ "${1:-}" == "--march" ]]; then
    shift
    build+=(-Xcc -march=x86-64-v3 --scratch-path "$here/.build-march")
fi

peers=false
args=()
for arg in "$@"; do
    if [[ "$arg" == "--peers" ]]; then peers=true; else args+=("$arg"); fi
done

"${build[@]}"
bin="$("${build[@]}" --show-bin-path)/cadence-benchmarks"
"$bin" --benchmark_min_time=0.05 ${args[@]+"${args[@]}"}

if $peers; then
    venv="$here/.build-peers/venv"
    if [[ ! -x "$venv/bin/python" ]]; then
        python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet blend2d-py
    fi
    "$venv/bin/python" "$here/peers/blend2d.py"
fi

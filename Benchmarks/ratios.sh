#!/usr/bin/env bash
# Builds `cadence-ratios` in release and runs it: each Cadence kernel against its peer (the
# C++ UnitBezier solve, the C++ basic animation, Eigen, pixman, rlottie), alternated in short
# blocks timed by the CPU clock, with the median ratio, its interquartile range and the
# 10th/90th percentiles, and each absolute target's estimate on the issues' machine.
#
#   Benchmarks/ratios.sh [--march] [cadence-ratios flags…]
#
#   --march   build with -Xcc -march=x86-64-v3 in .build-march, as run.sh --march (the
#             targets are stated for that build):
#               swift build -c release --package-path Benchmarks -Xcc -march=x86-64-v3 \
#                   --scratch-path Benchmarks/.build-march --product cadence-ratios
#             and the baseline build in .build too, passed as --baseline: issue 13's
#             frames drawn by each build, alternated (the baseline's in a child process).
#
# cadence-ratios' own flags follow: --rounds N (200), --block-ms X (1.5), --lead-in-ms X (1.5), --filter TEXT,
# --baseline PATH (what --march passes),
# --json, --trace (every round's times on standard error), --list. A whole run takes about
# 6 minutes at load 10. The two-thread pairs are timed by the wall clock: their figure is
# the one taken on a quiet machine. Timing only: CI runs it for three rounds without
# --march (the baseline pairs are then skipped), to see that it runs.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build=(swift build -c release --package-path "$here" --product cadence-ratios)
baseline=()
if [[ "${1:-}" == "--march" ]]; then
    shift
    "${build[@]}" >&2
    baseline=(--baseline "$("${build[@]}" --show-bin-path)/cadence-ratios")
    build+=(-Xcc -march=x86-64-v3 --scratch-path "$here/.build-march")
fi
"${build[@]}" >&2
exec "$("${build[@]}" --show-bin-path)/cadence-ratios" "${baseline[@]}" "$@"

#!/usr/bin/env bash
# Compares two runs of Cadence's benchmarks, or Cadence's numbers with another engine's,
# with Google Benchmark's own compare.py (Debian's libbenchmark-tools; it needs NumPy and
# SciPy for its U test): for each benchmark present in both, the old and new times and the
# relative change, and with repetitions a Mann-Whitney U test of whether they differ.
#
#   Benchmarks/run.sh --benchmark_out=a.json --benchmark_out_format=json   # machine A, build A, …
#   Benchmarks/run.sh --benchmark_out=b.json --benchmark_out_format=json   # machine B, build B, …
#   Benchmarks/compare.sh a.json b.json [compare.py options: -a, --no-utest, --no-color, -d out.json]
#
# Any Google Benchmark JSON works as either side (an engine's own benchmarks named like
# Cadence's are matched by name). Use --benchmark_repetitions=5 or more on both runs for
# the U test. Set COMPARE_PY to use another copy of compare.py.
set -euo pipefail

compare="${COMPARE_PY:-/usr/share/benchmark/compare.py}"
if [[ $# -lt 2 ]]; then
    echo "usage: Benchmarks/compare.sh BASELINE.json CONTENDER.json [compare.py options]" >&2
    exit 2
fi
if [[ ! -f "$compare" ]]; then
    echo "compare.sh: $compare not found (apt-get install libbenchmark-tools, or set COMPARE_PY)" >&2
    exit 2
fi
baseline="$1" contender="$2"
shift 2
for file in "$baseline" "$contender"; do
    if [[ ! -f "$file" ]]; then
        echo "compare.sh: $file: no such file (a Google Benchmark JSON output)" >&2
        exit 2
    fi
done
# compare.py takes its own options before the mode.
exec python3 "$compare" "$@" benchmarks "$baseline" "$contender"

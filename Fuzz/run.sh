#!/usr/bin/env bash
# Builds the fuzz targets (libFuzzer, `swiftc -sanitize=fuzzer`, release with -enable-testing
# so the targets can reach internal types) and runs each for a bounded time.
#
#   Fuzz/run.sh [SECONDS] [TARGET...]
#
# SECONDS (default 30) is each target's run time; TARGET names (default all): sample scene
# png path animation. Each target starts from its seed corpus in Fuzz/Corpus/<target>
# (read, never written) and a scratch corpus in $FUZZ_WORK (default a temporary folder),
# with a dictionary where one fits. A crash, a trap, a unit slower than $FUZZ_TIMEOUT
# seconds (default 10), a unit over $FUZZ_RSS_MB of memory (default 3072) or a leak ends
# that target with an artifact in $FUZZ_WORK/findings and this script with status 1, after
# the other targets have run. FUZZ_SANITIZERS (default "fuzzer") may add address;
# FUZZ_RUNS, when set, also ends each target after that many executions (for campaigns:
# FUZZ_RUNS=10000000 Fuzz/run.sh 36000).
set -uo pipefail
cd "$(dirname "$0")"

seconds="${1:-30}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(sample scene png path animation)
work="${FUZZ_WORK:-$(mktemp -d)}"
timeout="${FUZZ_TIMEOUT:-10}"
rss="${FUZZ_RSS_MB:-3072}"
sanitizers="${FUZZ_SANITIZERS:-fuzzer}"

build=(swift build -c release --jobs "${FUZZ_JOBS:-1}" --build-path .build-fuzz
    -Xswiftc "-sanitize=$sanitizers" -Xswiftc -enable-testing)

# libFuzzer, not Swift's backtracer, handles a trap, so that it writes the input.
export SWIFT_BACKTRACE=enable=no

declare -A product=([sample]=FuzzSample [scene]=FuzzScene [png]=FuzzPNG [path]=FuzzPath [animation]=FuzzAnimation)
declare -A dictionary=([sample]=json.dict [scene]=json.dict [png]=png.dict [path]=svg.dict)

for target in "${targets[@]}"; do
    [ -n "${product[$target]:-}" ] || { echo "unknown target: $target" >&2; exit 2; }
    "${build[@]}" --product "${product[$target]}" || exit 1
done
binaries="$("${build[@]}" --show-bin-path)"

mkdir -p "$work/findings"
failed=()
for target in "${targets[@]}"; do
    corpus="$work/corpus/$target"
    mkdir -p "$corpus"
    options=(-max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb="$rss" -malloc_limit_mb="$rss"
        -artifact_prefix="$work/findings/$target-" -print_final_stats=1)
    [ -n "${dictionary[$target]:-}" ] && options+=(-dict="Dictionaries/${dictionary[$target]}")
    [ -n "${FUZZ_RUNS:-}" ] && options+=(-runs="$FUZZ_RUNS")
    echo "== $target: ${seconds} s"
    if ! "$binaries/${product[$target]}" "${options[@]}" "$corpus" "Corpus/$target" 2>"$work/$target.log"; then
        failed+=("$target")
        tail -n 40 "$work/$target.log"
    fi
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^#[0-9]+.*DONE|^Done [0-9]+ runs" "$work/$target.log" | sed "s/^/  /"
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing found problems in: ${failed[*]} (artifacts in $work/findings)"
    exit 1
fi
echo "fuzzing: no findings (${targets[*]}, ${seconds} s each)"

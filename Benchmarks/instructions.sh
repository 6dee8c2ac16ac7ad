#!/usr/bin/env bash
# Counts the instructions of Cadence's key kernels (and of the C++ baselines, same run) under
# valgrind's callgrind, per call, and holds the kernels to the budgets in
# instructions-budget.json.
#
#   Benchmarks/instructions.sh [--march] [-j N] [--record | --check] [PATTERN]
#
#   (none)     print the table: kernel | instructions/call | budget | ÷ budget | ÷ C++
#   --record   write the counts of the Cadence kernels to instructions-budget.json (with a
#              PATTERN: only the kernels it selects, keeping the others' budgets)
#   --check    exit 1 when a Cadence kernel exceeds its budget by more than the file's
#              tolerance (5 %) or a budgeted kernel was not counted (what CI runs)
#   --march    build with -Xcc -march=x86-64-v3 (as run.sh --march, in .build-march) and
#              only print: the budgets are for the baseline x86-64 build that CI measures
#   -j N       build with N jobs (swift build -j N)
#   PATTERN    an extended regular expression: only the kernels whose names match
#
# Method: each kernel runs in two processes, `count` and `2 · count` calls, with the same
# binary, the same seeded inputs and the same environment (address-space randomisation off,
# Swift's hashing deterministic); (Ir(2N) − Ir(N)) / N is the count per call, so process
# start-up, fixtures and first calls cancel. Counts depend on the compiler and the flags,
# not on the machine's speed or load.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
budget="$here/instructions-budget.json"
mode=report march=no pattern="" jobs=()
while (($#)); do
    case "$1" in
        --march) march=yes ;;
        --record | --check) mode="${1#--}" ;;
        -j) jobs=(-j "${2:?-j needs a number}"); shift ;;
        -*) echo "instructions.sh: unknown option $1" >&2; exit 2 ;;
        *) pattern="$1" ;;
    esac
    shift
done
if [[ $march == yes && $mode != report ]]; then
    echo "instructions.sh: budgets are for the baseline x86-64 build; --march only prints" >&2
    exit 2
fi
command -v valgrind >/dev/null || { echo "instructions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }

build=(swift build "${jobs[@]}" -c release --package-path "$here" --product cadence-instructions)
[[ $march == yes ]] && build+=(-Xcc -march=x86-64-v3 --scratch-path "$here/.build-march")
"${build[@]}" >&2
bin="$("${build[@]}" --show-bin-path)/cadence-instructions"

scratch="$(mktemp -d /tmp/cadence-instructions.XXXXXX)"
trap 'rm -rf "$scratch"' EXIT

# The same process in every run, from any checkout, folder or environment: the program runs
# through a link of fixed length, with an environment of its own (Swift's per-process hash
# seed fixed, nothing else), without address-space randomisation where the kernel lets us
# turn it off; the program itself then puts its stack at a fixed offset (main.swift), since
# where the stack starts moves the path memcpy takes for stack copies.
# Valgrind 3.19 cannot read every DWARF 5 unit clang emits for the C and C++ targets (it
# gives up on the whole binary): callgrind runs a copy without debug sections (symbols stay).
objcopy --strip-debug "$bin" "$scratch/kernels"
fixed=(env -i SWIFT_DETERMINISTIC_HASHING=1)
setarch -R true 2>/dev/null && fixed+=("$(command -v setarch)" -R)
fixed+=("$(command -v valgrind)" --tool=callgrind --callgrind-out-file="$scratch/callgrind.out" "$scratch/kernels")

# Instructions (callgrind's Ir) of `cadence-instructions KERNEL COUNT`, whole process.
instructions() {
    if ! "${fixed[@]}" "$1" "$2" >/dev/null 2>"$scratch/valgrind.log"; then
        echo "instructions.sh: '$1' $2 failed:" >&2
        cat "$scratch/valgrind.log" >&2
        return 1
    fi
    sed -n 's/^summary: //p' "$scratch/callgrind.out"
}

# The kernels the pattern selects, and the baselines they are divided by.
"$bin" --list >"$scratch/kernels.tsv"
declare -A selected=()
while IFS=$'\t' read -r name count items side reference; do
    [[ -z $pattern || $name =~ $pattern ]] || continue
    selected[$name]=1
    [[ -z $reference ]] || selected[$reference]=1
done <"$scratch/kernels.tsv"

# counts.tsv: name, side, reference, count, items, Ir(count), Ir(2 · count), one line per
# kernel counted; selected.txt: every kernel selected, counted or failed.
: >"$scratch/counts.tsv"
: >"$scratch/selected.txt"
while IFS=$'\t' read -r name count items side reference; do
    [[ -n ${selected[$name]:-} ]] || continue
    echo "$name" >>"$scratch/selected.txt"
    once="$(instructions "$name" "$count")" && twice="$(instructions "$name" $((2 * count)))" || continue
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$side" "$reference" "$count" "$items" "$once" "$twice" \
        >>"$scratch/counts.tsv"
done <"$scratch/kernels.tsv"

[[ $march == yes ]] && budget=""
python3 - "$mode" "$budget" "$pattern" "$scratch" "$(swift --version 2>/dev/null | head -n 1)" <<'PYTHON'
import json, os, re, sys

mode, budget_path, pattern, scratch, compiler = sys.argv[1:]
selected = set(open(f"{scratch}/selected.txt").read().splitlines())  # by the shell's pattern match

def wanted(name):
    """Whether a budget's kernel is one the pattern selects (all without a pattern)."""
    return not pattern or re.search(pattern, name) is not None

# Per call (per item for the batch kernels): the difference between the two runs.
measured, side, reference = {}, {}, {}
for line in open(f"{scratch}/counts.tsv"):
    name, kind, ref, count, items, once, twice = line.rstrip("\n").split("\t")
    measured[name] = (int(twice) - int(once)) / (int(count) * int(items))
    side[name], reference[name] = kind, ref

document = {}
if budget_path and os.path.exists(budget_path):
    with open(budget_path) as f:
        document = json.load(f)
budgets = document.get("budgets", {})
tolerance = document.get("tolerance", 0.05)

def number(value):
    return f"{value:,.1f}"

print(f"| kernel | instructions/call | budget | ÷ budget | ÷ C++ |")
print(f"|---|---:|---:|---:|---:|")
for name, value in measured.items():
    limit = budgets.get(name) if side[name] == "cadence" else None
    ref = measured.get(reference[name])
    print(f"| `{name}` | {number(value)} | {number(limit) if limit else ''} | "
          f"{f'{value / limit:.3f}' if limit else ''} | {f'{value / ref:.2f}' if ref else ''} |")
print(f"\ncallgrind Ir, (Ir(2N) − Ir(N)) / N; {compiler}")

failed = sorted(selected - measured.keys())
for name in failed:
    print(f"failed: {name} (valgrind's log above)")
if mode == "record":
    if failed:
        sys.exit("not recorded: every selected kernel must run")
    # The budgets of the kernels the pattern left out stay as they were.
    cadence = {name: round(value, 1) for name, value in measured.items() if side[name] == "cadence"}
    cadence = {**{k: v for k, v in budgets.items() if not wanted(k)}, **cadence}
    document = {
        "about": "Instructions per call (callgrind Ir) of Cadence's key kernels, baseline x86-64 release "
                 "build; Benchmarks/instructions.sh --record writes it, --check fails past the tolerance.",
        "compiler": compiler,
        "tolerance": tolerance,
        "budgets": dict(sorted(cadence.items())),
    }
    with open(budget_path, "w") as f:
        json.dump(document, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(f"recorded {len(cadence)} budgets in {budget_path}")
elif mode == "check":
    if not budgets:
        sys.exit(f"no budgets in {budget_path} (instructions.sh --record writes them)")
    if document.get("compiler") != compiler:
        print(f"note: budgets recorded with {document.get('compiler')}; counts depend on the compiler")
    failures = []
    for name, limit in sorted(budgets.items()):
        if not wanted(name):
            continue
        if name not in measured:
            failures.append(f"{name}: budgeted ({number(limit)}) but not counted")
        elif measured[name] > limit * (1 + tolerance):
            failures.append(f"{name}: {number(measured[name])} instructions/call, "
                            f"{measured[name] / limit - 1:+.1%} over its budget of {number(limit)}")
        elif measured[name] < limit * (1 - tolerance):
            print(f"note: {name} is {1 - measured[name] / limit:.1%} under its budget: re-record to keep the gain")
    for name in measured:
        if side[name] == "cadence" and name not in budgets:
            print(f"note: {name} has no budget (instructions.sh --record '{re.escape(name)}')")
    for failure in failures:
        print(f"FAIL: {failure}")
    if failures:
        sys.exit(1)
    print(f"every budgeted kernel within {tolerance:.0%} of its budget")
elif failed:
    sys.exit(1)
PYTHON

#!/usr/bin/env bash
# Builds the C API's shared library (libCadenceC.so, debug), compiles Tests/C/cadence_test.c
# against its header with the system's C compiler as plain C11, and runs it under Valgrind's
# memcheck: any memory error, any leak (bar the Swift runtime's own caches, see
# swift-runtime.supp) or any failed check fails. About a minute after `swift build`.
#
# Valgrind 3.19 cannot read the DWARF 5 debug information Swift emits, so the test runs
# against a copy of the library with its debug sections removed (symbols stay, so stacks
# still name functions).
#
# Usage: Tests/C/run.sh [--no-valgrind]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

swift build --product CadenceC
library_dir="$(swift build --show-bin-path)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$library_dir/libCadenceC.so" "$work/libCadenceC.so"

"${CC:-cc}" -std=c11 -pedantic -Wall -Wextra -Werror -O1 -g \
    -I "$root/Sources/CCadence/include" -I "$here" "$here/cadence_test.c" \
    -L "$work" -lCadenceC -Wl,-rpath,"$work" -lm -o "$work/cadence_test"

if [[ "${1:-}" == "--no-valgrind" ]]; then
    "$work/cadence_test"
else
    valgrind --tool=memcheck --leak-check=full --errors-for-leak-kinds=definite,indirect,possible \
        --error-exitcode=1 --suppressions="$here/swift-runtime.supp" "$work/cadence_test"
fi

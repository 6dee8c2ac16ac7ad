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
# Then it loads the library with dlopen, renders on four threads, closes it, and checks that
# it stays loaded and the process lives through libdispatch's parked workers waking up
# (unload_test.c; about 6 s, outside memcheck).
#
# It also compiles the PNG decoder's C shim with png_shim_test.c and runs that under memcheck
# too, and compiles and runs the complete example of docs/c-api.md (its ```c block) and
# checks that it prints what the page says (the plain ``` block after "It prints:").
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

awk '/^```c$/ { inside = 1; next } /^```$/ { if (inside) exit } inside' docs/c-api.md > "$work/example.c"
awk '/^It prints:$/ { found = 1; next } found && /^```$/ { if (inside) exit; inside = 1; next } inside' docs/c-api.md \
    > "$work/example.expected"
"${CC:-cc}" -std=c11 -pedantic -Wall -Wextra -Werror -I "$root/Sources/CCadence/include" "$work/example.c" \
    -L "$work" -lCadenceC -Wl,-rpath,"$work" -o "$work/example"

run=()
if [[ "${1:-}" != "--no-valgrind" ]]; then
    run=(valgrind --quiet --tool=memcheck --leak-check=full --errors-for-leak-kinds=definite,indirect,possible
        --error-exitcode=1 --suppressions="$here/swift-runtime.supp")
fi
CADENCE_TEST_DIR="$work" "${run[@]}" "$work/cadence_test"
"${run[@]}" "$work/example" > "$work/example.output"
"${CC:-cc}" -std=c11 -pedantic -Wall -Wextra -Werror -O1 -g -I "$root/Sources/CCadence/include" "$here/unload_test.c" \
    -o "$work/unload_test"
"$work/unload_test" "$work/libCadenceC.so"
# The PNG decoder's C shim on its own (libpng's longjmp paths), against the system's libpng.
# shellcheck disable=SC2046
"${CC:-cc}" -std=c11 -pedantic -Wall -Wextra -Werror -O1 -g -I "$root/Sources/CCadencePNG/include" \
    "$root/Sources/CCadencePNG/cadence_png.c" "$here/png_shim_test.c" $(pkg-config --cflags --libs libpng) \
    -o "$work/png_shim_test"
"${run[@]}" "$work/png_shim_test"
if ! diff -u "$work/example.expected" "$work/example.output"; then
    echo "run.sh: the example of docs/c-api.md does not print what the page says" >&2
    exit 1
fi
echo "run.sh: the C test and the example of docs/c-api.md pass${run:+ under memcheck}"

#!/usr/bin/env python3
"""The rounding multipliers of the uniform source-over kernel (Sources/CCadenceFeatures/
CadenceSourceOver.c).

For each k = 255 - a (a the paint's alpha byte) the kernel computes round(D * k / 255) for
every destination byte D as one `vpmulhrsw`: floor((D * M + 2**14) / 2**15). This finds, by
exhaustive search in plain integers, the least M that gives the exactly rounded quotient
floor((D * k + 127) / 255) for all 256 bytes (no closed form of k works for every k), and
prints the C table. With --check it compares the table in the C file instead and exits
non-zero on a difference.

    python3 Reference/generate_over_multipliers.py            # print the table
    python3 Reference/generate_over_multipliers.py --check    # compare with the C file
"""
import pathlib
import re
import sys


def multiplier(k):
    want = [(d * k + 127) // 255 for d in range(256)]
    for m in range(32768):
        if all((d * m + 16384) >> 15 == want[d] for d in range(256)):
            return m
    raise SystemExit(f"no multiplier for k = {k}")


def table():
    return [multiplier(k) for k in range(256)]


def main():
    values = table()
    if "--check" in sys.argv:
        source = pathlib.Path(__file__).resolve().parent.parent / "Sources/CCadenceFeatures/CadenceSourceOver.c"
        body = re.search(r"multipliers\[256\] = \{(.*?)\};", source.read_text(), re.S).group(1)
        found = [int(x) for x in re.findall(r"\d+", body)]
        if found != values:
            raise SystemExit("the table in CadenceSourceOver.c differs from the search")
        print("the table in CadenceSourceOver.c matches (256 multipliers)")
        return
    for i in range(0, 256, 12):
        print("    " + ", ".join("%5d" % m for m in values[i:i + 12]) + ",")


if __name__ == "__main__":
    main()

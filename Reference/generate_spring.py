#!/usr/bin/env python3
"""Write springs.json: the progress, velocity and settling duration of springs.

    python3 Reference/generate_spring.py        (needs mpmath; under a second)

Every case is hand-picked (no randomness): Core Animation's default spring,
under-, critically and over-damped springs, springs within a hair of critical
damping on both sides (where a naive closed form cancels), initial velocities
towards and away from the end, an undamped spring, and bad inputs (each read
as oracle/spring.py's S1 says). Inputs are written with Python's repr;
outputs are the 50-digit model values rounded once to the nearest double.
"""

import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from generate import number, rounded, write  # noqa: E402
from oracle.spring import Spring  # noqa: E402

CASES = [
    ("default (m 1, k 100, c 10)", 1.0, 100.0, 10.0, 0.0),
    ("under-damped, initial velocity towards the end", 1.0, 100.0, 10.0, 5.0),
    ("under-damped, initial velocity away from the end", 2.0, 300.0, 8.0, -3.0),
    ("lightly damped", 1.0, 200.0, 1.0, 0.0),
    ("heavy mass", 10.0, 100.0, 10.0, 0.0),
    ("critically damped", 1.0, 100.0, 20.0, 0.0),
    ("critically damped with velocity", 4.0, 25.0, 20.0, 2.5),
    ("just under critical", 1.0, 100.0, 19.999999, 0.0),
    ("just over critical", 1.0, 100.0, 20.000001, 0.0),
    ("over-damped", 1.0, 100.0, 40.0, 0.0),
    ("strongly over-damped with velocity", 1.0, 10.0, 200.0, 1.0),
    ("undamped", 1.0, 100.0, 0.0, 0.0),
    ("bad input: mass 0, stiffness -1 (the defaults)", 0.0, -1.0, 10.0, 0.0),
    ("bad input: damping nan, velocity inf (0 and 0)", 1.0, 100.0, float("nan"), float("inf")),
]

TIMES = [-1.0, 0.0] + [i / 16 for i in range(1, 49)] + [4.0, 10.0, 100.0, 1000.0]


def springs():
    cases = []
    for name, m, k, c, v in CASES:
        spring = Spring(m, k, c, v)
        entry = {
            "name": name,
            "mass": number(m), "stiffness": number(k), "damping": number(c), "initialVelocity": number(v),
            "settlingDuration": rounded(spring.settling_duration()),
            "samples": [[number(t), rounded(spring.progress(t)), rounded(spring.velocity(t))] for t in TIMES],
        }
        cases.append(entry)
    return {
        "about": "oracle/spring.py: [t, progress, velocity] per sample; settlingDuration as S3 defines it",
        "cases": cases,
    }


def main():
    started = time.time()
    write("springs.json", springs())
    print(f"done in {time.time() - started:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()

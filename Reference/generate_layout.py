#!/usr/bin/env python3
"""Write layout.json: autoresizing distributions and constraint systems.

    python3 Reference/generate_layout.py        (mpmath, for the shared writer; under a second)

Hand-picked cases (the guide's example, even shares, negative margins, shrinks
past zero, cycles, missing and repeated names, non-finite numbers) and random
ones from SEED_LAYOUT, drawn with random.Random.random() only. Inputs are
written with Python's repr; outputs are the exact model values
(oracle/layout.py) rounded once to the nearest double.
"""

import math
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from generate import number, write  # noqa: E402
from oracle.layout import ATTRIBUTES, autoresize, solve_constraints  # noqa: E402

SEED_LAYOUT = 20251125


def doubles(values):
    return [number(float(v)) for v in values]


def edge(rng, lo, hi):
    """A double in [lo, hi], biased towards the ends and small fractions."""
    u = rng.random()
    k = int(rng.random() * 6)
    if k == 0:
        return lo
    if k == 1:
        return hi
    if k == 2:
        return lo + (hi - lo) * 1e-7 * u
    if k == 3:
        return lo + (hi - lo) * u * u * u
    return lo + (hi - lo) * u


def near_the_even_split(frame, mask, old_size, new_bounds):
    """Whether an axis's flexible parts weigh (exactly) less than 1e-9 of its extent.

    The rule switches from the proportional share to the even split where the weights
    reach zero, so near there a rounding of the parts in doubles (of which Swift makes a
    few) can pick the other branch. Random cases stay clear of it; the hand-picked ones
    pin the branch itself.
    """
    from fractions import Fraction
    x, y, w, h = (Fraction(v) for v in frame)
    axes = [(x - Fraction(new_bounds[0]), w, Fraction(old_size[0]), Fraction(new_bounds[2]), (mask & 1, mask & 2, mask & 4)),
            (y - Fraction(new_bounds[1]), h, Fraction(old_size[1]), Fraction(new_bounds[3]), (mask & 8, mask & 16, mask & 32))]
    for start, length, extent, new_extent, flexible in axes:
        if not any(flexible) or new_extent == extent:
            continue
        parts = (start, length, extent - start - length)
        total = sum(max(p, 0) for p, f in zip(parts, flexible) if f)
        if total < Fraction(1, 10**9) * max(1, abs(extent), abs(new_extent)):
            return True
    return False


def autoresizing_case(name, frame, mask, old_size, new_bounds):
    return {"name": name, "frame": doubles(frame), "mask": mask, "oldSize": doubles(old_size),
            "newBounds": doubles(new_bounds), "result": doubles(autoresize(frame, mask, old_size, new_bounds))}


def autoresizing_cases(rng):
    f = (20.0, 10.0, 60.0, 30.0)
    cases = [
        autoresizing_case("width only", f, 2, (200.0, 100.0), (0.0, 0.0, 300.0, 150.0)),
        autoresizing_case("both margins share 20:120", f, 1 | 4, (200.0, 100.0), (0.0, 0.0, 300.0, 100.0)),
        autoresizing_case("all flexible scale", f, 63, (200.0, 100.0), (0.0, 0.0, 300.0, 50.0)),
        autoresizing_case("zero margins share evenly", (0.0, 0.0, 200.0, 100.0), 1 | 4 | 8 | 32,
                          (200.0, 100.0), (0.0, 0.0, 300.0, 160.0)),
        autoresizing_case("negative margin weighs nothing", (-20.0, 0.0, 100.0, 10.0), 1 | 2,
                          (200.0, 100.0), (0.0, 0.0, 300.0, 100.0)),
        autoresizing_case("shrink past zero", f, 2 | 16, (200.0, 100.0), (0.0, 0.0, 100.0, 50.0)),
        autoresizing_case("to nothing", f, 63, (200.0, 100.0), (0.0, 0.0, 0.0, 0.0)),
        autoresizing_case("bounds origin", (30.0, -40.0, 60.0, 30.0), 1 | 8, (200.0, 100.0), (10.0, -50.0, 300.0, 150.0)),
        autoresizing_case("no change", f, 63, (200.0, 100.0), (0.0, 0.0, 200.0, 100.0)),
        autoresizing_case("non-finite old size", f, 63, (math.nan, 100.0), (0.0, 0.0, 300.0, 100.0)),
        autoresizing_case("from an empty superlayer", (0.0, 0.0, 0.0, 0.0), 63, (0.0, 0.0), (0.0, 0.0, 90.0, 30.0)),
    ]
    for mask in range(64):
        cases.append(autoresizing_case(f"mask {mask}", (12.5, 7.25, 40.0, 22.0), mask, (150.0, 90.0), (0.0, 0.0, 411.0, 33.0)))
    accepted = 0
    while accepted < 300:
        old = (edge(rng, 0.0, 2000.0), edge(rng, 0.0, 2000.0))
        ox, oy = edge(rng, -100.0, 100.0), edge(rng, -100.0, 100.0)
        x = ox + edge(rng, -0.2, 1.0) * old[0]
        y = oy + edge(rng, -0.2, 1.0) * old[1]
        w = edge(rng, 0.0, 1.2) * old[0]
        h = edge(rng, 0.0, 1.2) * old[1]
        mask = int(rng.random() * 64)
        new = (ox, oy, edge(rng, 0.0, 4000.0), edge(rng, 0.0, 4000.0))
        if near_the_even_split((x, y, w, h), mask, old, new):
            continue
        cases.append(autoresizing_case(f"random {accepted}", (x, y, w, h), mask, old, new))
        accepted += 1
    return cases


def constraint(attribute, relative_to, attribute2, scale=1.0, offset=0.0):
    return {"attribute": attribute, "relativeTo": relative_to, "attribute2": attribute2,
            "scale": scale, "offset": offset}


def constraint_case(name, bounds, layers):
    frames = solve_constraints(bounds, layers)
    encoded = [{"name": layer["name"], "frame": doubles(layer["frame"]),
                "constraints": [dict(c, scale=number(c["scale"]), offset=number(c["offset"])) for c in layer["constraints"]]}
               for layer in layers]
    return {"name": name, "bounds": doubles(bounds), "layers": encoded, "frames": [doubles(f) for f in frames]}


def layer(name, frame, constraints):
    return {"name": name, "frame": frame, "constraints": constraints}


def constraint_cases(rng):
    cases = [
        constraint_case("the guide's listing 1", (0.0, 0.0, 400.0, 300.0), [
            layer("layerA", (0.0, 0.0, 100.0, 25.0), [constraint("midY", "superlayer", "midY"),
                                                     constraint("midX", "superlayer", "midX")]),
            layer("layerB", (0.0, 0.0, 0.0, 0.0), [
                constraint("width", "layerA", "width"), constraint("midX", "layerA", "midX"),
                constraint("maxY", "layerA", "minY", offset=-10.0), constraint("minY", "superlayer", "minY", offset=10.0)]),
        ]),
        constraint_case("a two-layer cycle", (0.0, 0.0, 400.0, 300.0), [
            layer("a", (0.0, 0.0, 10.0, 10.0), [constraint("minX", "b", "maxX")]),
            layer("b", (-10.0, -5.0, 20.0, 10.0), [constraint("minX", "a", "maxX")]),
        ]),
        constraint_case("missing, repeated and impostor names", (-5.0, 7.0, 400.0, 300.0), [
            layer("twin", (95.0, 0.0, 10.0, 10.0), []),
            layer("twin", (195.0, 0.0, 10.0, 10.0), []),
            layer("superlayer", (0.0, 0.0, 10.0, 10.0), []),
            layer("reader", (0.0, 0.0, 10.0, 10.0), [
                constraint("minX", "twin", "maxX"), constraint("minY", "superlayer", "maxY"),
                constraint("height", "nobody", "height"), constraint("width", "", "width", scale=math.nan),
                constraint("width", "", "width", offset=math.inf)]),
        ]),
        constraint_case("width from own height, min and mid, mid and max", (0.0, 0.0, 400.0, 300.0), [
            layer("a", (0.0, 0.0, 1.0, 1.0), [constraint("width", "a", "height", scale=2.0),
                                              constraint("height", "", "height", scale=0.1)]),
            layer("b", (0.0, 0.0, 1.0, 1.0), [constraint("minX", "", "minX", offset=100.0), constraint("midX", "", "midX"),
                                              constraint("midY", "", "midY"), constraint("maxY", "", "maxY")]),
            layer("c", (3.0, 4.0, 5.0, 6.0), [constraint("minX", "", "minX", offset=100.0),
                                              constraint("maxX", "", "minX", offset=50.0)]),
        ]),
    ]
    # Random systems: a few siblings, names drawn from a small pool (repeats and misses
    # included), constraints on random attributes; scale and offset now and then not finite.
    pool = ["a", "b", "c", "d", "e", "superlayer", "", "ghost"]
    for i in range(150):
        bounds = (edge(rng, -50.0, 50.0), edge(rng, -50.0, 50.0), edge(rng, 0.0, 800.0), edge(rng, 0.0, 600.0))
        count = 1 + int(rng.random() * 5)
        layers = []
        for j in range(count):
            name = pool[int(rng.random() * 5)] if rng.random() < 0.9 else None
            frame = (edge(rng, -100.0, 500.0), edge(rng, -100.0, 500.0), edge(rng, 0.0, 300.0), edge(rng, 0.0, 300.0))
            constraints = []
            for _ in range(int(rng.random() * 5)):
                scale = [1.0, 0.5, 2.0, -1.0, edge(rng, -3.0, 3.0)][int(rng.random() * 5)]
                offset = edge(rng, -100.0, 100.0) if rng.random() < 0.7 else 0.0
                if rng.random() < 0.05:
                    scale = [math.nan, math.inf][int(rng.random() * 2)]
                if rng.random() < 0.05:
                    offset = -math.inf
                constraints.append(constraint(ATTRIBUTES[int(rng.random() * 8)], pool[int(rng.random() * len(pool))],
                                              ATTRIBUTES[int(rng.random() * 8)], scale, offset))
            layers.append(layer(name, frame, constraints))
        cases.append(constraint_case(f"random {i}", bounds, layers))
    return cases


def main():
    start = time.time()
    rng = random.Random(SEED_LAYOUT)
    write("layout.json", {"seed": SEED_LAYOUT, "autoresizing": autoresizing_cases(rng),
                          "constraints": constraint_cases(rng)})
    print(f"done in {time.time() - start:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Write the golden vectors of Cadence's timing math into Reference/goldens/.

    python3 Reference/generate.py        (needs mpmath)

The output is deterministic: every random choice comes from a random.Random
seeded with the constants below (each file records its seed), and only
Random.random() is used, whose sequence Python keeps stable across versions.
Inputs are written with Python's repr (the shortest string that reads back
as the same double); outputs are the exact model values rounded once to the
nearest double, then written the same way. Infinities and NaN are written as
the strings "inf", "-inf" and "nan" so that any JSON parser reads the files.
"""

import json
import math
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from mpmath import mpf  # noqa: E402

from oracle.exact import to_double  # noqa: E402
from oracle.media_timing import (  # noqa: E402
    FILL_MODES, Node, Timing, convert_time, evaluate, near_boundary, resolve)
from oracle.timing_function import CubicTimingFunction  # noqa: E402

SEED_TIMING_FUNCTIONS = 20250101
SEED_MEDIA_TIMING = 20250202
SEED_TIME_TREES = 20250303

GOLDENS = os.path.join(HERE, "goldens")

INF = math.inf
NAN = math.nan


# ---------------------------------------------------------------------------
# Output helpers
# ---------------------------------------------------------------------------

def number(x):
    """A double for JSON: finite as is (json writes repr), else a string."""
    if x is None:
        return None
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


def rounded(value):
    """An exact model value rounded to the nearest double, for JSON."""
    if value is None:
        return None
    return number(to_double(value))


def to_json_text(value, indent=0, width=300):
    """JSON with one short object or array per line (diff-friendly)."""
    compact = json.dumps(value, separators=(",", ":"), allow_nan=False)
    if len(compact) <= width or not isinstance(value, (dict, list)):
        return compact
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        items = [pad + json.dumps(k) + ":" + to_json_text(v, indent + 1, width)
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + to_json_text(v, indent + 1, width) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def write(name, value):
    os.makedirs(GOLDENS, exist_ok=True)
    path = os.path.join(GOLDENS, name)
    with open(path, "w") as f:
        f.write(to_json_text(value))
        f.write("\n")
    print(f"wrote {path} ({os.path.getsize(path)} bytes)", file=sys.stderr)


def ulps(x, n):
    """x moved n ulps (n < 0: down), with math.nextafter."""
    direction = INF if n > 0 else -INF
    for _ in range(abs(n)):
        x = math.nextafter(x, direction)
    return x


def pick(rng, options):
    """A uniformly chosen element, using only rng.random()."""
    return options[int(rng.random() * len(options))]


def uniform(rng, lo, hi):
    return lo + (hi - lo) * rng.random()


def unique(values):
    """Values without repeats (by repr, so -0.0 and 0.0 are both kept)."""
    seen = set()
    out = []
    for v in values:
        key = repr(float(v))
        if key not in seen:
            seen.add(key)
            out.append(float(v))
    return out


# ---------------------------------------------------------------------------
# timing-functions.json
# ---------------------------------------------------------------------------

NAMED_CURVES = [
    ("linear", (0.0, 0.0, 1.0, 1.0)),
    ("easeIn", (0.42, 0.0, 1.0, 1.0)),
    ("easeOut", (0.0, 0.0, 0.58, 1.0)),
    ("easeInEaseOut", (0.42, 0.0, 0.58, 1.0)),
    ("default", (0.25, 0.1, 0.25, 1.0)),
    ("verticalStart", (0.0, 1.0, 0.0, 1.0)),
    ("verticalMiddle", (1.0, 0.0, 0.0, 1.0)),
    ("thirdC2x", (0.0, 0.0, 1.0 / 3.0, 1.0)),
    ("steepMiddle", (0.9, 0.0, 0.1, 1.0)),
    ("overshootBoth", (0.5, -1.0, 0.5, 2.0)),
    ("nearLinearEnds", (1e-7, 0.0, 1 - 1e-7, 1.0)),
    ("nearVerticalMiddle", (1 - 1e-7, 0.0, 1e-7, 1.0)),
    ("nearDiagonal", (1e-7, 1e-7, 1 - 1e-7, 1 - 1e-7)),
    ("zeroC1C2x", (0.0, 0.0, 0.0, 1.0)),
    ("oneC1C2x", (1.0, 0.0, 1.0, 1.0)),
    ("verticalEnds", (0.0, 1.0, 1.0, 0.0)),
    ("clampedX", (1.5, 0.2, -0.5, 0.8)),
    ("overshootDefault", (0.25, -0.5, 0.75, 1.5)),
]

# Four more curves for the extrapolation table, one for each fallback branch
# of CSS Easing Level 1's end slopes.
EXTRAPOLATION_EXTRA = [
    ("startFallbackToC2", (0.0, 0.0, 0.6, 0.3)),    # c1x = 0, c1y = 0: c2y/c2x
    ("startSlopeZero", (0.0, 0.5, 0.5, 1.0)),       # c1x = 0, c1y != 0: 0
    ("endSlopeZero", (0.2, 0.1, 1.0, 0.7)),         # c2x = 1, c2y != 1: 0
    ("endFallbackClamped", (0.6, -0.4, 1.7, 1.0)),  # c2x clamps to 1, c2y = 1
]

TANGENT_STEPS = [1e-2, 1e-4, 1e-6, 1e-8, 1e-10, 1e-12, 1e-14, 1e-16]


def curve_sample_xs(curve, rng):
    xs = [k / 64 for k in range(65)]
    xs += [0.0, 5e-324, 1e-300, 1e-16, 1e-7, 1 - 1e-7, math.nextafter(1.0, 0.0),
           1.0, -0.5, 1.5, -INF, INF, -0.0]
    # Around every vertical tangent (interior or at an end): X(t* ± h), and the
    # doubles next to X(t*).
    for t_star in curve.vertical_tangents():
        for h in TANGENT_STEPS:
            for t in (t_star - mpf(h), t_star + mpf(h)):
                if 0 <= t <= 1:
                    xs.append(to_double(curve.X(t)))
        x_star = to_double(curve.X(t_star))
        xs += [ulps(x_star, n) for n in (-3, -2, -1, 0, 1, 2, 3)]
    # Random inputs biased to the edges.
    for _ in range(30):
        xs.append(rng.random())
    for _ in range(30):
        u = rng.random()
        xs.append(u * u * u * u)
    for _ in range(30):
        u = rng.random()
        xs.append(1.0 - u * u * u * u)
    for _ in range(15):
        u = rng.random()
        base = pick(rng, [u, u * u * u * u, 1.0 - u * u * u * u])
        step = pick(rng, [-4, -3, -2, -1, 1, 2, 3, 4])
        xs += [base, min(1.0, max(0.0, ulps(base, step)))]
    return unique(xs)


def curve_sample(curve, x):
    def clamp(v):
        return min(1.0, max(0.0, v))
    y, slope = curve.y_and_slope(x)
    below = clamp(ulps(x, -4))
    above = clamp(ulps(x, 4))
    return {
        "x": number(x),
        "y": rounded(y),
        "yBelow": rounded(curve.y(below)),
        "yAbove": rounded(curve.y(above)),
        "slope": rounded(slope),
    }


def timing_functions():
    rng = random.Random(SEED_TIMING_FUNCTIONS)
    curves = list(NAMED_CURVES)
    for i in range(12):
        c1x, c2x = rng.random(), rng.random()
        c1y, c2y = uniform(rng, -1, 2), uniform(rng, -1, 2)
        curves.append((f"random{i + 1:02d}", (c1x, c1y, c2x, c2y)))

    out_curves = []
    for name, points in curves:
        curve = CubicTimingFunction(*points)
        samples = [curve_sample(curve, x) for x in curve_sample_xs(curve, rng)]
        out_curves.append({
            "name": name,
            "controlPoints": [number(v) for v in points],
            "verticalInside": curve.vertical_tangent_inside() is not None,
            "samples": samples,
        })

    extrapolation = []
    for name, points in NAMED_CURVES + EXTRAPOLATION_EXTRA:
        curve = CubicTimingFunction(*points)
        xs = [-1.0, -0.25, 0.0, 0.5, 1.0, 1.25, 2.0, -1e-7, -0.5, 1.5,
              math.nextafter(1.0, 2.0), math.nextafter(0.0, -1.0), 1 + 1e-7]
        xs += [uniform(rng, -1, 2) for _ in range(6)]
        extrapolation.append({
            "name": name,
            "controlPoints": [number(v) for v in points],
            "samples": [{"x": number(x), "y": rounded(curve.y_extrapolated(x))}
                        for x in unique(xs)],
        })

    return {"seed": SEED_TIMING_FUNCTIONS, "curves": out_curves,
            "extrapolation": extrapolation}


# ---------------------------------------------------------------------------
# media-timing.json
# ---------------------------------------------------------------------------

def parent_time_for(res, e):
    """A double tp whose elapsed time is (about) e: beginTime + e / speed."""
    return to_double(res.begin + mpf(e) / res.speed)


def interesting_times(res):
    """Parent times at and around the boundaries of the active interval."""
    times = [NAN, INF, -INF, 0.0]
    if res.speed == 0:
        return times + [to_double(res.begin) + v for v in (-1.0, 0.0, 0.5, 3.0)]
    D, c, d = res.D, res.c, res.d
    finite_D = not math.isinf(float(D))
    finite_c = not math.isinf(float(c))
    scale = D if finite_D else (c if finite_c else mpf(1))
    small = min(mpf(1), scale) * mpf("0.001")
    es = [mpf(-1), -small, mpf(0), small]
    if finite_D:
        es += [D / 2, D - small, D, D + small, D + 1]
    # Iteration ends and leg ends (a few from the start, one near the end).
    if finite_c:
        count = int(min(D / c, 3)) if finite_D else 3
        for n in range(1, count + 1):
            es += [n * c, n * c - small, n * c + small]
        if res.autoreverses:
            es += [d, d + small, c + d]
        if finite_D and D / c > 4:
            last = int(D / c)
            es += [last * c, last * c - small]
    else:
        es += [mpf(3), mpf(100)]
    for e in es:
        times.append(parent_time_for(res, e))
    # One ulp either side of the begin and of the end, in parent time.
    begin = to_double(res.begin)
    times += [ulps(begin, -1), ulps(begin, 1)]
    if finite_D:
        end = parent_time_for(res, D)
        times += [ulps(end, -1), ulps(end, 1)]
    return times


def timing_json(t):
    return {
        "beginTime": number(t.beginTime), "duration": number(t.duration),
        "speed": number(t.speed), "timeOffset": number(t.timeOffset),
        "repeatCount": number(t.repeatCount),
        "repeatDuration": number(t.repeatDuration),
        "autoreverses": t.autoreverses, "fillMode": t.fillMode,
    }


def media_case(name, timing, default=0.25, extra_times=(), rng=None,
               random_times=0, interesting=True):
    res = resolve(timing, default)
    times = list(interesting_times(res)) if interesting else [NAN, INF, -INF]
    times += list(extra_times)
    if rng is not None and random_times:
        begin = float(res.begin)
        if float(res.speed) != 0 and not math.isinf(float(res.D)):
            span = float(res.D / abs(res.speed))
        else:
            span = 10.0
        lo = begin - span if float(res.speed) > 0 else begin - 2 * span
        hi = begin + 2 * span if float(res.speed) > 0 else begin + span
        for _ in range(random_times):
            times.append(uniform(rng, lo - 1, hi + 1))
    samples = []
    for tp in unique(times):
        s = evaluate(res, tp)
        if s.iteration is not None:
            assert abs(s.iteration) < 2 ** 53, "iteration must fit an integer"
        samples.append({
            "t": number(tp),
            "phase": s.phase,
            "inEffect": s.in_effect,
            "iteration": s.iteration,
            "reversed": s.reversed,
            "basicTime": rounded(s.basic),
            "progress": rounded(s.progress),
            "activeTime": rounded(s.active_time),
            "nearBoundary": near_boundary(res, tp, s),
        })
    return {"name": name, "timing": timing_json(timing),
            "defaultDuration": number(default), "samples": samples}


def handmade_cases():
    cases = []

    def add(name, default=0.25, extra=(), **fields):
        cases.append(media_case(name, Timing(**fields), default, extra))

    # Every fill mode before, inside and after the active interval, in a few
    # shapes of timing.
    for fill in FILL_MODES:
        add(f"fill {fill}", beginTime=1.0, duration=2.0, fillMode=fill)
        add(f"fill {fill}, autoreverses x2", beginTime=1.0, duration=2.0,
            repeatCount=2.0, autoreverses=True, fillMode=fill)
        add(f"fill {fill}, speed -1", beginTime=1.0, duration=2.0, speed=-1.0,
            fillMode=fill)
        add(f"fill {fill}, offset 0.5", beginTime=1.0, duration=2.0,
            timeOffset=0.5, fillMode=fill)
        add(f"fill {fill}, repeat 1.5", beginTime=1.0, duration=2.0,
            repeatCount=1.5, fillMode=fill)
        add(f"fill {fill}, paused", beginTime=1.0, duration=2.0, speed=0.0,
            timeOffset=0.75, fillMode=fill)

    # Autoreverses with integral and fractional repeat counts.
    for count in (0.0, 1.0, 2.0, 2.5, 0.5, 0.25, 1.75, INF):
        for fill in ("both", "forwards"):
            add(f"autoreverses repeatCount {count} fill {fill}", duration=1.0,
                repeatCount=count, autoreverses=True, fillMode=fill,
                extra=(0.5, 1.0, 1.5, 2.0, 4.5, 5.0, 5.5, 6.0))

    # repeatDuration alone, and both repeat properties (SMIL: first limit wins).
    for rd in (0.5, 2.5, 3.0, INF):
        for auto in (False, True):
            add(f"repeatDuration {rd} autoreverses {auto}", duration=1.0,
                repeatDuration=rd, autoreverses=auto, fillMode="both")
    for rc, rd in ((3.0, 2.5), (1.5, 4.0), (2.0, 2.0), (INF, 3.7), (2.5, INF),
                   (0.5, 0.25)):
        for auto in (False, True):
            add(f"repeatCount {rc} repeatDuration {rd} autoreverses {auto}",
                duration=1.0, repeatCount=rc, repeatDuration=rd,
                autoreverses=auto, fillMode="forwards")

    # timeOffset: positive, negative, larger than D, equal to d.
    for offset in (0.25, -0.25, 2.7, -5.3, 10.0, 1.0):
        add(f"offset {offset}", duration=1.0, repeatCount=2.0,
            timeOffset=offset, fillMode="both")
        add(f"offset {offset} autoreverses", duration=1.0, repeatCount=1.5,
            autoreverses=True, timeOffset=offset, fillMode="both")
    for offset in (0.3, -0.3, -2.6):
        add(f"offset {offset} repeat forever", duration=1.0, repeatCount=INF,
            timeOffset=offset)
        add(f"offset {offset} repeat forever autoreverses", duration=1.0,
            repeatCount=INF, autoreverses=True, timeOffset=offset)
    for offset in (-3.0, 3.0):
        add(f"layer offset {offset}", default=INF, timeOffset=offset,
            beginTime=2.0, extra=(-10.0, 1.0, 2.0, 4.0, 100.0))

    # Speeds, with a non-zero beginTime.
    for speed in (2.0, 0.5, -1.0, 0.0, -2.5, 3.0):
        add(f"speed {speed}", beginTime=1.5, duration=1.0, repeatCount=2.0,
            speed=speed, fillMode="both")
    for speed in (-1.0, 2.0):
        add(f"speed {speed} autoreverses", beginTime=1.5, duration=1.0,
            repeatCount=2.0, speed=speed, autoreverses=True, fillMode="both")
    for offset in (0.3, 1.7, -0.2):
        add(f"paused at {offset}", beginTime=1.5, duration=1.0, repeatCount=2.0,
            speed=0.0, timeOffset=offset)

    # The worked example of time-model.md.
    for fill in ("removed", "forwards"):
        add(f"worked example fill {fill}", duration=1.0, timeOffset=0.25,
            fillMode=fill,
            extra=(0.8, 0.75, 1.0, math.nextafter(1.0, 2.0), 1.0000001, 0.5))

    # Default durations.
    add("duration 0 animation", duration=0.0, fillMode="both",
        extra=(0.1, 0.25, 0.3))
    add("duration 0 animation repeat 2", duration=0.0, repeatCount=2.0,
        autoreverses=True, extra=(0.1, 0.25, 0.3, 0.75, 1.0))
    add("duration 0 layer", default=INF, duration=0.0,
        extra=(-5.0, 0.0, 7.5, 1e6))
    add("layer begin 3 speed 2 offset 1", default=INF, beginTime=3.0,
        speed=2.0, timeOffset=1.0, extra=(0.0, 2.0, 3.0, 10.0))
    add("layer speed -1", default=INF, speed=-1.0, extra=(-2.0, 0.0, 2.0))

    # Bad values, read as in the section "Bad values".
    for default in (0.25, INF):
        for duration in (NAN, INF, -INF, -1.0, 0.0, -0.0):
            add(f"duration {duration} default {default}", default=default,
                duration=duration, fillMode="forwards",
                extra=(0.1, 0.25, 1.0, 5.0))
    for speed in (NAN, INF, -INF):
        add(f"speed {speed}", beginTime=1.0, duration=1.0, speed=speed,
            fillMode="both")
    for rc in (NAN, -1.0, -INF):
        add(f"repeatCount {rc}", duration=1.0, repeatCount=rc, fillMode="both")
    for rd in (-2.0, NAN, -INF):
        add(f"repeatDuration {rd}", duration=1.0, repeatDuration=rd,
            repeatCount=2.0, fillMode="both")
    for begin in (NAN, INF, -INF):
        add(f"beginTime {begin}", beginTime=begin, duration=1.0,
            fillMode="both", extra=(0.5, 1.0))
    for offset in (INF, NAN, -INF):
        add(f"timeOffset {offset}", timeOffset=offset, duration=1.0,
            fillMode="both", extra=(0.5, 1.0))
    add("all bad", beginTime=NAN, duration=-INF, speed=INF, timeOffset=NAN,
        repeatCount=NAN, repeatDuration=-1.0, fillMode="both",
        extra=(0.1, 0.25, 0.3))
    add("all bad layer", default=INF, beginTime=-INF, duration=NAN,
        speed=NAN, timeOffset=INF, repeatCount=-2.0, repeatDuration=NAN,
        extra=(-1.0, 3.0))

    # Huge times: media clocks after long uptime.
    huge = (1e9, 1e9 + 0.1, 1e9 + 0.123456, 1e9 + 0.3, 1e9 + 1.0, 1e9 + 2.0,
            999999999.9, 1e9 + 10.0)
    add("huge begin", beginTime=1e9 + 0.123456, duration=0.3, repeatCount=3.0,
        fillMode="both", extra=huge)
    add("huge begin autoreverses", beginTime=987654321.5, duration=0.25,
        repeatCount=INF, autoreverses=True,
        extra=(987654321.5, 987654321.6, 987654322.0, 987654400.123))
    add("huge begin speed -1", beginTime=1e9, duration=0.5, repeatCount=2.0,
        speed=-1.0, fillMode="both", extra=huge)
    add("huge elapsed repeat forever", duration=0.3, repeatCount=INF,
        extra=huge + (1e9 + 0.15, 123456789.0))
    add("huge layer", default=INF, beginTime=1e9 + 0.5, extra=huge)
    add("huge begin offset", beginTime=1e9 - 0.2, duration=1.0,
        repeatCount=2.0, timeOffset=0.4, fillMode="forwards", extra=huge)
    return cases


def random_timing(rng):
    begin = pick(rng, [0.0, 0.0, uniform(rng, -3, 3), uniform(rng, -3, 3),
                       1e9 + uniform(rng, 0, 100)])
    duration = pick(rng, [0.0, 1.0, 0.25, uniform(rng, 0.05, 3),
                          uniform(rng, 0.05, 3), 1e-3, INF, NAN, -1.0])
    speed = pick(rng, [1.0, 1.0, -1.0, 2.0, 0.5, 0.0, uniform(rng, -3, 3)])
    offset = pick(rng, [0.0, 0.0, uniform(rng, -3, 3), uniform(rng, -10, 10)])
    repeat_count = pick(rng, [0.0, 0.0, 1.0, 2.0, 2.5, uniform(rng, 0, 4), INF])
    repeat_duration = pick(rng, [0.0, 0.0, 0.0, uniform(rng, 0, 6), INF])
    autoreverses = rng.random() < 0.4
    fill = pick(rng, list(FILL_MODES))
    return Timing(beginTime=begin, duration=duration, speed=speed,
                  timeOffset=offset, repeatCount=repeat_count,
                  repeatDuration=repeat_duration, autoreverses=autoreverses,
                  fillMode=fill)


def media_timing():
    rng = random.Random(SEED_MEDIA_TIMING)
    cases = handmade_cases()
    for i in range(150):
        timing = random_timing(rng)
        default = INF if rng.random() < 0.1 else 0.25
        case = media_case(f"random{i + 1:03d}", timing, default, rng=rng,
                          random_times=8)
        cases.append(case)
    return {"seed": SEED_MEDIA_TIMING, "cases": cases}


# ---------------------------------------------------------------------------
# time-trees.json
# ---------------------------------------------------------------------------

# Speed 0 is one choice in twenty: on a deep path it makes most queries
# constant, so it is kept rare here and tested on purpose in the chain tree.
SPEEDS = [1.0, 1.0, 1.0, 2.0, 2.0, 0.5, 0.5, -1.0, -1.0, -0.5, 3.0, 1.25,
          -2.0, 0.25, 4.0, 1.5, -0.75, 0.0, 0.8]  # and one uniform in [-2, 2]


def random_node(rng, parent):
    return Node(parent=parent,
                beginTime=pick(rng, [0.0, uniform(rng, -5, 5), uniform(rng, -5, 5)]),
                speed=pick(rng, SPEEDS + [uniform(rng, -2, 2)]),
                timeOffset=pick(rng, [0.0, uniform(rng, -5, 5)]))


def depth_of(nodes, index):
    depth = 0
    while index is not None:
        depth += 1
        index = nodes[index].parent
    return depth


def random_tree(rng, size, max_depth=8):
    nodes = []
    for _ in range(size):
        while True:
            parent = None if not nodes or rng.random() < 0.1 else \
                int(rng.random() * len(nodes))
            if parent is None or depth_of(nodes, parent) < max_depth:
                break
        nodes.append(random_node(rng, parent))
    return nodes


def tree_json(nodes, queries):
    out_queries = []
    for time_value, a, b in queries:
        expected = convert_time(nodes, time_value, a, b)
        out_queries.append({"time": number(time_value), "from": a, "to": b,
                            "expected": rounded(expected)})
    return {
        "nodes": [{"parent": n.parent,
                   "timing": {"beginTime": number(n.beginTime),
                              "speed": number(n.speed),
                              "timeOffset": number(n.timeOffset)}}
                  for n in nodes],
        "queries": out_queries,
    }


def random_queries(rng, nodes, count):
    spaces = [None] + list(range(len(nodes)))
    queries = []
    for _ in range(count):
        a, b = pick(rng, spaces), pick(rng, spaces)
        time_value = pick(rng, [uniform(rng, -20, 20), uniform(rng, -20, 20),
                                0.0, 1.0, float(int(uniform(rng, -10, 10)))])
        queries.append((time_value, a, b))
    return queries


def time_trees():
    rng = random.Random(SEED_TIME_TREES)
    trees = []

    # A chain eight deep with every kind of speed, including 0 and negative.
    chain = [
        Node(None, 1.0, 2.0, 0.5), Node(0, -0.5, 1.0, 0.25),
        Node(1, 2.0, -1.0, 0.0), Node(2, 0.0, 0.5, 3.0),
        Node(3, 0.75, 1.0, -1.0), Node(4, 1.0, 0.0, 2.5),
        Node(5, -2.0, 3.0, 0.125), Node(6, 0.5, -0.25, 1.0),
    ]
    queries = []
    for a in [None] + list(range(8)):
        for b in [None] + list(range(8)):
            if rng.random() < 0.5:
                queries.append((uniform(rng, -10, 10), a, b))
    queries += [(2.0, None, 7), (2.0, 7, None), (0.0, 7, 0), (3.0, 4, 2)]
    trees.append(tree_json(chain, queries))

    # A branching tree: two subtrees under one root, a second top-level node.
    branching = [
        Node(None, 0.0, 1.0, 0.0), Node(0, 1.0, 2.0, 0.0),
        Node(0, -1.0, -1.0, 0.5), Node(1, 0.5, 0.5, 0.25),
        Node(2, 0.0, 0.0, 4.0), Node(2, 2.0, 1.5, -1.0),
        Node(None, 3.0, -2.0, 1.0), Node(6, 0.25, 4.0, 0.0),
    ]
    queries = [(t, a, b) for t in (-3.0, 0.0, 1.5)
               for a, b in ((3, 5), (5, 3), (4, 3), (3, 4), (7, 3), (3, 7),
                            (None, 4), (4, None), (5, 5), (None, None))]
    trees.append(tree_json(branching, queries))

    # QA1673's pause and resume, as a layer under a root layer.
    paused = [Node(None, 0.0, 1.0, 0.0), Node(0, 0.0, 0.0, 5.25)]
    resumed = [Node(None, 0.0, 1.0, 0.0), Node(0, 2.75, 1.0, 0.0)]
    for nodes in (paused, resumed):
        trees.append(tree_json(nodes, [(t, None, 1) for t in (0.0, 5.25, 8.0)]
                               + [(t, 1, None) for t in (0.0, 5.25, 8.0)]))

    # Huge absolute times.
    huge = [Node(None, 1e9 + 0.5, 1.0, 0.0), Node(0, 0.25, -1.0, 1e9),
            Node(1, 1e9, 2.0, 0.0)]
    trees.append(tree_json(huge, [(1e9 + 1.0, None, 0), (1e9 + 1.0, None, 2),
                                  (7.0, 2, None), (1e9, 1, None),
                                  (1e9 + 0.123, 0, 2)]))

    # Random trees.
    for size in (3, 4, 5, 6, 8, 10, 12, 12, 16, 16, 20, 24):
        nodes = random_tree(rng, size)
        trees.append(tree_json(nodes, random_queries(rng, nodes, 30)))
    return {"seed": SEED_TIME_TREES, "trees": trees}


def main():
    started = time.time()
    write("timing-functions.json", timing_functions())
    print(f"  after {time.time() - started:.1f} s", file=sys.stderr)
    write("media-timing.json", media_timing())
    print(f"  after {time.time() - started:.1f} s", file=sys.stderr)
    write("time-trees.json", time_trees())
    print(f"done in {time.time() - started:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()

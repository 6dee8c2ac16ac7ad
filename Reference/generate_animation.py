#!/usr/bin/env python3
"""Write the golden vectors of Cadence's animation layer into Reference/goldens/.

    python3 Reference/generate_animation.py        (needs mpmath)

keyframes.json: the keyframe value calculation (oracle/keyframes.py) at given
progress values. basic-animations.json: basic, keyframe and group animations
and stacks of them at given parent times (oracle/property_animation.py).

The output is deterministic: random choices come from random.Random seeded
with the constants below (each file records its seed), and only
Random.random() is used. Inputs are written with Python's repr; outputs are
the exact (or 50-digit) model values rounded once to the nearest double.
"""

from fractions import Fraction
import math
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from mpmath import mp, mpf  # noqa: E402

from generate import number, uniform, write  # noqa: E402
from oracle.exact import to_double  # noqa: E402
from oracle.keyframes import (  # noqa: E402
    Keyframes, KeyframeModel, ease, exact, is_double, svg_path_data, to_mpf)
from oracle.media_timing import Timing  # noqa: E402
from oracle.property_animation import (  # noqa: E402
    Basic, Group, Keyframe, flatten, presentation)
from oracle.timing_function import CubicTimingFunction  # noqa: E402

SEED_KEYFRAMES = 20250707
SEED_BASIC_ANIMATIONS = 20250808

# A sample lies "near" a boundary when it is within this distance of it.
NEAR = Fraction(1, 10 ** 9)

EASE_IN = [0.42, 0.0, 1.0, 1.0]
EASE_OUT = [0.0, 0.0, 0.58, 1.0]
EASE_IN_OUT = [0.42, 0.0, 0.58, 1.0]
DEFAULT_CURVE = [0.25, 0.1, 0.25, 1.0]
BACK = [0.5, -0.6, 0.5, 1.6]          # overshoots below 0 and above 1
OVERSHOOT = [0.3, -0.5, 0.7, 1.5]


# ---------------------------------------------------------------------------
# Output helpers
# ---------------------------------------------------------------------------

def out(x):
    """An exact (Fraction) or 50-digit (mpf) value rounded to a double, for
    JSON (`generate.number`: NaN and infinities as strings)."""
    if x is None or isinstance(x, (Fraction, float)):
        return number(x)  # float() of a Fraction rounds correctly
    return number(to_double(x))


def out_vec(v):
    return None if v is None else [out(c) for c in v]


def raw(x):
    """An input double for JSON (NaN and infinities as strings)."""
    return number(x)


def raw_list(values):
    return None if values is None else [raw(v) for v in values]


def random_vector(rng, dim, lo=-100.0, hi=100.0):
    return [uniform(rng, lo, hi) for _ in range(dim)]


def angle_difference(a, b):
    """|a - b| modulo 2 pi, in [0, pi]."""
    d = (to_mpf(a) - to_mpf(b)) % (2 * mp.pi)
    return min(d, 2 * mp.pi - d)


# ---------------------------------------------------------------------------
# keyframes.json
# ---------------------------------------------------------------------------

DIMENSIONS = {"scalar": 1, "point": 2, "vector4": 4}


def sample_points(model, rng, extra=6):
    """Progress values for a case: 0 and 1; every boundary (key times, or
    the paced length fractions) rounded to a double, and the doubles next to
    the interior ones; interval midpoints and thirds; a few random values."""
    ps = {0.0, 1.0}
    bounds = model.boundaries()
    rounded = sorted({float(to_double(to_mpf(b))) if not isinstance(b, Fraction)
                      else float(b) for b in bounds})
    for b in rounded:
        ps.add(b)
        if 0.0 < b < 1.0:
            ps.add(math.nextafter(b, -1.0))
            ps.add(math.nextafter(b, 2.0))
    grid = rounded if len(rounded) >= 2 else [0.0, 1.0]
    for a, b in zip(grid, grid[1:]):
        if b > a:
            for f in (0.25, 0.5, 0.75) if len(grid) <= 6 else (0.5,):
                ps.add(a + (b - a) * f)
    for _ in range(extra):
        ps.add(rng.random())
    return sorted(ps)


def side_difference(model, a, b, scale):
    """Whether two Results differ beyond rounding (value or rotation)."""
    if a.value is None or b.value is None:
        return False
    for x, y in zip(a.value, b.value):
        if abs(to_mpf(x) - to_mpf(y)) > mpf("1e-9") * scale:
            return True
    if a.rotation is not None and b.rotation is not None:
        if angle_difference(a.rotation, b.rotation) > mpf("1e-9"):
            return True
    return False


def boundary_sides(model, index, boundary):
    """(left limit, right value) at a boundary (see KeyframeModel.evaluate)."""
    if model.lookup_mode in ("paced", "cubicPaced"):
        # Pieces by index: the last positive piece ending at the boundary,
        # the first positive piece starting at it.
        lengths = model.piece_lengths
        left = [j for j in range(index) if lengths[j] > 0]
        right = [j for j in range(index, len(lengths)) if lengths[j] > 0]
        results = []
        for choice, fraction in ((left[-1] if left else None, 1), (right[0] if right else None, 0)):
            if choice is None:
                results.append(None)
            else:
                results.append(model_piece(model, choice, fraction))
        return results
    return [model.evaluate(boundary, strict=True), model.evaluate(boundary)]


def model_piece(model, j, fraction):
    """The Result at the start (0) or end (1) of paced piece j."""
    from oracle.keyframes import Result
    if model.on_path:
        segment = model.segments[j]
        t = Fraction(fraction)
        result = Result(value=segment.point(t), segment=j, u=t)
        model._path_rotation(result, segment, t, backward=(fraction == 1))
        return result
    point = model.points[j + fraction]
    return Result(value=point, segment=j, u=Fraction(fraction))


def keyframe_sample(model, p_input, progress=None, curve=None):
    """One sample: the value at p (after the animation's timing function
    when `curve` is given, with `progress` as the raw input)."""
    if curve is not None:
        p_exact = ease(curve, exact(progress))
    else:
        p_exact = exact(p_input)
    result = model.evaluate(p_exact)
    sample = {}
    if progress is not None:
        sample["progress"] = raw(progress)
    sample["p"] = out(p_exact)
    sample["value"] = out_vec(result.value)
    if model.spec.rotation_mode is not None and model.on_path:
        sample["rotation"] = out(result.rotation)
    if result.value is None or model.n < 2:
        return sample
    # Boundary flags: within 1e-9 of a boundary that a double implementation
    # cannot be expected to decide exactly as the oracle does (the sample is
    # not on it, or the boundary is not itself a double), and where the two
    # sides differ.
    scale = max([mpf(1)] + [abs(to_mpf(c)) for v in model.points for c in v])
    p_clamped = min(max(exact(p_exact), Fraction(0)), Fraction(1))
    for index, b in enumerate(model.boundaries()):
        b_exact = b if isinstance(b, Fraction) else exact(b)
        distance = abs(p_clamped - b_exact)
        if distance > NEAR:
            continue
        if isinstance(b, Fraction) and curve is None:
            # A key time compared with the given double p. A double
            # implementation compares p with the key time rounded to the
            # nearest double (given key times are doubles already; even ones
            # are i/(n-1) or i/n, correctly rounded). It decides as the
            # oracle does unless p lies between the exact key time and its
            # double, which for a double p means p equals that double.
            if is_double(b) or p_clamped != Fraction(float(b)):
                continue
        left, right = boundary_sides(model, index, b)
        others = [s for s in (left, right) if s is not None]
        other = None
        for s in others:
            if side_difference(model, result, s, scale):
                other = s
        if other is not None:
            sample["nearBoundary"] = True
            sample["valueOther"] = out_vec(other.value)
            if "rotation" in sample:
                sample["rotationOther"] = out(other.rotation)
    if result.slow_tangent:
        sample["slowTangent"] = True
    return sample


def keyframe_case(name, kind, spec, rng, timing_function=None, samples=None,
                  extra_samples=6):
    model = KeyframeModel(spec)
    entry = {"name": name, "kind": kind, "calculationMode": spec.mode}
    if spec.path is not None:
        entry["values"] = None
        entry["path"] = svg_path_data(spec.path)
        entry["pathSegments"] = [[list(p) for p in s.points] for s in model.segments]
    else:
        entry["values"] = [raw_list(v) for v in spec.values]
        entry["path"] = None
    entry["keyTimes"] = raw_list(spec.key_times)
    entry["timingFunctions"] = (None if spec.timing_functions is None
                                else [raw_list(t) for t in spec.timing_functions])
    entry["tensionValues"] = raw_list(spec.tension)
    entry["continuityValues"] = raw_list(spec.continuity)
    entry["biasValues"] = raw_list(spec.bias)
    entry["rotationMode"] = spec.rotation_mode
    entry["timingFunction"] = timing_function
    entry["keyframeCount"] = model.n
    entry["keyTimesUsed"] = model.key_times_used
    entry["timingFunctionsUsed"] = bool(model.timing_functions_used)
    entry["effectiveKeyTimes"] = (None if model.key_times is None
                                  else [out(k) for k in model.key_times])
    entry["pacedBoundaries"] = (None if model.piece_lengths is None
                                or model.total_length == 0
                                else [out(b) for b in model.boundaries()])
    curve = CubicTimingFunction(*timing_function) if timing_function else None
    if samples is None:
        samples = sample_points(model, rng, extra_samples) if model.n >= 2 else \
            [0.0, 0.25, 0.5, 1.0]
    out_samples = []
    for s in samples:
        if curve is not None:
            out_samples.append(keyframe_sample(model, None, progress=s, curve=curve))
        else:
            out_samples.append(keyframe_sample(model, s))
    entry["samples"] = out_samples
    return entry


def named_paths():
    return {
        "polyline": [("M", 0, 0), ("L", 100, 0), ("L", 100, 50), ("L", 40, 90)],
        "bounce (the guide's example)": [
            ("M", 74, 74), ("C", 74, 500, 320, 500, 320, 74),
            ("C", 320, 500, 566, 500, 566, 74)],
        "mixed line, quadratic, cubic": [
            ("M", 0, 0), ("Q", 50, 100, 100, 0), ("L", 150, 50),
            ("C", 160, 100, 220, 100, 250, 0)],
        "closed (Z adds a line)": [
            ("M", 10, 10), ("L", 110, 10), ("Q", 150, 60, 110, 110), ("L", 10, 110), ("Z",)],
        "zero-length segment": [
            ("M", 0, 0), ("L", 50, 0), ("L", 50, 0), ("L", 50, 50),
            ("C", 50, 80, 80, 100, 100, 100)],
        "cusp and degenerate controls": [
            ("M", 0, 0), ("C", 100, 100, 0, 100, 100, 0),
            ("C", 100, 0, 150, 50, 200, 0), ("C", 250, 50, 300, 0, 300, 0)],
        "closed at its start (Z adds nothing)": [
            ("M", 0, 0), ("L", 30, 0), ("L", 30, 40), ("L", 0, 0), ("Z",)],
    }


def keyframes_golden():
    rng = random.Random(SEED_KEYFRAMES)
    cases = []

    def add(name, kind, spec, **kw):
        cases.append(keyframe_case(name, kind, spec, rng, **kw))

    def vals(kind, n):
        return [random_vector(rng, DIMENSIONS[kind]) for _ in range(n)]

    # ----- linear -----
    add("linear scalar, no keyTimes", "scalar",
        Keyframes(values=[[0.0], [10.0], [-5.0], [7.5]], mode="linear"),
        samples=None)
    add("linear point, no keyTimes", "point", Keyframes(values=vals("point", 5)))
    add("linear vector4, no keyTimes", "vector4", Keyframes(values=vals("vector4", 3)))
    add("linear scalar, even keyTimes", "scalar",
        Keyframes(values=vals("scalar", 5), key_times=[0, 0.25, 0.5, 0.75, 1]))
    add("linear point, even keyTimes (thirds as doubles)", "point",
        Keyframes(values=vals("point", 4), key_times=[0, 1 / 3, 2 / 3, 1]))
    add("linear scalar, uneven keyTimes", "scalar",
        Keyframes(values=vals("scalar", 5), key_times=[0, 0.1, 0.55, 0.6, 1]))
    add("linear point, uneven keyTimes", "point",
        Keyframes(values=vals("point", 4), key_times=[0, 0.7, 0.8, 1]))
    add("linear vector4, uneven keyTimes", "vector4",
        Keyframes(values=vals("vector4", 4), key_times=[0, 0.05, 0.5, 1]))
    add("linear, repeated key time inside (a jump; the later value wins)", "scalar",
        Keyframes(values=[[0.0], [10.0], [20.0], [30.0]], key_times=[0, 0.4, 0.4, 1]))
    add("linear, repeated key time at the end", "point",
        Keyframes(values=vals("point", 4), key_times=[0, 0.5, 1, 1]))
    add("linear, repeated key time at the start", "scalar",
        Keyframes(values=[[1.0], [2.0], [4.0], [8.0]], key_times=[0, 0, 0.5, 1]))
    add("linear, invalid keyTimes: too few", "scalar",
        Keyframes(values=vals("scalar", 4), key_times=[0, 0.2, 1]))
    add("linear, invalid keyTimes: too many", "point",
        Keyframes(values=vals("point", 3), key_times=[0, 0.2, 0.5, 1]))
    add("linear, invalid keyTimes: decreasing", "scalar",
        Keyframes(values=vals("scalar", 4), key_times=[0, 0.6, 0.3, 1]))
    add("linear, invalid keyTimes: outside [0, 1]", "vector4",
        Keyframes(values=vals("vector4", 4), key_times=[0, 0.5, 1.5, 1]))
    add("linear, invalid keyTimes: first not 0", "scalar",
        Keyframes(values=vals("scalar", 4), key_times=[0.1, 0.4, 0.7, 1]))
    add("linear, invalid keyTimes: last not 1", "point",
        Keyframes(values=vals("point", 4), key_times=[0, 0.3, 0.6, 0.9]))
    add("linear, invalid keyTimes: NaN", "scalar",
        Keyframes(values=vals("scalar", 3), key_times=[0, math.nan, 1]))
    add("linear scalar, timingFunctions per segment", "scalar",
        Keyframes(values=[[0.0], [100.0], [50.0], [80.0]],
                  timing_functions=[EASE_IN, EASE_OUT, EASE_IN_OUT]))
    add("linear point, timingFunctions with uneven keyTimes", "point",
        Keyframes(values=vals("point", 4), key_times=[0, 0.2, 0.9, 1],
                  timing_functions=[DEFAULT_CURVE, EASE_IN_OUT, [0.1, 0.9, 0.2, 1.0]]))
    add("linear, timingFunctions one too many (n): the first n - 1 used", "scalar",
        Keyframes(values=vals("scalar", 3), timing_functions=[EASE_IN, EASE_IN, EASE_IN]))
    add("linear, timingFunctions one too few (n - 2): the last segment linear", "point",
        Keyframes(values=vals("point", 4), timing_functions=[EASE_IN, EASE_OUT]))
    add("linear, overshooting timingFunctions (not clamped)", "scalar",
        Keyframes(values=[[0.0], [10.0], [30.0]], timing_functions=[BACK, OVERSHOOT]))
    add("linear, two keyframes", "vector4", Keyframes(values=vals("vector4", 2)))
    add("linear, one keyframe", "point", Keyframes(values=[[3.0, 4.0]]))
    add("linear, no keyframes", "scalar", Keyframes(values=[]))
    add("linear, p outside [0, 1] is clamped", "scalar",
        Keyframes(values=[[0.0], [10.0], [5.0]]),
        samples=[-1.0, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 2.0])

    # ----- discrete -----
    add("discrete scalar, no keyTimes (quarters)", "scalar",
        Keyframes(values=[[1.0], [2.0], [3.0], [4.0]], mode="discrete"))
    add("discrete point, no keyTimes (thirds)", "point",
        Keyframes(values=vals("point", 3), mode="discrete"))
    add("discrete vector4, no keyTimes (fifths)", "vector4",
        Keyframes(values=vals("vector4", 5), mode="discrete"))
    add("discrete, n keyTimes", "scalar",
        Keyframes(values=[[1.0], [2.0], [3.0], [4.0]], key_times=[0, 0.2, 0.5, 0.9],
                  mode="discrete"))
    add("discrete, n + 1 keyTimes (the last ends the last value)", "scalar",
        Keyframes(values=[[1.0], [2.0], [3.0], [4.0]], key_times=[0, 0.2, 0.5, 0.7, 0.9],
                  mode="discrete"))
    add("discrete, n keyTimes ending at 1", "point",
        Keyframes(values=vals("point", 3), key_times=[0, 0.5, 1], mode="discrete"))
    add("discrete, n + 1 keyTimes ending at 1", "point",
        Keyframes(values=vals("point", 3), key_times=[0, 0.25, 0.5, 1], mode="discrete"))
    add("discrete, repeated key time (the later value wins)", "scalar",
        Keyframes(values=[[1.0], [2.0], [3.0], [4.0]], key_times=[0, 0.5, 0.5, 0.75],
                  mode="discrete"))
    add("discrete, invalid keyTimes: too few", "scalar",
        Keyframes(values=[[1.0], [2.0], [3.0], [4.0]], key_times=[0, 0.5, 0.75],
                  mode="discrete"))
    add("discrete, invalid keyTimes: too many (n + 2)", "scalar",
        Keyframes(values=[[1.0], [2.0], [3.0]], key_times=[0, 0.1, 0.2, 0.3, 0.4],
                  mode="discrete"))
    add("discrete, invalid keyTimes: decreasing", "point",
        Keyframes(values=vals("point", 3), key_times=[0, 0.6, 0.3], mode="discrete"))
    add("discrete, invalid keyTimes: outside [0, 1]", "scalar",
        Keyframes(values=[[1.0], [2.0], [3.0]], key_times=[0, 0.5, 1.5], mode="discrete"))
    add("discrete, invalid keyTimes: first not 0", "scalar",
        Keyframes(values=[[1.0], [2.0], [3.0]], key_times=[0.25, 0.5, 0.75],
                  mode="discrete"))
    add("discrete, timingFunctions have no effect", "scalar",
        Keyframes(values=[[1.0], [2.0], [3.0]], timing_functions=[EASE_IN, EASE_OUT],
                  mode="discrete"))
    add("discrete, one keyframe", "scalar", Keyframes(values=[[9.0]], mode="discrete"))
    add("discrete, p outside [0, 1] is clamped", "scalar",
        Keyframes(values=[[1.0], [2.0]], mode="discrete"),
        samples=[-0.5, 0.0, 0.49, 0.5, 1.0, 1.5])

    # ----- paced -----
    add("paced scalar, back and forth", "scalar",
        Keyframes(values=[[0.0], [10.0], [5.0], [20.0]], mode="paced"))
    add("paced point, rational chords 5, 6, 10", "point",
        Keyframes(values=[[0.0, 0.0], [3.0, 4.0], [3.0, 10.0], [11.0, 16.0]], mode="paced"))
    add("paced vector4", "vector4", Keyframes(values=vals("vector4", 4), mode="paced"))
    add("paced point, random", "point", Keyframes(values=vals("point", 6), mode="paced"))
    add("paced, keyTimes and timingFunctions ignored", "point",
        Keyframes(values=vals("point", 3), key_times=[0, 0.9, 1],
                  timing_functions=[EASE_IN, EASE_OUT], mode="paced"))
    add("paced, a repeated value (zero-length chord takes no time)", "scalar",
        Keyframes(values=[[0.0], [4.0], [4.0], [10.0]], mode="paced"))
    add("paced, all values equal (zero length)", "point",
        Keyframes(values=[[2.0, 3.0]] * 3, mode="paced"), samples=[0.0, 0.5, 1.0])
    add("paced, two keyframes", "scalar", Keyframes(values=[[-3.0], [5.0]], mode="paced"))
    add("paced, one keyframe", "vector4", Keyframes(values=[[1.0, 2.0, 3.0, 4.0]], mode="paced"))

    # ----- cubic -----
    add("cubic scalar, Catmull-Rom (no TCB, no keyTimes)", "scalar",
        Keyframes(values=[[0.0], [10.0], [3.0], [8.0], [-2.0]], mode="cubic"))
    add("cubic point, Catmull-Rom", "point", Keyframes(values=vals("point", 6), mode="cubic"))
    add("cubic vector4, Catmull-Rom", "vector4",
        Keyframes(values=vals("vector4", 4), mode="cubic"))
    add("cubic, explicit zero TCB arrays", "point",
        Keyframes(values=[[0.0, 0.0], [10.0, 5.0], [20.0, -5.0], [30.0, 0.0]], mode="cubic",
                  tension=[0, 0, 0, 0], continuity=[0, 0, 0, 0], bias=[0, 0, 0, 0]))
    add("cubic scalar, uneven keyTimes", "scalar",
        Keyframes(values=[[0.0], [10.0], [3.0], [8.0]], key_times=[0, 0.1, 0.7, 1],
                  mode="cubic"))
    add("cubic point, uneven keyTimes", "point",
        Keyframes(values=vals("point", 5), key_times=[0, 0.4, 0.5, 0.55, 1], mode="cubic"))
    add("cubic vector4, uneven keyTimes", "vector4",
        Keyframes(values=vals("vector4", 4), key_times=[0, 0.25, 0.875, 1], mode="cubic"))
    add("cubic, repeated key time (zero-length segment)", "scalar",
        Keyframes(values=[[0.0], [10.0], [20.0], [5.0]], key_times=[0, 0.5, 0.5, 1],
                  mode="cubic"))
    add("cubic, invalid keyTimes: too many", "scalar",
        Keyframes(values=vals("scalar", 3), key_times=[0, 0.1, 0.2, 1], mode="cubic"))
    add("cubic, invalid keyTimes: decreasing", "point",
        Keyframes(values=vals("point", 4), key_times=[0, 0.5, 0.4, 1], mode="cubic"))
    add("cubic, invalid keyTimes: first not 0", "scalar",
        Keyframes(values=vals("scalar", 4), key_times=[0.2, 0.4, 0.6, 1], mode="cubic"))
    add("cubic, invalid keyTimes: last not 1", "vector4",
        Keyframes(values=vals("vector4", 3), key_times=[0, 0.5, 0.75], mode="cubic"))
    add("cubic, invalid keyTimes: outside [0, 1]", "scalar",
        Keyframes(values=vals("scalar", 3), key_times=[-0.5, 0.5, 1], mode="cubic"))
    add("cubic, timingFunctions per segment", "point",
        Keyframes(values=vals("point", 4), timing_functions=[EASE_IN, EASE_OUT, BACK],
                  mode="cubic"))
    add("cubic, timingFunctions too few: the given one, then linear", "scalar",
        Keyframes(values=vals("scalar", 4), timing_functions=[EASE_IN], mode="cubic"))
    tcb = [round(uniform(rng, -1, 1), 3) for _ in range(15)]
    add("cubic scalar, random TCB", "scalar",
        Keyframes(values=vals("scalar", 5), mode="cubic",
                  tension=tcb[0:5], continuity=tcb[5:10], bias=tcb[10:15]))
    tcb = [uniform(rng, -1, 1) for _ in range(15)]
    add("cubic point, random TCB", "point",
        Keyframes(values=vals("point", 5), mode="cubic",
                  tension=tcb[0:5], continuity=tcb[5:10], bias=tcb[10:15]))
    tcb = [uniform(rng, -1, 1) for _ in range(12)]
    add("cubic vector4, random TCB and uneven keyTimes", "vector4",
        Keyframes(values=vals("vector4", 4), mode="cubic", key_times=[0, 0.3, 0.45, 1],
                  tension=tcb[0:4], continuity=tcb[4:8], bias=tcb[8:12]))
    zig = [[0.0, 0.0], [10.0, 10.0], [20.0, 0.0], [30.0, 10.0], [40.0, 0.0]]
    add("cubic, tension 1 (zero tangents: smoothstep between keys)", "point",
        Keyframes(values=zig, mode="cubic", tension=[1] * 5))
    add("cubic, tension -1 (rounder)", "point",
        Keyframes(values=zig, mode="cubic", tension=[-1] * 5))
    add("cubic, continuity -1 (exactly linear on even keys)", "point",
        Keyframes(values=zig, mode="cubic", continuity=[-1] * 5))
    add("cubic, continuity 1", "point",
        Keyframes(values=zig, mode="cubic", continuity=[1] * 5))
    add("cubic, bias 1", "point", Keyframes(values=zig, mode="cubic", bias=[1] * 5))
    add("cubic, bias -1", "point", Keyframes(values=zig, mode="cubic", bias=[-1] * 5))
    add("cubic, mixed extremes", "point",
        Keyframes(values=zig, mode="cubic", tension=[1, -1, 1, -1, 1],
                  continuity=[-1, 1, -1, 1, -1], bias=[1, 1, -1, -1, 0]))
    add("cubic, continuity -1 with uneven keyTimes (on the chords, not linear in time)",
        "scalar", Keyframes(values=[[0.0], [10.0], [30.0], [40.0]], mode="cubic",
                            key_times=[0, 0.2, 0.9, 1], continuity=[-1] * 4))
    add("cubic, TCB arrays shorter than n (padded with 0)", "scalar",
        Keyframes(values=[[0.0], [10.0], [3.0], [8.0], [-2.0]], mode="cubic",
                  tension=[0.5], continuity=[0.25, -0.5], bias=[]))
    add("cubic, TCB arrays longer than n (truncated)", "scalar",
        Keyframes(values=[[0.0], [10.0], [3.0]], mode="cubic",
                  tension=[0.5, -0.5, 0.25, 0.9, 0.9], continuity=[0, 0.3, 0, 1],
                  bias=[0.1, 0.2, 0.3, 0.4]))
    add("cubic, two keyframes (a straight line)", "point",
        Keyframes(values=[[0.0, 0.0], [40.0, 30.0]], mode="cubic"))
    add("cubic, two keyframes with TCB", "scalar",
        Keyframes(values=[[0.0], [10.0]], mode="cubic", tension=[0.5, -0.5],
                  continuity=[0.5, 0.5], bias=[0.5, -0.5]))
    add("cubic, three keyframes", "scalar",
        Keyframes(values=[[0.0], [10.0], [0.0]], mode="cubic"))
    add("cubic, one keyframe", "scalar", Keyframes(values=[[4.0]], mode="cubic"))
    add("cubic, p outside [0, 1] is clamped", "scalar",
        Keyframes(values=[[0.0], [10.0], [5.0]], mode="cubic"),
        samples=[-0.25, 0.0, 0.5, 1.0, 1.25])

    # ----- cubicPaced -----
    add("cubicPaced scalar", "scalar",
        Keyframes(values=[[0.0], [10.0], [3.0], [8.0]], mode="cubicPaced"))
    add("cubicPaced point", "point", Keyframes(values=vals("point", 5), mode="cubicPaced"))
    add("cubicPaced vector4", "vector4",
        Keyframes(values=vals("vector4", 4), mode="cubicPaced"))
    tcb = [uniform(rng, -1, 1) for _ in range(12)]
    add("cubicPaced point, random TCB", "point",
        Keyframes(values=vals("point", 4), mode="cubicPaced",
                  tension=tcb[0:4], continuity=tcb[4:8], bias=tcb[8:12]))
    add("cubicPaced, keyTimes and timingFunctions ignored", "point",
        Keyframes(values=zig, mode="cubicPaced", key_times=[0, 0.1, 0.2, 0.3, 1],
                  timing_functions=[EASE_IN] * 4))
    add("cubicPaced, two keyframes (linear in p)", "point",
        Keyframes(values=[[0.0, 0.0], [40.0, 30.0]], mode="cubicPaced"))
    add("cubicPaced, repeated value (the curve still moves)", "scalar",
        Keyframes(values=[[0.0], [10.0], [10.0], [0.0]], mode="cubicPaced"))
    add("cubicPaced, tension 1 (speed 0 at the keys)", "point",
        Keyframes(values=zig, mode="cubicPaced", tension=[1] * 5))
    add("cubicPaced, all values equal (zero length)", "scalar",
        Keyframes(values=[[7.0]] * 4, mode="cubicPaced"), samples=[0.0, 0.5, 1.0])

    # ----- paths -----
    rotations = ["auto", "autoReverse", None]
    paths = named_paths()
    r = 0
    for path_name, elements in paths.items():
        for mode in ("linear", "paced", "cubicPaced", "discrete", "cubic"):
            rotation = rotations[r % 3] if mode != "linear" else "auto"
            r += 1
            add(f"path {path_name}, {mode}, rotation {rotation}", "path",
                Keyframes(path=elements, mode=mode, rotation_mode=rotation),
                extra_samples=4)
    add("path polyline, linear, uneven keyTimes", "path",
        Keyframes(path=paths["polyline"], key_times=[0, 0.5, 0.6, 1], rotation_mode="auto"))
    add("path mixed, linear, timingFunctions", "path",
        Keyframes(path=paths["mixed line, quadratic, cubic"],
                  timing_functions=[EASE_IN_OUT, BACK, EASE_OUT], rotation_mode="auto"))
    add("path mixed, linear, invalid keyTimes (count of segments, not keyframes)", "path",
        Keyframes(path=paths["mixed line, quadratic, cubic"], key_times=[0, 0.5, 1],
                  rotation_mode="autoReverse"))
    add("path bounce, discrete with n + 1 keyTimes", "path",
        Keyframes(path=paths["bounce (the guide's example)"], key_times=[0, 0.2, 0.4, 0.8],
                  mode="discrete", rotation_mode="auto"))
    add("path bounce, paced, keyTimes ignored", "path",
        Keyframes(path=paths["bounce (the guide's example)"], key_times=[0, 0.9, 1],
                  mode="paced", rotation_mode="auto"))
    add("path with no segments (a move-to only)", "path",
        Keyframes(path=[("M", 5, 5)], mode="paced", rotation_mode="auto"),
        samples=[0.0, 0.5, 1.0])
    add("path single point segment, paced (zero length)", "path",
        Keyframes(path=[("M", 5, 5), ("L", 5, 5)], mode="paced", rotation_mode="auto"),
        samples=[0.0, 0.5, 1.0])

    # ----- the animation's own timingFunction before the keyframes -----
    progress_grid = [i / 16 for i in range(17)] + [0.3, 0.7]
    add("linear with an easeInEaseOut timingFunction", "point",
        Keyframes(values=[[0.0, 0.0], [10.0, 20.0], [30.0, 0.0]]),
        timing_function=EASE_IN_OUT, samples=sorted(progress_grid))
    add("cubic with an overshooting timingFunction (p clamped)", "scalar",
        Keyframes(values=[[0.0], [10.0], [5.0], [8.0]], mode="cubic"),
        timing_function=OVERSHOOT, samples=sorted(progress_grid))
    add("discrete with an easeIn timingFunction", "scalar",
        Keyframes(values=[[1.0], [2.0], [3.0], [4.0]], mode="discrete"),
        timing_function=EASE_IN, samples=sorted(progress_grid))
    add("path paced with an easeOut timingFunction", "path",
        Keyframes(path=paths["polyline"], mode="paced", rotation_mode="auto"),
        timing_function=EASE_OUT, samples=sorted(progress_grid))

    # ----- random cases -----
    modes = ["linear", "discrete", "paced", "cubic", "cubicPaced"]
    kinds = ["scalar", "point", "vector4"]
    count = 0
    while len(cases) < 152:
        count += 1
        mode = modes[count % 5]
        kind = kinds[(count // 5) % 3]
        n = 2 + int(rng.random() * 7)
        values = vals(kind, n)
        spec = Keyframes(values=values, mode=mode)
        if rng.random() < 0.6 and mode != "discrete":
            inner = sorted(rng.random() for _ in range(n - 2))
            spec.key_times = [0.0] + inner + [1.0]
        elif mode == "discrete" and rng.random() < 0.6:
            m = n + (1 if rng.random() < 0.5 else 0)
            spec.key_times = [0.0] + sorted(rng.random() for _ in range(m - 1))
        if mode in ("linear", "cubic") and rng.random() < 0.5:
            spec.timing_functions = [[uniform(rng, 0, 1), uniform(rng, -0.5, 1.5),
                                      uniform(rng, 0, 1), uniform(rng, -0.5, 1.5)]
                                     for _ in range(n - 1)]
        if mode in ("cubic", "cubicPaced"):
            spec.tension = [uniform(rng, -1, 1) for _ in range(n)]
            spec.continuity = [uniform(rng, -1, 1) for _ in range(n)]
            spec.bias = [uniform(rng, -1, 1) for _ in range(n)]
        add(f"random {count}: {mode} {kind}, {n} keyframes", kind, spec, extra_samples=8)

    return {"seed": SEED_KEYFRAMES, "cases": cases}


# ---------------------------------------------------------------------------
# basic-animations.json
# ---------------------------------------------------------------------------

def timing_json(timing):
    return {"beginTime": raw(timing.beginTime), "duration": raw(timing.duration),
            "speed": raw(timing.speed), "timeOffset": raw(timing.timeOffset),
            "repeatCount": raw(timing.repeatCount), "repeatDuration": raw(timing.repeatDuration),
            "autoreverses": timing.autoreverses, "fillMode": timing.fillMode}


def animation_json(a):
    if isinstance(a, Group):
        entry = {"type": "group"}
        entry.update(timing_json(a.timing))
        entry["removedOnCompletion"] = a.removed_on_completion
        entry["animations"] = [animation_json(c) for c in a.animations]
        return entry
    if isinstance(a, Basic):
        entry = {"type": "basic", "fromValue": raw_list(a.from_value),
                 "toValue": raw_list(a.to_value), "byValue": raw_list(a.by_value)}
    else:
        k = a.keyframes
        entry = {"type": "keyframe",
                 "values": None if k.values is None else [raw_list(v) for v in k.values],
                 "path": None if k.path is None else svg_path_data(k.path),
                 "keyTimes": raw_list(k.key_times),
                 "timingFunctions": (None if k.timing_functions is None
                                     else [raw_list(t) for t in k.timing_functions]),
                 "calculationMode": k.mode,
                 "tensionValues": raw_list(k.tension),
                 "continuityValues": raw_list(k.continuity),
                 "biasValues": raw_list(k.bias)}
    entry.update(timing_json(a.timing))
    entry["timingFunction"] = a.timing_function
    entry["additive"] = a.additive
    entry["cumulative"] = a.cumulative
    entry["removedOnCompletion"] = a.removed_on_completion
    return entry


def stack_case(name, model, animations, times):
    samples = []
    for t in times:
        value, contributions = presentation(animations, t, model)
        leaves = []
        for c in contributions:
            if c.value is None:
                leaves.append(None)
            else:
                leaves.append({"value": out_vec(c.value), "iteration": c.iteration,
                               "eased": out(c.eased)})
        samples.append({"t": raw(t), "value": out_vec(value), "leaves": leaves,
                        "nearBoundary": any(c.near_boundary for c in contributions)})
    leaf_count = sum(len(flatten(a)) for a in animations)
    assert all(len(s["leaves"]) == leaf_count for s in samples)
    return {"name": name, "model": raw_list(model),
            "animations": [animation_json(a) for a in animations], "samples": samples}


def grid(start, stop, step):
    """Dyadic sample times start, start + step, ..., stop (exact doubles)."""
    out_times = []
    count = int(round((stop - start) / step))
    for i in range(count + 1):
        out_times.append(start + i * step)
    return out_times


def basic_golden():
    rng = random.Random(SEED_BASIC_ANIMATIONS)
    cases = []
    P = [10.0, 20.0]          # the model value of the point cases
    S = [5.0]                 # the model value of the scalar cases
    T = Timing(beginTime=0.5, duration=2.0)
    times = grid(-0.25, 3.25, 0.125) + [0.3, 1.7, 2.4999]

    def add(name, model, animations, ts=None):
        cases.append(stack_case(name, model, animations, sorted(set(ts or times))))

    # The seven from/to/by cases (plus all three set).
    add("from + to", P, [Basic(from_value=[0.0, 0.0], to_value=[100.0, 50.0], timing=T)])
    add("from + by", P, [Basic(from_value=[0.0, 0.0], by_value=[30.0, -40.0], timing=T)])
    add("by + to", P, [Basic(by_value=[30.0, -40.0], to_value=[100.0, 50.0], timing=T)])
    add("from only (to the model value)", P, [Basic(from_value=[0.0, 0.0], timing=T)])
    add("to only (from the model value)", P, [Basic(to_value=[100.0, 50.0], timing=T)])
    add("by only (model to model + by)", P, [Basic(by_value=[30.0, -40.0], timing=T)])
    add("none (model to model)", P, [Basic(timing=T)])
    add("from + to + by (by ignored)", P,
        [Basic(from_value=[0.0, 0.0], to_value=[100.0, 50.0], by_value=[1.0, 1.0], timing=T)])
    add("from + to, easeInEaseOut", S,
        [Basic(from_value=[0.0], to_value=[10.0], timing=T, timing_function=EASE_IN_OUT)])
    add("from + to, overshooting timingFunction (not clamped)", S,
        [Basic(from_value=[0.0], to_value=[10.0], timing=T, timing_function=BACK)])
    add("from + to, vector4 with repeatCount 2.5 and autoreverses", [0.5, 0.5, 0.5, 1.0],
        [Basic(from_value=[0.0, 0.25, 0.5, 1.0], to_value=[1.0, 0.75, 0.0, 0.5],
               timing=Timing(duration=1.0, repeatCount=2.5, autoreverses=True))],
        grid(-0.25, 5.5, 0.125))

    # Additive.
    add("additive from + to", P,
        [Basic(from_value=[-10.0, 0.0], to_value=[10.0, 0.0], timing=T, additive=True)])
    add("additive from + by", S,
        [Basic(from_value=[0.0], by_value=[3.0], timing=T, additive=True,
               timing_function=EASE_OUT)])
    # Open ends of an additive animation read zero, not the model.
    add("additive to only (the open end reads zero)", S,
        [Basic(to_value=[0.25], timing=T, additive=True)])
    add("additive from only, point", P,
        [Basic(from_value=[4.0, -2.0], timing=T, additive=True, timing_function=EASE_OUT)])
    add("additive by only (the same values as without additive)", S,
        [Basic(by_value=[3.0], timing=T, additive=True)])
    add("additive to only over a non-additive one", S,
        [Basic(from_value=[1.0], to_value=[2.0], timing=T),
         Basic(to_value=[0.5], timing=T, additive=True, timing_function=EASE_IN)])

    # Cumulative.
    R3 = Timing(duration=1.0, repeatCount=3.0)
    add("cumulative, repeatCount 3", S,
        [Basic(from_value=[0.0], to_value=[10.0], timing=R3, cumulative=True)],
        grid(-0.25, 4.0, 0.125))
    add("cumulative, repeatCount 2.5 with autoreverses", S,
        [Basic(from_value=[1.0], to_value=[3.0], cumulative=True,
               timing=Timing(duration=1.0, repeatCount=2.5, autoreverses=True))],
        grid(-0.25, 5.5, 0.125))
    add("cumulative + additive, repeatCount 2, point", P,
        [Basic(from_value=[0.0, 0.0], to_value=[5.0, -5.0], cumulative=True, additive=True,
               timing=Timing(beginTime=1.0, duration=0.5, repeatCount=2.0),
               timing_function=EASE_IN)],
        grid(0.0, 2.5, 0.0625))
    add("cumulative, fill forwards, not removed (holds the last cycle's end)", S,
        [Basic(from_value=[0.0], to_value=[10.0], cumulative=True, removed_on_completion=False,
               timing=Timing(duration=1.0, repeatCount=3.0, fillMode="forwards"))],
        grid(-0.25, 4.5, 0.125))
    add("cumulative, by only (model-based ends, read live)", S,
        [Basic(by_value=[2.0], cumulative=True, timing=Timing(duration=0.5, repeatCount=4.0))],
        grid(-0.25, 2.5, 0.0625))

    # removedOnCompletion and fill.
    for fill in ("removed", "forwards", "backwards", "both"):
        for removed in (True, False):
            add(f"fill {fill}, removedOnCompletion {str(removed).lower()}", S,
                [Basic(from_value=[0.0], to_value=[10.0], removed_on_completion=removed,
                       timing=Timing(beginTime=1.0, duration=1.0, fillMode=fill))],
                grid(0.0, 3.0, 0.125))
    add("speed -1 with fill both, not removed", S,
        [Basic(from_value=[0.0], to_value=[10.0], removed_on_completion=False,
               timing=Timing(beginTime=2.0, duration=1.0, speed=-1.0, fillMode="both"))],
        grid(0.0, 3.0, 0.125))
    add("timeOffset 0.25, repeatCount 2", S,
        [Basic(from_value=[0.0], to_value=[10.0],
               timing=Timing(duration=1.0, timeOffset=0.25, repeatCount=2.0))],
        grid(-0.25, 2.5, 0.0625))

    # Stacks.
    add("stack: non-additive, then additive", P,
        [Basic(from_value=[0.0, 0.0], to_value=[100.0, 0.0], timing=Timing(duration=2.0)),
         Basic(from_value=[0.0, -10.0], to_value=[0.0, 10.0], additive=True,
               timing=Timing(beginTime=0.5, duration=1.0, repeatCount=2.0, autoreverses=True))],
        grid(-0.25, 5.0, 0.125))
    add("stack: additive, additive, then non-additive replacing both", S,
        [Basic(from_value=[0.0], to_value=[1.0], additive=True, timing=Timing(duration=3.0)),
         Basic(by_value=[2.0], from_value=[0.0], additive=True, timing=Timing(duration=1.0)),
         Basic(from_value=[100.0], to_value=[200.0],
               timing=Timing(beginTime=1.0, duration=1.0))],
        grid(-0.25, 3.5, 0.125))
    add("stack: three animations with different windows and fills", P,
        [Basic(to_value=[0.0, 0.0], removed_on_completion=False,
               timing=Timing(duration=1.0, fillMode="forwards")),
         Basic(from_value=[1.0, 1.0], to_value=[2.0, 4.0], additive=True,
               removed_on_completion=False,
               timing=Timing(beginTime=2.0, duration=0.5, fillMode="backwards")),
         Basic(from_value=[50.0, 50.0], to_value=[60.0, 40.0], cumulative=True,
               timing=Timing(beginTime=1.5, duration=0.25, repeatCount=3.0))],
        grid(-0.25, 3.0, 0.0625))

    # Keyframe animations in time.
    add("keyframe linear with easeInEaseOut, repeatCount 2", P,
        [Keyframe(keyframes=Keyframes(values=[[0.0, 0.0], [10.0, 20.0], [30.0, 0.0]],
                                      key_times=[0, 0.25, 1]),
                  timing=Timing(duration=2.0, repeatCount=2.0), timing_function=EASE_IN_OUT)],
        grid(-0.25, 4.5, 0.125))
    add("keyframe cubic, cumulative, repeatCount 3", S,
        [Keyframe(keyframes=Keyframes(values=[[0.0], [5.0], [2.0], [6.0]], mode="cubic"),
                  timing=Timing(duration=1.0, repeatCount=3.0), cumulative=True)],
        grid(-0.25, 3.5, 0.0625))
    add("keyframe discrete, additive, autoreverses", S,
        [Keyframe(keyframes=Keyframes(values=[[1.0], [2.0], [3.0], [4.0]], mode="discrete"),
                  timing=Timing(duration=1.0, autoreverses=True), additive=True)],
        grid(-0.25, 2.5, 0.0625))
    add("keyframe path paced", P,
        [Keyframe(keyframes=Keyframes(path=named_paths()["polyline"], mode="paced"),
                  timing=Timing(beginTime=0.5, duration=2.0))],
        grid(0.0, 3.0, 0.125))

    # Groups (dyadic timings, so that every group basic time is a double).
    add("group clips a longer child (10 s child in a 2 s group)", S,
        [Group(timing=Timing(duration=2.0),
               animations=[Basic(from_value=[0.0], to_value=[100.0],
                                 timing=Timing(duration=10.0))])],
        grid(-0.25, 3.0, 0.125))
    add("group repeating (repeatCount 2): its children repeat", S,
        [Group(timing=Timing(beginTime=0.5, duration=1.0, repeatCount=2.0),
               animations=[Basic(from_value=[0.0], to_value=[10.0],
                                 timing=Timing(duration=1.0))])],
        grid(0.0, 3.0, 0.0625))
    add("group autoreversing: its children play backwards", S,
        [Group(timing=Timing(duration=1.0, autoreverses=True),
               animations=[Basic(from_value=[0.0], to_value=[8.0],
                                 timing=Timing(duration=0.5, fillMode="forwards"))])],
        grid(-0.25, 2.5, 0.0625))
    add("group with children begun inside it, fills decide (child removedOnCompletion "
        "ignored)", P,
        [Group(timing=Timing(duration=2.0),
               animations=[
                   Basic(from_value=[0.0, 0.0], to_value=[10.0, 10.0],
                         timing=Timing(beginTime=0.5, duration=0.5)),
                   Basic(from_value=[1.0, 2.0], to_value=[3.0, 4.0], additive=True,
                         removed_on_completion=True,
                         timing=Timing(beginTime=0.25, duration=0.5, fillMode="forwards")),
                   Basic(from_value=[-1.0, -1.0], to_value=[-5.0, -9.0],
                         timing=Timing(beginTime=1.5, duration=1.0,
                                       fillMode="backwards"))])],
        grid(-0.25, 2.5, 0.0625))
    add("group fill forwards, not removed: children frozen at the group's end", S,
        [Group(timing=Timing(duration=1.5, fillMode="forwards"), removed_on_completion=False,
               animations=[Basic(from_value=[0.0], to_value=[4.0],
                                 timing=Timing(duration=2.0)),
                           Basic(from_value=[0.0], to_value=[1.0], additive=True,
                                 timing=Timing(duration=1.0))])],
        grid(-0.25, 2.5, 0.125))
    add("group fill forwards but removedOnCompletion: gone after its end", S,
        [Group(timing=Timing(duration=1.5, fillMode="forwards"),
               animations=[Basic(from_value=[0.0], to_value=[4.0],
                                 timing=Timing(duration=2.0))])],
        grid(-0.25, 2.5, 0.125))
    add("group with speed 2 and timeOffset 0.5", S,
        [Group(timing=Timing(beginTime=1.0, duration=2.0, speed=2.0, timeOffset=0.5),
               animations=[Basic(from_value=[0.0], to_value=[20.0],
                                 timing=Timing(duration=2.0))])],
        grid(0.0, 2.5, 0.0625))
    add("nested groups", P,
        [Group(timing=Timing(duration=4.0, repeatCount=1.5),
               animations=[
                   Group(timing=Timing(beginTime=1.0, duration=2.0, autoreverses=True,
                                       fillMode="both"),
                         animations=[Basic(from_value=[0.0, 0.0], to_value=[8.0, 4.0],
                                           timing=Timing(duration=2.0))]),
                   Basic(from_value=[0.0, 1.0], to_value=[0.0, 3.0], additive=True,
                         timing=Timing(duration=4.0))])],
        grid(-0.25, 6.5, 0.125))
    add("group with a keyframe child, then an additive animation outside the group", P,
        [Group(timing=Timing(duration=2.0, repeatCount=2.0),
               animations=[Keyframe(keyframes=Keyframes(
                   values=[[0.0, 0.0], [10.0, 0.0], [10.0, 10.0]], mode="paced"),
                   timing=Timing(duration=2.0))]),
         Basic(from_value=[0.0, 0.0], to_value=[1.0, 1.0], additive=True,
               timing=Timing(duration=4.0))],
        grid(-0.25, 4.5, 0.125))

    # Random single animations (random values, dyadic timings, a few random times).
    for i in range(12):
        dim = [1, 2, 4][i % 3]
        model = random_vector(rng, dim)
        set_kind = i % 7
        f, t, b = random_vector(rng, dim), random_vector(rng, dim), random_vector(rng, dim)
        choice = [(f, t, None), (f, None, b), (None, t, b), (f, None, None),
                  (None, t, None), (None, None, b), (None, None, None)][set_kind]
        timing = Timing(beginTime=int(rng.random() * 4) / 4,
                        duration=[0.5, 1.0, 2.0][int(rng.random() * 3)],
                        repeatCount=[0.0, 2.0, 1.5][int(rng.random() * 3)],
                        autoreverses=rng.random() < 0.3,
                        fillMode=["removed", "forwards", "backwards", "both"][
                            int(rng.random() * 4)])
        animation = Basic(from_value=choice[0], to_value=choice[1], by_value=choice[2],
                          timing=timing, additive=(set_kind < 3 and rng.random() < 0.5),
                          cumulative=rng.random() < 0.4,
                          removed_on_completion=rng.random() < 0.5,
                          timing_function=[uniform(rng, 0, 1), uniform(rng, -0.3, 1.3),
                                           uniform(rng, 0, 1), uniform(rng, -0.3, 1.3)])
        ts = grid(-0.25, 6.0, 0.25) + [uniform(rng, 0, 6) for _ in range(6)]
        add(f"random {i + 1}", model, [animation], ts)

    return {"seed": SEED_BASIC_ANIMATIONS, "cases": cases}


def main():
    started = time.time()
    write("keyframes.json", keyframes_golden())
    print(f"  after {time.time() - started:.1f} s", file=sys.stderr)
    write("basic-animations.json", basic_golden())
    print(f"done in {time.time() - started:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()

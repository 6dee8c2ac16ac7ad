"""Reference model of CAMediaTiming as Cadence defines it in docs/time-model.md.

Every rule below names the section of docs/time-model.md it implements. The
model takes doubles, works on their exact values and keeps every quantity that
decides something (phase, fill, wrap, iteration, leg) exact; see exact.py.
Only the final progress (a quotient) and the inverse time conversion (also a
quotient) are rounded, at 50 decimal digits, before rounding to a double.

Names follow the doc: tp (parent time), d (duration), c (cycle), D (active
duration), e (elapsed active time), p (position in the active interval),
k (iteration), r (time inside the cycle).
"""

from dataclasses import dataclass
import math

from mpmath import mp, mpf

from .exact import INF, add, div, floor_div, floor_mod, from_double, mul, sub

FILL_MODES = ("removed", "forwards", "backwards", "both")

ANIMATION_DEFAULT_DURATION = 0.25
LAYER_DEFAULT_DURATION = math.inf


@dataclass(frozen=True)
class Timing:
    """The eight CAMediaTiming properties as raw doubles (may be bad values).

    Defaults are the ones of the table "Properties and their defaults".
    """
    beginTime: float = 0.0
    duration: float = 0.0
    speed: float = 1.0
    timeOffset: float = 0.0
    repeatCount: float = 0.0
    repeatDuration: float = 0.0
    autoreverses: bool = False
    fillMode: str = "removed"


@dataclass(frozen=True)
class Resolved:
    """Sanitised properties plus the derived d, c and D, all exact mpf values."""
    begin: object
    speed: object
    offset: object
    d: object
    repeat_count: object
    repeat_duration: object
    autoreverses: bool
    fill_mode: str
    c: object
    D: object


def _is_bad(value):
    return mp.isnan(value) or mp.isinf(value)


def resolve(timing, default_duration):
    """Sanitise the properties and derive d, c and D.

    Section "Bad values (Cadence's rule; Apple does not say)":
    - beginTime, timeOffset, speed: NaN or ±inf read as 0, 0, 1.
    - duration: NaN, 0 or negative (so also -inf) read as the default
      duration; +inf is kept; a subnormal one reads as the smallest normal
      double (2**-1022).
    - repeatCount, repeatDuration: NaN or negative read as 0; +inf is kept.
    Section "Symbols" for c and D (with the SMIL min rule when both repeat
    properties are set).
    """
    assert timing.fillMode in FILL_MODES
    begin = from_double(timing.beginTime)
    if _is_bad(begin):
        begin = mpf(0)
    offset = from_double(timing.timeOffset)
    if _is_bad(offset):
        offset = mpf(0)
    speed = from_double(timing.speed)
    if _is_bad(speed):
        speed = mpf(1)

    d = from_double(timing.duration)
    if mp.isnan(d) or d <= 0:
        d = from_double(default_duration)
    d = max(d, mpf(2) ** -1022)
    assert d > 0

    repeat_count = from_double(timing.repeatCount)
    if mp.isnan(repeat_count) or repeat_count < 0:
        repeat_count = mpf(0)
    repeat_duration = from_double(timing.repeatDuration)
    if mp.isnan(repeat_duration) or repeat_duration < 0:
        repeat_duration = mpf(0)

    # c: the cycle, 2d with autoreverses, else d.
    if mp.isinf(d):
        c = INF
    else:
        c = mul(2, d) if timing.autoreverses else d

    # repeatCount * c, with an infinite factor giving infinity (both are > 0).
    def repeat_count_times_cycle():
        if mp.isinf(repeat_count) or mp.isinf(c):
            return INF
        return mul(repeat_count, c)

    # D: the active duration.
    if repeat_duration > 0 and repeat_count > 0:
        D = min(repeat_duration, repeat_count_times_cycle())  # SMIL min rule
    elif repeat_duration > 0:
        D = repeat_duration
    elif repeat_count > 0:
        D = repeat_count_times_cycle()
    else:
        D = c  # plays once (forward and back with autoreverses)
    assert D > 0

    return Resolved(begin=begin, speed=speed, offset=offset, d=d,
                    repeat_count=repeat_count, repeat_duration=repeat_duration,
                    autoreverses=bool(timing.autoreverses),
                    fill_mode=timing.fillMode, c=c, D=D)


# ---------------------------------------------------------------------------
# Stage 1 (section "Stage 1: parent time to active local time")
# ---------------------------------------------------------------------------

def elapsed(res, tp):
    """e = (tp - beginTime) * speed, exactly; None when tp is NaN.

    speed == 0 gives e = 0 for every tp, ±inf included (paused at timeOffset).
    """
    tp = from_double(tp)
    if mp.isnan(tp):
        return None
    if res.speed == 0:
        return mpf(0)
    if mp.isinf(tp):
        # (±inf - beginTime) * speed: the sign of tp times the sign of speed.
        return INF if (tp > 0) == (res.speed > 0) else -INF
    return mul(sub(tp, res.begin), res.speed)


def active_time(res, tp):
    """Apple's header formula t = (tp - beginTime) * speed + timeOffset.

    With speed == 0 it is timeOffset; None for a NaN tp.
    """
    e = elapsed(res, tp)
    if e is None:
        return None
    if mp.isinf(e):
        return e  # timeOffset is finite after sanitising
    return add(e, res.offset)


def parent_to_local(begin, speed, offset, tp):
    """Stage 1 of one node, from an mpf or double tp: (tp - b) * s + offset.

    speed == 0 gives offset. Exact for finite inputs.
    """
    if speed == 0:
        return offset
    return add(mul(sub(tp, begin), speed), offset)


def local_to_parent(begin, speed, offset, t):
    """The inverse of stage 1: (t - offset) / speed + beginTime.

    speed == 0 is not invertible and returns beginTime (section "Stage 1").
    The division is rounded at 50 digits.
    """
    if speed == 0:
        return begin
    return add(div(sub(t, offset), speed), begin)


# ---------------------------------------------------------------------------
# Phases and fill (sections "Phases" and "Fill modes")
# ---------------------------------------------------------------------------

def phase_of(res, e):
    """'before', 'active', 'after' or 'undefined' for an exact e (None = NaN tp)."""
    if e is None:
        return "undefined"  # tp NaN
    if e == INF and res.D == INF:
        return "undefined"  # e = +inf with D = inf: no position exists
    if e < 0:
        return "before"
    if e <= res.D:
        return "active"  # both ends inclusive
    return "after"


def effective_elapsed(res, phase, e):
    """The e used for stage 2, or None when the object is not in effect.

    before: frozen at e = 0 with backwards or both fill, else not in effect.
    after: frozen at e = D with forwards or both fill, else not in effect.
    """
    if phase == "undefined":
        return None
    if phase == "active":
        return e
    if phase == "before":
        return mpf(0) if res.fill_mode in ("backwards", "both") else None
    assert phase == "after"
    return res.D if res.fill_mode in ("forwards", "both") else None


# ---------------------------------------------------------------------------
# Stage 2 (section "Stage 2: active time to basic local time")
# ---------------------------------------------------------------------------

def position(res, e):
    """Step 1: p, the position in the active interval, for an effective e."""
    at_end = (e == res.D)
    shifted = add(e, res.offset)  # e + timeOffset
    if not mp.isinf(res.D):
        # (e + timeOffset) mod D into [0, D); at the end a 0 reads as D.
        _, p = floor_mod(shifted, res.D)
        if at_end and p == 0:
            p = res.D
        return p
    if not mp.isinf(res.c):
        # D = inf, c finite: e + timeOffset, wrapped into [0, c) if negative.
        p = shifted
        if p < 0:
            _, p = floor_mod(p, res.c)
        return p
    # D = inf and c = inf: unchanged, may be negative (a layer before begin).
    return shifted


def iteration(res, e, p):
    """Step 2: (k, r) with k = floor(p / c) and r = p - k c.

    At the end (e = D) a remainder of 0 with p > 0 is the end of the previous
    iteration: (k - 1, c). With c = inf, k = floor(p / inf) = 0 and r = p.
    """
    if mp.isinf(res.c):
        return 0, p
    k = floor_div(p, res.c)
    r = sub(p, mul(k, res.c))
    if e == res.D and r == 0 and p > 0:
        k -= 1
        r = res.c
    return k, r


def direction(res, r):
    """Step 3: (reversed, basic time).

    Without autoreverses: forward, basic = r. With autoreverses: r <= d is the
    forward leg (basic = r), r > d the backward leg (basic = c - r).
    """
    if res.autoreverses and r > res.d:
        return True, sub(res.c, r)
    return False, r


def progress_of(res, basic):
    """Step 4: basic / d, 0 when d = inf."""
    if mp.isinf(res.d):
        return mpf(0)
    return div(basic, res.d)


@dataclass
class Sample:
    """Everything the model says about one parent time."""
    phase: str
    in_effect: bool
    iteration: object = None   # int
    reversed: object = None    # bool
    basic: object = None       # mpf
    progress: object = None    # mpf
    active_time: object = None  # mpf (Apple's stage-1 value)
    e: object = None           # exact elapsed time (raw, not frozen)
    e_effective: object = None  # e after fill (0 or D when frozen)
    p: object = None           # exact position


def evaluate(res, tp):
    """Run both stages for one parent time (a double)."""
    e = elapsed(res, tp)
    phase = phase_of(res, e)
    sample = Sample(phase=phase, in_effect=False, e=e,
                    active_time=active_time(res, tp))
    e_eff = effective_elapsed(res, phase, e)
    if e_eff is None:
        return sample
    assert not mp.isinf(e_eff)
    p = position(res, e_eff)
    k, r = iteration(res, e_eff, p)
    is_reversed, basic = direction(res, r)
    sample.in_effect = True
    sample.e_effective = e_eff
    sample.p = p
    sample.iteration = k
    sample.reversed = is_reversed
    sample.basic = basic
    sample.progress = progress_of(res, basic)
    return sample


# ---------------------------------------------------------------------------
# Conversion between the time spaces of a tree (section "Stage 1", last part)
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Node:
    """A node of a timing tree: its parent index (None = root) and stage 1."""
    parent: object
    beginTime: float = 0.0
    speed: float = 1.0
    timeOffset: float = 0.0

    def sanitised(self):
        """(begin, speed, offset) with the bad-value rule applied."""
        begin = from_double(self.beginTime)
        speed = from_double(self.speed)
        offset = from_double(self.timeOffset)
        if _is_bad(begin):
            begin = mpf(0)
        if _is_bad(speed):
            speed = mpf(1)
        if _is_bad(offset):
            offset = mpf(0)
        return begin, speed, offset


def chain_to_root(nodes, index):
    """[index, parent, grandparent, ...] up to a root node; [] for None."""
    chain = []
    while index is not None:
        assert index not in chain, "cycle in the tree"
        chain.append(index)
        index = nodes[index].parent
    return chain


def convert_time(nodes, time, from_index, to_index):
    """Convert a time from the space of node from_index to that of to_index.

    None stands for the root (absolute) time space. The time goes up from
    from_index to the lowest common ancestor with the inverse of stage 1,
    then down to to_index with stage 1. Timing beyond stage 1 (duration,
    repeats) plays no part.
    """
    up = chain_to_root(nodes, from_index)
    down = chain_to_root(nodes, to_index)
    common = None
    for index in up:
        if index in down:
            common = index
            break
    t = from_double(time)
    assert not mp.isnan(t) and not mp.isinf(t)
    for index in up:
        if index == common:
            break
        begin, speed, offset = nodes[index].sanitised()
        t = local_to_parent(begin, speed, offset, t)
    path_down = []
    for index in down:
        if index == common:
            break
        path_down.append(index)
    for index in reversed(path_down):
        begin, speed, offset = nodes[index].sanitised()
        t = parent_to_local(begin, speed, offset, t)
    return t


# ---------------------------------------------------------------------------
# Where a double implementation may legitimately decide differently
# ---------------------------------------------------------------------------
# This is not part of the time model: it marks the samples whose discrete
# outcome (phase, in effect, iteration, leg) can flip under the rounding of a
# double implementation, so the Swift tests accept either side there.

BOUNDARY_TOLERANCE = mpf("1e-9")


def _p_boundaries(res, p):
    """The boundaries nearest to p: 0, D, the iteration ends n*c and, with
    autoreverses, the leg ends n*c + d."""
    points = [mpf(0)]
    if not mp.isinf(res.D):
        points.append(res.D)
    if not mp.isinf(res.c):
        n = floor_div(p, res.c)
        points += [mul(n, res.c), mul(n + 1, res.c)]
        if res.autoreverses:
            n = floor_div(sub(p, res.d), res.c)
            points += [add(mul(n, res.c), res.d), add(mul(n + 1, res.c), res.d)]
    return points


@dataclass
class DoubleStage1:
    """Stage 1 evaluated in double arithmetic, in the doc's order, and whether
    each value equals the exact one. e = (tp - b) * s (difference first);
    D = min(repeatDuration, repeatCount * c); x = e_eff + timeOffset."""
    e_exact: bool   # the double e equals the exact e
    D_exact: bool   # the double D equals the exact D (True when D = inf)
    x_exact: bool   # the double e_eff + timeOffset equals the exact one


def double_stage1(res, tp, sample):
    speed = float(res.speed)
    d = float(res.d)
    c = 2.0 * d if res.autoreverses else d
    rc, rd = float(res.repeat_count), float(res.repeat_duration)
    if rd > 0 and rc > 0:
        D = min(rd, rc * c)
    elif rd > 0:
        D = rd
    elif rc > 0:
        D = rc * c
    else:
        D = c
    D_exact = math.isinf(D) or mpf(D) == res.D

    tp = float(tp)
    if math.isnan(tp):
        e = math.nan
    elif speed == 0:
        e = 0.0
    elif math.isinf(tp):
        e = math.inf if (tp > 0) == (speed > 0) else -math.inf
    else:
        e = (tp - float(res.begin)) * speed
    e_exact = math.isfinite(e) and mpf(e) == sample.e

    x_exact = False
    if sample.in_effect:
        if sample.phase == "active":
            e_eff = e
        elif sample.phase == "before":
            e_eff = 0.0
        else:
            e_eff = D
        x = e_eff + float(res.offset)
        x_exact = (mpf(e_eff) == sample.e_effective
                   and mpf(x) == add(sample.e_effective, res.offset))
    return DoubleStage1(e_exact=e_exact, D_exact=D_exact, x_exact=x_exact)


def near_boundary(res, tp, sample):
    """True when the sample's discrete fields may flip under double rounding.

    - the exact e lies within 1e-9 * max(1, |e|) of 0 or D, not exactly on it;
    - or the exact p lies within 1e-9 * max(1, |e_eff|, |timeOffset|, |p|) of
      0, D, an iteration end or a leg end, not exactly on it;
    - or e or p lies exactly on such a boundary, but the double evaluation of
      the quantities that put it there is not exact (see double_stage1), so
      a double implementation need not land on the boundary: e on 0 needs
      the double e; e on D also needs the double D; p on a boundary needs the
      double e_eff + timeOffset, and also the double D when the boundary is D,
      when the position wrapped around D, or at the end (e_eff = D).
    """
    doubles = double_stage1(res, tp, sample)
    finite_D = not mp.isinf(res.D)
    e = sample.e
    if e is not None and not mp.isinf(e):
        tolerance = BOUNDARY_TOLERANCE * max(mpf(1), abs(e))
        targets = [mpf(0)] + ([res.D] if finite_D else [])
        for target in targets:
            distance = abs(sub(e, target))
            if distance == 0:
                exact = doubles.e_exact and (target == 0 or doubles.D_exact)
                if not exact:
                    return True
            elif distance <= tolerance:
                return True
    if sample.in_effect:
        p = sample.p
        x = add(sample.e_effective, res.offset)
        uses_D = finite_D and (not (0 <= x < res.D) or sample.e_effective == res.D)
        tolerance = BOUNDARY_TOLERANCE * max(mpf(1), abs(sample.e_effective),
                                             abs(res.offset), abs(p))
        for target in _p_boundaries(res, p):
            distance = abs(sub(p, target))
            if distance == 0:
                needs_D = uses_D or (finite_D and target == res.D)
                exact = doubles.x_exact and (doubles.D_exact or not needs_D)
                if not exact:
                    return True
            elif distance <= tolerance:
                return True
    return False

"""Reference model of property animations at a parent time: CABasicAnimation's
from/to/by cases, CAKeyframeAnimation as a timed animation, additive and
cumulative animations, removedOnCompletion, groups, and the stack of
animations on one key path.

Values are vectors of numbers (tuples); a scalar is a 1-vector. Transforms
are not modelled here (their "addition" is concatenation; see
docs/animatable-values.md).

Rules (the README's "Animation" part gives the sources):

B1  Timing: media_timing.py (docs/time-model.md) with the animation default
    duration 0.25 s. An animation that is not in effect at a time (by phase
    and fill) contributes nothing there.
B2  removedOnCompletion (default true): the animation contributes nothing in
    the "after" phase, whatever its fill mode (it has been removed from its
    layer at its end).
B3  eased progress: the timingFunction (None = linear) of the progress,
    timing_function.py, input clamped to [0, 1], output not clamped.
B4  from/to/by (the class reference's seven cases, as the docstring table of
    Sources/CadenceAnimation/BasicAnimation.swift states them):
        from, to      from          to
        from, by      from          from + by
        by, to        to - by       to
        from          from          model
        to            model         to
        by            model         model + by
        none          model         model
    With all three set, by is ignored. "model" is the layer's model value,
    read at every evaluation; for an additive animation the open ends read
    the zero vector instead (its values are offsets added to the value below,
    so the end that stands for "the current value" is the offset that changes
    nothing; docs/animations.md, "Additive animations and open ends").
B5  value = from + (to - from) e, e the eased progress.
B6  cumulative: value += k (to - from), k the iteration (completed cycles)
    of the timing model. For a keyframe animation, by analogy (Cadence's
    choice): value += k (V_last - V_first) with the first and last
    keyframe values.
B7  stack: start from the model value and apply the animations in the order
    they were added; an animation not in effect is skipped; a non-additive
    one replaces the value; an additive one adds its value to the value
    below it.
G1  group: the group's own timing (media timing, default duration 0.25 s)
    decides whether its children can contribute at all: only while the
    group is in effect (active, or filling), and not after its end when the
    group is removedOnCompletion. The children's parent time is then the
    group's basic local time (stage 2, so a repeating or autoreversing
    group repeats or reverses its children), which lies in [0, d_group]:
    children are clipped, not scaled, to the group's duration.
G2  children keep their own timing (beginTime relative to the group, fill
    modes, repeats); their removedOnCompletion is ignored (reference:
    "currently ignored"), so only their fill modes decide.
G3  children contribute to the stack in place of the group, in array order
    (each by its own additive flag); groups nest.
"""

from dataclasses import dataclass, field
from fractions import Fraction

from mpmath import mpf

from .exact import to_double
from .keyframes import Keyframes, KeyframeModel, ease, exact, to_mpf
from .media_timing import Timing, evaluate, near_boundary, resolve
from .timing_function import CubicTimingFunction

ANIMATION_DEFAULT_DURATION = 0.25


def vector(v):
    return None if v is None else tuple(exact(float(c)) for c in v)


def _same_kind(x, y):
    """Both Fractions (exact), or both mpf (a Fraction is converted)."""
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return x, y
    return to_mpf(x), to_mpf(y)


def add(a, b):
    return tuple(x + y for x, y in (_same_kind(p, q) for p, q in zip(a, b)))


def sub(a, b):
    return tuple(x - y for x, y in zip(a, b))


def scaled(a, k):
    return tuple(x * k for x in a)


@dataclass
class Basic:
    from_value: object = None
    to_value: object = None
    by_value: object = None
    timing: Timing = field(default_factory=Timing)
    timing_function: object = None   # [c1x, c1y, c2x, c2y] or None
    additive: bool = False
    cumulative: bool = False
    removed_on_completion: bool = True

    def endpoints(self, model):
        """B4, on exact vectors."""
        f, t, b = vector(self.from_value), vector(self.to_value), vector(self.by_value)
        model = vector(model)
        if self.additive:
            model = tuple(0 for _ in model)
        if f is not None and t is not None:
            return f, t
        if f is not None and b is not None:
            return f, add(f, b)
        if b is not None and t is not None:
            return sub(t, b), t
        if f is not None:
            return f, model
        if t is not None:
            return model, t
        if b is not None:
            return model, add(model, b)
        return model, model

    def value_at(self, eased, iteration, model):
        start, end = self.endpoints(model)
        if isinstance(eased, Fraction):
            value = tuple(a + (b - a) * eased for a, b in zip(start, end))
        else:
            value = tuple(to_mpf(a) + to_mpf(b - a) * eased for a, b in zip(start, end))
        if self.cumulative and iteration > 0:
            offset = scaled(sub(end, start), iteration)  # exact
            value = add(value, offset)
        return value


@dataclass
class Keyframe:
    keyframes: Keyframes = field(default_factory=Keyframes)
    timing: Timing = field(default_factory=Timing)
    timing_function: object = None
    additive: bool = False
    cumulative: bool = False
    removed_on_completion: bool = True

    def __post_init__(self):
        self.model = KeyframeModel(self.keyframes)

    def value_at(self, eased, iteration, model):
        result = self.model.evaluate(eased)
        if result.value is None:
            return None
        value = result.value
        if self.cumulative and iteration > 0 and self.model.n >= 1:
            offset = scaled(sub(self.model.points[-1], self.model.points[0]), iteration)
            value = add(value, offset)
        return value


@dataclass
class Group:
    animations: list = field(default_factory=list)
    timing: Timing = field(default_factory=Timing)
    removed_on_completion: bool = True


@dataclass
class Contribution:
    """What one leaf animation did at one time."""
    value: object = None       # its own value (before combining), or None
    in_effect: bool = False
    phase: str = None
    iteration: object = None
    progress: object = None    # mpf
    eased: object = None       # mpf or Fraction
    near_boundary: bool = False
    additive: bool = False


def eased_progress(animation, progress):
    """B3 on the exact progress."""
    if animation.timing_function is None:
        return progress
    curve = CubicTimingFunction(*animation.timing_function)
    return ease(curve, progress)


def parent_time_as_double(t):
    """A group child's parent time is the group's basic time, an exact
    value; the goldens are built so that it is a double (dyadic timings),
    which the media-timing model takes as its input."""
    d = float(to_double(t))
    assert mpf(d) == t, "group basic time must be exactly a double in the goldens"
    return d


def evaluate_leaf(animation, tp, model, in_group, outer_near):
    res = resolve(animation.timing, ANIMATION_DEFAULT_DURATION)
    sample = evaluate(res, tp)
    c = Contribution(phase=sample.phase, additive=animation.additive,
                     near_boundary=outer_near or near_boundary(res, tp, sample))
    if not sample.in_effect:
        return c
    if (not in_group) and animation.removed_on_completion and sample.phase == "after":
        return c  # B2 (G2: ignored for children)
    progress = sample.progress
    c.progress = progress
    c.iteration = sample.iteration
    # Keep the progress exact when it is a ratio of doubles that mpmath
    # returned exactly (basic / d at 50 digits is exact for dyadic data).
    c.eased = eased_progress(animation, progress)
    c.value = animation.value_at(c.eased, sample.iteration, model)
    c.in_effect = c.value is not None
    return c


def leaves(item, tp, model, in_group=False, outer_near=False):
    """The contributions of an animation or a group, in stack order (G3)."""
    if isinstance(item, Group):
        res = resolve(item.timing, ANIMATION_DEFAULT_DURATION)
        sample = evaluate(res, tp)
        near = outer_near or near_boundary(res, tp, sample)
        alive = sample.in_effect and not (
            item.removed_on_completion and sample.phase == "after" and not in_group)
        out = []
        for child in item.animations:
            if alive:
                child_tp = parent_time_as_double(sample.basic)
                out += leaves(child, child_tp, model, True, near)
            else:
                out += [Contribution(phase=None, near_boundary=near,
                                     additive=getattr(a, "additive", False))
                        for a in flatten(child)]
        return out
    return [evaluate_leaf(item, tp, model, in_group, outer_near)]


def flatten(item):
    if isinstance(item, Group):
        out = []
        for child in item.animations:
            out += flatten(child)
        return out
    return [item]


def presentation(animations, tp, model):
    """B7: (the presentation value, the list of leaf contributions)."""
    value = vector(model)
    contributions = []
    for item in animations:
        contributions += leaves(item, tp, model)
    for c in contributions:
        if c.value is None:
            continue
        value = add(value, c.value) if c.additive else c.value
    return value, contributions


__all__ = ["Basic", "Keyframe", "Group", "Contribution", "presentation", "leaves",
           "flatten", "evaluate_leaf", "ANIMATION_DEFAULT_DURATION"]

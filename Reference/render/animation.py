"""Animations of scene layers, evaluated at one time with Reference's own models.

The scene's time t is the layers' local time (the renderer refuses layer media timing
other than the defaults). Two kinds are drawn:

- "basic" property animations on the scalar, point, size and rect layer properties and
  their structure fields (`position.x`, `bounds.size.width`, `contentsRect.origin`, …),
  and on a shape layer's `fillColor` and `strokeColor` (unpremultiplied RGBA, component
  by component) and `path`. A path animates point by point: its values (SVG path data)
  are parsed by `paths.py`, every coordinate of every end point and control point is one
  component of the vector the models animate, and the result is put back into the same
  subpaths. The ends must have the layer path's structure (the same subpaths, segment
  kinds and closing flags); other structures, and quadratic commands (which `paths.py`
  turns into cubics, so their kind would be lost), are refused.
  Each one is evaluated by `oracle/property_animation.py` (media timing, removal on
  completion, timing function, from/to/by, additive, cumulative), exactly, and rounded
  once to doubles. The animations of one property are stacked in the order they were
  added (the JSON object's order): a non-additive one replaces the value so far (its
  field), an additive one adds to it; "model" in from/to/by is the layer's model value
  (of the field).
- "transition": its progress, as `Transition.progress(atParentTime:)` defines it: the
  media timing (default duration 0.25 s) decides whether it is in effect (not in the
  "after" phase when removedOnCompletion); the progress goes through the timing function
  (none = linear) and then p = start + (end − start)·f, start and end clamped to 0…1.
  When several are in effect the last added wins.

Keyframe animations, groups, transform key paths and colour key paths other than the
shape's are refused.
"""

import math
import os
import re
import sys

REFERENCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if REFERENCE not in sys.path:
    sys.path.insert(0, REFERENCE)

from oracle.exact import to_double  # noqa: E402
from oracle.keyframes import ease  # noqa: E402
from oracle.media_timing import Timing, evaluate, resolve  # noqa: E402
from oracle.property_animation import ANIMATION_DEFAULT_DURATION, Basic, evaluate_leaf  # noqa: E402
from oracle.timing_function import CubicTimingFunction  # noqa: E402
import paths  # noqa: E402

TIMING_FUNCTIONS = {
    "linear": None,
    "easeIn": (0.42, 0.0, 1.0, 1.0),
    "easeOut": (0.0, 0.0, 0.58, 1.0),
    "easeInEaseOut": (0.42, 0.0, 0.58, 1.0),
    "default": (0.25, 0.1, 0.25, 1.0),
}

# The animatable layer properties the renderer takes, with the size of their value.
PROPERTY_SIZES = {
    "opacity": 1, "zPosition": 1, "anchorPointZ": 1, "cornerRadius": 1, "borderWidth": 1,
    "shadowOpacity": 1, "shadowRadius": 1, "contentsScale": 1, "minificationFilterBias": 1,
    "position": 2, "anchorPoint": 2, "shadowOffset": 2,
    "bounds": 4, "contentsRect": 4, "contentsCenter": 4,
    "fillColor": 4, "strokeColor": 4,
    # a path's size is its count of coordinates, read from the layer's path
    "path": None,
}
POINT_FIELDS = {"x": (0,), "y": (1,)}
SIZE_FIELDS = {"width": (0,), "height": (1,)}
RECT_FIELDS = {"origin": (0, 1), "size": (2, 3), "origin.x": (0,), "origin.y": (1,),
               "size.width": (2,), "size.height": (3,)}
TIMING_FIELDS = ("beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
                 "autoreverses", "fillMode")
COMMON_FIELDS = ("type",) + TIMING_FIELDS + ("timingFunction", "removedOnCompletion")
BASIC_FIELDS = COMMON_FIELDS + ("keyPath", "additive", "cumulative", "valueFunction",
                                "fromValue", "toValue", "byValue")
TRANSITION_FIELDS = COMMON_FIELDS + ("transitionType", "subtype", "startProgress", "endProgress",
                                     "previous")
TRANSITION_TYPES = ("fade", "moveIn", "push", "reveal")
# The motion direction d in the layer's own coordinates (Core Animation's y-up names).
SUBTYPES = {"fromLeft": (1.0, 0.0), "fromRight": (-1.0, 0.0), "fromBottom": (0.0, 1.0),
            "fromTop": (0.0, -1.0)}


class AnimationError(ValueError):
    def __init__(self, path, message):
        super().__init__("%s: %s" % (path, message))
        self.path = path


def resolve_key_path(key_path, path):
    """(property, component indices) for a key path, e.g. "position.x" → ("position", (0,))."""
    prop, _, field = key_path.partition(".")
    if prop not in PROPERTY_SIZES:
        raise AnimationError(path, "key path %r is not drawn by the reference renderer" % key_path)
    n = PROPERTY_SIZES[prop]
    if prop == "path" and not field:
        return prop, None
    if not field:
        return prop, tuple(range(n))
    table = {2: POINT_FIELDS if prop != "shadowOffset" else SIZE_FIELDS, 4: RECT_FIELDS}.get(n, {})
    if field not in table:
        raise AnimationError(path, "%r is not a field of %s" % (field, prop))
    return prop, table[field]


def _number(v, path):
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise AnimationError(path, "expected a finite number")
    return float(v)


def _value(v, n, path):
    if v is None:
        return None
    if n == 1:
        return (_number(v, path),)
    if not isinstance(v, list) or len(v) != n:
        raise AnimationError(path, "expected an array of %d numbers" % n)
    return tuple(_number(x, "%s[%d]" % (path, i)) for i, x in enumerate(v))


def _timing(obj, path):
    kw = {}
    for key in ("beginTime", "duration", "speed", "timeOffset"):
        if obj.get(key) is not None:
            kw[key] = _number(obj[key], "%s.%s" % (path, key))
    for key in ("repeatCount", "repeatDuration"):
        v = obj.get(key)
        if v is not None:
            kw[key] = math.inf if v == "infinity" else _number(v, "%s.%s" % (path, key))
    if obj.get("duration", 0) is not None and kw.get("duration", 0) < 0:
        raise AnimationError(path + ".duration", "must not be negative")
    if obj.get("autoreverses") is not None:
        if not isinstance(obj["autoreverses"], bool):
            raise AnimationError(path + ".autoreverses", "expected true or false")
        kw["autoreverses"] = obj["autoreverses"]
    if obj.get("fillMode") is not None:
        if obj["fillMode"] not in ("removed", "forwards", "backwards", "both"):
            raise AnimationError(path + ".fillMode", "unknown fill mode")
        kw["fillMode"] = obj["fillMode"]
    return Timing(**kw)


def _timing_function(v, path):
    if v is None:
        return None
    if isinstance(v, str):
        if v not in TIMING_FUNCTIONS:
            raise AnimationError(path, "unknown timing function %r" % v)
        return TIMING_FUNCTIONS[v]
    return _value(v, 4, path)


def _bool(obj, key, default, path):
    v = obj.get(key)
    if v is None:
        return default
    if not isinstance(v, bool):
        raise AnimationError("%s.%s" % (path, key), "expected true or false")
    return v


class PropertyAnimation:
    """A basic animation of one layer property (or a field of it)."""

    def __init__(self, obj, path):
        for key in obj:
            if key not in BASIC_FIELDS:
                raise AnimationError("%s.%s" % (path, key), "unknown field")
        if obj.get("valueFunction") is not None:
            raise AnimationError(path + ".valueFunction", "not drawn by the reference renderer")
        key_path = obj.get("keyPath")
        if not isinstance(key_path, str):
            raise AnimationError(path + ".keyPath", "missing (a string is required)")
        self.key_path = key_path
        self.property, self.fields = resolve_key_path(key_path, path + ".keyPath")
        if self.property == "path":
            # The structure all ends share; the fields are every coordinate of it.
            self.structure = None
            ends = [self._path_value(obj.get(key), "%s.%s" % (path, key)) for key in ("fromValue", "toValue", "byValue")]
            self.fields = tuple(range(max((len(e) for e in ends if e is not None), default=0)))
        else:
            n = len(self.fields)
            ends = [_value(obj.get(key), n, "%s.%s" % (path, key)) for key in ("fromValue", "toValue", "byValue")]
        self.model = Basic(
            from_value=ends[0], to_value=ends[1], by_value=ends[2],
            timing=_timing(obj, path),
            timing_function=_timing_function(obj.get("timingFunction"), path + ".timingFunction"),
            additive=_bool(obj, "additive", False, path),
            cumulative=_bool(obj, "cumulative", False, path),
            removed_on_completion=_bool(obj, "removedOnCompletion", True, path))

    def _path_value(self, v, path):
        """SVG path data → the tuple of its coordinates (None for None); every end has
        one structure."""
        if v is None:
            return None
        structure, coordinates = path_coordinates(_parse_path(v, path), path)
        if self.structure is not None and structure != self.structure:
            raise AnimationError(path, "paths of different structures are not drawn by the reference renderer")
        self.structure = structure
        return coordinates

    def contribution(self, t, model_fields):
        """The animation's own value of its fields at time t (doubles), or None."""
        c = evaluate_leaf(self.model, float(t), model_fields, False, False)
        if c.value is None:
            return None
        return tuple(float(v) if not hasattr(v, "_mpf_") else to_double(v) for v in c.value)


class TransitionAnimation:
    """A transition: its type, direction, progress rule and previous rendering."""

    def __init__(self, obj, path, parse_previous):
        for key in obj:
            if key not in TRANSITION_FIELDS:
                raise AnimationError("%s.%s" % (path, key), "unknown field")
        kind = obj.get("transitionType", "fade")
        if kind is None:
            kind = "fade"
        if kind not in TRANSITION_TYPES:
            raise AnimationError(path + ".transitionType", "unknown transition type %r" % kind)
        subtype = obj.get("subtype")
        if subtype is not None and subtype not in SUBTYPES:
            raise AnimationError(path + ".subtype", "unknown subtype %r" % subtype)
        self.kind = kind
        self.direction = SUBTYPES[subtype or "fromLeft"]
        self.start = self._progress(obj, "startProgress", 0.0, path)
        self.end = self._progress(obj, "endProgress", 1.0, path)
        self.timing = _timing(obj, path)
        self.timing_function = _timing_function(obj.get("timingFunction"), path + ".timingFunction")
        self.removed_on_completion = _bool(obj, "removedOnCompletion", True, path)
        prev = obj.get("previous")
        self.previous = None if prev is None else parse_previous(prev, path + ".previous")

    @staticmethod
    def _progress(obj, key, default, path):
        v = obj.get(key)
        if v is None:
            return default
        v = _number(v, "%s.%s" % (path, key))
        if not 0.0 <= v <= 1.0:
            raise AnimationError("%s.%s" % (path, key), "lies in [0, 1]")
        return v

    def progress(self, t):
        """start + (end − start)·f(progress), or None when not in effect at t."""
        res = resolve(self.timing, ANIMATION_DEFAULT_DURATION)
        sample = evaluate(res, float(t))
        if not sample.in_effect:
            return None
        if self.removed_on_completion and sample.phase == "after":
            return None
        eased = sample.progress
        if self.timing_function is not None:
            eased = ease(CubicTimingFunction(*self.timing_function), eased)
        f = to_double(eased) if hasattr(eased, "_mpf_") else float(eased)
        return self.start + (self.end - self.start) * f


def _parse_path(v, path):
    if not isinstance(v, str):
        raise AnimationError(path, "expected SVG path data")
    if re.search(r"[QqTt]", v):
        raise AnimationError(path, "quadratic path animations are not drawn by the reference renderer")
    try:
        return paths.parse_svg_path(v)
    except paths.PathError as e:
        raise AnimationError(path, str(e))


def path_coordinates(subpaths, path):
    """A parsed path → (its structure, the tuple of all its coordinates in order)."""
    structure, out = [], []
    for sp in subpaths:
        structure.append((tuple(seg[0] for seg in sp["segments"]), sp["closed"]))
        out += sp["start"]
        for seg in sp["segments"]:
            for point in seg[1:]:
                out += point
    return tuple(structure), tuple(float(x) for x in out)


def path_from_coordinates(structure, coordinates):
    """The inverse of `path_coordinates`: the subpaths of `structure` at `coordinates`."""
    it = iter(coordinates)
    point = lambda: (next(it), next(it))  # noqa: E731
    subpaths = []
    for kinds, closed in structure:
        sp = {"start": point(), "segments": [], "closed": closed}
        for kind in kinds:
            sp["segments"].append(("L", point()) if kind == "L" else ("C", point(), point(), point()))
        subpaths.append(sp)
    return subpaths


def parse_animations(value, path, parse_previous):
    """The "animations" object of a layer → [(key, animation)] in document order."""
    if value is None:
        return []
    if not isinstance(value, dict):
        raise AnimationError(path, "expected an object")
    out = []
    for key, obj in value.items():
        p = "%s.%s" % (path, key)
        if not isinstance(obj, dict):
            raise AnimationError(p, "expected an object")
        kind = obj.get("type")
        if kind == "basic":
            out.append((key, PropertyAnimation(obj, p)))
        elif kind == "transition":
            out.append((key, TransitionAnimation(obj, p, parse_previous)))
        elif kind in ("keyframe", "group"):
            raise AnimationError(p + ".type", "%s animations are not drawn by the reference renderer" % kind)
        else:
            raise AnimationError(p + ".type", "unknown animation type %r" % (kind,))
    return out


def check_models(layer, animations, path):
    """Refuses, at `path` (the layer's "animations"), animations that need a model value
    the parsed `layer` lacks: a path animation on a layer without a path or whose ends
    have another structure, a colour animation of a property that is none."""
    for key, anim in animations:
        if not isinstance(anim, PropertyAnimation):
            continue
        p = "%s.%s" % (path, key)
        if anim.property == "path":
            if layer["class"] != "shape" or not layer["path"]:
                raise AnimationError(p, "a path animation needs a shape layer with a path")
            structure, model = path_coordinates(layer["path"], p)
            if anim.structure is not None and anim.structure != structure:
                raise AnimationError(p, "paths of different structures are not drawn by the reference renderer")
            if re.search(r"[QqTt]", layer.get("pathData", "")):
                raise AnimationError(p, "quadratic path animations are not drawn by the reference renderer")
            anim.fields = tuple(range(len(model)))
        elif layer[anim.property] is None:
            raise AnimationError(p, "an animation of a property without a model value is not drawn")


def _as_tuple(v):
    return tuple(v) if isinstance(v, (tuple, list)) else (v,)


def presented_values(layer, animations, t):
    """The presentation values of the animated properties of `layer` (a parsed layer
    dict) at t: {property: value} (a number, a tuple, or a path's subpaths), and the
    transition in effect (animation, p) or None."""
    values = {}
    transition = None
    structure = None
    for _, anim in animations:
        if isinstance(anim, TransitionAnimation):
            p = anim.progress(t)
            if p is not None:
                transition = (anim, p)
            continue
        prop = anim.property
        if prop == "path":
            structure, model = path_coordinates(layer["path"], "path")
        else:
            model = _as_tuple(layer[prop])
        current = list(values.get(prop, model))
        model_fields = tuple(model[i] for i in anim.fields)
        v = anim.contribution(t, model_fields)
        if v is None:
            continue
        for i, x in zip(anim.fields, v):
            current[i] = current[i] + x if anim.model.additive else x
        values[prop] = tuple(current)
    for prop, v in values.items():
        if prop == "path":
            values[prop] = path_from_coordinates(structure, v)
        elif PROPERTY_SIZES[prop] == 1:
            values[prop] = v[0]
    return values, transition

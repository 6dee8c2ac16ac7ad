"""Layout arithmetic as docs/layout.md states it: autoresizing and constraints.

Written from the document, not from the Swift code. Every quantity is a
rational function of the double inputs (sums, differences, products and
quotients), so the model computes it exactly with ``fractions.Fraction`` and
the caller rounds each output once to the nearest double (``float`` of a
Fraction is correctly rounded).

Rectangles are ``(x, y, width, height)`` tuples with non-negative sizes.
"""

from fractions import Fraction
import math

# Core Animation's CAAutoresizingMask bits.
MIN_X_MARGIN, WIDTH_SIZABLE, MAX_X_MARGIN = 1, 2, 4
MIN_Y_MARGIN, HEIGHT_SIZABLE, MAX_Y_MARGIN = 8, 16, 32

# CAConstraintAttribute values, in order.
ATTRIBUTES = ["minX", "midX", "maxX", "width", "minY", "midY", "maxY", "height"]


def exact(x):
    return Fraction(x)


def share(start, length, extent, new_extent, flexible):
    """One axis of the autoresizing rule (docs/layout.md, "The share").

    ``start``, ``length`` and ``extent`` give the three parts before, at and
    after the layer (the last is ``extent - start - length``); ``flexible`` is
    a triple of booleans. Returns the new start and length, exact.
    """
    parts = (start, length, extent - start - length)
    delta = new_extent - extent
    count = sum(1 for f in flexible if f)
    if count == 0 or delta == 0:
        return start, length
    # A negative part weighs nothing; all-zero weights share evenly.
    weights = [max(p, Fraction(0)) if f else Fraction(0) for p, f in zip(parts, flexible)]
    total = sum(weights)

    def growth(i):
        if not flexible[i]:
            return Fraction(0)
        return delta * weights[i] / total if total > 0 else delta / count

    new_start = start + growth(0)
    new_length = max(Fraction(0), length + growth(1))
    return new_start, new_length


def autoresize(frame, mask, old_size, new_bounds):
    """The frame a layer with ``mask`` takes when its superlayer's bounds go
    from size ``old_size`` to ``new_bounds`` (same origin). Margins are measured
    from the bounds origin. Inputs are doubles; the result is exact.
    Any non-finite input returns ``frame`` unchanged (as Fractions).
    """
    values = list(frame) + list(old_size) + list(new_bounds)
    if mask == 0 or any(not math.isfinite(v) for v in values):
        return tuple(exact(v) for v in frame)
    x, y, w, h = (exact(v) for v in frame)
    ox, oy, new_w, new_h = (exact(v) for v in new_bounds)
    old_w, old_h = exact(old_size[0]), exact(old_size[1])
    sx, sw = share(x - ox, w, old_w, new_w, (bool(mask & MIN_X_MARGIN), bool(mask & WIDTH_SIZABLE), bool(mask & MAX_X_MARGIN)))
    sy, sh = share(y - oy, h, old_h, new_h, (bool(mask & MIN_Y_MARGIN), bool(mask & HEIGHT_SIZABLE), bool(mask & MAX_Y_MARGIN)))
    return (ox + sx, oy + sy, sw, sh)


# ---------------------------------------------------------------------------
# Constraints


def attribute_value(rect, attribute):
    x, y, w, h = rect
    return {
        "minX": x, "midX": x + w / 2, "maxX": x + w, "width": w,
        "minY": y, "midY": y + h / 2, "maxY": y + h, "height": h,
    }[attribute]


def is_horizontal(attribute):
    return ATTRIBUTES.index(attribute) < 4


def solve_constraints(bounds, layers):
    """Lays out ``layers`` in a superlayer with ``bounds`` by their constraints
    (docs/layout.md, "Constraints").

    ``layers`` is a list of dicts: ``name`` (str or None), ``frame`` (a rect of
    doubles) and ``constraints``, a list of dicts ``attribute``, ``relativeTo``,
    ``attribute2``, ``scale``, ``offset``. Returns the frames, exact.
    """
    frames = [tuple(exact(v) for v in layer["frame"]) for layer in layers]
    super_rect = tuple(exact(v) for v in bounds)
    first = {}
    for i, layer in enumerate(layers):
        if layer["name"] is not None and layer["name"] not in first:
            first[layer["name"]] = i

    # node = (layer index, axis 0 for x / 1 for y) -> usable constraints with their source
    nodes = {}
    for i, layer in enumerate(layers):
        for c in layer["constraints"]:
            if not (math.isfinite(c["scale"]) and math.isfinite(c["offset"])):
                continue
            name = c["relativeTo"]
            if name in ("", "superlayer"):
                source = None
            elif name in first:
                source = first[name]
            else:
                continue
            axis = 0 if is_horizontal(c["attribute"]) else 1
            nodes.setdefault((i, axis), []).append((c, source))

    state = {}

    def source_node(c, source):
        if source is None:
            return None
        return (source, 0 if is_horizontal(c["attribute2"]) else 1)

    def apply(node):
        i, axis = node
        given = {}
        for c, source in nodes[node]:
            rect = super_rect if source is None else frames[source]
            value = exact(c["scale"]) * attribute_value(rect, c["attribute2"]) + exact(c["offset"])
            given[ATTRIBUTES.index(c["attribute"]) % 4] = value
        x, y, w, h = frames[i]
        current_min, current_extent = (x, w) if axis == 0 else (y, h)
        lo, mid, hi, size = (given.get(k) for k in range(4))
        if size is not None:
            extent = size
        elif lo is not None and hi is not None:
            extent = hi - lo
        elif lo is not None and mid is not None:
            extent = 2 * (mid - lo)
        elif mid is not None and hi is not None:
            extent = 2 * (hi - mid)
        else:
            extent = current_extent
        extent = max(Fraction(0), extent)
        if lo is not None:
            start = lo
        elif mid is not None:
            start = mid - extent / 2
        elif hi is not None:
            start = hi - extent
        else:
            start = current_min
        frames[i] = (start, y, extent, h) if axis == 0 else (x, start, w, extent)

    def visit(node):
        state[node] = "solving"
        for c, source in nodes[node]:
            s = source_node(c, source)
            if s is not None and s in nodes and s not in state:
                visit(s)
        apply(node)
        state[node] = "solved"

    for i in range(len(layers)):
        for axis in (0, 1):
            node = (i, axis)
            if node in nodes and node not in state:
                visit(node)
    return frames

"""Shape and gradient layers for the reference renderer (CAShapeLayer, CAGradientLayer).

Shape layers: the path is filled by cairo (fill rule, anti-aliasing) and stroked by
cairo under the layer's affine map (its own stroker: width, caps, joins, miter limit,
dashes), at a tolerance of 0.005 px. strokeStart/strokeEnd trim the path by arc length,
measured here on the path flattened to TRIM_CHORDS chords per curve (independent of
Cadence's quadrature); the dash pattern stays fixed on the whole path (the phase grows
by strokeStart · length). Strokes under perspective are refused (cairo cannot stroke
with a projective pen); fills under perspective go through the flattened polygon.

Gradient layers: numpy evaluates the colour at every pixel centre through the inverse
homography, in the unit square of the bounds (docs/compositor.md § 16):
  axial   t = (p − s)·(e − s) / |e − s|²
  radial  t = √((Δu / |e.x − s.x|)² + (Δv / |e.y − s.y|)²)
  conic   t = ((atan2(Δv, Δu) − atan2(e.y − s.y, e.x − s.x)) / 2π) mod 1
Stops are unpremultiplied, sorted by location (stably), clamped outside, interpolated
component by component and then premultiplied (Core Graphics' rule); `locations`
of another length than `colors` are ignored (even spread). The colours then fill the
bounds rounded by cornerRadius (cairo's coverage), like a contents image.
"""

import math

from cairo_loader import cairo
import paths

# Chords per cubic when a path is trimmed by arc length: the chord sum is within
# about L·(1/TRIM_CHORDS)²/… of the arc length, far below a pixel for these scenes.
TRIM_CHORDS = 1024
# cairo's flattening tolerance for strokes and fills (pixels), as strokes.py uses.
TOLERANCE = 0.005

SHAPE_DEFAULTS = {
    "path": None, "fillColor": (0.0, 0.0, 0.0, 1.0), "fillRule": "nonZero", "strokeColor": None,
    "lineWidth": 1.0, "miterLimit": 10.0, "lineCap": "butt", "lineJoin": "miter",
    "lineDashPattern": None, "lineDashPhase": 0.0, "strokeStart": 0.0, "strokeEnd": 1.0,
}
GRADIENT_DEFAULTS = {
    "colors": None, "locations": None, "startPoint": (0.5, 0.0), "endPoint": (0.5, 1.0), "type": "axial",
}
CLASS_FIELDS = {"shape": SHAPE_DEFAULTS, "gradient": GRADIENT_DEFAULTS}


def defaults():
    out = {"class": "layer"}
    for fields in CLASS_FIELDS.values():
        out.update(fields)
    return out


def parse(obj, layer, p, number, numbers, color, choice, error):
    """Reads the class and its fields from the scene object `obj` into `layer`."""
    kind = obj.get("class", "layer")
    choice(kind, ["layer", "shape", "gradient", "replicator", "transform"], p("class"))
    layer["class"] = kind
    for cls, fields in CLASS_FIELDS.items():
        for key in fields:
            if key in obj and kind != cls:
                raise error(p(key), "a property of %s layers" % cls)
    if kind == "shape":
        if obj.get("path") is not None:
            try:
                layer["path"] = paths.parse_svg_path(obj["path"])
                layer["pathData"] = obj["path"]
            except paths.PathError as e:
                raise error(p("path"), str(e))
        for key in ("fillColor", "strokeColor"):
            if key in obj:
                layer[key] = color(obj[key], p(key))
        for key in ("lineWidth", "miterLimit", "lineDashPhase", "strokeStart", "strokeEnd"):
            if key in obj:
                layer[key] = number(obj[key], p(key))
        if "fillRule" in obj:
            layer["fillRule"] = choice(obj["fillRule"], ["nonZero", "evenOdd"], p("fillRule"))
        if "lineCap" in obj:
            layer["lineCap"] = choice(obj["lineCap"], ["butt", "round", "square"], p("lineCap"))
        if "lineJoin" in obj:
            layer["lineJoin"] = choice(obj["lineJoin"], ["miter", "round", "bevel"], p("lineJoin"))
        if obj.get("lineDashPattern") is not None:
            layer["lineDashPattern"] = [number(v, "%s[%d]" % (p("lineDashPattern"), i))
                                        for i, v in enumerate(obj["lineDashPattern"])]
    elif kind == "gradient":
        if obj.get("colors") is not None:
            layer["colors"] = [color(c, "%s[%d]" % (p("colors"), i)) for i, c in enumerate(obj["colors"])]
        if obj.get("locations") is not None:
            layer["locations"] = [number(v, "%s[%d]" % (p("locations"), i)) for i, v in enumerate(obj["locations"])]
        for key in ("startPoint", "endPoint"):
            if key in obj:
                layer[key] = numbers(obj[key], 2, p(key))
        if "type" in obj:
            layer["type"] = choice(obj["type"], ["axial", "radial", "conic"], p("type"))


def draws(layer):
    """Whether the layer draws a shape or gradient as its content."""
    if layer["class"] == "shape":
        return layer["path"] is not None
    if layer["class"] == "gradient":
        return bool(layer["colors"])
    return False


def draw(ctx, layer, device, target, bounds, add_shape):
    """Draws the layer's shape or gradient (layer space mapped to pixels by `device`)."""
    if layer["class"] == "shape":
        draw_shape(ctx, layer, device)
    elif layer["class"] == "gradient":
        draw_gradient(ctx, layer, device, target, bounds, add_shape)


# ---------------------------------------------------------------------------
# Shapes

def _cairo_matrix(h):
    s = h[2][2]
    return cairo.Matrix(h[0][0] / s, h[0][1] / s, h[1][0] / s, h[1][1] / s, h[2][0] / s, h[2][1] / s)


def polylines(subpaths):
    """Each subpath as (points, closed), curves cut into TRIM_CHORDS chords; a closed
    subpath ends with its start point again (the closing line)."""
    out = []
    for sp in subpaths:
        pts = paths.flattened(sp, TRIM_CHORDS)
        if sp["closed"] and pts[-1] != pts[0]:
            pts.append(pts[0])
        out.append((pts, sp["closed"]))
    return out


def trimmed(subpaths, start, end):
    """(pieces, length): the polylines between fractions start and end of the path's
    length; pieces are (points, closed)."""
    lines = polylines(subpaths)
    total = sum(math.dist(a, b) for pts, _ in lines for a, b in zip(pts, pts[1:]))
    lo, hi = start * total, end * total
    pieces = []
    d = 0.0
    for pts, closed in lines:
        length = sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))
        if closed and d >= lo and d + length <= hi:
            pieces.append((pts, True))
            d += length
            continue
        piece = []
        for a, b in zip(pts, pts[1:]):
            l = math.dist(a, b)
            if l > 0 and d + l > lo and d < hi:
                u0 = max(lo - d, 0.0) / l
                u1 = min(hi - d, l) / l
                pa = (a[0] + (b[0] - a[0]) * u0, a[1] + (b[1] - a[1]) * u0)
                pb = (a[0] + (b[0] - a[0]) * u1, a[1] + (b[1] - a[1]) * u1)
                if not piece:
                    piece.append(pa)
                piece.append(pb)
            d += l
        if piece:
            pieces.append((piece, False))
    return pieces, total


def draw_shape(ctx, layer, device):
    sub = layer["path"]
    if not sub:
        return
    ctx.save()
    ctx.set_tolerance(TOLERANCE)
    fill = layer["fillColor"]
    if fill is not None and fill[3] > 0:
        ctx.new_path()
        paths.add_svg_path(ctx, sub, device)
        ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if layer["fillRule"] == "evenOdd" else cairo.FILL_RULE_WINDING)
        ctx.set_source_rgba(*fill)
        ctx.fill()
    stroke = layer["strokeColor"]
    width = layer["lineWidth"]
    start = min(max(layer["strokeStart"], 0.0), 1.0)
    end = min(max(layer["strokeEnd"], 0.0), 1.0)
    if stroke is not None and stroke[3] > 0 and width > 0 and start < end:
        if not paths.is_affine(device):
            raise ValueError("strokes under perspective are not drawn by the reference renderer")
        ctx.new_path()
        ctx.save()
        ctx.set_matrix(_cairo_matrix(device))
        phase = layer["lineDashPhase"]
        if start <= 0 and end >= 1:
            for sp in sub:
                paths.add_subpath(ctx, sp, close=sp["closed"])
        else:
            pieces, total = trimmed(sub, start, end)
            if start > 0:
                phase += start * total
            for pts, closed in pieces:
                ctx.move_to(*pts[0])
                for q in pts[1:]:
                    ctx.line_to(*q)
                if closed:
                    ctx.close_path()
        ctx.set_line_width(width)
        ctx.set_line_cap({"butt": cairo.LINE_CAP_BUTT, "round": cairo.LINE_CAP_ROUND,
                          "square": cairo.LINE_CAP_SQUARE}[layer["lineCap"]])
        ctx.set_line_join({"miter": cairo.LINE_JOIN_MITER, "round": cairo.LINE_JOIN_ROUND,
                           "bevel": cairo.LINE_JOIN_BEVEL}[layer["lineJoin"]])
        ctx.set_miter_limit(layer["miterLimit"])
        pattern = layer["lineDashPattern"]
        if pattern and all(v >= 0 for v in pattern) and sum(pattern) > 0:
            ctx.set_dash(pattern, phase)
        ctx.set_source_rgba(*stroke)
        ctx.stroke()
        ctx.restore()
    ctx.restore()


# ---------------------------------------------------------------------------
# Gradients

def stops(layer):
    """Sorted (location, unpremultiplied RGBA 0…255) stops."""
    colors = layer["colors"]
    n = len(colors)
    locs = layer["locations"]
    if locs is None or len(locs) != n:
        locs = [0.0] if n == 1 else [k / (n - 1) for k in range(n)]
    out = []
    for k, (loc, c) in enumerate(zip(locs, colors)):
        a = c[3]
        out.append((loc, k, (c[0] * 255, c[1] * 255, c[2] * 255, a * 255)))
    out.sort(key=lambda s: (s[0], s[1]))
    return [(loc, col) for loc, _, col in out]


def gradient_parameter(layer, u, v):
    import numpy as np
    sx, sy = layer["startPoint"]
    ex, ey = layer["endPoint"]
    du, dv = u - sx, v - sy
    kind = layer["type"]
    if kind == "axial":
        l2 = (ex - sx) ** 2 + (ey - sy) ** 2
        if l2 == 0:
            return np.full(u.shape, -np.inf)
        return (du * (ex - sx) + dv * (ey - sy)) / l2
    if kind == "radial":
        rx, ry = abs(ex - sx), abs(ey - sy)
        if rx == 0 or ry == 0:
            return np.full(u.shape, np.inf)
        return np.sqrt((du / rx) ** 2 + (dv / ry) ** 2)
    ref = 0.0 if (ex, ey) == (sx, sy) else math.atan2(ey - sy, ex - sx)
    a = (np.arctan2(dv, du) - ref) / (2 * math.pi)
    return a - np.floor(a)


def gradient_colors(layer, t):
    """Premultiplied RGBA (0…255) at the parameters t."""
    import numpy as np
    st = stops(layer)
    locs = np.array([s[0] for s in st])
    cols = np.array([s[1] for s in st])
    out = np.empty(t.shape + (4,))
    first, last = t <= locs[0], t >= locs[-1]
    out[first] = cols[0]
    out[last & ~first] = cols[-1]
    mid = ~first & ~last
    i = np.searchsorted(locs, t[mid], side="right")
    f = (t[mid] - locs[i - 1]) / (locs[i] - locs[i - 1])
    out[mid] = cols[i - 1] + (cols[i] - cols[i - 1]) * f[:, None]
    out[..., :3] *= out[..., 3:4] / 255  # premultiplied after interpolating
    return out


def draw_gradient(ctx, layer, device, target, bounds, add_shape):
    import contents
    x, y, w, h = bounds
    if w <= 0 or h <= 0:
        return
    box = contents.pixel_box(bounds, device, target.width, target.height)
    if box is None:
        return
    x0, y0 = box[0], box[1]
    _, lx, ly, _, valid = contents.preimages(device, box)
    u = (lx - x) / w
    v = (ly - y) / h
    rgba = gradient_colors(layer, gradient_parameter(layer, u, v))
    rgba[~valid] = 0
    surface = contents.surface_from_premultiplied(rgba)
    ctx.save()
    ctx.new_path()
    add_shape(ctx, layer, bounds, layer["cornerRadius"], device)
    ctx.set_source_surface(surface, x0, y0)
    ctx.get_source().set_filter(cairo.FILTER_NEAREST)
    ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
    ctx.fill()
    ctx.restore()

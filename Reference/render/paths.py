"""Paths for the reference renderer: SVG path data (`shadowPath`) and filling a
path seen through a plane homography.

SVG path data: the commands `M L H V C S Q T Z`, absolute (upper case) and relative
(lower case), with implicit repetition (extra pairs after `M` are line-tos), as the
SVG 1.1 grammar gives them. Arcs (`A`) are refused, as Cadence's parser refuses them.
A path is kept as a list of subpaths; each subpath is a start point and a list of
segments ("L", p) or ("C", c1, c2, p), and a flag for `Z`. Quadratic segments become
the equivalent cubic (exactly: c1 = p0 + 2/3·(q − p0), c2 = p + 2/3·(q − p)).
"""

import re

from cairo_loader import cairo

# Segments per cubic when a path is flattened (only under perspective).
CUBIC_SEGMENTS = 64
# Homogeneous clipping plane: parts of a shape with W < W_MIN are behind (or at)
# the viewer and are cut off before the perspective division.
W_MIN = 1e-6

_TOKEN = re.compile(r"\s*,?\s*([MmLlHhVvCcSsQqTtZzAa]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_ARITY = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "z": 0}


class PathError(ValueError):
    pass


def _tokens(text):
    pos, out = 0, []
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise PathError("unexpected character at offset %d" % pos)
        out.append(m.group(1))
        pos = m.end()
    return out


def parse_svg_path(text):
    """SVG path data → list of subpaths {"start": (x, y), "segments": [...], "closed": bool}."""
    tokens = _tokens(text)
    if not tokens:
        return []
    if tokens[0] not in ("M", "m"):
        raise PathError("path data must start with M or m")
    subpaths = []
    current = None
    x = y = 0.0
    start = (0.0, 0.0)
    last_cubic_c2 = None   # for S: the second control point of the previous C/S
    last_quad_q = None     # for T: the control point of the previous Q/T
    i = 0
    command = None
    while i < len(tokens):
        tok = tokens[i]
        if tok.isalpha():
            if tok in "Aa":
                raise PathError("arc commands (A) are not supported")
            command = tok
            i += 1
            if command in "Zz":
                if current is not None:
                    current["closed"] = True
                    x, y = start
                    current = None
                last_cubic_c2 = last_quad_q = None
                continue
        elif command is None or command in "Zz":
            raise PathError("a number without a command")
        arity = _ARITY[command.lower()]
        args = tokens[i:i + arity]
        if len(args) != arity or any(a.isalpha() for a in args):
            raise PathError("command %s needs %d numbers" % (command, arity))
        v = [float(a) for a in args]
        i += arity
        rel = command.islower()
        c = command.lower()
        if current is None and c != "m":
            # a drawing command after Z starts a new subpath at the start point
            current = {"start": (x, y), "segments": [], "closed": False}
            subpaths.append(current)
            start = (x, y)
        cubic_c2, quad_q = None, None
        if c == "m":
            nx, ny = (x + v[0], y + v[1]) if rel else (v[0], v[1])
            x, y = nx, ny
            start = (x, y)
            current = {"start": start, "segments": [], "closed": False}
            subpaths.append(current)
            command = "l" if rel else "L"  # implicit line-tos
        elif c == "l":
            x, y = (x + v[0], y + v[1]) if rel else (v[0], v[1])
            current["segments"].append(("L", (x, y)))
        elif c == "h":
            x = x + v[0] if rel else v[0]
            current["segments"].append(("L", (x, y)))
        elif c == "v":
            y = y + v[0] if rel else v[0]
            current["segments"].append(("L", (x, y)))
        elif c in "cs":
            if c == "c":
                ox, oy = (x, y) if rel else (0.0, 0.0)
                c1 = (ox + v[0], oy + v[1])
                c2 = (ox + v[2], oy + v[3])
                p = (ox + v[4], oy + v[5])
            else:
                ox, oy = (x, y) if rel else (0.0, 0.0)
                if last_cubic_c2 is not None:
                    c1 = (2 * x - last_cubic_c2[0], 2 * y - last_cubic_c2[1])
                else:
                    c1 = (x, y)
                c2 = (ox + v[0], oy + v[1])
                p = (ox + v[2], oy + v[3])
            current["segments"].append(("C", c1, c2, p))
            cubic_c2 = c2
            x, y = p
        else:  # q, t
            ox, oy = (x, y) if rel else (0.0, 0.0)
            if c == "q":
                q = (ox + v[0], oy + v[1])
                p = (ox + v[2], oy + v[3])
            else:
                q = (2 * x - last_quad_q[0], 2 * y - last_quad_q[1]) if last_quad_q is not None else (x, y)
                p = (ox + v[0], oy + v[1])
            c1 = (x + 2.0 / 3.0 * (q[0] - x), y + 2.0 / 3.0 * (q[1] - y))
            c2 = (p[0] + 2.0 / 3.0 * (q[0] - p[0]), p[1] + 2.0 / 3.0 * (q[1] - p[1]))
            current["segments"].append(("C", c1, c2, p))
            quad_q = q
            x, y = p
        last_cubic_c2, last_quad_q = cubic_c2, quad_q
    return subpaths


def clip_homogeneous(points):
    """Sutherland–Hodgman against the half-space W ≥ W_MIN; points are [X, Y, W]."""
    out = []
    n = len(points)
    for i in range(n):
        p, q = points[i], points[(i + 1) % n]
        pin, qin = p[2] >= W_MIN, q[2] >= W_MIN
        if pin:
            out.append(p)
        if pin != qin:
            t = (W_MIN - p[2]) / (q[2] - p[2])
            out.append(tuple(p[j] + t * (q[j] - p[j]) for j in range(3)))
    return out


def is_affine(h):
    return h[0][2] == 0.0 and h[1][2] == 0.0


def map_homogeneous(h, px, py):
    return (px * h[0][0] + py * h[1][0] + h[2][0],
            px * h[0][1] + py * h[1][1] + h[2][1],
            px * h[0][2] + py * h[1][2] + h[2][2])


def add_polygon(ctx, points, h):
    """Adds the closed polygon `points` (layer space) to the current path, mapped
    through the homography h with the W clip and the perspective division."""
    poly = clip_homogeneous([map_homogeneous(h, px, py) for px, py in points])
    if len(poly) < 3:
        return
    ctx.move_to(poly[0][0] / poly[0][2], poly[0][1] / poly[0][2])
    for X, Y, W in poly[1:]:
        ctx.line_to(X / W, Y / W)
    ctx.close_path()


def _cubic_points(p0, c1, c2, p3, n):
    out = []
    for k in range(1, n + 1):
        t = k / n
        s = 1.0 - t
        out.append((s * s * s * p0[0] + 3 * s * s * t * c1[0] + 3 * s * t * t * c2[0] + t * t * t * p3[0],
                    s * s * s * p0[1] + 3 * s * s * t * c1[1] + 3 * s * t * t * c2[1] + t * t * t * p3[1]))
    return out


def add_subpath(ctx, sp, close):
    """Adds one parsed subpath to the current path in user space (cairo's curves),
    closed when `close`."""
    ctx.move_to(*sp["start"])
    for seg in sp["segments"]:
        if seg[0] == "L":
            ctx.line_to(*seg[1])
        else:
            ctx.curve_to(*seg[1], *seg[2], *seg[3])
    if close:
        ctx.close_path()


def add_svg_path(ctx, subpaths, h):
    """Adds a parsed path (layer space) to the current path, mapped to pixels by h.
    Affine maps go through cairo's matrix and cairo's curves; projective maps through
    a polygon (each cubic as CUBIC_SEGMENTS chords). Every subpath is closed, as a
    fill closes it."""
    if is_affine(h):
        s = h[2][2]
        if s <= 0:
            return
        ctx.save()
        ctx.set_matrix(cairo.Matrix(h[0][0] / s, h[0][1] / s, h[1][0] / s, h[1][1] / s,
                                    h[2][0] / s, h[2][1] / s))
        for sp in subpaths:
            add_subpath(ctx, sp, close=True)
        ctx.restore()
        return
    for sp in subpaths:
        add_polygon(ctx, flattened(sp, CUBIC_SEGMENTS), h)


def flattened(sp, chords):
    """The subpath's points, each cubic cut into `chords` equal steps of its parameter."""
    pts = [sp["start"]]
    for seg in sp["segments"]:
        if seg[0] == "L":
            pts.append(seg[1])
        else:
            pts += _cubic_points(pts[-1], seg[1], seg[2], seg[3], chords)
    return pts


__all__ = ["parse_svg_path", "add_svg_path", "add_subpath", "flattened", "add_polygon", "clip_homogeneous", "is_affine",
           "map_homogeneous", "PathError", "W_MIN"]

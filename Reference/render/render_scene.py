"""Independent reference renderer for Cadence's compositor goldens.

Reads a scene file (the "Scenes" format of the `cadence` command line, static
scenes only) and draws it with cairo directly. It shares no code with the
Swift package: the layer matrices are built here from Core Animation's rules
and cairo does the rasterizing, anti-aliasing and compositing.

    python3 Reference/render/render_scene.py SCENE.json OUT.png

The rules, and where each comes from, are in Reference/README.md,
"# Compositor goldens".
"""

import json
import math
import os
import sys


def _import_cairo():
    """pycairo from Debian (`apt-get install python3-cairo`). It is installed for
    /usr/bin/python3; another CPython 3.11 (pyenv) can load the same module."""
    try:
        import cairo  # noqa: F401
    except ImportError:
        dist = "/usr/lib/python3/dist-packages"
        if dist not in sys.path:
            sys.path.append(dist)
        import cairo  # noqa: F401
    return cairo


cairo = _import_cairo()

# Segments per quarter circle when a rounded rectangle is flattened into a
# polygon (only under perspective). 64 segments keep the chord within
# r·(1 − cos(π/256)) ≈ 7.5e-5·r of the arc: 0.0075 px for r = 100 px.
ARC_SEGMENTS = 64
# Homogeneous clipping plane: the parts of a shape with W < W_MIN are behind
# (or at) the viewer and are cut off before the perspective division.
W_MIN = 1e-6
# Largest canvas side in pixels (the Swift side's limit).
MAX_PIXELS = 16384


class SceneError(ValueError):
    """A scene the renderer refuses: `path` is a JSON path into the document."""

    def __init__(self, path, message):
        super().__init__("%s: %s" % (path, message))
        self.path = path


# ---------------------------------------------------------------------------
# Scene parsing

IDENTITY4 = (1.0, 0.0, 0.0, 0.0,
             0.0, 1.0, 0.0, 0.0,
             0.0, 0.0, 1.0, 0.0,
             0.0, 0.0, 0.0, 1.0)

LAYER_DEFAULTS = {
    "name": None,
    "bounds": (0.0, 0.0, 0.0, 0.0),
    "position": (0.0, 0.0),
    "anchorPoint": (0.5, 0.5),
    "anchorPointZ": 0.0,
    "zPosition": 0.0,
    "transform": IDENTITY4,
    "sublayerTransform": IDENTITY4,
    "opacity": 1.0,
    "hidden": False,
    "masksToBounds": False,
    "doubleSided": True,
    "cornerRadius": 0.0,
    "borderWidth": 0.0,
    "borderColor": (0.0, 0.0, 0.0, 1.0),
    "backgroundColor": None,
    "sublayers": [],
}

# Fields of the format this renderer does not draw. They are accepted only with
# a value that draws nothing, so a golden never silently leaves something out.
INERT_FIELDS = {
    "shadowOpacity": lambda v: v == 0,
    "shadowColor": lambda v: True,
    "shadowOffset": lambda v: True,
    "shadowRadius": lambda v: True,
    "animations": lambda v: v in (None, {}, []),
    "contents": lambda v: v is None,
    "mask": lambda v: v is None,
}


def _number(v, path):
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise SceneError(path, "expected a number")
    v = float(v)
    if not math.isfinite(v):
        raise SceneError(path, "expected a finite number")
    return v


def _numbers(v, n, path):
    if not isinstance(v, list) or len(v) != n:
        raise SceneError(path, "expected an array of %d numbers" % n)
    return tuple(_number(x, "%s[%d]" % (path, i)) for i, x in enumerate(v))


def _boolean(v, path):
    if not isinstance(v, bool):
        raise SceneError(path, "expected true or false")
    return v


def _color(v, path):
    if v is None:
        return None
    c = _numbers(v, 4, path)
    for i, x in enumerate(c):
        if not 0.0 <= x <= 1.0:
            raise SceneError("%s[%d]" % (path, i), "colour components lie in [0, 1]")
    return c


def _transform(v, path):
    if v is None:
        return IDENTITY4
    return _numbers(v, 16, path)


def parse_layer(obj, path):
    if not isinstance(obj, dict):
        raise SceneError(path, "expected an object")
    layer = dict(LAYER_DEFAULTS)
    for key in obj:
        if key not in LAYER_DEFAULTS and key not in INERT_FIELDS and key != "frame":
            raise SceneError("%s.%s" % (path, key), "not supported by the reference renderer")
    for key, ok in INERT_FIELDS.items():
        if key in obj and not ok(obj[key]):
            raise SceneError("%s.%s" % (path, key), "not drawn by the reference renderer")
    p = lambda k: "%s.%s" % (path, k)  # noqa: E731
    if "name" in obj:
        if not isinstance(obj["name"], str):
            raise SceneError(p("name"), "expected a string")
        layer["name"] = obj["name"]
    for key in ("anchorPointZ", "zPosition", "opacity", "cornerRadius", "borderWidth"):
        if key in obj:
            layer[key] = _number(obj[key], p(key))
    if not 0.0 <= layer["opacity"] <= 1.0:
        raise SceneError(p("opacity"), "opacity lies in [0, 1]")
    for key in ("cornerRadius", "borderWidth"):
        if layer[key] < 0:
            raise SceneError(p(key), "must not be negative")
    if "bounds" in obj:
        layer["bounds"] = _numbers(obj["bounds"], 4, p("bounds"))
    for key in ("position", "anchorPoint"):
        if key in obj:
            layer[key] = _numbers(obj[key], 2, p(key))
    for key in ("transform", "sublayerTransform"):
        if key in obj:
            layer[key] = _transform(obj[key], p(key))
    for key in ("hidden", "masksToBounds", "doubleSided"):
        if key in obj:
            layer[key] = _boolean(obj[key], p(key))
    for key in ("borderColor", "backgroundColor"):
        if key in obj:
            layer[key] = _color(obj[key], p(key))
    if "frame" in obj:
        # CALayer's frame setter for an identity transform: the bounds size becomes
        # the frame's size, the bounds origin is kept, and the position puts the
        # anchor point at its place in the frame. Used only without a transform,
        # bounds or position, so the order of the JSON fields never matters.
        for other in ("bounds", "position", "transform"):
            if other in obj:
                raise SceneError(p("frame"), "the reference renderer takes frame only "
                                 "without %s" % other)
        fx, fy, fw, fh = _numbers(obj["frame"], 4, p("frame"))
        if fw < 0:
            fx, fw = fx + fw, -fw
        if fh < 0:
            fy, fh = fy + fh, -fh
        ax, ay = layer["anchorPoint"]
        layer["bounds"] = (0.0, 0.0, fw, fh)
        layer["position"] = (fx + ax * fw, fy + ay * fh)
    subs = obj.get("sublayers", [])
    if not isinstance(subs, list):
        raise SceneError(p("sublayers"), "expected an array")
    layer["sublayers"] = [parse_layer(s, "%s.sublayers[%d]" % (path, i)) for i, s in enumerate(subs)]
    return layer


def parse_scene(doc):
    if not isinstance(doc, dict):
        raise SceneError("$", "expected an object")
    for key in doc:
        if key not in ("canvas", "layers"):
            raise SceneError(key, "unknown field")
    canvas = doc.get("canvas")
    if not isinstance(canvas, dict):
        raise SceneError("canvas", "expected an object")
    for key in canvas:
        if key not in ("width", "height", "scale", "background", "origin"):
            raise SceneError("canvas.%s" % key, "unknown field")
    width = _number(canvas.get("width"), "canvas.width")
    height = _number(canvas.get("height"), "canvas.height")
    scale = _number(canvas.get("scale", 1), "canvas.scale")
    if width <= 0 or height <= 0 or scale <= 0:
        raise SceneError("canvas", "width, height and scale must be positive")
    pw, ph = int(round(width * scale)), int(round(height * scale))
    if not (1 <= pw <= MAX_PIXELS and 1 <= ph <= MAX_PIXELS):
        raise SceneError("canvas", "pixel size %dx%d out of range" % (pw, ph))
    origin = canvas.get("origin", "topLeft")
    if origin not in ("topLeft", "bottomLeft"):
        raise SceneError("canvas.origin", "expected \"topLeft\" or \"bottomLeft\"")
    layers = doc.get("layers", [])
    if not isinstance(layers, list):
        raise SceneError("layers", "expected an array")
    return {
        "width": width, "height": height, "scale": scale,
        "pixelWidth": pw, "pixelHeight": ph,
        "background": _color(canvas.get("background"), "canvas.background"),
        "origin": origin,
        "layers": [parse_layer(l, "layers[%d]" % i) for i, l in enumerate(layers)],
    }


# ---------------------------------------------------------------------------
# Matrices: Core Animation's row-vector convention, [x y z 1] · M. A 4×4 matrix
# is a tuple of 16 numbers m11 m12 m13 m14 m21 … m44; mul(a, b) applies a first.

def mul4(a, b):
    return tuple(sum(a[4 * i + k] * b[4 * k + j] for k in range(4))
                 for i in range(4) for j in range(4))


def translation4(x, y, z):
    return (1.0, 0.0, 0.0, 0.0,
            0.0, 1.0, 0.0, 0.0,
            0.0, 0.0, 1.0, 0.0,
            x, y, z, 1.0)


def standardized(rect):
    x, y, w, h = rect
    if w < 0:
        x, w = x + w, -w
    if h < 0:
        y, h = y + h, -h
    return x, y, w, h


def anchor_in_bounds(layer):
    """The anchor point in the layer's own space: bounds origin + anchorPoint ·
    bounds size (standardised bounds), and anchorPointZ."""
    x, y, w, h = standardized(layer["bounds"])
    ax, ay = layer["anchorPoint"]
    return (x + ax * w, y + ay * h, layer["anchorPointZ"])


def matrix_to_superlayer(layer, superlayer):
    """T(−anchor) · transform · T(position, zPosition) · [T(−A) · sublayerTransform · T(A)],
    A the superlayer's anchor; the bracket is left out for a root layer."""
    ax, ay, az = anchor_in_bounds(layer)
    px, py = layer["position"]
    m = mul4(mul4(translation4(-ax, -ay, -az), layer["transform"]),
             translation4(px, py, layer["zPosition"]))
    if superlayer is not None and superlayer["sublayerTransform"] != IDENTITY4:
        sx, sy, sz = anchor_in_bounds(superlayer)
        m = mul4(m, mul4(mul4(translation4(-sx, -sy, -sz), superlayer["sublayerTransform"]),
                         translation4(sx, sy, sz)))
    return m


def plane_homography(m):
    """The 3×3 matrix (rows and columns x, y, w) of a 4×4 matrix restricted to the
    plane z = 0 on both sides: what the layer undergoes when it is flattened into
    its superlayer's plane. [x y 1] · H = [X Y W]."""
    return ((m[0], m[1], m[3]),
            (m[4], m[5], m[7]),
            (m[12], m[13], m[15]))


def mul3(a, b):
    return tuple(tuple(sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3))
                 for i in range(3))


def det3(h):
    return (h[0][0] * (h[1][1] * h[2][2] - h[1][2] * h[2][1])
            - h[0][1] * (h[1][0] * h[2][2] - h[1][2] * h[2][0])
            + h[0][2] * (h[1][0] * h[2][1] - h[1][1] * h[2][0]))


def canvas_homography(scene):
    """Root space (points) to pixels: the canvas scale, and for a bottom-left origin
    the flip y → height − y."""
    s = scene["scale"]
    if scene["origin"] == "bottomLeft":
        return ((s, 0.0, 0.0), (0.0, -s, 0.0), (0.0, scene["height"] * s, 1.0))
    return ((s, 0.0, 0.0), (0.0, s, 0.0), (0.0, 0.0, 1.0))


# ---------------------------------------------------------------------------
# Shapes

def clamped_radius(w, h, r):
    return max(0.0, min(r, w / 2.0, h / 2.0))


def rounded_rect_points(x, y, w, h, r):
    """The outline as a polygon (clockwise on a y-down screen): straight edges as
    their end points, each corner as ARC_SEGMENTS chords."""
    if r <= 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    corners = ((x + w - r, y + r, -0.5 * math.pi),
               (x + w - r, y + h - r, 0.0),
               (x + r, y + h - r, 0.5 * math.pi),
               (x + r, y + r, math.pi))
    pts = []
    for cx, cy, start in corners:
        for k in range(ARC_SEGMENTS + 1):
            a = start + 0.5 * math.pi * k / ARC_SEGMENTS
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


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


def add_rounded_rect(ctx, rect, radius, h):
    """Adds the rounded rectangle `rect` (layer space) to the current path, mapped to
    pixels by the homography h. Affine maps go through cairo's own matrix, with
    cairo's arcs; projective maps go through a flattened polygon."""
    x, y, w, hh = rect
    if w <= 0 or hh <= 0:
        return
    r = clamped_radius(w, hh, radius)
    if is_affine(h):
        s = h[2][2]
        if s <= 0:
            return  # the whole plane is at or behind the viewer
        ctx.save()
        ctx.set_matrix(cairo.Matrix(h[0][0] / s, h[0][1] / s, h[1][0] / s, h[1][1] / s,
                                    h[2][0] / s, h[2][1] / s))
        if r <= 0:
            ctx.rectangle(x, y, w, hh)
        else:
            ctx.new_sub_path()
            ctx.arc(x + w - r, y + r, r, -0.5 * math.pi, 0.0)
            ctx.arc(x + w - r, y + hh - r, r, 0.0, 0.5 * math.pi)
            ctx.arc(x + r, y + hh - r, r, 0.5 * math.pi, math.pi)
            ctx.arc(x + r, y + r, r, math.pi, 1.5 * math.pi)
            ctx.close_path()
        ctx.restore()  # the path keeps its device coordinates
        return
    hom = [(px * h[0][0] + py * h[1][0] + h[2][0],
            px * h[0][1] + py * h[1][1] + h[2][1],
            px * h[0][2] + py * h[1][2] + h[2][2])
           for px, py in rounded_rect_points(x, y, w, hh, r)]
    poly = clip_homogeneous(hom)
    if len(poly) < 3:
        return
    ctx.move_to(poly[0][0] / poly[0][2], poly[0][1] / poly[0][2])
    for X, Y, W in poly[1:]:
        ctx.line_to(X / W, Y / W)
    ctx.close_path()


# ---------------------------------------------------------------------------
# Compositing

def draw_layer(ctx, layer, superlayer, super_world, canvas):
    """Draws `layer` and its subtree. super_world: the superlayer's plane homography
    to root space (identity for a root)."""
    if layer["hidden"]:
        return
    world = mul3(plane_homography(matrix_to_superlayer(layer, superlayer)), super_world)
    d = det3(world)
    if d == 0.0 or not math.isfinite(d):
        return  # edge-on or degenerate: the layer and its subtree cover nothing
    if not layer["doubleSided"] and d < 0:
        return  # facing away from the viewer
    if layer["opacity"] <= 0.0:
        return
    device = mul3(world, canvas)
    bounds = standardized(layer["bounds"])
    radius = layer["cornerRadius"]
    group = layer["opacity"] < 1.0

    ctx.save()
    if group:
        ctx.push_group()

    # 1. background colour, rounded by cornerRadius
    if layer["backgroundColor"] is not None:
        ctx.new_path()
        add_rounded_rect(ctx, bounds, radius, device)
        ctx.set_source_rgba(*layer["backgroundColor"])
        ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
        ctx.fill()

    # 2. (contents: not in these scenes) 3. sublayers, clipped by masksToBounds
    if layer["sublayers"]:
        ctx.save()
        if layer["masksToBounds"]:
            ctx.new_path()
            add_rounded_rect(ctx, bounds, radius, device)
            ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
            ctx.clip()
        order = sorted(range(len(layer["sublayers"])),
                       key=lambda i: (layer["sublayers"][i]["zPosition"], i))
        for i in order:
            draw_layer(ctx, layer["sublayers"][i], layer, world, canvas)
        ctx.restore()

    # 4. border on top: between the bounds and the bounds inset by borderWidth,
    #    outer radius r, inner radius max(0, r − borderWidth)
    bw = layer["borderWidth"]
    if bw > 0 and layer["borderColor"] is not None and layer["borderColor"][3] > 0:
        x, y, w, h = bounds
        if w > 0 and h > 0:
            ctx.new_path()
            r = clamped_radius(w, h, radius)
            add_rounded_rect(ctx, bounds, r, device)
            if w - 2 * bw > 0 and h - 2 * bw > 0:
                add_rounded_rect(ctx, (x + bw, y + bw, w - 2 * bw, h - 2 * bw),
                                 max(0.0, r - bw), device)
            ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
            ctx.set_source_rgba(*layer["borderColor"])
            ctx.fill()
            ctx.set_fill_rule(cairo.FILL_RULE_WINDING)

    if group:
        ctx.pop_group_to_source()
        ctx.paint_with_alpha(layer["opacity"])
    ctx.restore()


def render(doc):
    """Renders a scene document (parsed JSON) and returns a cairo ImageSurface
    (ARGB32, premultiplied)."""
    scene = parse_scene(doc)
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, scene["pixelWidth"], scene["pixelHeight"])
    ctx = cairo.Context(surface)
    ctx.set_antialias(cairo.ANTIALIAS_DEFAULT)
    if scene["background"] is not None:
        ctx.set_operator(cairo.OPERATOR_SOURCE)
        ctx.set_source_rgba(*scene["background"])
        ctx.paint()
        ctx.set_operator(cairo.OPERATOR_OVER)
    canvas = canvas_homography(scene)
    identity = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
    roots = scene["layers"]
    for i in sorted(range(len(roots)), key=lambda i: (roots[i]["zPosition"], i)):
        draw_layer(ctx, roots[i], None, identity, canvas)
    surface.flush()
    return surface


def render_file(scene_path, png_path):
    with open(scene_path) as f:
        doc = json.load(f)
    surface = render(doc)
    tmp = png_path + ".tmp"
    surface.write_to_png(tmp)
    os.replace(tmp, png_path)
    return surface


def main(argv):
    if len(argv) != 3:
        print("usage: render_scene.py SCENE.json OUT.png", file=sys.stderr)
        return 2
    try:
        render_file(argv[1], argv[2])
    except SceneError as e:
        print("render_scene: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

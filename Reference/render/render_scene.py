"""Independent reference renderer for Cadence's compositor goldens.

Reads a scene file (the "Scenes" format of the `cadence` command line) and draws it
at one time (0 by default) with cairo and numpy. It shares no code with the Swift
package: the layer matrices are built here from Core Animation's rules, cairo does
the rasterizing, anti-aliasing and compositing of shapes, and the modules beside
this one do what cairo cannot:

    contents.py   contents images: gravity, contentsRect, contentsCenter, filters, mipmaps
    shadows.py    shadow geometry and an exact Gaussian blur
    paths.py      SVG path data (shadowPath) and paths under a homography
    animation.py  basic animations and transitions at one time (Reference/oracle models)

    python3 Reference/render/render_scene.py SCENE.json OUT.png [--time T]

The rules, and where each comes from, are in Reference/README.md,
"# Compositor goldens".
"""

import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from cairo_loader import cairo  # noqa: E402
import paths  # noqa: E402
import layer_classes  # noqa: E402

# Segments per quarter circle when a rounded rectangle is flattened into a
# polygon (only under perspective). 64 segments keep the chord within
# r·(1 − cos(π/256)) ≈ 7.5e-5·r of the arc: 0.0075 px for r = 100 px.
ARC_SEGMENTS = 64
# Chords per continuous (superellipse) corner, in either map. Taken at equal steps of
# the parameter angle, the longest is about 0.01·r, whose sagitta is about 1e-5·r.
CONTINUOUS_SEGMENTS = 256
# How far a continuous corner reaches along each edge, in radii, when there is room.
CONTINUOUS_REACH = 1.528
# maskedCorners bits (Core Animation's kCALayer…Corner values) by scene name.
CORNER_BITS = {"layerMinXMinYCorner": 1, "layerMaxXMinYCorner": 2,
               "layerMinXMaxYCorner": 4, "layerMaxXMaxYCorner": 8}
ALL_CORNERS = 15
# Homogeneous clipping plane: the parts of a shape with W < W_MIN are behind
# (or at) the viewer and are cut off before the perspective division.
W_MIN = paths.W_MIN
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
    "geometryFlipped": False,
    "cornerRadius": 0.0,
    "maskedCorners": ALL_CORNERS,
    "cornerCurve": "circular",
    "borderWidth": 0.0,
    "borderColor": (0.0, 0.0, 0.0, 1.0),
    "backgroundColor": None,
    # contents (§9)
    "contents": None,
    "contentsGravity": "resize",
    "contentsRect": (0.0, 0.0, 1.0, 1.0),
    "contentsCenter": (0.0, 0.0, 1.0, 1.0),
    "contentsScale": 1.0,
    "magnificationFilter": "linear",
    "minificationFilter": "linear",
    "minificationFilterBias": 0.0,
    # shadow (§10); Core Animation's defaults
    "shadowColor": (0.0, 0.0, 0.0, 1.0),
    "shadowOpacity": 0.0,
    "shadowOffset": (0.0, -3.0),
    "shadowRadius": 3.0,
    "shadowPath": None,
    # mask (§11), animations (transitions §12)
    "mask": None,
    "animations": [],
    "sublayers": [],
    # layer classes (rules 22–24): "layer", "shape", "gradient", "replicator" or "transform"
    "class": "layer",
}

# A replicator's fields (CAReplicatorLayer's names and defaults), accepted only on a layer
# of "class": "replicator".
REPLICATOR_DEFAULTS = {
    "instanceCount": 1.0,
    "instanceDelay": 0.0,
    "instanceTransform": IDENTITY4,
    "instanceColor": (1.0, 1.0, 1.0, 1.0),
    "instanceRedOffset": 0.0,
    "instanceGreenOffset": 0.0,
    "instanceBlueOffset": 0.0,
    "instanceAlphaOffset": 0.0,
    "preservesDepth": False,
}
# shape and gradient layers (class and their fields): layer_classes.py
LAYER_DEFAULTS.update(layer_classes.defaults())

# The layer's own media timing: accepted only with its default value (the scene's
# time is then every layer's local time).
LAYER_TIMING_DEFAULTS = {"beginTime": 0, "duration": 0, "speed": 1, "timeOffset": 0,
                         "repeatCount": 0, "repeatDuration": 0, "autoreverses": False,
                         "fillMode": "removed"}


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


def _choice(v, options, path):
    if v not in options:
        raise SceneError(path, "expected one of %s" % ", ".join(options))
    return v


def parse_layer(obj, path, base_dir=None):
    """A layer object → a dict of every field (defaults filled in). `base_dir` is the
    folder `contents` paths are relative to (None: the working directory)."""
    if not isinstance(obj, dict):
        raise SceneError(path, "expected an object")
    layer = dict(LAYER_DEFAULTS)
    for key in obj:
        if key not in LAYER_DEFAULTS and key not in LAYER_TIMING_DEFAULTS and key != "frame" \
                and key not in REPLICATOR_DEFAULTS:
            raise SceneError("%s.%s" % (path, key), "not supported by the reference renderer")
    if "class" in obj:
        layer["class"] = _choice(obj["class"], ["layer", "shape", "gradient", "replicator", "transform"], "%s.class" % path)
    if layer["class"] == "replicator":
        layer.update(REPLICATOR_DEFAULTS)
    for key in REPLICATOR_DEFAULTS:
        if key in obj:
            if layer["class"] != "replicator":
                raise SceneError("%s.%s" % (path, key), "a replicator's field")
            if key == "instanceTransform":
                layer[key] = _transform(obj[key], "%s.%s" % (path, key))
            elif key == "instanceColor":
                layer[key] = _color(obj[key], "%s.%s" % (path, key))
            elif key == "preservesDepth":
                layer[key] = _boolean(obj[key], "%s.%s" % (path, key))
                if layer[key]:
                    raise SceneError("%s.%s" % (path, key), "not drawn by the reference renderer")
            else:
                layer[key] = _number(obj[key], "%s.%s" % (path, key))
    for key, default in LAYER_TIMING_DEFAULTS.items():
        if key in obj and obj[key] is not None and obj[key] != default:
            raise SceneError("%s.%s" % (path, key), "layer media timing is not drawn by the "
                             "reference renderer (only the default %r)" % (default,))
    p = lambda k: "%s.%s" % (path, k)  # noqa: E731
    layer_classes.parse(obj, layer, p, _number, _numbers, _color, _choice, SceneError)
    if "name" in obj:
        if not isinstance(obj["name"], str):
            raise SceneError(p("name"), "expected a string")
        layer["name"] = obj["name"]
    for key in ("anchorPointZ", "zPosition", "opacity", "cornerRadius", "borderWidth",
                "contentsScale", "minificationFilterBias", "shadowOpacity", "shadowRadius"):
        if key in obj:
            layer[key] = _number(obj[key], p(key))
    for key in ("opacity", "shadowOpacity"):
        if not 0.0 <= layer[key] <= 1.0:
            raise SceneError(p(key), "%s lies in [0, 1]" % key)
    for key in ("cornerRadius", "borderWidth", "shadowRadius"):
        if layer[key] < 0:
            raise SceneError(p(key), "must not be negative")
    if layer["contentsScale"] <= 0:
        raise SceneError(p("contentsScale"), "must be positive")
    for key in ("bounds", "contentsRect", "contentsCenter"):
        if key in obj:
            layer[key] = _numbers(obj[key], 4, p(key))
    for key in ("position", "anchorPoint", "shadowOffset"):
        if key in obj:
            layer[key] = _numbers(obj[key], 2, p(key))
    for key in ("transform", "sublayerTransform"):
        if key in obj:
            layer[key] = _transform(obj[key], p(key))
    for key in ("hidden", "masksToBounds", "doubleSided", "geometryFlipped"):
        if key in obj:
            layer[key] = _boolean(obj[key], p(key))
    for key in ("borderColor", "backgroundColor", "shadowColor"):
        if key in obj:
            layer[key] = _color(obj[key], p(key))
    if obj.get("maskedCorners") is not None:
        names = obj["maskedCorners"]
        if not isinstance(names, list):
            raise SceneError(p("maskedCorners"), "expected an array of corner names")
        bits = 0
        for i, name in enumerate(names):
            bits |= CORNER_BITS[_choice(name, list(CORNER_BITS), "%s[%d]" % (p("maskedCorners"), i))]
        layer["maskedCorners"] = bits
    if obj.get("cornerCurve") is not None:
        layer["cornerCurve"] = _choice(obj["cornerCurve"], ["circular", "continuous"], p("cornerCurve"))
    if any(k in obj for k in ("contents", "contentsGravity", "magnificationFilter", "minificationFilter")):
        import contents  # numpy: only scenes with contents need it
    if "contentsGravity" in obj:
        layer["contentsGravity"] = _choice(obj["contentsGravity"], contents.GRAVITIES, p("contentsGravity"))
    for key in ("magnificationFilter", "minificationFilter"):
        if key in obj:
            layer[key] = _choice(obj[key], contents.FILTERS, p(key))
    if obj.get("contents") is not None:
        f = obj["contents"]
        if not isinstance(f, str) or not f:
            raise SceneError(p("contents"), "expected a PNG path")
        full = f if os.path.isabs(f) else os.path.join(base_dir or "", f)
        try:
            layer["contents"] = contents.load_image(full)
        except (OSError, ValueError) as e:
            raise SceneError(p("contents"), "%s: %s" % (f, e))
    if obj.get("shadowPath") is not None:
        if not isinstance(obj["shadowPath"], str):
            raise SceneError(p("shadowPath"), "expected SVG path data")
        try:
            layer["shadowPath"] = paths.parse_svg_path(obj["shadowPath"])
        except paths.PathError as e:
            raise SceneError(p("shadowPath"), str(e))
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
    if subs is None:
        subs = []
    if not isinstance(subs, list):
        raise SceneError(p("sublayers"), "expected an array")
    layer["sublayers"] = [parse_layer(s, "%s.sublayers[%d]" % (path, i), base_dir)
                          for i, s in enumerate(subs)]
    if obj.get("mask") is not None:
        layer["mask"] = parse_layer(obj["mask"], p("mask"), base_dir)
    if obj.get("animations") not in (None, {}, []):
        import animation

        def parse_previous(prev, ppath):
            # The previous rendering: a copy of this layer object (without its
            # animations) with the given fields replaced.
            if not isinstance(prev, dict):
                raise SceneError(ppath, "expected an object")
            copy = {k: v for k, v in obj.items() if k != "animations"}
            copy.update(prev)
            return parse_layer(copy, ppath, base_dir)
        try:
            layer["animations"] = animation.parse_animations(obj["animations"], p("animations"),
                                                             parse_previous)
            animation.check_models(layer, layer["animations"], p("animations"))
        except animation.AnimationError as e:
            raise SceneError(e.path, str(e).split(": ", 1)[1])
    return layer


def parse_scene(doc, base_dir=None):
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
        "layers": [parse_layer(l, "layers[%d]" % i, base_dir) for i, l in enumerate(layers)],
    }


# ---------------------------------------------------------------------------
# The presentation tree at one time: animated values applied, transitions resolved.

def present(layer, t):
    """A copy of the layer tree with its animations applied at time t. A layer with a
    transition in effect gets "transition": (type, direction, p, previous or None)."""
    out = dict(layer)
    out["transition"] = None
    if layer["animations"]:
        import animation
        values, transition = animation.presented_values(layer, layer["animations"], t)
        out.update(values)
        out["opacity"] = min(max(out["opacity"], 0.0), 1.0)
        out["shadowOpacity"] = min(max(out["shadowOpacity"], 0.0), 1.0)
        for key in ("cornerRadius", "borderWidth", "shadowRadius"):
            out[key] = max(out[key], 0.0)
        if transition is not None:
            anim, p = transition
            prev = None if anim.previous is None else present(anim.previous, t)
            out["transition"] = (anim.kind, anim.direction, p, prev)
    out["sublayers"] = [present(s, t) for s in layer["sublayers"]]
    if layer["class"] == "replicator":
        # Copy k shows the sublayers as they are k · instanceDelay earlier (rule 23).
        n = max(int(out["instanceCount"]), 0)  # int() truncates towards zero
        delay = out["instanceDelay"]
        out["copies"] = [[present(s, t - k * delay) for s in layer["sublayers"]] for k in range(n)]
    if layer["mask"] is not None:
        out["mask"] = present(layer["mask"], t)
    return out


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


def flip4(superlayer):
    """geometryFlipped: y ↦ minY + maxY − y in the superlayer's (standardised) bounds."""
    _, y, _, h = standardized(superlayer["bounds"])
    return (1.0, 0.0, 0.0, 0.0,
            0.0, -1.0, 0.0, 0.0,
            0.0, 0.0, 1.0, 0.0,
            0.0, 2.0 * y + h, 0.0, 1.0)


def matrix_to_superlayer(layer, superlayer, as_mask=False, offset=None):
    """[T(offset)] · T(−anchor) · transform · T(position, zPosition) · [F] ·
    [T(−A) · sublayerTransform · T(A)].

    A is the superlayer's anchor; F is the superlayer's geometryFlipped mirror. The
    last bracket is left out for a root layer and for a mask (`as_mask`: the masked
    layer is the superlayer, its sublayerTransform does not apply, its flip does).
    `offset` is a transition's translation in the layer's own space."""
    ax, ay, az = anchor_in_bounds(layer)
    px, py = layer["position"]
    m = mul4(mul4(translation4(-ax, -ay, -az), layer["transform"]),
             translation4(px, py, layer["zPosition"]))
    if offset is not None and offset != (0.0, 0.0):
        m = mul4(translation4(offset[0], offset[1], 0.0), m)
    if superlayer is not None and superlayer["geometryFlipped"]:
        m = mul4(m, flip4(superlayer))
    if layer.get("instance") is not None:
        m = mul4(m, layer["instance"])  # a replicator's copy (rule 23)
    if superlayer is not None and not as_mask and superlayer["sublayerTransform"] != IDENTITY4:
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


def translation3(x, y):
    return ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (x, y, 1.0))


IDENTITY3 = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))


def canvas_homography(scene):
    """Root space (points) to pixels: the canvas scale, and for a bottom-left origin
    the flip y → height − y."""
    s = scene["scale"]
    if scene["origin"] == "bottomLeft":
        return ((s, 0.0, 0.0), (0.0, -s, 0.0), (0.0, scene["height"] * s, 1.0))
    return ((s, 0.0, 0.0), (0.0, s, 0.0), (0.0, 0.0, 1.0))


class Target:
    """Where a tree is drawn: the map from root space to the target's pixels, the
    target's pixel size, and whether the canvas's y axis points up (bottomLeft).
    Offscreen buffers (shadow shapes, masks) are targets too."""

    def __init__(self, canvas, width, height, y_up):
        self.canvas, self.width, self.height, self.y_up = canvas, width, height, y_up

    def shifted(self, dx, dy, pad):
        """The same canvas moved by (dx, dy) pixels, on a target grown by pad on every side."""
        return Target(mul3(self.canvas, translation3(dx + pad, dy + pad)),
                      self.width + 2 * pad, self.height + 2 * pad, self.y_up)

    def surface(self):
        return cairo.ImageSurface(cairo.FORMAT_ARGB32, self.width, self.height)


# ---------------------------------------------------------------------------
# Shapes

def clamped_radius(w, h, r):
    return max(0.0, min(r, w / 2.0, h / 2.0))


def corner_curve(r, w, h, curve):
    """(L, n): where a corner of radius r (already clamped) meets the edges, measured
    from the corner, and the exponent of |x/L|^n + |y/L|^n = 1 that draws it. A
    circular corner is (r, 2). A continuous one reaches CONTINUOUS_REACH·r along the
    edges, or half the shorter side when that is less, and its exponent makes its
    middle (at 45°) as deep as the circle's: L·(1 − 2^(−1/n)) = r·(1 − 1/√2). With
    no room beyond r it is the circle."""
    if curve != "continuous" or r <= 0:
        return r, 2.0
    reach = min(CONTINUOUS_REACH * r, w / 2.0, h / 2.0)
    if reach <= r:
        return r, 2.0
    depth = r * (1.0 - math.sqrt(0.5))     # the circle's depth at 45°
    # 2^(−1/n) = 1 − depth/reach
    return reach, -math.log(2.0) / math.log(1.0 - depth / reach)


# The corners in outline order (clockwise on a y-down screen): the maskedCorners bit,
# the corner's sides (+1: the max side), and where its quarter turn starts.
_CORNERS = ((2, 1, -1, -0.5 * math.pi),    # maxX minY
            (8, 1, 1, 0.0),                # maxX maxY
            (4, -1, 1, 0.5 * math.pi),     # minX maxY
            (1, -1, -1, math.pi))          # minX minY


def _corner_pieces(x, y, w, h, r, corners, curve):
    """The outline's corners in order: ("point", (px, py)) for a square corner,
    ("arc", (cx, cy, r, start)) for a circular one, ("points", [...]) for a
    continuous one, as CONTINUOUS_SEGMENTS chords of the superellipse."""
    reach, n = corner_curve(r, w, h, curve)
    pieces = []
    for bit, sx, sy, start in _CORNERS:
        px = x + w if sx > 0 else x
        py = y + h if sy > 0 else y
        if r <= 0 or not corners & bit:
            pieces.append(("point", (px, py)))
            continue
        cx, cy = px - sx * reach, py - sy * reach
        if n == 2.0:
            pieces.append(("arc", (cx, cy, reach, start)))
            continue
        pts = []
        for k in range(CONTINUOUS_SEGMENTS + 1):
            a = start + 0.5 * math.pi * k / CONTINUOUS_SEGMENTS
            c, s = math.cos(a), math.sin(a)
            # |cos|^(2/n), |sin|^(2/n) with their signs: on the curve, since
            # (cos²)^(n/n) + (sin²)^(n/n) = 1; the circle when n = 2.
            pts.append((cx + reach * math.copysign(abs(c) ** (2.0 / n), c),
                        cy + reach * math.copysign(abs(s) ** (2.0 / n), s)))
        pieces.append(("points", pts))
    return pieces


def rounded_rect_points(x, y, w, h, r, corners=ALL_CORNERS, curve="circular"):
    """The outline as a polygon (clockwise on a y-down screen): straight edges as
    their end points, each circular corner as ARC_SEGMENTS chords, each continuous one
    as CONTINUOUS_SEGMENTS chords, each square one as its point."""
    if r <= 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    pts = []
    for kind, piece in _corner_pieces(x, y, w, h, r, corners, curve):
        if kind == "point":
            pts.append(piece)
        elif kind == "points":
            pts.extend(piece)
        else:
            cx, cy, rr, start = piece
            for k in range(ARC_SEGMENTS + 1):
                a = start + 0.5 * math.pi * k / ARC_SEGMENTS
                pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


clip_homogeneous = paths.clip_homogeneous
is_affine = paths.is_affine


def add_rounded_rect(ctx, rect, radius, h, corners=ALL_CORNERS, curve="circular"):
    """Adds the rounded rectangle `rect` (layer space) to the current path, mapped to
    pixels by the homography h, rounded at the `corners` (maskedCorners bits) with the
    corner `curve`. Affine maps go through cairo's own matrix, with cairo's arcs for
    circular corners and chords for continuous ones; projective maps go through a
    flattened polygon."""
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
            for kind, piece in _corner_pieces(x, y, w, hh, r, corners, curve):
                if kind == "arc":
                    cx, cy, rr, start = piece
                    ctx.arc(cx, cy, rr, start, start + 0.5 * math.pi)
                else:
                    for px, py in ([piece] if kind == "point" else piece):
                        ctx.line_to(px, py)
            ctx.close_path()
        ctx.restore()  # the path keeps its device coordinates
        return
    paths.add_polygon(ctx, rounded_rect_points(x, y, w, hh, r, corners, curve), h)


def add_layer_shape(ctx, layer, rect, radius, h):
    """add_rounded_rect with the layer's maskedCorners and cornerCurve."""
    add_rounded_rect(ctx, rect, radius, h, layer["maskedCorners"], layer["cornerCurve"])


def clip_to_rounded_bounds(ctx, layer, device):
    ctx.new_path()
    add_layer_shape(ctx, layer, standardized(layer["bounds"]), layer["cornerRadius"], device)
    ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
    ctx.clip()


# ---------------------------------------------------------------------------
# Compositing

def draw_layer(ctx, layer, superlayer, super_world, target, parity=False, as_mask=False, level=None):
    """Draws `layer` and its subtree. super_world: the superlayer's plane homography
    to root space (identity for a root). parity: whether an odd number of
    geometryFlipped layers lie above the layer (its contentsAreFlipped). level, when
    given, replaces the layer's matrix to its superlayer (a face of a 3D context)."""
    if layer["hidden"]:
        return
    if level is None:
        level = matrix_to_superlayer(layer, superlayer, as_mask)
    world = mul3(plane_homography(level), super_world)
    d = det3(world)
    if d == 0.0 or not math.isfinite(d):
        return  # edge-on or degenerate: the layer and its subtree cover nothing
    facing = -d if parity else d  # the flips above are divided out (§13)
    if not layer["doubleSided"] and facing < 0:
        return  # facing away from the viewer
    if layer["opacity"] <= 0.0:
        return
    mask = layer["mask"]
    group = layer["opacity"] < 1.0 or mask is not None

    ctx.save()
    if group:
        ctx.push_group()

    # the shadow, below everything the layer draws (source-over is associative, so
    # drawing it first equals destination-over under the finished layer)
    if casts_shadow(layer):
        draw_shadow(ctx, layer, superlayer, super_world, world, target, parity, as_mask)

    draw_rendering(ctx, layer, superlayer, super_world, world, target, parity, as_mask)

    if group:
        if mask is not None:
            content = ctx.pop_group()
            alpha = target.surface()
            mctx = cairo.Context(alpha)
            mctx.set_antialias(cairo.ANTIALIAS_DEFAULT)
            draw_layer(mctx, mask, layer, world, target, parity != layer["geometryFlipped"], as_mask=True)
            alpha.flush()
            ctx.push_group()
            ctx.set_source(content)
            ctx.mask_surface(alpha, 0, 0)
            ctx.pop_group_to_source()
        else:
            ctx.pop_group_to_source()
        ctx.paint_with_alpha(layer["opacity"])
    ctx.restore()


def draw_body(ctx, layer, world, target, parity):
    """The layer's own rendering in its plane (world): background, contents,
    sublayers (clipped by masksToBounds), border."""
    device = mul3(world, target.canvas)
    bounds = standardized(layer["bounds"])
    radius = layer["cornerRadius"]

    # 1. background colour, rounded by cornerRadius
    if layer["backgroundColor"] is not None:
        ctx.new_path()
        add_layer_shape(ctx, layer, bounds, radius, device)
        ctx.set_source_rgba(*layer["backgroundColor"])
        ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
        ctx.fill()

    # 2. contents, a shape's or gradient's drawing, and 3. sublayers, clipped by
    #    masksToBounds
    drawing = layer_classes.draws(layer)
    if layer["sublayers"] or layer["contents"] is not None or drawing:
        ctx.save()
        if layer["masksToBounds"]:
            clip_to_rounded_bounds(ctx, layer, device)
        if layer["contents"] is not None:
            draw_contents(ctx, layer, device, target, parity)
        if drawing:
            layer_classes.draw(ctx, layer, device, target, bounds, add_layer_shape)
        for sublayers in sublayer_copies(layer):
            order = sorted(range(len(sublayers)), key=lambda i: (sublayers[i]["zPosition"], i))
            for i in order:
                if sublayers[i]["class"] == "transform":
                    draw_context(ctx, sublayers[i], layer, world, target,
                                 parity != layer["geometryFlipped"])
                else:
                    draw_layer(ctx, sublayers[i], layer, world, target,
                               parity != layer["geometryFlipped"])
        ctx.restore()

    # 4. border on top: between the bounds and the bounds inset by borderWidth,
    #    outer radius r, inner radius max(0, r − borderWidth)
    bw = layer["borderWidth"]
    if bw > 0 and layer["borderColor"] is not None and layer["borderColor"][3] > 0:
        x, y, w, h = bounds
        if w > 0 and h > 0:
            ctx.new_path()
            r = clamped_radius(w, h, radius)
            add_layer_shape(ctx, layer, bounds, r, device)
            if w - 2 * bw > 0 and h - 2 * bw > 0:
                add_layer_shape(ctx, layer, (x + bw, y + bw, w - 2 * bw, h - 2 * bw),
                                max(0.0, r - bw), device)
            ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
            ctx.set_source_rgba(*layer["borderColor"])
            ctx.fill()
            ctx.set_fill_rule(cairo.FILL_RULE_WINDING)


def instance_matrix(layer, k):
    """Copy k's transform in a replicator's sublayer space: instanceTransform applied k
    times, about the replicator's anchor point, T(−A) · I^k · T(A) (rule 23)."""
    m = IDENTITY4
    for _ in range(k):
        m = mul4(m, layer["instanceTransform"])
    ax, ay, az = anchor_in_bounds(layer)
    return mul4(mul4(translation4(-ax, -ay, -az), m), translation4(ax, ay, az))


def instance_tint(layer, k):
    """Copy k's colour multiplier: instanceColor + k · offsets, each channel clamped."""
    base = layer["instanceColor"] or (1.0, 1.0, 1.0, 1.0)
    offsets = (layer["instanceRedOffset"], layer["instanceGreenOffset"],
               layer["instanceBlueOffset"], layer["instanceAlphaOffset"])
    return tuple(min(max(c + k * o, 0.0), 1.0) for c, o in zip(base, offsets))


def tinted(layer, tint):
    """A copy of the subtree with every colour multiplied by tint, channel by channel."""
    if tint == (1.0, 1.0, 1.0, 1.0):
        return layer
    if layer["contents"] is not None:
        raise SceneError(layer["name"] or "layer", "contents in a tinted copy are not drawn "
                         "by the reference renderer")
    out = dict(layer)
    for key in ("backgroundColor", "borderColor", "shadowColor"):
        if out[key] is not None:
            out[key] = tuple(c * t for c, t in zip(out[key], tint))
    out["sublayers"] = [tinted(s, tint) for s in layer["sublayers"]]
    if out.get("copies") is not None:
        out["copies"] = [[tinted(s, tint) for s in copy] for copy in out["copies"]]
    return out


def sublayer_copies(layer):
    """The lists of sublayers a layer draws, in order: its sublayers, or for a replicator
    each copy's, each placed (the "instance" matrix) and tinted (rule 23)."""
    if layer["class"] != "replicator":
        return [layer["sublayers"]]
    out = []
    for k, copy in enumerate(layer["copies"]):
        tint = instance_tint(layer, k)
        if tint[3] <= 0:
            continue
        inst = instance_matrix(layer, k)
        out.append([dict(tinted(s, tint), instance=inst) for s in copy])
    return out


# Supersampling of a 3D context: SUPERSAMPLE × SUPERSAMPLE subpixels a pixel.
SUPERSAMPLE = 4


def context_faces(layer, superlayer, opacity=1.0, level=None):
    """The faces under a transform layer (rule 24): (face, L) in paint order, L the face's
    whole chain to the context's space (the superlayer's space of the outermost transform
    layer), unflattened; the face's opacity times the transform layers' above it."""
    if level is None:
        level = matrix_to_superlayer(layer, superlayer)
    opacity *= layer["opacity"]
    out = []
    subs = layer["sublayers"]
    for i in sorted(range(len(subs)), key=lambda i: (subs[i]["zPosition"], i)):
        c = subs[i]
        if c["hidden"]:
            continue
        lc = mul4(matrix_to_superlayer(c, layer), level)
        if c["class"] == "transform":
            out.extend(context_faces(c, layer, opacity, lc))
        else:
            out.append((dict(c, opacity=c["opacity"] * opacity), lc))
    return out


def draw_context(ctx, layer, superlayer, super_world, target, parity):
    """A transform layer (rule 24): each face drawn alone (flattened within itself) at
    SUPERSAMPLE times the resolution, its depth computed per subpixel from its plane in the
    context's space (post-projective z = Z/W, the viewer at +z), the faces composited per
    subpixel back to front, and the subpixels averaged. No sorting of whole layers and no
    splitting: the per-sample depth test is the slow, obviously correct model."""
    import numpy as np
    if layer["hidden"] or layer["opacity"] <= 0:
        return
    n = SUPERSAMPLE
    big = Target(mul3(target.canvas, ((n, 0.0, 0.0), (0.0, n, 0.0), (0.0, 0.0, 1.0))),
                 target.width * n, target.height * n, target.y_up)
    ys, xs = np.mgrid[0:big.height, 0:big.width]
    px, py = xs + 0.5, ys + 0.5
    colours, depths = [], []
    for face, level in context_faces(layer, superlayer):
        surface = big.surface()
        fctx = cairo.Context(surface)
        fctx.set_antialias(cairo.ANTIALIAS_DEFAULT)
        draw_layer(fctx, face, None, super_world, big, parity, level=level)
        surface.flush()
        rgba = np.ndarray((big.height, big.width, 4), np.uint8, surface.get_data(),
                          strides=(surface.get_stride(), 4, 1)).astype(np.float64) / 255.0
        colours.append(rgba)
        # pixel → face plane (u, v) through the inverse homography, then the context point
        device = np.array(mul3(mul3(plane_homography(level), super_world), big.canvas))
        inv = np.linalg.inv(device)
        u = px * inv[0, 0] + py * inv[1, 0] + inv[2, 0]
        v = px * inv[0, 1] + py * inv[1, 1] + inv[2, 1]
        w = px * inv[0, 2] + py * inv[1, 2] + inv[2, 2]
        with np.errstate(divide="ignore", invalid="ignore"):
            u, v = u / w, v / w
            hz = u * level[2] + v * level[6] + level[14]
            hw = u * level[3] + v * level[7] + level[15]
            depth = np.where(hw > 0, hz / hw, -np.inf)
        depths.append(np.nan_to_num(depth, nan=-np.inf))
    if not colours:
        return
    colours = np.stack(colours)            # faces × h × w × 4 (premultiplied BGRA)
    order = np.argsort(np.stack(depths), axis=0, kind="stable")  # back (small z) first
    result = np.zeros(colours.shape[1:])
    for k in range(order.shape[0]):
        src = np.take_along_axis(colours, order[k][None, :, :, None], axis=0)[0]
        result = src + result * (1.0 - src[:, :, 3:4])
    small = result.reshape(target.height, n, target.width, n, 4).mean(axis=(1, 3))
    data = np.ascontiguousarray(np.clip(np.floor(small * 255.0 + 0.5), 0, 255).astype(np.uint8))
    image = cairo.ImageSurface.create_for_data(memoryview(data), cairo.FORMAT_ARGB32,
                                               target.width, target.height, target.width * 4)
    ctx.save()
    ctx.set_source_surface(image, 0, 0)
    ctx.get_source().set_filter(cairo.FILTER_NEAREST)
    ctx.paint()
    ctx.restore()


def draw_contents(ctx, layer, device, target, parity):
    """The contents image, sampled by contents.py, filled through the drawn
    rectangle D's anti-aliased outline (radius 0)."""
    import contents
    y_up = target.y_up != parity  # bottomLeft canvas XOR contentsAreFlipped
    src = contents.contents_source(layer, device, target.width, target.height, y_up)
    if src is None:
        return
    rect, surface, x0, y0 = src
    ctx.save()
    ctx.new_path()
    add_rounded_rect(ctx, rect, 0.0, device)
    ctx.set_source_surface(surface, x0, y0)
    ctx.get_source().set_filter(cairo.FILTER_NEAREST)
    ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
    ctx.fill()
    ctx.restore()


def transition_world(layer, superlayer, super_world, as_mask, offset):
    return mul3(plane_homography(matrix_to_superlayer(layer, superlayer, as_mask, offset)), super_world)


def draw_rendering(ctx, layer, superlayer, super_world, world, target, parity, as_mask):
    """The layer's rendering: its body, or during a transition the previous and current
    bodies combined (§12)."""
    tr = layer["transition"]
    if tr is None:
        draw_body(ctx, layer, world, target, parity)
        return
    kind, (dx, dy), p, previous = tr
    _, _, bw, bh = standardized(layer["bounds"])
    length = bw if dx != 0.0 else bh

    def body(l, off):
        if l is not None:
            w = transition_world(l, superlayer, super_world, as_mask, off)
            draw_body(ctx, l, w, target, parity)

    ahead = (-dx * length * (1.0 - p), -dy * length * (1.0 - p))  # current, coming in
    gone = (dx * length * p, dy * length * p)                      # previous, going out
    if kind == "fade":
        ctx.push_group()
        body(previous, None)
        old = ctx.pop_group()
        ctx.push_group()
        body(layer, None)
        new = ctx.pop_group()
        ctx.push_group()
        ctx.set_source(old)
        ctx.paint_with_alpha(1.0 - p)
        ctx.set_operator(cairo.OPERATOR_ADD)
        ctx.set_source(new)
        ctx.paint_with_alpha(p)
        ctx.set_operator(cairo.OPERATOR_OVER)
        ctx.pop_group_to_source()
        ctx.paint()
    elif kind == "moveIn":
        body(previous, None)
        body(layer, ahead)
    elif kind == "push":
        body(previous, gone)
        body(layer, ahead)
    else:  # reveal
        body(layer, None)
        body(previous, gone)


def casts_shadow(layer):
    c = layer["shadowColor"]
    return layer["shadowOpacity"] > 0 and c is not None and c[3] > 0


def draw_shadow(ctx, layer, superlayer, super_world, world, target, parity, as_mask):
    """The layer's shadow (§10): the shape's alpha (shadowPath, else the layer's
    rendering) drawn offscreen at the offset, blurred with σ, coloured, and painted
    into ctx (clipped to the rounded bounds with masksToBounds)."""
    import contents
    import shadows
    device = mul3(world, target.canvas)
    bounds = standardized(layer["bounds"])
    geometry = shadows.shadow_geometry(layer, device, bounds)
    if geometry is None:
        return
    sigma, (ox, oy) = geometry
    pad = shadows.padding(sigma)
    shape = target.shifted(ox, oy, pad)
    surface = shape.surface()
    sctx = cairo.Context(surface)
    sctx.set_antialias(cairo.ANTIALIAS_DEFAULT)
    if layer["shadowPath"] is not None:
        sctx.new_path()
        paths.add_svg_path(sctx, layer["shadowPath"], mul3(world, shape.canvas))
        sctx.set_fill_rule(cairo.FILL_RULE_WINDING)
        sctx.set_source_rgba(0, 0, 0, 1)
        sctx.fill()
    else:
        draw_rendering(sctx, layer, superlayer, super_world, world, shape, parity, as_mask)
    alpha = shadows.gaussian_blur(contents.alpha_of(surface), sigma)
    colour = shadows.shadow_rgba(alpha, layer["shadowColor"], layer["shadowOpacity"])
    shadow = contents.surface_from_premultiplied(colour)
    ctx.save()
    if layer["masksToBounds"]:
        clip_to_rounded_bounds(ctx, layer, device)
    ctx.set_source_surface(shadow, -pad, -pad)
    ctx.get_source().set_filter(cairo.FILTER_NEAREST)
    ctx.paint()
    ctx.restore()


def render(doc, time=0.0, base_dir=None):
    """Renders a scene document (parsed JSON) at `time` and returns a cairo
    ImageSurface (ARGB32, premultiplied). `base_dir`: the folder of the scene file,
    which `contents` paths are relative to."""
    scene = parse_scene(doc, base_dir)
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, scene["pixelWidth"], scene["pixelHeight"])
    ctx = cairo.Context(surface)
    ctx.set_antialias(cairo.ANTIALIAS_DEFAULT)
    if scene["background"] is not None:
        ctx.set_operator(cairo.OPERATOR_SOURCE)
        ctx.set_source_rgba(*scene["background"])
        ctx.paint()
        ctx.set_operator(cairo.OPERATOR_OVER)
    target = Target(canvas_homography(scene), scene["pixelWidth"], scene["pixelHeight"],
                    scene["origin"] == "bottomLeft")
    roots = [present(l, time) for l in scene["layers"]]
    for i in sorted(range(len(roots)), key=lambda i: (roots[i]["zPosition"], i)):
        if roots[i]["class"] == "transform":
            draw_context(ctx, roots[i], None, IDENTITY3, target, False)
        else:
            draw_layer(ctx, roots[i], None, IDENTITY3, target)
    surface.flush()
    return surface


def render_file(scene_path, png_path, time=0.0):
    with open(scene_path) as f:
        doc = json.load(f)
    surface = render(doc, time, os.path.dirname(os.path.abspath(scene_path)))
    tmp = png_path + ".tmp"
    surface.write_to_png(tmp)
    os.replace(tmp, png_path)
    return surface


def main(argv):
    args = list(argv[1:])
    time = 0.0
    if "--time" in args:
        i = args.index("--time")
        try:
            time = float(args[i + 1])
        except (IndexError, ValueError):
            print("render_scene: --time needs a number", file=sys.stderr)
            return 2
        del args[i:i + 2]
    if len(args) != 2:
        print("usage: render_scene.py SCENE.json OUT.png [--time T]", file=sys.stderr)
        return 2
    try:
        render_file(args[0], args[1], time)
    except SceneError as e:
        print("render_scene: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""Writes the golden scene files Reference/scenes/*.json.

The scene files are the artefact the Swift tests read; this script is how they
were written (matrices computed here with Core Animation's formulas, so the
files carry exact doubles rather than hand-typed decimals). Rerun it only to
change a scene, then run generate_images.py.

    python3 Reference/render/make_scenes.py
"""

import json
import math
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
SCENES = os.path.join(os.path.dirname(HERE), "scenes")

WHITE = [1, 1, 1, 1]
LIGHT = [0.8, 0.8, 0.8, 1]
BLACK = [0, 0, 0, 1]
RED = [0.8, 0.2, 0.2, 1]
GREEN = [0.2, 0.6, 0.2, 1]
BLUE = [0.2, 0.4, 0.8, 1]
YELLOW = [1, 0.8, 0.2, 1]
PURPLE = [0.6, 0.2, 0.8, 1]
TEAL = [0, 0.6, 0.6, 1]
ORANGE = [1, 0.6, 0, 1]
DARK = [0.2, 0.2, 0.2, 1]


def clean(v):
    """Drops the rounding noise of cos(90°) and friends, so that exact cases stay exact."""
    if abs(v) < 1e-15:
        return 0.0
    for exact in (1.0, -1.0):
        if abs(v - exact) < 1e-15:
            return exact
    return v


# --- CATransform3D, row-vector convention; cat(a, b) applies a first ----------

def identity():
    return [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]


def cat(*ms):
    out = identity()
    for m in ms:
        out = [sum(out[4 * i + k] * m[4 * k + j] for k in range(4)) for i in range(4) for j in range(4)]
    return [clean(v) for v in out]


def rotation(deg, x, y, z):
    """CATransform3DMakeRotation(angle, x, y, z)."""
    a = math.radians(deg)
    n = math.sqrt(x * x + y * y + z * z)
    x, y, z = x / n, y / n, z / n
    c, s = math.cos(a), math.sin(a)
    C = 1 - c
    m = [c + C * x * x, C * x * y + s * z, C * x * z - s * y, 0.0,
         C * x * y - s * z, c + C * y * y, C * y * z + s * x, 0.0,
         C * x * z + s * y, C * y * z - s * x, c + C * z * z, 0.0,
         0.0, 0.0, 0.0, 1.0]
    return [clean(v) for v in m]


def rz(deg):
    return rotation(deg, 0, 0, 1)


def ry(deg):
    return rotation(deg, 0, 1, 0)


def rx(deg):
    return rotation(deg, 1, 0, 0)


def scale(sx, sy, sz=1.0):
    m = identity()
    m[0], m[5], m[10] = float(sx), float(sy), float(sz)
    return m


def translate(tx, ty, tz=0.0):
    m = identity()
    m[12], m[13], m[14] = float(tx), float(ty), float(tz)
    return m


def skew(m21=0.0, m12=0.0):
    m = identity()
    m[4], m[1] = float(m21), float(m12)
    return m


def perspective(d=500.0):
    m = identity()
    m[11] = -1.0 / d
    return m


# --- scene building --------------------------------------------------------------

def layer(bounds=None, position=None, frame=None, sublayers=None, **props):
    out = {}
    if "name" in props:
        out["name"] = props.pop("name")
    if frame is not None:
        out["frame"] = frame
    if bounds is not None:
        out["bounds"] = bounds
    if position is not None:
        out["position"] = position
    out.update(props)
    if sublayers:
        out["sublayers"] = sublayers
    return out


def box(x, y, w, h, color, **props):
    """A layer with anchorPoint (0, 0) whose frame is (x, y, w, h); no background
    colour when color is None."""
    if color is not None:
        props["backgroundColor"] = color
    return layer(bounds=[0, 0, w, h], position=[x, y], anchorPoint=[0, 0], **props)


def canvas(width=256, height=256, background=WHITE, scale_=1, origin=None):
    c = {"width": width, "height": height, "scale": scale_}
    if background is not None:
        c["background"] = background
    if origin is not None:
        c["origin"] = origin
    return c


def stage(sublayers, perspective_d=500.0, size=256):
    """A root layer covering the canvas whose sublayerTransform is a perspective
    (m34 = −1/d) about its centre."""
    return layer(name="stage", bounds=[0, 0, size, size], position=[size / 2, size / 2],
                 sublayerTransform=perspective(perspective_d), sublayers=sublayers)


SCENE_LIST = {}


def scene(fn):
    SCENE_LIST[fn.__name__.replace("_", "-")] = fn
    return fn


@scene
def pixel_aligned_rects():
    return {"canvas": canvas(), "layers": [
        box(10, 10, 40, 30, RED, name="red"),
        layer(name="frame", frame=[60, 10, 50, 50], backgroundColor=BLUE),
        layer(name="translucent", frame=[30, 30, 60, 60], backgroundColor=[0.2, 0.8, 0.4, 0.6]),
        layer(name="hairlines", frame=[130, 10, 100, 80], backgroundColor=LIGHT, sublayers=[
            box(4 * i, 0, 1, 80, DARK) for i in range(0, 25, 2)]),
        layer(name="panel", frame=[20, 120, 200, 110], backgroundColor=[0.8, 0.8, 0.6, 1], sublayers=[
            box(10, 10, 20, 20, PURPLE),
            box(40, 10, 2, 2, BLACK),
            box(50, 10, 1, 1, BLACK),
            box(10, 40, 180, 60, TEAL, sublayers=[box(170, 50, 10, 10, YELLOW)]),
        ]),
    ]}


@scene
def subpixel_rects():
    return {"canvas": canvas(), "layers": [
        box(10.5, 10.5, 40, 40, BLUE),
        box(60.25, 10.75, 40.5, 30.25, RED),
        box(110.1, 10.9, 0.5, 60, BLACK),
        box(120.5, 10, 0.25, 60, BLACK),
        box(130, 10.5, 60, 0.5, BLACK),
        layer(name="centred", bounds=[0, 0, 33, 17], position=[64, 128], backgroundColor=GREEN),
        layer(name="tiny", bounds=[0, 0, 0.3, 0.3], position=[128.5, 128.5], backgroundColor=BLACK),
        box(150.4, 100.6, 80.3, 120.7, [0.6, 0.6, 0.8, 1], sublayers=[box(0.5, 0.5, 10, 10, RED)]),
    ]}


@scene
def rotation_z():
    return {"canvas": canvas(), "layers": [
        layer(name="r30", bounds=[0, 0, 80, 40], position=[64, 64], backgroundColor=RED, transform=rz(30)),
        layer(name="r45", bounds=[0, 0, 60, 60], position=[192, 64], backgroundColor=BLUE, transform=rz(45)),
        layer(name="r-15", bounds=[0, 0, 90, 30], position=[64, 192], backgroundColor=GREEN, transform=rz(-15)),
        layer(name="r90", bounds=[0, 0, 40, 20], position=[190, 170], backgroundColor=PURPLE, transform=rz(90)),
        layer(name="nested", bounds=[0, 0, 60, 40], position=[190, 220], backgroundColor=LIGHT,
              transform=rz(20), sublayers=[
                  layer(bounds=[0, 0, 30, 10], position=[30, 20], backgroundColor=ORANGE, transform=rz(25))]),
    ]}


@scene
def scale_transforms():
    return {"canvas": canvas(), "layers": [
        layer(name="wide", bounds=[0, 0, 80, 80], position=[70, 60], backgroundColor=BLUE,
              borderWidth=4, borderColor=BLACK, transform=scale(1.5, 0.5)),
        layer(name="ellipse-corners", bounds=[0, 0, 60, 60], position=[190, 70], backgroundColor=RED,
              cornerRadius=20, transform=scale(0.5, 1.5)),
        layer(name="mirrored", bounds=[0, 0, 80, 60], position=[70, 180], backgroundColor=LIGHT,
              transform=scale(-1, 1), sublayers=[box(0, 0, 30, 20, GREEN)]),
        layer(name="nested", bounds=[0, 0, 50, 50], position=[190, 190], backgroundColor=YELLOW,
              transform=scale(2, 2), sublayers=[
                  layer(bounds=[0, 0, 40, 40], position=[25, 25], backgroundColor=PURPLE,
                        transform=scale(0.5, 0.5), cornerRadius=10)]),
    ]}


@scene
def skew_transforms():
    return {"canvas": canvas(), "layers": [
        layer(name="shear-x", bounds=[0, 0, 80, 60], position=[70, 60], backgroundColor=BLUE,
              transform=skew(m21=0.5)),
        layer(name="shear-y", bounds=[0, 0, 60, 80], position=[190, 70], backgroundColor=RED,
              transform=skew(m12=-0.4)),
        layer(name="shear-rounded", bounds=[0, 0, 100, 60], position=[80, 190], backgroundColor=GREEN,
              cornerRadius=16, borderWidth=5, borderColor=DARK, transform=skew(m21=-0.6, m12=0.2)),
        layer(name="shear-parent", bounds=[0, 0, 60, 60], position=[195, 190], backgroundColor=LIGHT,
              transform=cat(skew(m21=0.3), rz(10)), sublayers=[box(10, 10, 40, 20, ORANGE)]),
    ]}


@scene
def perspective_rotate_y():
    return {"canvas": canvas(), "layers": [stage([
        layer(name="y45", bounds=[0, 0, 90, 70], position=[70, 70], backgroundColor=BLUE, transform=ry(45)),
        layer(name="y-60", bounds=[0, 0, 90, 70], position=[186, 70], backgroundColor=RED,
              borderWidth=4, borderColor=BLACK, transform=ry(-60)),
        layer(name="x30", bounds=[0, 0, 100, 70], position=[70, 186], backgroundColor=GREEN, transform=rx(30)),
        layer(name="y70-child", bounds=[0, 0, 100, 80], position=[186, 186], backgroundColor=LIGHT,
              transform=ry(70), sublayers=[box(10, 10, 40, 60, PURPLE)]),
    ])]}


@scene
def perspective_in_transform():
    # transform = rotate then perspective, about the layer's anchor (CATransform3DRotate
    # applied to a matrix whose m34 is −1/500).
    return {"canvas": canvas(), "layers": [
        layer(name="y40", bounds=[0, 0, 120, 80], position=[80, 70], backgroundColor=TEAL,
              transform=cat(ry(40), perspective(500))),
        layer(name="x-50", bounds=[0, 0, 120, 80], position=[180, 180], backgroundColor=ORANGE,
              transform=cat(rx(-50), perspective(300))),
        layer(name="axis-1-1", bounds=[0, 0, 80, 80], position=[190, 60], backgroundColor=PURPLE,
              transform=cat(rotation(50, 1, 1, 0), perspective(400))),
        layer(name="plain", bounds=[0, 0, 60, 60], position=[60, 190], backgroundColor=BLUE,
              transform=cat(rz(15), perspective(500))),
    ]}


@scene
def perspective_rounded():
    return {"canvas": canvas(), "layers": [stage([
        layer(name="card", bounds=[0, 0, 140, 90], position=[128, 80], backgroundColor=BLUE,
              cornerRadius=20, borderWidth=6, borderColor=DARK, transform=ry(50)),
        layer(name="disc", bounds=[0, 0, 90, 90], position=[80, 190], backgroundColor=RED,
              cornerRadius=45, transform=rx(55)),
        layer(name="ring", bounds=[0, 0, 80, 80], position=[190, 190], cornerRadius=100,
              borderWidth=10, borderColor=GREEN, transform=cat(rz(30), ry(-45))),
    ], perspective_d=400.0)]}


@scene
def perspective_depth():
    # zPosition and anchorPointZ meet the superlayer's perspective: z toward the
    # viewer magnifies; zPosition also orders the siblings.
    return {"canvas": canvas(), "layers": [stage([
        layer(name="near", bounds=[0, 0, 60, 60], position=[80, 80], zPosition=100, backgroundColor=RED),
        layer(name="mid", bounds=[0, 0, 60, 60], position=[110, 110], backgroundColor=GREEN),
        layer(name="far", bounds=[0, 0, 60, 60], position=[140, 140], zPosition=-150, backgroundColor=BLUE),
        layer(name="anchorZ", bounds=[0, 0, 80, 60], position=[190, 70], anchorPointZ=60,
              backgroundColor=PURPLE, transform=ry(50)),
        layer(name="anchorZ-ref", bounds=[0, 0, 80, 60], position=[70, 200],
              backgroundColor=[0.6, 0.2, 0.8, 0.6], transform=ry(50)),
    ])]}


@scene
def corner_radii():
    return {"canvas": canvas(), "layers": [
        box(10, 10, 70, 50, BLUE, cornerRadius=0),
        box(95, 10, 70, 50, BLUE, cornerRadius=8),
        box(180, 10, 70, 50, BLUE, cornerRadius=24),
        box(10, 80, 120, 50, RED, cornerRadius=1000, name="capsule"),
        box(150, 80, 60, 60, GREEN, cornerRadius=40, name="circle"),
        box(220, 80, 4, 4, BLACK, cornerRadius=3, name="dot"),
        box(10, 150, 50, 100, ORANGE, cornerRadius=30, name="vertical-capsule"),
        box(80, 150, 100, 90, PURPLE, cornerRadius=12.5, sublayers=[box(10, 10, 80, 70, YELLOW, cornerRadius=5)]),
        layer(name="rotated", bounds=[0, 0, 40, 80], position=[220, 200], backgroundColor=TEAL,
              cornerRadius=15, transform=rz(35)),
    ]}


MIN_MIN, MAX_MIN, MIN_MAX, MAX_MAX = ("layerMinXMinYCorner", "layerMaxXMinYCorner",
                                      "layerMinXMaxYCorner", "layerMaxXMaxYCorner")


@scene
def corner_masks():
    # maskedCorners: each corner alone (named in the layer's y-down space here), two
    # diagonal ones with a border, none (a rectangle despite the radius), a rounded
    # clip of the masked corners, a rotated layer, a hard shadow of the same shape, and
    # a masked, bordered layer under perspective.
    return {"canvas": canvas(), "layers": [
        box(10, 10, 50, 40, BLUE, cornerRadius=16, maskedCorners=[MIN_MIN], name="min-min"),
        box(70, 10, 50, 40, BLUE, cornerRadius=16, maskedCorners=[MAX_MIN], name="max-min"),
        box(130, 10, 50, 40, BLUE, cornerRadius=16, maskedCorners=[MIN_MAX], name="min-max"),
        box(190, 10, 50, 40, BLUE, cornerRadius=16, maskedCorners=[MAX_MAX], name="max-max"),
        box(10, 65, 80, 55, YELLOW, cornerRadius=24, maskedCorners=[MIN_MIN, MAX_MAX], borderWidth=6,
            borderColor=DARK, name="diagonal-bordered"),
        box(105, 65, 60, 55, RED, cornerRadius=20, maskedCorners=[], borderWidth=3, borderColor=BLACK,
            name="none"),
        box(180, 65, 60, 55, None, cornerRadius=22, maskedCorners=[MAX_MIN, MAX_MAX], masksToBounds=True,
            name="clip", sublayers=[box(-10, -10, 80, 40, GREEN), box(-10, 30, 80, 40, ORANGE)]),
        layer(name="rotated", bounds=[0, 0, 70, 44], position=[50, 165], backgroundColor=TEAL, cornerRadius=18,
              maskedCorners=[MIN_MIN, MIN_MAX], transform=rz(25)),
        box(100, 140, 50, 44, PURPLE, cornerRadius=18, maskedCorners=[MAX_MIN, MIN_MAX], shadowOpacity=1,
            shadowRadius=0, shadowOffset=[10, 8], shadowColor=DARK, name="hard-shadow"),
        stage([layer(name="perspective", bounds=[0, 0, 80, 60], position=[210, 200], backgroundColor=LIGHT,
                     cornerRadius=24, maskedCorners=[MIN_MIN, MAX_MIN], borderWidth=5, borderColor=BLUE,
                     transform=ry(45))]),
    ]}


@scene
def corner_continuous():
    # cornerCurve continuous beside circular: r = 8 and 20 with room (reach 1.528 r), a
    # radius whose reach is cut by the short side, a capsule (stays round), a thick
    # border, a rounded clip, masked continuous corners, a rotation and perspective.
    return {"canvas": canvas(), "layers": [
        box(10, 10, 70, 50, BLUE, cornerRadius=8, name="circular-8"),
        box(95, 10, 70, 50, BLUE, cornerRadius=8, cornerCurve="continuous", name="continuous-8"),
        box(180, 10, 70, 50, BLUE, cornerRadius=20, cornerCurve="continuous", name="continuous-20-cut"),
        box(10, 75, 110, 70, YELLOW, cornerRadius=20, cornerCurve="continuous", borderWidth=8, borderColor=DARK,
            name="bordered"),
        box(135, 75, 110, 40, RED, cornerRadius=1000, cornerCurve="continuous", name="capsule"),
        box(135, 125, 50, 50, None, cornerRadius=12, cornerCurve="continuous", masksToBounds=True, name="clip",
            sublayers=[box(-10, -10, 70, 35, GREEN), box(-10, 25, 70, 35, ORANGE)]),
        box(195, 125, 50, 50, PURPLE, cornerRadius=14, cornerCurve="continuous", maskedCorners=[MIN_MIN, MAX_MAX],
            name="masked"),
        layer(name="rotated", bounds=[0, 0, 80, 50], position=[60, 200], backgroundColor=TEAL, cornerRadius=14,
              cornerCurve="continuous", transform=rz(-20)),
        stage([layer(name="perspective", bounds=[0, 0, 90, 60], position=[185, 215], backgroundColor=LIGHT,
                     cornerRadius=16, cornerCurve="continuous", borderWidth=4, borderColor=BLUE, transform=rx(40))]),
    ]}


@scene
def corner_continuous_large():
    # A radius large enough (80, reach 122 of the 125 of room) for the continuous curve to
    # lie pixels away from the circle's, off the metric's edge band: the background, the
    # border's two edges, and the clip of a sublayer over the lower half.
    return {"canvas": canvas(), "layers": [
        box(3, 3, 250, 250, BLUE, cornerRadius=80, cornerCurve="continuous", borderWidth=6, borderColor=DARK,
            masksToBounds=True, name="large", sublayers=[box(-10, 160, 270, 100, ORANGE)]),
    ]}


@scene
def borders_over_sublayers():
    return {"canvas": canvas(), "layers": [
        box(30, 30, 140, 110, LIGHT, borderWidth=8, borderColor=DARK, name="parent", sublayers=[
            box(-20, 20, 60, 40, RED),  # crosses the left border
            box(100, 70, 70, 60, BLUE),  # crosses the right and bottom borders, extends out
            box(50, -10, 30, 30, YELLOW),  # crosses the top border
        ]),
        box(60, 170, 160, 70, [0.8, 1, 0.8, 1], borderWidth=10, borderColor=[0.2, 0.2, 0.8, 0.6],
            cornerRadius=20, name="translucent-border", sublayers=[box(-10, 20, 180, 30, ORANGE)]),
    ]}


@scene
def border_radius():
    return {"canvas": canvas(), "layers": [
        box(10, 10, 110, 70, YELLOW, borderWidth=4, borderColor=BLACK, cornerRadius=20),
        box(135, 10, 110, 70, YELLOW, borderWidth=12, borderColor=BLACK, cornerRadius=8, name="inner-square"),
        box(10, 95, 110, 70, YELLOW, borderWidth=10, borderColor=BLUE, cornerRadius=10, name="inner-zero"),
        box(135, 95, 110, 70, RED, borderWidth=14, borderColor=[0, 0, 0, 0.6], cornerRadius=30,
            name="translucent-over-bg"),
        layer(name="no-bg", frame=[10, 180, 110, 66], borderWidth=3, borderColor=GREEN, cornerRadius=33),
        layer(name="fractional", frame=[135, 180, 110, 66], borderWidth=1.5, borderColor=BLACK,
              cornerRadius=6.5, backgroundColor=LIGHT),
    ]}


@scene
def border_thick():
    return {"canvas": canvas(), "layers": [
        box(10, 10, 60, 40, YELLOW, borderWidth=25, borderColor=BLUE, name="over-half"),
        box(90, 10, 60, 40, YELLOW, borderWidth=20, borderColor=BLUE, cornerRadius=10, name="exactly-half"),
        box(170, 10, 70, 40, YELLOW, borderWidth=19, borderColor=BLUE, cornerRadius=20, name="slit"),
        layer(name="rotated", bounds=[0, 0, 100, 70], position=[80, 150], backgroundColor=LIGHT,
              borderWidth=12, borderColor=RED, cornerRadius=18, transform=rz(-25)),
        layer(name="capsule", frame=[150, 120, 90, 40], borderWidth=6, borderColor=PURPLE, cornerRadius=50),
        layer(name="wide-border", frame=[150, 180, 90, 60], borderWidth=30, borderColor=GREEN,
              cornerRadius=45, backgroundColor=RED),
    ]}


@scene
def opacity_group():
    return {"canvas": canvas(background=[1, 1, 0.8, 1]), "layers": [
        box(0, 118, 256, 20, BLACK, name="stripe"),
        box(20, 40, 100, 180, None, opacity=0.5, name="group", sublayers=[
            box(0, 0, 80, 120, RED),
            box(20, 60, 80, 120, BLUE),
        ]),
        box(136, 40, 100, 180, None, name="per-child-alpha", sublayers=[
            box(0, 0, 80, 120, [0.8, 0.2, 0.2, 0.5]),
            box(20, 60, 80, 120, [0.2, 0.4, 0.8, 0.5]),
        ]),
    ]}


@scene
def opacity_nested():
    return {"canvas": canvas(), "layers": [
        box(0, 0, 128, 256, DARK),
        box(20, 20, 200, 200, LIGHT, opacity=0.8, borderWidth=6, borderColor=BLACK, cornerRadius=16,
            name="outer", sublayers=[
                box(20, 20, 120, 120, YELLOW),
                box(60, 60, 120, 120, None, opacity=0.6, name="inner", sublayers=[
                    box(0, 0, 80, 80, RED, cornerRadius=40),
                    box(40, 40, 80, 80, BLUE),
                ]),
            ]),
        box(150, 150, 90, 90, GREEN, opacity=0.6, name="sibling", borderWidth=10, borderColor=BLACK),
    ]}


@scene
def clip_rounded():
    return {"canvas": canvas(), "layers": [
        box(30, 30, 160, 120, LIGHT, masksToBounds=True, cornerRadius=30, name="clip", sublayers=[
            box(-20, -20, 120, 90, BLUE, borderWidth=6, borderColor=BLACK),
            box(80, 60, 120, 120, RED, sublayers=[box(60, 40, 100, 100, GREEN)]),
        ]),
        box(60, 170, 120, 60, YELLOW, masksToBounds=True, name="square-clip", sublayers=[
            layer(bounds=[0, 0, 80, 80], position=[60, 30], backgroundColor=PURPLE, transform=rz(45)),
        ]),
    ]}


@scene
def clip_rotated():
    return {"canvas": canvas(), "layers": [
        layer(name="clip", bounds=[0, 0, 140, 100], position=[128, 128], backgroundColor=LIGHT,
              masksToBounds=True, cornerRadius=20, transform=rz(30), sublayers=[
                  layer(bounds=[0, 0, 200, 40], position=[70, 50], backgroundColor=RED, transform=rz(-30)),
                  box(-30, 60, 100, 80, BLUE),
                  layer(bounds=[0, 0, 60, 60], position=[140, 0], backgroundColor=GREEN, cornerRadius=30),
              ]),
    ]}


@scene
def clip_nested():
    return {"canvas": canvas(), "layers": [
        box(20, 20, 180, 180, LIGHT, masksToBounds=True, cornerRadius=40, name="outer", sublayers=[
            layer(name="inner", bounds=[0, 0, 120, 120], position=[150, 150], backgroundColor=YELLOW,
                  masksToBounds=True, cornerRadius=16, transform=rz(45), sublayers=[
                      box(-50, -50, 300, 80, RED),
                      box(-50, 60, 300, 300, BLUE),
                  ]),
            box(10, 10, 60, 60, None, opacity=0.6, masksToBounds=True, cornerRadius=30, name="group-clip",
                sublayers=[box(-10, -10, 50, 50, GREEN), box(20, 20, 60, 60, PURPLE)]),
        ]),
        box(210, 20, 40, 220, TEAL, masksToBounds=True, name="unclipped-neighbour", sublayers=[
            box(10, 10, 20, 200, ORANGE)]),
    ]}


@scene
def clip_perspective():
    return {"canvas": canvas(), "layers": [stage([
        layer(name="clip", bounds=[0, 0, 150, 110], position=[128, 128], backgroundColor=LIGHT,
              masksToBounds=True, cornerRadius=24, borderWidth=4, borderColor=BLACK,
              transform=cat(ry(40), rx(15)), sublayers=[
                  box(-20, -20, 190, 40, RED),
                  box(-20, 40, 190, 30, GREEN),
                  box(-20, 90, 190, 60, BLUE),
                  layer(bounds=[0, 0, 40, 160], position=[75, 55], backgroundColor=YELLOW, transform=rz(20)),
              ]),
    ])]}


@scene
def zposition_order():
    return {"canvas": canvas(), "layers": [
        box(20, 20, 100, 100, RED, zPosition=2, name="A-z2", sublayers=[
            box(60, 60, 60, 60, YELLOW, zPosition=-10, name="child-z-10")]),
        box(50, 50, 100, 100, GREEN, zPosition=-1, name="B-z-1"),
        box(80, 80, 100, 100, BLUE, name="C-z0"),
        box(110, 110, 100, 100, PURPLE, name="D-z0"),
        box(140, 20, 100, 60, ORANGE, zPosition=1, name="E-z1"),
        box(160, 40, 80, 80, TEAL, zPosition=1, name="F-z1"),
    ]}


@scene
def hidden_layers():
    return {"canvas": canvas(), "layers": [
        box(20, 20, 100, 100, RED, hidden=True, name="hidden-parent", sublayers=[
            box(10, 10, 50, 50, GREEN, hidden=False, name="shown-child-of-hidden")]),
        box(140, 20, 100, 100, LIGHT, name="parent", sublayers=[
            box(10, 10, 40, 40, BLUE, hidden=True),
            box(50, 50, 40, 40, PURPLE),
        ]),
        box(20, 140, 220, 100, YELLOW, name="hidden-clip-sibling", sublayers=[
            box(20, 20, 60, 60, RED, hidden=True, masksToBounds=True, sublayers=[box(0, 0, 100, 100, BLUE)]),
            box(120, 20, 60, 60, GREEN),
        ]),
    ]}


@scene
def double_sided():
    return {"canvas": canvas(), "layers": [stage([
        layer(name="back-culled", bounds=[0, 0, 80, 60], position=[64, 50], backgroundColor=RED,
              doubleSided=False, transform=ry(180)),
        layer(name="back-shown", bounds=[0, 0, 80, 60], position=[192, 50], backgroundColor=LIGHT,
              transform=ry(180), sublayers=[box(0, 0, 30, 20, BLUE)]),
        layer(name="back-130-culled", bounds=[0, 0, 80, 60], position=[64, 128], backgroundColor=RED,
              doubleSided=False, transform=ry(130)),
        layer(name="front-30", bounds=[0, 0, 80, 60], position=[192, 128], backgroundColor=GREEN,
              doubleSided=False, transform=ry(30)),
        layer(name="flipped-parent", bounds=[0, 0, 180, 60], position=[128, 210], backgroundColor=LIGHT,
              transform=ry(180), sublayers=[
                  box(10, 10, 70, 40, RED, doubleSided=False, name="culled-child"),
                  box(100, 10, 70, 40, PURPLE, name="mirrored-child",
                      sublayers=[box(0, 0, 20, 20, YELLOW)]),
              ]),
    ])]}


@scene
def sublayer_transform():
    return {"canvas": canvas(), "layers": [
        layer(name="rotating-parent", bounds=[0, 0, 120, 120], position=[70, 70], anchorPoint=[0.25, 0.25],
              backgroundColor=LIGHT, sublayerTransform=cat(rz(20), scale(1.2, 1.2)), sublayers=[
                  box(0, 0, 40, 40, RED),
                  box(50, 0, 40, 40, GREEN),
                  box(0, 50, 40, 40, BLUE),
                  box(50, 50, 40, 40, YELLOW),
              ]),
        layer(name="translate", bounds=[0, 0, 100, 100], position=[190, 70], backgroundColor=LIGHT,
              sublayerTransform=translate(10, 20), borderWidth=2, borderColor=BLACK,
              sublayers=[box(0, 0, 50, 50, PURPLE)]),
        layer(name="with-own-transform", bounds=[0, 0, 120, 90], position=[128, 190], backgroundColor=LIGHT,
              transform=rz(-10), sublayerTransform=skew(m21=0.4),
              sublayers=[box(10, 10, 40, 70, ORANGE), box(70, 10, 40, 70, TEAL)]),
    ]}


@scene
def anchor_points():
    def marker(x, y):
        return layer(bounds=[0, 0, 4, 4], position=[x, y], backgroundColor=BLACK)
    cells = []
    for i, ap in enumerate([[0, 0], [1, 1], [0.5, 0], [0.25, 0.75]]):
        x, y = 64 + 128 * (i % 2), 64 + 128 * (i // 2)
        cells.append(layer(bounds=[0, 0, 70, 40], position=[x, y], anchorPoint=ap,
                           backgroundColor=[0.2, 0.4, 0.8, 0.8], transform=rz(30),
                           sublayers=[box(0, 0, 10, 10, RED)]))
        cells.append(marker(x, y))
    return {"canvas": canvas(), "layers": cells}


@scene
def bounds_origin():
    child = lambda: box(20, 20, 40, 40, RED, sublayers=[box(0, 0, 10, 10, BLACK)])  # noqa: E731
    return {"canvas": canvas(), "layers": [
        layer(name="origin-0", bounds=[0, 0, 100, 100], position=[20, 20], anchorPoint=[0, 0],
              backgroundColor=LIGHT, sublayers=[child()]),
        layer(name="origin-30", bounds=[30, 30, 100, 100], position=[136, 20], anchorPoint=[0, 0],
              backgroundColor=LIGHT, sublayers=[child()]),
        layer(name="origin-neg-clip", bounds=[-20, 10, 100, 100], position=[20, 136], anchorPoint=[0, 0],
              backgroundColor=LIGHT, masksToBounds=True, cornerRadius=10, sublayers=[child(), box(-30, 0, 20, 20, BLUE)]),
        layer(name="origin-rotated", bounds=[10, -10, 100, 100], position=[186, 186],
              backgroundColor=LIGHT, transform=rz(15), borderWidth=2, borderColor=BLACK, sublayers=[child()]),
    ]}


@scene
def canvas_scale_2():
    return {"canvas": canvas(128, 128, scale_=2), "layers": [
        box(4, 4, 50, 30, BLUE),
        box(60.5, 4.5, 50, 30, RED, name="half-point"),
        layer(name="rounded", bounds=[0, 0, 60, 40], position=[40, 80], backgroundColor=YELLOW,
              cornerRadius=10, borderWidth=1, borderColor=BLACK, transform=rz(20)),
        box(80, 60, 40, 60, None, opacity=0.6, masksToBounds=True, cornerRadius=8, sublayers=[
            box(-5, -5, 30, 70, GREEN), box(15, 20, 40, 20, PURPLE)]),
        box(10, 110, 100, 0.5, BLACK, name="hairline"),
    ]}


@scene
def bottom_left_origin():
    return {"canvas": canvas(origin="bottomLeft"), "layers": [
        box(10, 10, 80, 40, RED, name="near-bottom"),
        layer(name="rotated-positive", bounds=[0, 0, 100, 30], position=[128, 128], backgroundColor=BLUE,
              transform=rz(30), sublayers=[box(0, 0, 20, 10, YELLOW)]),
        box(150, 180, 90, 60, LIGHT, cornerRadius=12, borderWidth=4, borderColor=BLACK,
            sublayers=[box(10, 10, 30, 30, GREEN)]),
    ]}


@scene
def transparent_canvas():
    return {"canvas": canvas(background=None), "layers": [
        box(20, 20, 120, 120, [0.8, 0.2, 0.2, 0.6]),
        box(80, 80, 120, 120, [0.2, 0.4, 0.8, 0.4], cornerRadius=30),
        box(40, 150, 180, 80, None, opacity=0.6, name="group", sublayers=[
            box(0, 0, 100, 80, GREEN), box(60, 20, 120, 40, ORANGE)]),
        layer(name="rotated", bounds=[0, 0, 60, 60], position=[200, 60], backgroundColor=[0, 0, 0, 0.8],
              transform=rz(20), borderWidth=6, borderColor=[1, 1, 1, 0.4]),
    ]}


@scene
def composite_cards():
    def card(x, y, color, t=None, **props):
        kw = dict(bounds=[0, 0, 140, 90], position=[x, y], backgroundColor=color, cornerRadius=16,
                  borderWidth=2, borderColor=DARK, **props)
        if t is not None:
            kw["transform"] = t
        return layer(sublayers=[
            box(12, 12, 40, 40, WHITE, cornerRadius=20),
            box(62, 16, 66, 10, [1, 1, 1, 0.8]),
            box(62, 34, 50, 10, [1, 1, 1, 0.6]),
            box(-6, 60, 152, 20, [0, 0, 0, 0.4]),
        ], masksToBounds=True, **kw)
    return {"canvas": canvas(480, 360, background=[0.8, 0.8, 0.8, 1]), "layers": [
        layer(name="stage", bounds=[0, 0, 480, 360], position=[240, 180], sublayerTransform=perspective(600),
              sublayers=[
                  card(100, 80, BLUE),
                  card(260, 80, RED, rz(-8)),
                  card(400, 90, GREEN, ry(35)),
                  card(110, 220, PURPLE, opacity=0.8),
                  card(260, 230, ORANGE, cat(rx(30), rz(5)), zPosition=20),
                  card(390, 250, TEAL, skew(m21=-0.3)),
              ]),
    ]}


# --- contents, shadows, masks, transitions, flipped geometry (docs/compositor.md §9–13) ---

ARROW = "images/arrow.png"      # 40×20, corners red / blue / yellow / cyan, arrow → in the top half
BUTTON = "images/button.png"    # 30×30 nine-slice, 8-pixel borders
CHECKER = "images/checker.png"  # 256×256, 1-pixel checkerboard, 64×64 blocks
PIXELS = "images/pixels.png"    # 4×4 distinct texels, one half transparent, one transparent
DISC = "images/disc.png"        # 64×64 soft disc, straight alpha
GRID = "images/grid.png"        # 64×64 quadrants, grid lines every 8 pixels, an "F" top left
BUTTON_CENTER = [8 / 30, 8 / 30, 14 / 30, 14 / 30]
LIGHT_BLUE = [0.6, 0.8, 1, 1]


def stripes(w, h, n=5):
    """n vertical bars of alternating colours filling (0, 0, w, h)."""
    colours = [RED, YELLOW, GREEN, BLUE, PURPLE, ORANGE, TEAL]
    bw = w / n
    return [box(i * bw, 0, bw, h, colours[i % len(colours)]) for i in range(n)]


def basic(key_path, **fields):
    return dict({"type": "basic", "keyPath": key_path}, **fields)


def transition(kind, subtype=None, **fields):
    t = {"type": "transition", "transitionType": kind}
    if subtype is not None:
        t["subtype"] = subtype
    t.update(fields)
    return t


def clip_box(x, y, w, h, child):
    """A pixel-aligned masksToBounds container (a scissor clip) holding one layer."""
    return box(x, y, w, h, None, masksToBounds=True, sublayers=[child])


@scene
def gravity_positions():
    # The nine positioning gravities at contentsScale 2 on a scale-2 canvas: the
    # 40×20-pixel image is 20×10 points, one texel per pixel. "top" is the max-y edge:
    # on this y-down canvas the top* gravities sit at the bottom of their cells.
    names = [["topLeft", "top", "topRight"], ["left", "center", "right"],
             ["bottomLeft", "bottom", "bottomRight"]]
    cells = []
    for r in range(3):
        for c in range(3):
            cells.append(box(4 + 52 * c, 4 + 38 * r, 48, 34, LIGHT, name=names[r][c], contents=ARROW,
                             contentsGravity=names[r][c], contentsScale=2))
    return {"canvas": canvas(160, 120, scale_=2), "layers": cells}


@scene
def gravity_resize():
    return {"canvas": canvas(), "layers": [
        box(10, 10, 110, 40, LIGHT, name="resize", contents=ARROW),
        box(136, 10, 110, 40, LIGHT, name="aspect-wide", contents=ARROW, contentsGravity="resizeAspect"),
        box(10, 70, 60, 100, LIGHT, name="aspect-tall", contents=ARROW, contentsGravity="resizeAspect"),
        box(100, 90, 50, 50, LIGHT, name="fill-overflowing", contents=ARROW, contentsGravity="resizeAspectFill",
            borderWidth=2, borderColor=DARK),
        box(190, 90, 50, 50, LIGHT, name="fill-clipped", contents=ARROW, contentsGravity="resizeAspectFill",
            masksToBounds=True, cornerRadius=12, borderWidth=2, borderColor=DARK),
        layer(name="resize-rotated", bounds=[0, 0, 100, 50], position=[70, 210], transform=rz(-15),
              contents=ARROW),
        box(150, 160, 90, 90, YELLOW, name="straight-alpha", contents=DISC),
    ]}


@scene
def contents_rect():
    return {"canvas": canvas(), "layers": [
        box(10, 10, 70, 70, None, name="whole", contents=GRID),
        box(95, 10, 70, 70, None, name="top-right-quarter", contents=GRID, contentsRect=[0.5, 0, 0.5, 0.5]),
        box(180, 10, 70, 70, None, name="mirrored-x", contents=GRID, contentsRect=[1, 0, -1, 1]),
        box(10, 95, 70, 70, None, name="mirrored-y", contents=GRID, contentsRect=[0, 1, 1, -1]),
        box(95, 95, 70, 70, None, name="edge-clamped", contents=GRID, contentsRect=[-0.25, -0.25, 1.5, 1.5]),
        box(180, 95, 70, 70, LIGHT, name="quarter-natural-size", contents=GRID, contentsRect=[0, 0, 0.5, 0.5],
            contentsGravity="center"),
        box(10, 180, 110, 60, LIGHT, name="left-half-aspect", contents=ARROW, contentsRect=[0, 0, 0.5, 1],
            contentsGravity="resizeAspect"),
        box(140, 180, 100, 60, LIGHT, name="right-half-mirrored-left", contents=ARROW,
            contentsRect=[1, 0, -0.5, 1], contentsGravity="left"),
    ]}


@scene
def contents_center():
    # contentsScale 2 on a scale-2 canvas: the 8-pixel corners are 4 points, one texel
    # per pixel; every part's footprint stays below 2 (mip level 0 whatever the filter).
    def button(x, y, w, h, **props):
        return box(x, y, w, h, None, contents=BUTTON, contentsScale=2,
                   contentsCenter=props.pop("contentsCenter", BUTTON_CENTER), **props)
    return {"canvas": canvas(160, 120, scale_=2), "layers": [
        button(6, 6, 15, 15, name="natural"),
        button(30, 6, 120, 40, name="wide"),
        button(6, 30, 20, 80, name="tall"),
        button(34, 54, 6, 56, name="shrunk-x"),
        button(48, 54, 6, 6, name="shrunk-both"),
        button(62, 54, 90, 56, name="zero-centre", contentsCenter=[0.5, 0.5, 0, 0]),
    ]}


@scene
def contents_filters():
    return {"canvas": canvas(256, 160), "layers": [
        box(10, 10, 32, 32, LIGHT, name="nearest-x8", contents=PIXELS, magnificationFilter="nearest"),
        box(52, 10, 32, 32, LIGHT, name="linear-x8", contents=PIXELS),
        box(94, 10, 32, 32, LIGHT, name="trilinear-x8", contents=PIXELS, magnificationFilter="trilinear"),
        layer(name="nearest-rotated", bounds=[0, 0, 32, 32], position=[170, 30], transform=rz(30),
              backgroundColor=LIGHT, contents=PIXELS, magnificationFilter="nearest"),
        box(10, 70, 80, 80, LIGHT, name="nearest-x20", contents=PIXELS, magnificationFilter="nearest"),
        box(100, 70, 80, 80, LIGHT, name="linear-x20", contents=PIXELS),
        box(200.5, 70.5, 32, 32, LIGHT, name="linear-half-pixel", contents=PIXELS),
    ]}


@scene
def contents_minify():
    # The 256×256 checkerboard minified: 1/8 (footprint 8: mip level 3), trilinear at
    # 1/8 with bias −0.5 (λ = 2.5), 1/5 trilinear (λ ≈ 2.32) and linear (level 2), and
    # nearest at 1/8, which aliases: every pixel shows the dark texel of its block
    # (the sample points lie 0.4 texel or more from the texel edges).
    return {"canvas": canvas(256, 72), "layers": [
        box(8, 8, 32, 32, None, name="linear-1/8", contents=CHECKER),
        box(48, 8, 32, 32, None, name="trilinear-1/8-bias", contents=CHECKER, minificationFilter="trilinear",
            minificationFilterBias=-0.5),
        box(88, 8, 51.2, 51.2, None, name="trilinear-1/5", contents=CHECKER, minificationFilter="trilinear"),
        box(148, 8, 51.2, 51.2, None, name="linear-1/5", contents=CHECKER),
        box(208.3, 8.45, 32, 32, None, name="nearest-1/8", contents=CHECKER, minificationFilter="nearest"),
    ]}


@scene
def contents_perspective():
    return {"canvas": canvas(), "layers": [stage([
        layer(name="grid-y50", bounds=[0, 0, 120, 120], position=[75, 80], transform=ry(50), contents=GRID),
        layer(name="arrow-x-45", bounds=[0, 0, 120, 60], position=[190, 80], transform=rx(-45), contents=ARROW,
              backgroundColor=LIGHT),
        layer(name="clipped-fill-y-35", bounds=[0, 0, 140, 80], position=[128, 190], transform=ry(-35),
              contents=GRID, contentsGravity="resizeAspectFill", masksToBounds=True, cornerRadius=16,
              borderWidth=3, borderColor=DARK),
    ])]}


@scene
def contents_rounded():
    # cornerRadius rounds the background and border; it clips the contents only with
    # masksToBounds.
    return {"canvas": canvas(256, 128), "layers": [
        box(10, 10, 110, 108, RED, name="not-clipped", contents=GRID, cornerRadius=24,
            borderWidth=3, borderColor=DARK),
        box(136, 10, 110, 108, RED, name="clipped", contents=GRID, cornerRadius=24, masksToBounds=True,
            borderWidth=3, borderColor=DARK),
    ]}


@scene
def shadow_basic():
    return {"canvas": canvas(320, 240), "layers": [
        box(30, 30, 80, 60, BLUE, name="hard", shadowOpacity=1, shadowRadius=0, shadowOffset=[6, 6]),
        box(140, 30, 80, 60, RED, name="defaults", cornerRadius=12, shadowOpacity=0.8),
        box(250, 30, 50, 60, GREEN, name="blue-8", shadowOpacity=0.6, shadowRadius=8, shadowOffset=[0, 10],
            shadowColor=BLUE),
        box(40, 140, 100, 70, YELLOW, name="capsule-12", cornerRadius=35, shadowOpacity=0.5, shadowRadius=12,
            shadowOffset=[10, 10], shadowColor=[0.2, 0, 0.4, 1]),
        box(170, 150, 50, 50, WHITE, name="glow", shadowOpacity=1, shadowRadius=4, shadowOffset=[0, 0]),
        box(250, 150, 50, 50, [0.2, 0.6, 0.2, 0.4], name="translucent", shadowOpacity=1, shadowRadius=5,
            shadowOffset=[4, 4]),
    ]}


@scene
def shadow_path():
    return {"canvas": canvas(320, 240), "layers": [
        box(30, 30, 100, 70, LIGHT, name="contact-ellipse", shadowOpacity=0.6, shadowRadius=4, shadowOffset=[0, 0],
            shadowPath="M 5 78 C 5 68 95 68 95 78 C 95 88 5 88 5 78 Z"),
        box(170, 30, 100, 90, None, name="triangle-only", shadowOpacity=1, shadowRadius=3, shadowOffset=[5, 5],
            shadowPath="M50 0 L100 90 L0 90 Z"),
        box(30, 130, 100, 100, None, name="non-zero", borderWidth=1, borderColor=DARK, shadowOpacity=0.7,
            shadowRadius=2, shadowOffset=[0, 0], shadowColor=RED,
            shadowPath="M0 0 H80 V80 H0 Z M20 20 V60 H60 V20 Z M60 60 h40 v40 h-40 z"),
        layer(name="rotated-quadratic", bounds=[0, 0, 80, 60], position=[230, 180], transform=rz(20),
              backgroundColor=BLUE, shadowOpacity=0.8, shadowRadius=4, shadowOffset=[0, 6],
              shadowPath="M0 0 Q 40 -20 80 0 L 80 60 Q 40 80 0 60 Z"),
    ]}


@scene
def shadow_masks_to_bounds():
    return {"canvas": canvas(320, 240), "layers": [
        box(30, 30, 100, 80, BLUE, name="opaque-clipped", masksToBounds=True, cornerRadius=16, shadowOpacity=1,
            shadowRadius=6, shadowOffset=[8, 8]),
        box(170, 30, 120, 90, None, name="clipped-sublayer", masksToBounds=True, cornerRadius=20, borderWidth=2,
            borderColor=DARK, shadowOpacity=1, shadowRadius=5, shadowOffset=[12, 12],
            sublayers=[box(50, 30, 60, 40, ORANGE)]),
        box(30, 140, 110, 80, [0.2, 0.4, 0.8, 0.4], name="translucent-clipped", masksToBounds=True,
            shadowOpacity=1, shadowRadius=4, shadowOffset=[10, 10]),
        box(170, 140, 120, 80, None, name="unclipped-sublayer", borderWidth=2, borderColor=DARK, shadowOpacity=1,
            shadowRadius=5, shadowOffset=[12, 12], sublayers=[box(50, 30, 60, 40, ORANGE)]),
    ]}


@scene
def shadow_rotated():
    def card(x, deg):
        return layer(name="r%d" % deg, bounds=[0, 0, 60, 40], position=[x, 60], transform=rz(deg),
                     backgroundColor=BLUE, shadowOpacity=0.8, shadowRadius=3, shadowOffset=[0, 8],
                     sublayers=[box(0, 0, 12, 12, YELLOW)])
    return {"canvas": canvas(320, 240), "layers": [
        card(50, 0), card(125, 30), card(195, 90), card(265, 160),
        layer(name="scaled-2", bounds=[0, 0, 40, 25], position=[70, 170], transform=scale(2, 2),
              backgroundColor=RED, shadowOpacity=0.8, shadowRadius=3, shadowOffset=[0, 4]),
        layer(name="skewed", bounds=[0, 0, 60, 40], position=[170, 170], transform=skew(m21=0.5),
              backgroundColor=GREEN, shadowOpacity=0.8, shadowRadius=3, shadowOffset=[0, 8]),
        layer(name="stage", bounds=[0, 0, 80, 80], position=[265, 170], sublayerTransform=perspective(300),
              sublayers=[layer(name="y40", bounds=[0, 0, 60, 50], position=[40, 40], transform=ry(40),
                               backgroundColor=PURPLE, shadowOpacity=0.8, shadowRadius=3,
                               shadowOffset=[6, 6])]),
    ]}


@scene
def shadow_sublayers():
    return {"canvas": canvas(320, 240), "layers": [
        box(20, 20, 130, 100, None, name="union-and-border", borderWidth=3, borderColor=DARK, shadowOpacity=0.8,
            shadowRadius=6, shadowOffset=[8, 8], sublayers=[
                box(10, 10, 60, 60, RED, cornerRadius=30),
                box(50, 30, 70, 60, BLUE)]),
        box(180, 20, 100, 100, None, name="soft-contents", contents=DISC, shadowOpacity=1, shadowRadius=4,
            shadowOffset=[6, 10]),
        box(30, 140, 110, 80, YELLOW, name="group-opacity", opacity=0.6, shadowOpacity=1, shadowRadius=6,
            shadowOffset=[10, 10], sublayers=[box(20, 20, 40, 40, PURPLE)]),
        box(180, 140, 110, 80, None, name="nested-shadow", shadowOpacity=0.5, shadowRadius=6,
            shadowOffset=[10, 0], shadowColor=RED, sublayers=[
                box(20, 20, 60, 40, TEAL, shadowOpacity=1, shadowRadius=3, shadowOffset=[0, 6])]),
    ]}


@scene
def mask_basic():
    return {"canvas": canvas(320, 240), "layers": [
        box(20, 20, 120, 100, YELLOW, name="image-mask", sublayers=stripes(120, 100),
            mask=layer(bounds=[0, 0, 100, 100], position=[60, 50], contents=DISC)),
        box(170, 20, 130, 100, BLUE, name="circle-mask", sublayers=[box(10, 10, 60, 40, ORANGE)],
            mask=layer(bounds=[0, 0, 90, 90], position=[65, 50], backgroundColor=BLACK, cornerRadius=45)),
        box(20, 140, 120, 80, RED, name="translucent-mask", borderWidth=4, borderColor=BLACK,
            mask=layer(frame=[0, 0, 120, 80], backgroundColor=[0, 0, 0, 0.4])),
        box(190, 140, 100, 80, GREEN, name="masked-shadow", shadowOpacity=1, shadowRadius=4, shadowOffset=[8, 8],
            mask=layer(frame=[0, 0, 60, 90], backgroundColor=BLACK)),
    ]}


@scene
def mask_nested():
    return {"canvas": canvas(320, 240), "layers": [
        box(20, 20, 120, 100, None, name="mask-of-mask", sublayers=stripes(120, 100),
            mask=layer(bounds=[0, 0, 100, 80], position=[60, 50], backgroundColor=BLACK,
                       mask=layer(bounds=[0, 0, 80, 80], position=[50, 40], backgroundColor=BLACK,
                                  cornerRadius=40))),
        box(170, 20, 130, 100, LIGHT, name="masked-in-masked",
            mask=layer(bounds=[0, 0, 100, 100], position=[65, 50], backgroundColor=BLACK, cornerRadius=50),
            sublayers=[box(20, 20, 90, 60, RED,
                           mask=layer(bounds=[0, 0, 50, 50], position=[45, 30], backgroundColor=BLACK,
                                      transform=rz(45)))]),
        box(20, 140, 130, 80, BLUE, name="mask-subtree",
            mask=layer(frame=[0, 0, 130, 80], sublayers=[
                box(10, 10, 30, 60, BLACK),
                box(50, 10, 30, 60, [0, 0, 0, 0.5]),
                layer(bounds=[0, 0, 60, 12], position=[105, 40], backgroundColor=BLACK, transform=rz(60))])),
        box(180, 140, 110, 80, PURPLE, name="clipped-group-half-mask", opacity=0.8, masksToBounds=True,
            cornerRadius=10, sublayers=[box(-10, -10, 60, 60, YELLOW)],
            mask=layer(frame=[10, 0, 90, 100], backgroundColor=BLACK, opacity=0.5)),
    ]}


@scene
def mask_animated():
    # Rendered at time 0, in the middle of animations that began earlier.
    return {"canvas": canvas(256, 256), "layers": [
        box(20, 20, 100, 100, None, name="moving-mask", sublayers=stripes(100, 100),
            mask=layer(bounds=[0, 0, 60, 60], position=[0, 0], backgroundColor=BLACK, cornerRadius=30,
                       animations={"move": basic("position", fromValue=[0, 0], toValue=[100, 100], duration=2,
                                                 beginTime=-0.6, timingFunction="easeInEaseOut")})),
        box(140, 20, 100, 100, None, name="growing-mask", contents=GRID,
            mask=layer(bounds=[0, 0, 20, 80], position=[50, 50], backgroundColor=BLACK,
                       animations={"grow": basic("bounds", fromValue=[0, 0, 20, 80], toValue=[0, 0, 100, 80],
                                                 duration=1, beginTime=-0.25)})),
        box(20, 140, 100, 100, RED, name="fading-sliding", animations={
            "fade": basic("opacity", fromValue=1, toValue=0.2, duration=1, beginTime=-0.5),
            "slide": basic("position.x", fromValue=0, toValue=20, additive=True, duration=2, beginTime=-3,
                           fillMode="forwards", removedOnCompletion=False)}),
        box(150, 140, 90, 90, BLUE, name="rounding-mask", sublayers=[box(10, 10, 40, 40, YELLOW)],
            mask=layer(frame=[0, 0, 90, 90], backgroundColor=BLACK,
                       animations={"round": basic("cornerRadius", fromValue=0, toValue=40, duration=1,
                                                  beginTime=-0.75, timingFunction="easeIn")})),
    ]}


def _current_card(color, **props):
    return box(0, 0, 100, 100, color, sublayers=[box(10, 10, 40, 40, YELLOW)], **props)


@scene
def transition_fade():
    return {"canvas": canvas(), "layers": [
        box(20, 20, 100, 100, BLUE, name="fade-0.25", sublayers=[box(10, 10, 40, 40, YELLOW)], animations={
            "t": transition("fade", duration=1, beginTime=-0.25,
                            previous={"backgroundColor": RED, "sublayers": [box(50, 50, 40, 40, GREEN)]})}),
        box(140, 20, 100, 100, PURPLE, name="fade-in-0.7", cornerRadius=20, borderWidth=4, borderColor=BLACK,
            animations={"t": transition("fade", duration=1, beginTime=-0.7)}),
        box(20, 140, 100, 100, None, name="fade-start-end", contents=GRID, animations={
            "t": transition("fade", duration=2, beginTime=-1, startProgress=0.2, endProgress=0.6,
                            timingFunction="easeInEaseOut", previous={"contents": ARROW})}),
        box(150, 150, 80, 80, ORANGE, name="fade-shadow-opacity", opacity=0.8, shadowOpacity=1, shadowRadius=4,
            shadowOffset=[6, 6], animations={
                "t": transition("fade", duration=1, beginTime=-0.5,
                                previous={"backgroundColor": TEAL, "cornerRadius": 40})}),
    ]}


@scene
def transition_movein():
    return {"canvas": canvas(), "layers": [
        clip_box(20, 20, 100, 100, _current_card(BLUE, name="movein-fromLeft-0.25", animations={
            "t": transition("moveIn", "fromLeft", duration=1, beginTime=-0.25,
                            previous={"backgroundColor": RED, "sublayers": []})})),
        clip_box(140, 20, 100, 100, _current_card(GREEN, name="movein-fromTop-0.5", animations={
            "t": transition("moveIn", "fromTop", duration=1, beginTime=-0.5,
                            previous={"backgroundColor": LIGHT, "contents": ARROW})})),
        box(20, 140, 100, 100, PURPLE, name="movein-fromRight-0.7-unclipped",
            sublayers=[box(60, 60, 30, 30, YELLOW)], animations={
                "t": transition("moveIn", "fromRight", duration=1, beginTime=-0.7,
                                previous={"backgroundColor": ORANGE, "sublayers": []})}),
        clip_box(140, 140, 100, 100, _current_card(TEAL, name="movein-fromBottom-nothing-before", animations={
            "t": transition("moveIn", "fromBottom", duration=1, beginTime=-0.4, timingFunction="easeOut")})),
    ]}


@scene
def transition_push():
    return {"canvas": canvas(), "layers": [
        clip_box(20, 20, 100, 100, _current_card(BLUE, name="push-fromLeft-0.25", animations={
            "t": transition("push", "fromLeft", duration=1, beginTime=-0.25,
                            previous={"backgroundColor": RED, "sublayers": []})})),
        clip_box(140, 20, 100, 100, _current_card(GREEN, name="push-fromBottom-0.5", animations={
            "t": transition("push", "fromBottom", duration=1, beginTime=-0.5,
                            previous={"backgroundColor": LIGHT, "contents": ARROW, "sublayers": []})})),
        layer(name="push-fromRight-start-end-rotated", bounds=[0, 0, 90, 70], position=[75, 190],
              transform=rz(15), backgroundColor=PURPLE, sublayers=[box(10, 10, 30, 30, YELLOW)], animations={
                  "t": transition("push", "fromRight", duration=1, beginTime=-0.5, startProgress=0.3,
                                  endProgress=0.9, previous={"backgroundColor": ORANGE, "sublayers": []})}),
        clip_box(140, 140, 100, 100, _current_card(TEAL, name="push-fromTop-0.7-nothing-before", animations={
            "t": transition("push", "fromTop", duration=1, beginTime=-0.7)})),
    ]}


@scene
def transition_reveal():
    return {"canvas": canvas(), "layers": [
        clip_box(20, 20, 100, 100, _current_card(BLUE, name="reveal-fromLeft-0.25", animations={
            "t": transition("reveal", "fromLeft", duration=1, beginTime=-0.25,
                            previous={"backgroundColor": RED, "sublayers": []})})),
        clip_box(140, 20, 100, 100, _current_card(GREEN, name="reveal-fromTop-0.5", animations={
            "t": transition("reveal", "fromTop", duration=1, beginTime=-0.5,
                            previous={"backgroundColor": LIGHT, "contents": ARROW, "sublayers": []})})),
        box(20, 140, 100, 100, PURPLE, name="reveal-fromRight-0.7-unclipped",
            sublayers=[box(60, 60, 30, 30, YELLOW)], animations={
                "t": transition("reveal", "fromRight", duration=1, beginTime=-0.7,
                                previous={"backgroundColor": ORANGE, "borderWidth": 4, "contents": GRID,
                                          "sublayers": []})}),
        clip_box(140, 140, 100, 100, _current_card(TEAL, name="reveal-backwards-0.65", animations={
            "t": transition("reveal", "fromBottom", duration=1, beginTime=-0.25, startProgress=0.8,
                            endProgress=0.2, previous={"backgroundColor": RED, "sublayers": []})})),
    ]}


@scene
def flipped_geometry():
    return {"canvas": canvas(), "layers": [
        box(20, 20, 100, 100, LIGHT, name="flipped", geometryFlipped=True, sublayers=[
            box(10, 10, 30, 20, RED),
            box(50, 10, 40, 20, None, contents=ARROW),
            box(45, 40, 50, 40, LIGHT_BLUE, contents=ARROW, contentsGravity="top")]),
        box(140, 20, 100, 100, LIGHT, name="flipped-twice", geometryFlipped=True, sublayers=[
            box(10, 10, 80, 50, LIGHT_BLUE, geometryFlipped=True, sublayers=[
                box(5, 5, 30, 15, RED),
                box(40, 5, 40, 20, None, contents=ARROW)])]),
        box(20, 140, 100, 100, LIGHT, name="rotation-under-flip", geometryFlipped=True, sublayers=[
            layer(bounds=[0, 0, 60, 20], position=[50, 30], transform=rz(30), backgroundColor=BLUE,
                  sublayers=[box(0, 0, 10, 10, YELLOW)])]),
        box(140, 140, 100, 100, LIGHT, name="flipped-mask-single-sided", geometryFlipped=True,
            mask=layer(frame=[0, 0, 100, 50], backgroundColor=BLACK), sublayers=[
                box(10, 10, 40, 30, GREEN, doubleSided=False),
                box(55, 10, 40, 20, None, contents=ARROW)]),
    ]}


@scene
def flipped_bottom_left():
    return {"canvas": canvas(origin="bottomLeft"), "layers": [
        box(20, 20, 80, 40, None, name="upright", contents=ARROW),
        box(120, 20, 120, 60, LIGHT, name="gravity-top", contents=ARROW, contentsGravity="top"),
        box(20, 90, 100, 60, None, name="contents-rect-bottom-half", contents=GRID, contentsRect=[0, 0, 1, 0.5]),
        box(140, 100, 100, 100, LIGHT, name="flipped-in-bottom-left", geometryFlipped=True, sublayers=[
            box(10, 10, 40, 20, RED),
            box(50, 10, 40, 20, None, contents=ARROW)]),
        box(20, 190, 80, 40, BLUE, name="shadow-offset-down", shadowOpacity=1, shadowRadius=3,
            shadowOffset=[0, -6]),
    ]}


# --- shape and gradient layers ----------------------------------------------------

def circle_path(cx, cy, r):
    """A circle as four cubics (k = 0.5523), clockwise on a y-down canvas, from the right."""
    k = 0.5523 * r
    return ("M %g %g C %g %g %g %g %g %g C %g %g %g %g %g %g C %g %g %g %g %g %g C %g %g %g %g %g %g Z" % (
        cx + r, cy, cx + r, cy + k, cx + k, cy + r, cx, cy + r,
        cx - k, cy + r, cx - r, cy + k, cx - r, cy,
        cx - r, cy - k, cx - k, cy - r, cx, cy - r,
        cx + k, cy - r, cx + r, cy - k, cx + r, cy))


def shape(x, y, w, h, path, **props):
    """A shape layer with anchorPoint (0, 0) whose frame is (x, y, w, h)."""
    return layer(bounds=[0, 0, w, h], position=[x, y], anchorPoint=[0, 0], path=path, **{"class": "shape"}, **props)


def gradient(x, y, w, h, colors, **props):
    """A gradient layer with anchorPoint (0, 0) whose frame is (x, y, w, h)."""
    return layer(bounds=[0, 0, w, h], position=[x, y], anchorPoint=[0, 0], colors=colors,
                 **{"class": "gradient"}, **props)


STAR = "M 40 4 L 61 68 L 6 28 L 74 28 L 19 68 Z"


@scene
def shape_fill_stroke():
    return {"canvas": canvas(320, 240), "layers": [
        shape(10, 10, 80, 72, STAR, name="star-non-zero", fillColor=BLUE, strokeColor=DARK, lineWidth=2,
              lineJoin="round"),
        shape(100, 10, 80, 72, STAR, name="star-even-odd", fillColor=ORANGE, fillRule="evenOdd"),
        shape(190, 10, 120, 80, "M 10 70 L 60 10 L 110 70 Z", name="triangle-translucent-stroke",
              fillColor=YELLOW, strokeColor=[0.2, 0.4, 0.8, 0.6], lineWidth=10, lineJoin="round"),
        shape(10, 95, 140, 60, "M 10 50 L 40 10 L 70 50 L 100 10 L 130 50", name="zigzag-miter-square",
              fillColor=None, strokeColor=RED, lineWidth=6, lineJoin="miter", lineCap="square"),
        shape(160, 95, 150, 60, "M 10 50 C 40 -10 110 110 140 10", name="curve-round-caps", fillColor=None,
              strokeColor=GREEN, lineWidth=8, lineCap="round"),
        shape(10, 165, 90, 65, "M 10 10 L 80 10 L 80 55 L 10 55 Z", name="dashed-rect", fillColor=LIGHT,
              strokeColor=DARK, lineWidth=3, lineDashPattern=[8, 4], lineDashPhase=3),
        shape(110, 165, 90, 65, "M 10 55 L 45 10 L 80 55", name="bevel-joins", fillColor=None,
              strokeColor=PURPLE, lineWidth=12, lineJoin="bevel"),
        layer(bounds=[0, 0, 80, 50], position=[255, 198], name="rotated-scaled-pen",
              transform=cat(scale(1.4, 0.7), rz(20)), path="M 10 40 L 40 10 L 70 40",
              fillColor=None, strokeColor=TEAL, lineWidth=8, lineJoin="miter", **{"class": "shape"}),
    ]}


@scene
def shape_trim():
    return {"canvas": canvas(320, 240), "layers": [
        shape(10, 10, 90, 90, circle_path(45, 45, 35), name="circle-end-0.3", fillColor=None,
              strokeColor=BLUE, lineWidth=8, lineCap="round", strokeEnd=0.3),
        shape(110, 10, 90, 90, circle_path(45, 45, 35), name="circle-0.2-to-0.9", fillColor=LIGHT,
              strokeColor=RED, lineWidth=6, strokeStart=0.2, strokeEnd=0.9),
        shape(210, 10, 100, 90, "M 10 80 L 50 10 L 90 80", name="polyline-middle", fillColor=None,
              strokeColor=GREEN, lineWidth=10, lineJoin="round", lineCap="butt", strokeStart=0.25,
              strokeEnd=0.75),
        shape(10, 120, 140, 50, "M 10 25 L 130 25", name="dashed-trimmed", fillColor=None, strokeColor=DARK,
              lineWidth=6, lineDashPattern=[10, 6], strokeStart=0.3, strokeEnd=0.8),
        shape(160, 120, 70, 50, "M 10 10 L 60 10 L 60 40 L 10 40 Z", name="start-after-end-draws-no-stroke",
              fillColor=YELLOW, strokeColor=DARK, lineWidth=6, strokeStart=0.7, strokeEnd=0.4),
        shape(240, 120, 70, 50, "M 10 10 L 60 10 L 60 40 L 10 40 Z", name="closed-whole",
              fillColor=None, strokeColor=PURPLE, lineWidth=6, lineJoin="miter", strokeEnd=1),
        shape(10, 180, 140, 55, "M 10 10 L 130 10 M 10 40 L 130 40", name="two-subpaths-0.6",
              fillColor=None, strokeColor=ORANGE, lineWidth=6, lineCap="round", strokeEnd=0.6),
        shape(160, 180, 150, 55, "M 10 45 C 50 -20 100 80 140 10", name="curve-end-0.5", fillColor=None,
              strokeColor=TEAL, lineWidth=5, lineCap="square", strokeEnd=0.5),
    ]}


@scene
def shape_compositing():
    return {"canvas": canvas(320, 240), "layers": [
        shape(10, 10, 100, 100, circle_path(50, 50, 60), name="clipped-with-sublayer-and-border",
              backgroundColor=LIGHT, fillColor=BLUE, strokeColor=DARK, lineWidth=6, masksToBounds=True,
              cornerRadius=16, borderWidth=4, borderColor=RED,
              sublayers=[box(30, 30, 40, 40, YELLOW)]),
        shape(130, 10, 100, 100, "M 10 10 L 90 10 L 90 90 L 10 90 Z", name="group-opacity-fill-and-stroke",
              opacity=0.6, fillColor=GREEN, strokeColor=DARK, lineWidth=14),
        shape(240, 10, 70, 100, "M 35 10 L 60 90 L 10 90 Z", name="unclipped-overflow", fillColor=ORANGE,
              strokeColor=PURPLE, lineWidth=4, backgroundColor=LIGHT, sublayers=[box(-10, 40, 20, 20, TEAL)]),
        shape(20, 130, 100, 90, STAR.replace("M 40 4", "M 50 4"), name="shadow-follows-drawn-alpha",
              fillColor=BLUE, shadowOpacity=1, shadowRadius=0, shadowOffset=[6, 6]),
        layer(bounds=[0, 0, 120, 80], position=[240, 170], name="perspective-fill",
              transform=cat(ry(40), perspective(300)), path=circle_path(60, 40, 36), fillColor=RED,
              backgroundColor=LIGHT, **{"class": "shape"}),
    ]}


@scene
def shape_animated():
    # Rendered at time 0, in the middle of path and colour animations that began earlier
    # (issue 18 §3): the path between two paths of the same structure, point by point;
    # the colours component by component (unpremultiplied).
    return {"canvas": canvas(320, 240), "layers": [
        # a square turning into a diamond, red to blue, linear at progress 0.5
        shape(10, 10, 100, 100, "M 10 10 L 90 10 L 90 90 L 10 90 Z", name="square-to-diamond-0.5", animations={
            "morph": basic("path", fromValue="M 10 10 L 90 10 L 90 90 L 10 90 Z",
                           toValue="M 50 0 L 100 50 L 50 100 L 0 50 Z", duration=1, beginTime=-0.5),
            "tint": basic("fillColor", fromValue=RED, toValue=BLUE, duration=1, beginTime=-0.5)}),
        # a blob of cubics whose control points move, stroked, easeInEaseOut at progress 0.35,
        # its fill and stroke colours animating with it
        shape(120, 10, 100, 100, "M 50 10 C 80 10 90 40 90 50 C 90 80 60 90 50 90 C 20 90 10 60 10 50 "
              "C 10 20 40 10 50 10 Z", name="blob-eased-0.35", strokeColor=DARK, lineWidth=4, lineJoin="round",
              animations={
                  "morph": basic("path", toValue="M 50 0 C 100 0 100 30 95 50 C 90 95 55 100 50 85 "
                                 "C 0 100 5 55 20 50 C 0 0 30 20 50 0 Z", duration=2, beginTime=-0.7,
                                 timingFunction="easeInEaseOut"),
                  "fill": basic("fillColor", fromValue=YELLOW, toValue=GREEN, duration=2, beginTime=-0.7,
                                timingFunction="easeInEaseOut"),
                  "stroke": basic("strokeColor", toValue=PURPLE, duration=2, beginTime=-0.7,
                                  timingFunction="easeInEaseOut")}),
        # two subpaths filled even-odd (a frame) whose hole grows; a translucent fill fading in
        shape(230, 10, 80, 100, "M 0 0 L 80 0 L 80 100 L 0 100 Z M 30 40 L 50 40 L 50 60 L 30 60 Z",
              name="frame-even-odd-0.75", fillRule="evenOdd", backgroundColor=LIGHT, animations={
                  "hole": basic("path", toValue="M 0 0 L 80 0 L 80 100 L 0 100 Z M 10 10 L 70 10 L 70 90 L 10 90 Z",
                                duration=1, beginTime=-0.75),
                  "fade": basic("fillColor", fromValue=[0.2, 0.4, 0.8, 0], toValue=[0.2, 0.4, 0.8, 1], duration=1,
                                beginTime=-0.75)}),
        # a by-value path (each point moved by its own offset) at progress 0.25, over a
        # colour held at its end (fillMode forwards, not removed)
        shape(10, 130, 140, 100, "M 10 90 L 70 10 L 130 90 Z", name="triangle-by-0.25", animations={
            "by": basic("path", byValue="M 0 -80 L 0 80 L 0 -80 Z", duration=2, beginTime=-0.5),
            "held": basic("fillColor", toValue=ORANGE, duration=1, beginTime=-3, fillMode="forwards",
                          removedOnCompletion=False)}),
        # a rotated shape whose path and stroke colour animate: the mid-path under a transform
        layer(bounds=[0, 0, 120, 80], position=[235, 180], name="rotated-wave-0.3", transform=rz(-12),
              path="M 10 40 C 30 10 50 10 60 40 C 70 70 90 70 110 40", fillColor=None, strokeColor=RED,
              lineWidth=6, lineCap="round", animations={
                  "wave": basic("path", toValue="M 10 40 C 30 70 50 70 60 40 C 70 10 90 10 110 40", duration=1,
                                beginTime=-0.3),
                  "stroke": basic("strokeColor", toValue=TEAL, duration=1, beginTime=-0.3)},
              **{"class": "shape"}),
    ]}


@scene
def gradient_types():
    return {"canvas": canvas(320, 240), "layers": [
        gradient(10, 10, 90, 70, [RED, BLUE], name="axial-default"),
        gradient(110, 10, 120, 70, [YELLOW, PURPLE], name="axial-diagonal-wide", startPoint=[0, 0],
                 endPoint=[1, 1]),
        gradient(240, 10, 70, 70, [WHITE, GREEN, DARK], name="three-stops-locations", locations=[0, 0.2, 1],
                 startPoint=[0, 0.5], endPoint=[1, 0.5]),
        gradient(10, 90, 120, 70, [YELLOW, RED, BLUE], name="radial-ellipse", type="radial",
                 startPoint=[0.5, 0.5], endPoint=[1, 1]),
        gradient(140, 90, 80, 80, [RED, YELLOW, GREEN, BLUE, RED], name="conic", type="conic",
                 startPoint=[0.5, 0.5], endPoint=[1, 0.5]),
        gradient(230, 90, 80, 70, [TEAL, [1, 1, 1, 0.2]], name="rounded-translucent", cornerRadius=20,
                 maskedCorners=["layerMinXMinYCorner", "layerMaxXMaxYCorner"], borderWidth=3, borderColor=DARK),
        layer(bounds=[0, 0, 90, 50], position=[60, 205], name="rotated", transform=rz(-15),
              colors=[ORANGE, BLUE], startPoint=[0, 0.5], endPoint=[1, 0.5], **{"class": "gradient"}),
        gradient(120, 180, 90, 50, [RED, GREEN, BLUE], name="locations-out-of-order", locations=[1, 0, 0.5],
                 startPoint=[0, 0.5], endPoint=[1, 0.5]),
        gradient(220, 180, 90, 50, [RED, GREEN, BLUE], name="locations-mismatched", locations=[0.8, 0.9],
                 startPoint=[0, 0.5], endPoint=[1, 0.5]),
    ]}


# --- replicators and transform layers (issue 18) -----------------------------------

def replicator(x, y, w, h, sublayers, count, **props):
    """A replicator layer whose frame is (x, y, w, h) (anchor point in the middle, unless
    the props give a position)."""
    position = props.pop("position", [x + w / 2, y + h / 2])
    return layer(bounds=[0, 0, w, h], position=position, sublayers=sublayers,
                 instanceCount=count, **dict({"class": "replicator"}, **props))


@scene
def replicator_spinner():
    # The classic activity indicator: one bar, 12 copies turned by 30° about the
    # replicator's middle, each copy's fade 1/12 s later (rendered at time 0, mid-cycle).
    bar = layer(bounds=[0, 0, 12, 40], position=[80, 26], backgroundColor=DARK, cornerRadius=6,
                animations={"fade": basic("opacity", fromValue=1, toValue=0.2, duration=1,
                                          beginTime=-3.97, repeatCount=10)})
    small = layer(bounds=[0, 0, 6, 16], position=[30, 8], backgroundColor=BLUE, cornerRadius=3,
                  animations={"fade": basic("opacity", fromValue=1, toValue=0, duration=0.8,
                                            beginTime=-3.95, repeatCount=10)})
    return {"canvas": canvas(), "layers": [
        replicator(8, 8, 160, 160, [bar], 12, name="spinner", instanceTransform=rz(30),
                   instanceDelay=1.0 / 12),
        replicator(176, 176, 60, 60, [small], 8, name="small-spinner", instanceTransform=rz(45),
                   instanceDelay=0.1, backgroundColor=LIGHT, cornerRadius=12),
    ]}


@scene
def replicator_colors():
    white = lambda: box(0, 0, 30, 30, WHITE)  # noqa: E731
    return {"canvas": canvas(), "layers": [
        # red and green fall, blue rises, alpha falls (each channel of copy k: c + k·offset)
        replicator(10, 10, 40, 40, [white()], 6, name="offsets", instanceTransform=translate(40, 0),
                   instanceColor=[1, 1, 0, 1], instanceRedOffset=-0.2, instanceGreenOffset=-0.2,
                   instanceBlueOffset=0.2, instanceAlphaOffset=-0.2),
        # clamped to 0…1: green climbs past 1 and red below 0
        replicator(10, 60, 40, 40, [white()], 6, name="clamped", instanceTransform=translate(40, 0),
                   instanceColor=[0.4, 0.6, 0.2, 1], instanceRedOffset=-0.2, instanceGreenOffset=0.4),
        # the multiplier acts on every colour of the copy: background, border, sublayers
        replicator(10, 110, 40, 40, [box(0, 0, 30, 30, YELLOW, borderWidth=4, borderColor=BLUE,
                                        sublayers=[box(8, 8, 14, 14, WHITE)])], 5, name="subtree",
                   instanceTransform=translate(48, 0), instanceColor=[1, 0.6, 1, 1],
                   instanceBlueOffset=-0.2),
        # instanceCount 0 draws no sublayer (its own background still), 2.7 reads 2
        replicator(10, 170, 60, 40, [box(5, 5, 30, 30, RED)], 0, name="none", backgroundColor=LIGHT),
        replicator(90, 170, 60, 40, [box(5, 5, 30, 30, RED)], 2.7, name="truncated", backgroundColor=LIGHT,
                   instanceTransform=translate(20, 0), instanceColor=[0.6, 1, 1, 1]),
        # a translucent replicator: one group, the copies overlapping inside it
        replicator(170, 170, 60, 60, [box(0, 0, 30, 30, GREEN)], 3, name="group", opacity=0.6,
                   instanceTransform=translate(15, 15)),
    ]}


@scene
def replicator_transforms():
    dot = lambda c: layer(bounds=[0, 0, 16, 16], position=[20, 60], backgroundColor=c, cornerRadius=4)  # noqa: E731
    return {"canvas": canvas(), "layers": [
        # rotate · scale, accumulated about the anchor point (a spiral)
        replicator(0, 0, 128, 128, [dot(RED)], 10, name="spiral",
                   instanceTransform=cat(scale(0.88, 0.88), rz(36))),
        # a non-default anchor point (0, 0): copies turn about the top-left corner
        replicator(150, 10, 100, 100, [box(10, 0, 40, 12, BLUE)], 4, name="about-anchor", anchorPoint=[0, 0],
                   position=[150, 10], instanceTransform=rz(22.5), backgroundColor=LIGHT),
        # nested replicators: 4 columns × 3 rows
        replicator(10, 140, 120, 100, [replicator(0, 0, 30, 30, [box(2, 2, 22, 22, GREEN)], 4,
                                                  instanceTransform=translate(28, 0),
                                                  instanceGreenOffset=-0.2)], 3,
                   name="grid", instanceTransform=translate(0, 32), instanceRedOffset=-0.2),
        # copies turned in depth under the replicator's own perspective (flattened)
        replicator(140, 140, 110, 110, [box(75, 20, 20, 70, ORANGE, borderWidth=2, borderColor=BLACK)], 6,
                   name="ring", instanceTransform=ry(30), sublayerTransform=perspective(300)),
    ]}


@scene
def replicator_equalizer():
    # bars growing from the bottom, each copy's bounds animation 0.15 s later
    bar = layer(bounds=[0, 0, 14, 20], position=[10, 100], anchorPoint=[0.5, 1], backgroundColor=GREEN,
                animations={"level": basic("bounds.size.height", fromValue=10, toValue=90, duration=0.6,
                                           beginTime=-3, repeatCount=10, autoreverses=True,
                                           timingFunction="easeInEaseOut")})
    return {"canvas": canvas(256, 128), "layers": [
        replicator(8, 8, 240, 110, [bar], 12, name="equalizer", instanceTransform=translate(20, 0),
                   instanceDelay=0.15, instanceBlueOffset=0.2, instanceColor=[1, 1, 0, 1]),
    ]}


def cube_faces(size, colors, **props):
    """Six faces of a cube of side `size` centred on its transform layer's origin: front,
    back, left, right, top, bottom, each with a small marker sublayer."""
    h = size / 2.0
    placements = [translate(0, 0, h), cat(ry(180), translate(0, 0, -h)), cat(ry(-90), translate(-h, 0, 0)),
                  cat(ry(90), translate(h, 0, 0)), cat(rx(90), translate(0, -h, 0)), cat(rx(-90), translate(0, h, 0))]
    return [layer(name="face-%d" % i, bounds=[0, 0, size, size], position=[0, 0], transform=m,
                  backgroundColor=c, sublayers=[box(size * 0.15, size * 0.15, size * 0.3, size * 0.3, WHITE)],
                  **props)
            for i, (m, c) in enumerate(zip(placements, colors))]


@scene
def transform_cube():
    colors = [RED, GREEN, BLUE, YELLOW, PURPLE, TEAL]
    return {"canvas": canvas(256, 160), "layers": [
        layer(name="stage", bounds=[0, 0, 256, 160], position=[128, 80], sublayerTransform=perspective(400),
              sublayers=[
                  # opaque faces: only the near ones show, whatever their order in the list
                  layer(name="solid-cube", bounds=[0, 0, 0, 0], position=[70, 80], transform=cat(ry(35), rx(-25)),
                        sublayers=cube_faces(70, colors), **{"class": "transform"}),
                  # translucent faces: the far ones show through, drawn first; the transform
                  # layer's opacity applies to each face
                  layer(name="glass-cube", bounds=[0, 0, 0, 0], position=[186, 80], opacity=0.8,
                        transform=cat(ry(-30), rx(20)), sublayers=cube_faces(70, colors, opacity=0.6),
                        **{"class": "transform"}),
              ]),
    ]}


@scene
def transform_crossing():
    return {"canvas": canvas(256, 160), "layers": [
        # two planes crossing along a vertical line: each is split where the other cuts it
        layer(name="crossing", bounds=[0, 0, 100, 100], position=[70, 80], sublayerTransform=perspective(300),
              backgroundColor=LIGHT, sublayers=[
                  layer(name="planes", bounds=[0, 0, 0, 0], position=[50, 50], sublayers=[
                      layer(bounds=[0, 0, 90, 70], position=[0, 0], transform=ry(40), backgroundColor=BLUE),
                      layer(bounds=[0, 0, 90, 100], position=[0, 0], transform=ry(-40), backgroundColor=ORANGE),
                  ], **{"class": "transform"})]),
        # a nested transform layer whose planes cross the outer one's, and a face flattened
        # within itself (its sublayer stays in its plane)
        layer(name="nested", bounds=[0, 0, 0, 0], position=[186, 80], transform=rx(-20), sublayers=[
            layer(bounds=[0, 0, 100, 60], position=[0, 0], transform=rx(60), backgroundColor=GREEN,
                  sublayers=[box(10, 10, 30, 40, WHITE, zPosition=30)]),
            layer(name="inner", bounds=[0, 0, 0, 0], position=[0, 0], sublayerTransform=perspective(250), sublayers=[
                layer(bounds=[0, 0, 70, 90], position=[0, 0], transform=ry(30), backgroundColor=RED),
            ], **{"class": "transform"}),
        ], **{"class": "transform"}),
    ]}


def dumps(doc):
    """JSON with one level of indentation per object and arrays of numbers on one line."""
    text = json.dumps(doc, indent=1)
    text = re.sub(r"\[\s*([-+0-9.e,\s]*?)\s*\]",
                  lambda m: "[" + re.sub(r"\s*,\s*", ", ", m.group(1).strip()) + "]", text)
    return text + "\n"


def main():
    os.makedirs(SCENES, exist_ok=True)
    for name, fn in SCENE_LIST.items():
        path = os.path.join(SCENES, name + ".json")
        with open(path, "w") as f:
            f.write(dumps(fn()))
    print("%d scenes in %s" % (len(SCENE_LIST), SCENES))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Write the golden vectors of Cadence's geometry math into Reference/goldens/.

    python3 Reference/generate_geometry.py        (needs mpmath)

Writes transforms.json, decomposition.json and arc-length.json. The output
is deterministic: every random choice comes from a random.Random seeded with
the constants below (each file records its seed), using only
Random.random(). The JSON conventions are those of generate.py: inputs are
written with repr, outputs are the model's values rounded once to the
nearest double, and matrices are 16 numbers in field order m11 ... m44.
"""

import math
from fractions import Fraction
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from mpmath import mp, mpf  # noqa: E402

from generate import number, pick, uniform, write  # noqa: E402
from oracle import decomposition as D  # noqa: E402
from oracle import transform3d as T  # noqa: E402
from oracle.arc_length import Segment  # noqa: E402

SEED_TRANSFORMS = 20250404
SEED_DECOMPOSITION = 20250505
SEED_ARC_LENGTH = 20250606

PI = math.pi
SAMPLE_PROGRESS = [0.0, 0.25, 0.5, 0.75, 1.0, -0.25, 1.25]
ARC_TS = [k / 10 for k in range(1, 10)]

# A quaternion dot product this close to 0 means the two rotations are
# nearly a half turn apart, and a double implementation may take either way.
NEARLY_OPPOSITE = 1e-8
# w below this: the rotation is within ~2e-6 rad of a half turn, where q and
# -q are both near w = 0 and a double implementation may return either.
NEAR_HALF_TURN = 1e-6


# ---------------------------------------------------------------------------
# Output helpers
# ---------------------------------------------------------------------------

def out(value):
    """A Fraction, mpf or double rounded to the nearest double, for JSON."""
    if value is None:
        return None
    if isinstance(value, float):
        return number(value)
    return number(T.to_double_any(value))


def out_list(values):
    return [out(v) for v in values]


def matrix_out(m):
    return out_list(T.fields(T.as_rows(m)))


def doubles(m):
    """A model matrix rounded to 16 doubles (an input for the next step)."""
    return [T.to_double_any(v) for v in T.fields(T.as_rows(m))]


def fields_of(rows):
    return [float(v) for row in rows for v in row]


IDENTITY = [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0,
            0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]


def with_entries(base, **entries):
    """A copy of 16 fields with some entries set by name, e.g. m34=-0.002."""
    m = list(base)
    for name, value in entries.items():
        i, j = int(name[1]) - 1, int(name[2]) - 1
        m[4 * i + j] = float(value)
    return m


PERSPECTIVE = with_entries(IDENTITY, m34=-1 / 500)


def random_general(rng, size=10.0):
    """A random 4x4 with every entry in [-size, size] and m44 near 1."""
    m = [uniform(rng, -size, size) for _ in range(16)]
    m[15] = uniform(rng, 0.5, 2.0)
    return m


def random_affine_3d(rng):
    """A random affine-3D matrix: 3x3 in [-3, 3], translation in [-100, 100]."""
    m = [uniform(rng, -3, 3) for _ in range(16)]
    m[3] = m[7] = m[11] = 0.0
    m[12], m[13], m[14] = (uniform(rng, -100, 100) for _ in range(3))
    m[15] = 1.0
    return m


# ---------------------------------------------------------------------------
# transforms.json
# ---------------------------------------------------------------------------

ROTATION_ANGLES = [0.0, PI / 2, PI, 2 * PI, -PI / 3, 1e-8, 100.0, 0.3, -2.5,
                   1e6]
ROTATION_AXES = [(0.0, 0.0, 1.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0),
                 (0.0, 0.0, -1.0), (1.0, 1.0, 1.0), (3.0, 4.0, 12.0),
                 (0.0, 0.0, 2.0), (1e-150, 1e-150, 0.0), (1e150, 0.0, 1e150),
                 (-0.25, 0.5, 0.125), (0.0, 0.0, 0.0)]


def transforms():
    rng = random.Random(SEED_TRANSFORMS)

    make_translation = []
    inputs = [(0.0, 0.0, 0.0), (1.0, 2.0, 3.0), (-0.5, 1e-300, 1e300),
              (100.25, -7.0, 0.0)]
    inputs += [tuple(uniform(rng, -500, 500) for _ in range(3)) for _ in range(4)]
    for v in inputs:
        make_translation.append({"input": out_list(v),
                                 "output": matrix_out(T.make_translation(*v))})

    make_scale = []
    inputs = [(1.0, 1.0, 1.0), (2.0, 3.0, 4.0), (0.04, 0.04, 0.04),
              (-1.0, 1.0, 1.0), (0.0, 1.0, 1.0), (1e-300, 1e300, -2.5)]
    inputs += [tuple(uniform(rng, -5, 5) for _ in range(3)) for _ in range(4)]
    for v in inputs:
        make_scale.append({"input": out_list(v),
                           "output": matrix_out(T.make_scale(*v))})

    make_rotation = []
    inputs = [(a,) + axis for a in ROTATION_ANGLES for axis in ROTATION_AXES]
    for _ in range(20):
        inputs.append((uniform(rng, -7, 7), uniform(rng, -2, 2),
                       uniform(rng, -2, 2), uniform(rng, -2, 2)))
    for v in inputs:
        make_rotation.append({"input": out_list(v),
                              "output": matrix_out(T.make_rotation(*v))})

    bases = [("identity", IDENTITY), ("perspective", PERSPECTIVE),
             ("translation", fields_of(T.make_translation(10, -20, 30)))]
    bases += [(f"random{i + 1}", random_general(rng)) for i in range(5)]

    translate, scale, rotate = [], [], []
    for name, base in bases:
        for v in [(1.0, 2.0, 3.0), (0.0, 0.0, 0.0),
                  tuple(uniform(rng, -100, 100) for _ in range(3))]:
            translate.append({"name": name, "t": out_list(base),
                              "input": out_list(v),
                              "output": matrix_out(T.translate(base, *v))})
        for v in [(2.0, 2.0, 2.0), (1.0, -1.0, 1.0), (0.0, 1.0, 1.0),
                  tuple(uniform(rng, -3, 3) for _ in range(3))]:
            scale.append({"name": name, "t": out_list(base),
                          "input": out_list(v),
                          "output": matrix_out(T.scale(base, *v))})
        for v in [(PI / 2, 0.0, 0.0, 1.0), (0.7, 0.0, 1.0, 0.0),
                  (1.0, 0.0, 0.0, 0.0),
                  (uniform(rng, -4, 4), uniform(rng, -1, 1),
                   uniform(rng, -1, 1), uniform(rng, -1, 1))]:
            rotate.append({"name": name, "t": out_list(base),
                           "input": out_list(v),
                           "output": matrix_out(T.rotate(base, *v))})

    concat = []
    rot = fields_of_rounded(T.make_rotation(0.5, 0, 0, 1))
    trans = fields_of(T.make_translation(10, 0, 0))
    pairs = [("identity . random", IDENTITY, random_general(rng)),
             ("random . identity", random_general(rng), IDENTITY),
             ("rotation . translation", rot, trans),
             ("translation . rotation", trans, rot),
             ("perspective . rotation", PERSPECTIVE,
              fields_of_rounded(T.make_rotation(0.7, 0, 1, 0))),
             ("rotation . perspective",
              fields_of_rounded(T.make_rotation(0.7, 0, 1, 0)), PERSPECTIVE),
             ("huge . tiny", fields_of(T.make_scale(1e150, 1e150, 1e150)),
              fields_of(T.make_scale(1e-150, 3e-150, 1e-150))),
             ("cancellation", with_entries(IDENTITY, m12=1e16, m21=1.0),
              with_entries(IDENTITY, m21=-1e-16, m22=1.0))]
    for i in range(12):
        pairs.append((f"random{i + 1}", random_general(rng),
                      random_general(rng)))
    for i in range(6):
        pairs.append((f"affine{i + 1}", random_affine_3d(rng),
                      random_affine_3d(rng)))
    for name, a, b in pairs:
        concat.append({"name": name, "a": out_list(a), "b": out_list(b),
                       "output": matrix_out(T.concat(a, b))})

    invert = []
    cases = [
        ("identity", IDENTITY),
        ("translation", fields_of(T.make_translation(10, -20, 30.5))),
        ("rotation", fields_of_rounded(T.make_rotation(1.1, 1, 2, 3))),
        ("uniform scale 0.04", fields_of(T.make_scale(0.04, 0.04, 0.04))),
        ("uniform scale 1e-3", fields_of(T.make_scale(1e-3, 1e-3, 1e-3))),
        ("uniform scale 1e-12", fields_of(T.make_scale(1e-12, 1e-12, 1e-12))),
        ("uniform scale 1e12", fields_of(T.make_scale(1e12, 1e12, 1e12))),
        ("perspective", PERSPECTIVE),
        ("perspective rotated",
         doubles(T.rotate(PERSPECTIVE, 0.7, 0, 1, 0))),
        ("m44 = 0, invertible (swap z and w)",
         with_entries(IDENTITY, m33=0, m34=1, m43=1, m44=0)),
        ("scale z 0 (flatten)", fields_of(T.make_scale(1, 1, 0))),
        ("zero 3x3", fields_of(T.make_scale(0, 0, 0))),
        ("all zero", [0.0] * 16),
        ("dependent rows", [1.0, 2.0, 3.0, 0.0, 4.0, 5.0, 6.0, 0.0,
                            5.0, 7.0, 9.0, 0.0, 1.0, 1.0, 1.0, 1.0]),
        ("rows 3 and 4 equal", with_entries(IDENTITY, m34=1, m43=1)),
        ("near singular (cond ~1e15)",
         [1.0, 2.0, 3.0, 0.0, 4.0, 5.0, 6.0, 0.0,
          5.0, 7.0, 9.0 + 1e-14, 0.0, 1.0, 1.0, 1.0, 1.0]),
        ("near singular (cond ~1e8)",
         [1.0, 2.0, 3.0, 0.0, 4.0, 5.0, 6.0, 0.0,
          5.0, 7.0, 9.0 + 1e-7, 0.0, 1.0, 1.0, 1.0, 1.0]),
        ("rows 1 and 2 parallel to 4e-14 (|det| = 4x the threshold)",
         with_entries(IDENTITY, m21=1, m22=4e-14)),
        ("rows 1 and 2 parallel to 2.5e-15 (|det| = 1/4 of the threshold)",
         with_entries(IDENTITY, m21=1, m22=2.5e-15)),
        ("uniform scale 1e-14 with translation",
         with_entries(fields_of(T.make_scale(1e-14, 1e-14, 1e-14)),
                      m41=1, m42=2, m43=3)),
        ("non-finite (m41 = inf)", with_entries(IDENTITY, m41=math.inf)),
        ("non-finite (m22 = nan)", with_entries(IDENTITY, m22=math.nan)),
    ]
    for i in range(10):
        cases.append((f"random{i + 1}", random_general(rng)))
    for i in range(5):
        cases.append((f"affine{i + 1}", random_affine_3d(rng)))
    for name, m in cases:
        result, singular, det, condition = T.invert(m)
        ratio = T.singularity_ratio(m, det) if det is not None else None
        invert.append({"name": name, "input": out_list(m),
                       "singular": singular, "determinant": out(det),
                       "hadamard": out(mp.sqrt(T.to_mpf(T.hadamard_squared(m))))
                       if det is not None else None,
                       "nearThreshold": bool(ratio is not None and
                                             0.5 <= ratio <= 2),
                       "condition": out(condition),
                       "output": matrix_out(result)})

    points = []
    matrices = [("identity", IDENTITY),
                ("translation", fields_of(T.make_translation(10, -20, 30))),
                ("rotation z 90", fields_of_rounded(T.make_rotation(PI / 2, 0, 0, 1))),
                ("perspective", PERSPECTIVE),
                ("perspective rotated y",
                 doubles(T.rotate(PERSPECTIVE, 0.7, 0, 1, 0))),
                ("random", random_general(rng, 2.0)),
                ("affine", random_affine_3d(rng))]
    for name, m in matrices:
        pts = [(0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 0.0, 400.0),
               (0.0, 0.0, 600.0)]  # z = 600 is behind the eye of m34 = -1/500
        pts += [tuple(uniform(rng, -100, 100) for _ in range(3))
                for _ in range(6)]
        for p in pts:
            mapped, w = T.transform_point(m, p)
            if mapped is None:
                continue  # W = 0: no image (not recorded)
            points.append({"name": name, "matrix": out_list(m),
                           "point": out_list(p), "output": out_list(mapped),
                           "w": out(w)})

    affine = []
    affine_inputs = [(1.0, 0.0, 0.0, 1.0, 0.0, 0.0), (2.0, 0.0, 0.0, 3.0, 5.0, -7.0),
                     (0.0, 1.0, -1.0, 0.0, 0.0, 0.0), (1.0, 0.0, 0.5, 1.0, 0.0, 0.0),
                     (-1.0, 0.0, 0.0, 1.0, 100.0, 0.0), (0.0, 0.0, 0.0, 0.0, 1.0, 2.0)]
    affine_inputs += [tuple(uniform(rng, -3, 3) for _ in range(4)) +
                      tuple(uniform(rng, -100, 100) for _ in range(2))
                      for _ in range(6)]
    for t in affine_inputs:
        m = T.make_affine_transform(*t)
        affine.append({"affine": out_list(t), "matrix": matrix_out(m),
                       "isAffine": T.is_affine(m),
                       "roundTrip": out_list(T.get_affine_transform(m))})

    is_affine = []
    base = fields_of(T.make_affine_transform(1.5, 0.5, -0.5, 2.0, 10.0, 20.0))
    for name in ("m13", "m14", "m23", "m24", "m31", "m32", "m34", "m43"):
        m = with_entries(base, **{name: 0.25})
        is_affine.append({"name": f"{name} = 0.25", "matrix": out_list(m),
                          "isAffine": T.is_affine(m)})
    for name, value in (("m33", 2.0), ("m44", 2.0), ("m33", 0.0),
                        ("m34", -1 / 500), ("m13", -0.0)):
        m = with_entries(base, **{name: value})
        is_affine.append({"name": f"{name} = {value!r}", "matrix": out_list(m),
                          "isAffine": T.is_affine(m)})
    is_affine.append({"name": "affine", "matrix": out_list(base),
                      "isAffine": T.is_affine(base)})
    is_affine.append({"name": "perspective rotated y",
                      "matrix": out_list(doubles(T.rotate(PERSPECTIVE, 0.7, 0, 1, 0))),
                      "isAffine": False})

    affine_concat, affine_invert, affine_points = [], [], []
    for i in range(len(affine_inputs)):
        a = affine_inputs[i]
        b = affine_inputs[(i + 5) % len(affine_inputs)]
        affine_concat.append({"a": out_list(a), "b": out_list(b),
                              "output": out_list(T.affine_concat(a, b))})
        result, singular, det = T.affine_invert(a)
        affine_invert.append({"input": out_list(a), "singular": singular,
                              "determinant": out(det),
                              "output": out_list(result)})
        p = (uniform(rng, -100, 100), uniform(rng, -100, 100))
        affine_points.append({"affine": out_list(a), "point": out_list(p),
                              "output": out_list(T.affine_transform_point(a, p))})

    return {"seed": SEED_TRANSFORMS,
            "makeTranslation": make_translation, "makeScale": make_scale,
            "makeRotation": make_rotation, "translate": translate,
            "scale": scale, "rotate": rotate, "concat": concat,
            "invert": invert, "points": points, "affine": affine,
            "isAffine": is_affine, "affineConcat": affine_concat,
            "affineInvert": affine_invert, "affinePoints": affine_points,
            "boundingBoxes": bounding_boxes(rng),
            "components": key_path_components(rng)}


def bounding_boxes(rng):
    """Bounding boxes of rectangles (x, y, width, height) at z = 0."""
    deg = PI / 180
    matrices = [
        ("identity", IDENTITY),
        ("translation", fields_of(T.make_translation(10, -20, 30))),
        ("rotation z 30 deg", doubles(T.make_rotation(30 * deg, 0, 0, 1))),
        ("rotation z 90 deg", doubles(T.make_rotation(PI / 2, 0, 0, 1))),
        ("scale -2, 3 (mirror)", fields_of(T.make_scale(-2, 3, 1))),
        ("affine shear with translation",
         fields_of(T.make_affine_transform(1, 0.2, -0.5, 1.5, 7, -3))),
        ("rotation x 60 deg (foreshortens y)", doubles(T.make_rotation(60 * deg, 1, 0, 0))),
        ("perspective", PERSPECTIVE),
        ("perspective rotated y 0.7", doubles(T.rotate(PERSPECTIVE, 0.7, 0, 1, 0))),
        ("perspective rotated x 1.2", doubles(T.rotate(PERSPECTIVE, 1.2, 1, 0, 0))),
        ("general perspective column",
         with_entries(IDENTITY, m14=0.001, m24=-0.002, m34=0.003, m41=5, m42=6)),
        ("W = 0 at x = 2 (m14 = -0.5)", with_entries(IDENTITY, m14=-0.5)),
        ("m44 = 2", with_entries(IDENTITY, m41=10, m42=20, m44=2)),
        ("m44 = -1 (every W < 0)", with_entries(IDENTITY, m44=-1)),
        ("random affine", random_affine_3d(rng)),
    ]
    rects = [(0.0, 0.0, 100.0, 50.0), (-50.0, -25.0, 100.0, 50.0),
             (100.0, 0.0, -100.0, 50.0), (10.0, 10.0, 0.0, 0.0),
             (-300.0, -300.0, 600.0, 600.0), (0.0, 0.0, 2.0, 1.0)]
    result = []
    for name, m in matrices:
        for rect in rects:
            box, min_w = T.bounding_box(m, rect)
            if box is not None:
                assert min_w > Fraction(1, 1000), (name, rect)
            result.append({"name": name, "matrix": out_list(m),
                           "rect": out_list(rect), "minW": out(min_w),
                           "output": out_list(box) if box is not None
                           else "infinite"})
    return result


COMPONENT_KEYS = ["rotation.x", "rotation.y", "rotation.z", "rotation",
                  "scale.x", "scale.y", "scale.z", "scale",
                  "translation.x", "translation.y", "translation.z"]


def key_path_components(rng):
    """Key-path values of ~30 decomposable matrices."""
    deg = PI / 180

    def rot(angle, x, y, z):
        return T.make_rotation(angle, x, y, z)

    def chain(*ms):
        """The product of the given matrices, each applied after the
        previous one, rounded to doubles."""
        result = T.identity()
        for m in ms:
            result = T.multiply(T.to_mpf_matrix(result), T.to_mpf_matrix(m))
        return doubles(result)

    matrices = [
        ("identity", IDENTITY),
        ("rotation x 0.5", doubles(rot(0.5, 1, 0, 0))),
        ("rotation y 0.5", doubles(rot(0.5, 0, 1, 0))),
        ("rotation z 0.5", doubles(rot(0.5, 0, 0, 1))),
        ("rotation x -1.2", doubles(rot(-1.2, 1, 0, 0))),
        ("rotation y -1.2", doubles(rot(-1.2, 0, 1, 0))),
        ("rotation z 2.5", doubles(rot(2.5, 0, 0, 1))),
        ("rotation z -3.0", doubles(rot(-3.0, 0, 0, 1))),
        ("rotation x 3.0", doubles(rot(3.0, 1, 0, 0))),
        ("rotation y 2.0 (reads x = z = pi, y = pi - 2)", doubles(rot(2.0, 0, 1, 0))),
        ("rotation y pi/2 (gimbal lock)", doubles(rot(PI / 2, 0, 1, 0))),
        ("rotation y -pi/2 (gimbal lock)", doubles(rot(-PI / 2, 0, 1, 0))),
        ("x 0.3, then y 0.4, then z 0.5",
         chain(rot(0.3, 1, 0, 0), rot(0.4, 0, 1, 0), rot(0.5, 0, 0, 1))),
        ("z 0.5, then y 0.4, then x 0.3",
         chain(rot(0.5, 0, 0, 1), rot(0.4, 0, 1, 0), rot(0.3, 1, 0, 0))),
        ("x -2.0, then y 1.0, then z 2.8",
         chain(rot(-2.0, 1, 0, 0), rot(1.0, 0, 1, 0), rot(2.8, 0, 0, 1))),
        ("x 1.0, then y pi/2, then z 0.5 (gimbal lock)",
         chain(rot(1.0, 1, 0, 0), rot(PI / 2, 0, 1, 0), rot(0.5, 0, 0, 1))),
        ("x 0.7, then z 0.4", chain(rot(0.7, 1, 0, 0), rot(0.4, 0, 0, 1))),
        ("rotation (1,1,1) 1.0", doubles(rot(1.0, 1, 1, 1))),
        ("rotation (1,2,3) 2.0", doubles(rot(2.0, 1, 2, 3))),
        ("scale 2, 3, 4", fields_of(T.make_scale(2, 3, 4))),
        ("uniform scale 0.5", fields_of(T.make_scale(0.5, 0.5, 0.5))),
        ("mirror x (scale -1, 1, 1)", fields_of(T.make_scale(-1, 1, 1))),
        ("mirror y (reads scale.x = -1, rotation.z = pi)",
         fields_of(T.make_scale(1, -1, 1))),
        ("scale -2, 3, 4 then rotation z 0.5",
         chain(T.make_scale(-2, 3, 4), rot(0.5, 0, 0, 1))),
        ("scale 2, 3, 4 then rotation z 30 deg then x 20 deg",
         chain(T.make_scale(2, 3, 4), rot(30 * deg, 0, 0, 1), rot(20 * deg, 1, 0, 0))),
        ("rotation z 0.5 then scale 2, 1, 1 (a shear appears)",
         chain(rot(0.5, 0, 0, 1), T.make_scale(2, 1, 1))),
        ("translation 10, -20, 30", fields_of(T.make_translation(10, -20, 30))),
        ("rotation z 0.3 then translation",
         chain(rot(0.3, 0, 0, 1), T.make_translation(100, 50, -25))),
        ("scale, rotation y -0.6, translation",
         chain(T.make_scale(1.5, 0.5, 2), rot(-0.6, 0, 1, 0),
               T.make_translation(-7, 8, 9))),
        ("perspective rotated y 0.7", doubles(T.rotate(PERSPECTIVE, 0.7, 0, 1, 0))),
        ("m44 = 2 translation (translation is the raw field)",
         with_entries(IDENTITY, m41=10, m42=20, m43=30, m44=2)),
    ]
    for i in range(3):
        angles = (uniform(rng, -3, 3), uniform(rng, -1.5, 1.5), uniform(rng, -3, 3))
        matrices.append((f"random x {angles[0]:.3f}, y {angles[1]:.3f}, z {angles[2]:.3f}",
                         chain(rot(angles[0], 1, 0, 0), rot(angles[1], 0, 1, 0),
                               rot(angles[2], 0, 0, 1))))
    result = []
    for name, m in matrices:
        values, gimbal = D.components(m)
        d = D.decompose(m)
        with mp.workdps(D.DPS):
            r0_2 = abs(D.rotation_rows(d.quaternion)[0][2])
            # No case sits where a double implementation could take the
            # other branch of the gimbal test.
            assert abs(r0_2 - (1 - D.GIMBAL)) > mpf("1e-14"), name
            near_pi = any(abs(abs(values[k]) - mp.pi) < mpf("1e-9")
                          for k in ("rotation.x", "rotation.z"))
        result.append({"name": name, "matrix": out_list(m),
                       "gimbalLock": gimbal,
                       "nearGimbalLock": bool(r0_2 > 1 - mpf("1e-6")),
                       "angleNearPi": bool(near_pi),
                       "values": {k: clean(values[k]) for k in COMPONENT_KEYS}})
    return result


def fields_of_rounded(rows):
    return doubles(rows)


# ---------------------------------------------------------------------------
# decomposition.json
# ---------------------------------------------------------------------------

def random_parameters(rng):
    """Random decomposition parameters for a well-conditioned matrix."""
    if rng.random() < 0.5:
        perspective = [uniform(rng, -0.002, 0.002), uniform(rng, -0.002, 0.002),
                       pick(rng, [-0.002, uniform(rng, -0.004, 0.0)]), 1.0]
    else:
        perspective = [0.0, 0.0, 0.0, 1.0]
    translate = [uniform(rng, -500, 500) for _ in range(3)]
    scale = [pick(rng, [1.0, -1.0]) * uniform(rng, 0.2, 3.0) for _ in range(3)]
    skew = [uniform(rng, -0.5, 0.5) if rng.random() < 0.5 else 0.0
            for _ in range(3)]
    while True:
        axis = [uniform(rng, -1, 1) for _ in range(3)]
        length = math.sqrt(sum(v * v for v in axis))
        if length > 0.1:
            break
    angle = uniform(rng, -PI, PI)
    with mp.workdps(D.DPS):
        s = mp.sin(mpf(angle) / 2) / mp.sqrt(sum(mpf(v) ** 2 for v in axis))
        q = [mpf(v) * s for v in axis] + [mp.cos(mpf(angle) / 2)]
        # p3 = 1 - t . p makes the recomposed m44 equal 1 (the matrix is
        # normalised, and its decomposition records m44 = 1).
        perspective[3] = 1 - sum(mpf(translate[k]) * mpf(perspective[k])
                                 for k in range(3))
    return D.Decomposition(perspective, translate, scale, skew, q)


def random_decomposable(rng):
    return doubles(D.recompose(random_parameters(rng)))


# Decomposition and interpolation run at D.DPS = 160 digits; a value whose
# exact counterpart is 0 comes out as noise below ~1e-155 (e.g. 1 - 2 (x^2 +
# y^2) with x^2 + y^2 = 1). Such values are written as 0. No genuine value
# of these cases comes anywhere near (the smallest is about 1e-67).
NOISE = mpf(10) ** -140


def clean(value):
    if value is None:
        return None
    if not isinstance(value, float) and abs(T.to_mpf(value)) < NOISE:
        return 0.0
    return out(value)


def clean_matrix(m):
    return [clean(v) for v in T.fields(T.as_rows(m))]


def decomposition_json(d):
    if d is None:
        return None
    return {k: [clean(x) for x in v] if isinstance(v, list) else clean(v)
            for k, v in d.fields().items()}


def decomposition_case(name, m):
    m = [float(v) for v in m]
    d = D.decompose(m)
    entry = {"name": name, "matrix": out_list(m),
             "decomposition": decomposition_json(d)}
    if d is None:
        entry.update({"recomposed": None, "roundTrip": None,
                      "nearHalfTurn": False})
        return entry
    error = D.round_trip_error(m)
    entry["recomposed"] = clean_matrix(D.recompose(d))
    entry["roundTrip"] = bool(error <= mpf("1e-40"))
    entry["nearHalfTurn"] = bool(abs(d.quaternion[3]) < NEAR_HALF_TURN)
    assert entry["roundTrip"], (name, error)
    return entry


def rotation(angle, x, y, z):
    return doubles(T.make_rotation(angle, x, y, z))


def affine(a, b, c, d, tx, ty):
    return fields_of(T.make_affine_transform(a, b, c, d, tx, ty))


def named_decomposition_matrices():
    deg = PI / 180
    P = PERSPECTIVE
    m = [
        ("identity", IDENTITY),
        ("translation", fields_of(T.make_translation(10, -20, 30.5))),
        ("scale", fields_of(T.make_scale(2, 3, 4))),
        ("uniform scale 0.04", fields_of(T.make_scale(0.04, 0.04, 0.04))),
        ("uniform scale 1e-13 (relative rule: decomposable)",
         fields_of(T.make_scale(1e-13, 1e-13, 1e-13))),
        ("uniform scale 1e-14 (relative rule: decomposable)",
         fields_of(T.make_scale(1e-14, 1e-14, 1e-14))),
        ("rotation z 0.3", rotation(0.3, 0, 0, 1)),
        ("rotation x 1.2", rotation(1.2, 1, 0, 0)),
        ("rotation y -0.7", rotation(-0.7, 0, 1, 0)),
        ("rotation (1,2,3) 2.0", rotation(2.0, 1, 2, 3)),
        ("rotation z pi", rotation(PI, 0, 0, 1)),
        ("rotation (1,1,0) pi", rotation(PI, 1, 1, 0)),
        ("rotation (1,-1,0) pi", rotation(PI, 1, -1, 0)),
        ("rotation z 2pi", rotation(2 * PI, 0, 0, 1)),
        ("rotation z 170 deg", rotation(170 * deg, 0, 0, 1)),
        ("rotation z -170 deg", rotation(-170 * deg, 0, 0, 1)),
        ("rotation (1,1,1) 170 deg", rotation(170 * deg, 1, 1, 1)),
        ("exact half turn z (scale -1,-1,1)", fields_of(T.make_scale(-1, -1, 1))),
        ("mirror x", fields_of(T.make_scale(-1, 1, 1))),
        ("mirror y", fields_of(T.make_scale(1, -1, 1))),
        ("mirror z", fields_of(T.make_scale(1, 1, -1))),
        ("point reflection (-1,-1,-1)", fields_of(T.make_scale(-1, -1, -1))),
        ("mirror x then rotation z 30 deg",
         doubles(T.concat(T.make_scale(-1, 1, 1), T.make_rotation(30 * deg, 0, 0, 1)))),
        ("mirror x then rotation z -30 deg",
         doubles(T.concat(T.make_scale(-1, 1, 1), T.make_rotation(-30 * deg, 0, 0, 1)))),
        ("swap x and y (affine 0 1 1 0)", affine(0, 1, 1, 0, 0, 0)),
        ("mirror with scale and translation (affine -2 0 0 3 5 6)",
         affine(-2, 0, 0, 3, 5, 6)),
        ("mirror with shear (affine -1 0 0.5 1 0 0: skew.xy flips with x)",
         affine(-1, 0, 0.5, 1, 0, 0)),
        ("mirror z with skews xz and yz",
         with_entries(fields_of(T.make_scale(1, 1, -1)), m31=0.4, m32=-0.3)),
        ("skew xy (affine shear c = 0.5)", affine(1, 0, 0.5, 1, 0, 0)),
        ("skew (affine b = 0.3)", affine(1, 0.3, 0, 1, 0, 0)),
        ("skew xz and yz", with_entries(IDENTITY, m31=0.4, m32=-0.3)),
        ("skew all three with scale",
         [2.0, 0.0, 0.0, 0.0, 0.6, 1.5, 0.0, 0.0,
          -0.5, 0.25, 0.75, 0.0, 0.0, 0.0, 0.0, 1.0]),
        ("perspective m34 = -1/500", P),
        ("perspective rotated y 0.7", doubles(T.rotate(P, 0.7, 0, 1, 0))),
        ("perspective rotated y then translated",
         doubles(T.translate(T.rotate(P, 0.7, 0, 1, 0), 10, 20, 30))),
        ("perspective rotated x 1.0", doubles(T.rotate(P, 1.0, 1, 0, 0))),
        ("general perspective column",
         with_entries(IDENTITY, m14=0.001, m24=-0.002, m34=0.003, m41=5, m42=6)),
        ("m44 = 2 (translation)", with_entries(IDENTITY, m41=1, m42=2, m43=3, m44=2)),
        ("m44 = -1", with_entries(IDENTITY, m41=1, m42=2, m43=3, m44=-1)),
        ("m44 = 0.5 with perspective, rotation and scale",
         with_entries(doubles(T.scale(T.rotate(P, 0.9, 1, 1, 0), 2, 3, 0.5)),
                      m44=0.5)),

        ("m44 = 0 (invertible: swap z and w)",
         with_entries(IDENTITY, m33=0, m34=1, m43=1, m44=0)),
        ("scale y 0", fields_of(T.make_scale(1, 0, 1))),
        ("scale z 0 with perspective",
         with_entries(fields_of(T.make_scale(1, 1, 0)), m34=-1 / 500)),
        ("all zero but m44", with_entries([0.0] * 16, m44=1)),
        ("dependent rows", [1.0, 2.0, 3.0, 0.0, 4.0, 5.0, 6.0, 0.0,
                            5.0, 7.0, 9.0, 0.0, 1.0, 1.0, 1.0, 1.0]),
        ("rows dependent to 1e-14 (|det P| 3e-14 <= threshold 8e-12)",
         [1.0, 2.0, 3.0, 0.0, 4.0, 5.0, 6.0, 0.0,
          5.0, 7.0, 9.0 + 1e-14, 0.0, 1.0, 1.0, 1.0, 1.0]),
        ("rows 1 and 2 parallel to 2.5e-15",
         with_entries(IDENTITY, m21=1, m22=2.5e-15)),
        ("non-finite (m41 = inf)", with_entries(IDENTITY, m41=math.inf)),
        ("non-finite (m12 = nan)", with_entries(IDENTITY, m12=math.nan)),
    ]
    return m


def interpolation_case(name, a, b):
    a = [float(v) for v in a]
    b = [float(v) for v in b]
    da, db = D.decompose(a), D.decompose(b)
    entry = {"name": name, "a": out_list(a), "b": out_list(b),
             "decomposable": [da is not None, db is not None]}
    if da is not None and db is not None:
        dot = D.quaternion_dot(da, db)
        entry["dot"] = out(dot)
        entry["flipped"] = bool(dot < 0)
        entry["nearlyOpposite"] = bool(abs(dot) < NEARLY_OPPOSITE)
    else:
        entry.update({"dot": None, "flipped": None, "nearlyOpposite": False})

    def samples(**options):
        result = []
        for p in SAMPLE_PROGRESS:
            matrix, blended = D.interpolate(a, b, p, **options)
            result.append({"p": out(p), "matrix": clean_matrix(matrix),
                           "decomposition": decomposition_json(blended)})
        return result
    entry["samples"] = samples()
    if entry["nearlyOpposite"]:
        entry["otherWaySamples"] = samples(flip=not entry["flipped"])
    if da is not None and db is not None:
        # Rule 2: the endpoints are A and B themselves (m44 included).
        for sample, end in ((entry["samples"][0], a), (entry["samples"][4], b)):
            assert sample["p"] in (0.0, 1.0)
            err = max(abs(x - y) for x, y in zip(sample["matrix"], end))
            assert err <= 1e-15 * max(1.0, max(abs(v) for v in end)), name
    return entry


def affine_interpolation_case(name, a, b):
    ma, mb = affine(*a), affine(*b)
    base = interpolation_case(name, ma, mb)
    det_a, det_b = a[0] * a[3] - a[1] * a[2], b[0] * b[3] - b[1] * b[2]

    def with_affine(samples):
        rows = []
        for s in samples:
            m = [float(v) for v in s["matrix"]]
            flag = T.is_affine(m)
            if all(base["decomposable"]):
                # Rule 4: every blend of two 2D matrices stays 2D.
                assert flag, (name, s["p"])
            rows.append({"p": s["p"], "matrix": s["matrix"], "isAffine": flag,
                         "affine": out_list(T.get_affine_transform(m))
                         if flag else None})
        return rows
    entry = {"name": name, "a": out_list(a), "b": out_list(b),
             "oppositeSigns": bool(det_a * det_b < 0)}
    for key in ("decomposable", "dot", "flipped", "nearlyOpposite"):
        entry[key] = base[key]
    for key in ("samples", "otherWaySamples"):
        if key in base:
            entry[key] = with_affine(base[key])
    return entry


def decomposition():
    rng = random.Random(SEED_DECOMPOSITION)
    deg = PI / 180
    P = PERSPECTIVE

    cases = [decomposition_case(n, m) for n, m in named_decomposition_matrices()]
    randoms = [random_decomposable(rng) for _ in range(40)]
    cases += [decomposition_case(f"random{i + 1:02d}", m)
              for i, m in enumerate(randoms)]

    pairs = [
        ("identity -> rotation z 2pi (no motion)", IDENTITY, rotation(2 * PI, 0, 0, 1)),
        ("identity -> rotation z pi (ambiguous)", IDENTITY, rotation(PI, 0, 0, 1)),
        ("identity -> rotation z pi/2", IDENTITY, rotation(PI / 2, 0, 0, 1)),
        ("rotation z 170 deg -> -170 deg (short way through 180)",
         rotation(170 * deg, 0, 0, 1), rotation(-170 * deg, 0, 0, 1)),
        ("rotation z 90 deg -> -90 deg (nearly opposite)",
         rotation(PI / 2, 0, 0, 1), rotation(-PI / 2, 0, 0, 1)),
        ("rotation x 1 -> rotation y 1", rotation(1.0, 1, 0, 0), rotation(1.0, 0, 1, 0)),
        ("rotation z 0.3 -> 0.3 + 1e-9 (nearly equal)",
         rotation(0.3, 0, 0, 1), rotation(0.3 + 1e-9, 0, 0, 1)),
        ("identity -> scale 2", IDENTITY, fields_of(T.make_scale(2, 2, 2))),
        ("identity -> translation", IDENTITY, fields_of(T.make_translation(100, -50, 25))),
        ("identity -> mirror x (opposite signs: scale.x 1 -> -1, stays 2D)",
         IDENTITY, fields_of(T.make_scale(-1, 1, 1))),
        ("mirror x -> mirror y (half turn about z: nearly opposite)",
         fields_of(T.make_scale(-1, 1, 1)), fields_of(T.make_scale(1, -1, 1))),
        ("rotation z 30 deg -> mirror x then rotation z 30 deg (opposite signs)",
         rotation(30 * deg, 0, 0, 1),
         doubles(T.concat(T.make_scale(-1, 1, 1), T.make_rotation(30 * deg, 0, 0, 1)))),
        ("identity -> mirror z (opposite signs, 3D)", IDENTITY,
         fields_of(T.make_scale(1, 1, -1))),
        ("skew -> identity", [2.0, 0.0, 0.0, 0.0, 0.6, 1.5, 0.0, 0.0,
                              -0.5, 0.25, 0.75, 0.0, 0.0, 0.0, 0.0, 1.0], IDENTITY),
        ("card flip: perspective -> perspective rotated y pi (ambiguous)",
         P, doubles(T.rotate(P, PI, 0, 1, 0))),
        ("perspective rotated y 0 -> 1.2", P, doubles(T.rotate(P, 1.2, 0, 1, 0))),
        ("perspective -> identity", P, IDENTITY),
        ("m44 = 2 translation -> identity (m44 blends 2 -> 1)",
         with_entries(IDENTITY, m41=1, m42=2, m43=3, m44=2), IDENTITY),
        ("m44 = 0.5 rotation -> m44 = 2 perspective (m44 blends 0.5 -> 2)",
         with_entries(rotation(0.6, 0, 0, 1), m44=0.5),
         with_entries(PERSPECTIVE, m41=3, m44=2)),
        ("identity -> scale y 0 (not decomposable: discrete)", IDENTITY,
         fields_of(T.make_scale(1, 0, 1))),
        ("m44 = 0 -> identity (discrete)",
         with_entries(IDENTITY, m33=0, m34=1, m43=1, m44=0), IDENTITY),
        ("swap x and y -> identity (opposite signs)", affine(0, 1, 1, 0, 0, 0),
         IDENTITY),
        ("non-finite -> identity (discrete)",
         with_entries(IDENTITY, m41=math.inf), IDENTITY),
        ("translated rotation -> scaled rotation",
         doubles(T.translate(T.make_rotation(0.4, 0, 0, 1), 10, 20, 0)),
         doubles(T.scale(T.make_rotation(2.0, 1, 1, 0), 2, 0.5, 1))),
    ]
    for i in range(20):
        pairs.append((f"random{i + 1:02d}", randoms[2 * i], randoms[2 * i + 1]))
    interpolations = [interpolation_case(n, a, b) for n, a, b in pairs]

    c30, s30 = math.cos(30 * deg), math.sin(30 * deg)
    affine_pairs = [
        ("identity -> rotation 90 deg", (1.0, 0.0, 0.0, 1.0, 0.0, 0.0),
         (0.0, 1.0, -1.0, 0.0, 0.0, 0.0)),
        ("rotation 30 + translation -> scale", (c30, s30, -s30, c30, 10.0, 20.0),
         (2.0, 0.0, 0.0, 0.5, -30.0, 40.0)),
        ("shear -> shear", (1.0, 0.0, 0.5, 1.0, 0.0, 0.0),
         (1.0, 0.3, -0.4, 1.0, 5.0, 5.0)),
        ("mirror x -> mirror y (both negative)",
         (-1.0, 0.0, 0.0, 1.0, 0.0, 0.0), (1.0, 0.0, 0.0, -1.0, 0.0, 0.0)),
        ("mirror 30 -> mirror x (both negative)",
         (-c30, -s30, -s30, c30, 0.0, 0.0), (-2.0, 0.0, 0.0, 1.0, 3.0, 0.0)),
        ("identity -> mirror x (opposite signs)",
         (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), (-1.0, 0.0, 0.0, 1.0, 0.0, 0.0)),
        ("identity -> mirror y (opposite signs)",
         (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), (1.0, 0.0, 0.0, -1.0, 0.0, 0.0)),
        ("rotation 30 -> rotation 30 then mirror x (opposite signs)",
         (c30, s30, -s30, c30, 0.0, 0.0), (-c30, s30, s30, c30, 0.0, 0.0)),
        ("rotation 30 + translation -> mirrored shear (opposite signs)",
         (c30, s30, -s30, c30, 10.0, 20.0), (-1.5, 0.0, 0.5, 1.0, -5.0, 8.0)),
        ("swap x and y -> identity (opposite signs)",
         (0.0, 1.0, 1.0, 0.0, 0.0, 0.0), (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)),
        ("identity -> singular (discrete)", (1.0, 0.0, 0.0, 1.0, 0.0, 0.0),
         (1.0, 2.0, 2.0, 4.0, 0.0, 0.0)),
    ]

    def random_affine(sign):
        while True:
            t = tuple(uniform(rng, -3, 3) for _ in range(4)) + \
                tuple(uniform(rng, -100, 100) for _ in range(2))
            det = t[0] * t[3] - t[1] * t[2]
            if abs(det) > 0.1 and (det > 0) == (sign > 0):
                return t
    for i in range(8):
        affine_pairs.append((f"random positive {i + 1}", random_affine(1),
                             random_affine(1)))
    for i in range(4):
        affine_pairs.append((f"random negative {i + 1}", random_affine(-1),
                             random_affine(-1)))
    for i in range(6):
        affine_pairs.append((f"random opposite signs {i + 1}", random_affine(1),
                             random_affine(-1)))
    affine_interpolations = [affine_interpolation_case(n, a, b)
                             for n, a, b in affine_pairs]

    return {"seed": SEED_DECOMPOSITION, "progress": out_list(SAMPLE_PROGRESS),
            "decompositions": cases, "interpolations": interpolations,
            "affineInterpolations": affine_interpolations}


# ---------------------------------------------------------------------------
# arc-length.json
# ---------------------------------------------------------------------------

QUARTER = 0.5522847498


def arc_case(name, points):
    seg = Segment(points)
    table = seg.table(ARC_TS)
    lookup = dict(table)
    total = table[-1][1]
    crit = seg.critical_points()
    speeds = [seg.speed(t) for t in [mpf(0), mpf(1)] + list(crit)]
    entry = {"name": name, "kind": seg.kind,
             "points": [out_list(p) for p in seg.raw],
             "length": out(total),
             "lengths": [{"t": out(t), "length": out(lookup[mpf(t)])}
                         for t in ARC_TS],
             "criticalPoints": out_list(crit),
             "minSpeed": out(min(speeds))}
    params = []
    for f in ARC_TS:
        t = seg.parameter_at(f, table)
        params.append({"fraction": out(f), "t": out(t),
                       "speed": out(seg.speed(t)) if t is not None else None})
    entry["parameters"] = params
    return entry


def arc_length():
    rng = random.Random(SEED_ARC_LENGTH)
    r, k = 100.0, 100.0 * QUARTER
    base = (123.456, -78.9)
    segments = [
        ("line 3-4-5", [(0.0, 0.0), (3.0, 4.0)]),
        ("line point (zero length)", [(7.0, 7.0), (7.0, 7.0)]),
        ("quadratic arch", [(0.0, 0.0), (50.0, 100.0), (100.0, 0.0)]),
        ("quadratic collinear with reversal", [(0.0, 0.0), (200.0, 0.0), (100.0, 0.0)]),
        ("quadratic point", [(1.0, 2.0), (1.0, 2.0), (1.0, 2.0)]),
        ("cubic straight uniform", [(0.0, 0.0), (10.0, 10.0), (20.0, 20.0), (30.0, 30.0)]),
        ("cubic straight, controls on the ends",
         [(0.0, 0.0), (0.0, 0.0), (100.0, 0.0), (100.0, 0.0)]),
        ("cubic straight with reversals",
         [(0.0, 0.0), (200.0, 0.0), (-100.0, 0.0), (100.0, 0.0)]),
        ("cubic symmetric S", [(0.0, 0.0), (100.0, 0.0), (0.0, 100.0), (100.0, 100.0)]),
        ("cubic cusp", [(0.0, 0.0), (100.0, 100.0), (0.0, 100.0), (100.0, 0.0)]),
        ("cubic loop", [(0.0, 0.0), (150.0, 100.0), (-50.0, 100.0), (100.0, 0.0)]),
        ("cubic near cusp", [(0.0, 0.0), (100.0, 100.0), (0.0, 100.0), (100.0, 0.001)]),
        ("cubic nearly degenerate (within 1e-9)",
         [base, (base[0] + 3e-10, base[1] + 1e-10), (base[0] + 7e-10, base[1] - 2e-10),
          (base[0] + 1e-9, base[1] + 4e-10)]),
        ("cubic point", [(5.0, 5.0)] * 4),
        ("quarter circle r = 100", [(r, 0.0), (r, k), (k, r), (0.0, r)]),
    ]
    for i in range(8):
        segments.append((f"random line {i + 1}",
                         [(uniform(rng, -500, 500), uniform(rng, -500, 500))
                          for _ in range(2)]))
    for i in range(8):
        segments.append((f"random quadratic {i + 1}",
                         [(uniform(rng, -500, 500), uniform(rng, -500, 500))
                          for _ in range(3)]))
    for i in range(16):
        segments.append((f"random cubic {i + 1}",
                         [(uniform(rng, -500, 500), uniform(rng, -500, 500))
                          for _ in range(4)]))
    return {"seed": SEED_ARC_LENGTH, "segments": [arc_case(n, p) for n, p in segments]}


def main():
    started = time.time()
    write("transforms.json", transforms())
    print(f"  after {time.time() - started:.1f} s", file=sys.stderr)
    write("decomposition.json", decomposition())
    print(f"  after {time.time() - started:.1f} s", file=sys.stderr)
    write("arc-length.json", arc_length())
    print(f"done in {time.time() - started:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()

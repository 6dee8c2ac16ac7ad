"""CATransform3D as 4x4 NumPy arrays of doubles: m[i, j] is the field m(i+1)(j+1), so the
array is the 16 fields in Core Animation's order, and row vectors multiply on the left:
concat(a, b) == a @ b applies a first."""

from dataclasses import dataclass

import numpy as np

from ._library import check, ffi, lib


def _fields(m):
    """The 16 fields of m (any array-like of 16 numbers or 4x4) as a C double[16]."""
    array = np.ascontiguousarray(m, dtype=np.float64)
    if array.size != 16:
        raise ValueError(f"a transform has 16 fields, got {array.size}")
    return ffi.from_buffer("double[16]", array), array


def _call(function, *arguments):
    out = np.empty((4, 4))
    check(function(*arguments, ffi.from_buffer("double[16]", out)))
    return out


def identity():
    return _call(lib.cadence_transform_identity)


def translation(tx, ty, tz):
    return _call(lib.cadence_transform_make_translation, tx, ty, tz)


def scale(sx, sy, sz):
    return _call(lib.cadence_transform_make_scale, sx, sy, sz)


def rotation(angle, x, y, z):
    """A rotation by angle radians about (x, y, z)."""
    return _call(lib.cadence_transform_make_rotation, angle, x, y, z)


def concat(a, b):
    """a then b (the product a @ b, as Cadence rounds it)."""
    (pa, _), (pb, _) = _fields(a), _fields(b)
    return _call(lib.cadence_transform_concat, pa, pb)


def invert(m):
    """(inverse, True), or (m unchanged, False) for a singular or non-finite m."""
    pm, _ = _fields(m)
    flag = ffi.new("bool *")
    out = np.empty((4, 4))
    check(lib.cadence_transform_invert(pm, ffi.from_buffer("double[16]", out), flag))
    return out, bool(flag[0])


def interpolate(a, b, t):
    """The transform a fraction t of the way from a to b, as Core Animation interpolates."""
    (pa, _), (pb, _) = _fields(a), _fields(b)
    out = np.empty((4, 4))
    check(lib.cadence_transform_interpolate(pa, pb, t, ffi.from_buffer("double[16]", out)))
    return out


@dataclass
class Decomposition:
    """Scale, shear (xy, xz, yz), rotation quaternion (x, y, z, w), translation, perspective
    row and m44 (docs/transforms.md)."""

    scale: tuple
    shear: tuple
    rotation: tuple
    translation: tuple
    perspective: tuple
    m44: float


def decompose(m):
    """(Decomposition, True), or (the identity's, False) for a singular or non-finite m."""
    pm, _ = _fields(m)
    parts = ffi.new("cadence_decomposed_transform *")
    flag = ffi.new("bool *")
    check(lib.cadence_transform_decompose(pm, parts, flag))
    return Decomposition(tuple(parts.scale), tuple(parts.shear), tuple(parts.rotation), tuple(parts.translation),
                         tuple(parts.perspective), parts.m44), bool(flag[0])


def recompose(d):
    parts = ffi.new("cadence_decomposed_transform *")
    parts.scale, parts.shear, parts.rotation = list(d.scale), list(d.shear), list(d.rotation)
    parts.translation, parts.perspective, parts.m44 = list(d.translation), list(d.perspective), d.m44
    out = np.empty((4, 4))
    check(lib.cadence_transform_recompose(parts, ffi.from_buffer("double[16]", out)))
    return out

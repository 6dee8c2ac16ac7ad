"""Cadence, Core Animation's math, from Python: a thin layer over the C API
(libCadenceC.so; see docs/c-api.md for every rule, which this package does not restate).

- TimingFunction: cubic Bezier timing functions (scalar or NumPy batch).
- MediaTiming, TimingState: CAMediaTiming's eight properties and the state at a time.
- identity, translation, scale, rotation, concat, invert, interpolate, decompose,
  recompose: CATransform3D as 4x4 NumPy arrays in field order (m[0, 3] is m14), row
  vectors, so concat(a, b) == a @ b.
- Animation, Scene: `cadence sample` requests and `cadence render` scenes.

Failures raise CadenceError with cadence_last_error()'s message."""

from ._library import CadenceError, check, ffi, lib
from .animation import Animation, Scene
from .timing import MediaTiming, TimingFunction, TimingState
from .transform import Decomposition, concat, decompose, identity, interpolate, invert, recompose, rotation, scale, translation


def version():
    """The library's ABI version, (major, minor)."""
    major, minor = ffi.new("uint32_t *"), ffi.new("uint32_t *")
    check(lib.cadence_version(major, minor))
    return major[0], minor[0]


def live_handle_count():
    """The number of live C handles (a leak check for tests)."""
    count = ffi.new("size_t *")
    check(lib.cadence_live_handle_count(count))
    return count[0]


__all__ = [
    "Animation", "CadenceError", "Decomposition", "MediaTiming", "Scene", "TimingFunction", "TimingState",
    "concat", "decompose", "identity", "interpolate", "invert", "live_handle_count", "recompose", "rotation",
    "scale", "translation", "version",
]

"""Animations (`cadence sample` requests) and scenes (`cadence render` documents)."""

import json as _json

import numpy as np

from ._handle import Handle
from ._library import check, ffi, lib


def _document(document):
    """The UTF-8 bytes of a document given as bytes, text, or a JSON-serialisable object."""
    if isinstance(document, (bytes, bytearray, memoryview)):
        return bytes(document)
    if isinstance(document, str):
        return document.encode("utf-8", "surrogateescape")
    return _json.dumps(document).encode("utf-8")


class Animation(Handle):
    """The animations of one key path, from a `cadence sample` request (bytes, text, or a
    dict); `times` may be left out. Immutable, so one may be shared by threads."""

    def __init__(self, request):
        data = _document(request)
        out = ffi.new("cadence_animation **")
        check(lib.cadence_animation_create_json(ffi.from_buffer("char[]", data), len(data), out))
        super().__init__(out[0], lib.cadence_animation_destroy)
        count = ffi.new("size_t *")
        check(lib.cadence_animation_value_count(self.pointer, count))
        self.value_count = count[0]

    @property
    def times(self):
        """The request's own times."""
        count = ffi.new("size_t *")
        check(lib.cadence_animation_request_times(self.pointer, ffi.NULL, 0, count))
        times = np.empty(count[0])
        check(lib.cadence_animation_request_times(self.pointer, ffi.from_buffer("double[]", times), times.size, count))
        return times

    def evaluate(self, time):
        """The presentation value at `time` (an array of value_count numbers); an array of
        times gives an array of shape (len(times), value_count)."""
        values, _ = self.evaluate_with_rotation(time)
        return values

    def evaluate_with_rotation(self, time):
        """(values, rotations) as evaluate; rotations are NaN where no path animation with a
        rotation mode is in effect."""
        scalar = np.ndim(time) == 0
        times = np.ascontiguousarray(np.atleast_1d(time), dtype=np.float64)
        values = np.empty((times.size, self.value_count))
        rotations = np.empty(times.size)
        check(lib.cadence_animation_evaluate_batch(
            self.pointer, ffi.from_buffer("double[]", times), times.size, ffi.from_buffer("double[]", values), values.size,
            ffi.from_buffer("double[]", rotations)))
        return (values[0], rotations[0]) if scalar else (values, rotations)


class Scene(Handle):
    """A scene document; `contents` paths are relative to base_directory (default: the
    working directory). Renders on one scene run one at a time."""

    def __init__(self, document, base_directory=None):
        data = _document(document)
        folder = ffi.NULL if base_directory is None else str(base_directory).encode("utf-8", "surrogateescape")
        out = ffi.new("cadence_scene **")
        check(lib.cadence_scene_create_json(ffi.from_buffer("char[]", data), len(data), folder, out))
        super().__init__(out[0], lib.cadence_scene_destroy)

    @property
    def size(self):
        """(width, height) in pixels."""
        width, height = ffi.new("size_t *"), ffi.new("size_t *")
        check(lib.cadence_scene_pixel_size(self.pointer, width, height))
        return width[0], height[0]

    def render(self, time, premultiplied=False, threads=0):
        """The frame at `time` as an array of shape (height, width, 4), 8-bit RGBA."""
        width, height = self.size
        pixels = np.empty((height, width, 4), dtype=np.uint8)
        pixel_format = lib.CADENCE_PIXELS_RGBA_PREMULTIPLIED if premultiplied else lib.CADENCE_PIXELS_RGBA
        check(lib.cadence_scene_render(
            self.pointer, time, ffi.from_buffer("uint8_t[]", pixels), width, height, 4 * width, pixels.size,
            pixel_format, threads))
        return pixels

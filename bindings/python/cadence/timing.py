"""Timing functions and media timing."""

from dataclasses import dataclass

import numpy as np

from ._handle import Handle
from ._library import CadenceError, check, ffi, lib


class TimingFunction(Handle):
    """A cubic Bezier timing function through (c1x, c1y) and (c2x, c2y). Immutable, so one
    may be shared by threads."""

    def __init__(self, c1x, c1y, c2x, c2y):
        out = ffi.new("cadence_timing_function **")
        check(lib.cadence_timing_function_create(c1x, c1y, c2x, c2y, out))
        super().__init__(out[0], lib.cadence_timing_function_destroy)

    @classmethod
    def named(cls, name):
        """"linear", "easeIn", "easeOut", "easeInEaseOut", "default", or "c1x,c1y,c2x,c2y"."""
        out = ffi.new("cadence_timing_function **")
        check(lib.cadence_timing_function_create_named(name.encode("utf-8", "surrogateescape"), out))
        function = cls.__new__(cls)
        Handle.__init__(function, out[0], lib.cadence_timing_function_destroy)
        return function

    @property
    def control_points(self):
        out = ffi.new("double[4]")
        check(lib.cadence_timing_function_control_points(self.pointer, out))
        return tuple(out)

    def progress(self, x):
        """Output progress for input progress x: a number, or an array of them (a batch)."""
        if np.ndim(x) == 0:
            y = ffi.new("double *")
            check(lib.cadence_timing_function_progress(self.pointer, float(x), y))
            return y[0]
        xs = np.ascontiguousarray(x, dtype=np.float64)
        ys = np.empty_like(xs)
        check(lib.cadence_timing_function_progress_batch(
            self.pointer, ffi.from_buffer("double[]", xs), xs.size, ffi.from_buffer("double[]", ys), ys.size))
        return ys

    def correctly_rounded_progress(self, x):
        y = ffi.new("double *")
        check(lib.cadence_timing_function_progress_correctly_rounded(self.pointer, float(x), y))
        return y[0]

    def velocity(self, x):
        """The slope dy/dx at input progress x."""
        slope = ffi.new("double *")
        check(lib.cadence_timing_function_velocity(self.pointer, float(x), slope))
        return slope[0]


FILL_MODES = {"removed": 0, "forwards": 1, "backwards": 2, "both": 3}
PHASES = ["before", "active", "after", "undefined"]


@dataclass(frozen=True)
class TimingState:
    phase: str
    in_effect: bool
    reversed: bool
    iteration: int
    local_time: float
    basic_time: float
    progress: float


@dataclass
class MediaTiming:
    """CAMediaTiming's eight properties, Core Animation's defaults. fill_mode is
    "removed", "forwards", "backwards" or "both" (or the C enumeration's number)."""

    begin_time: float = 0.0
    duration: float = 0.0
    speed: float = 1.0
    time_offset: float = 0.0
    repeat_count: float = 0.0
    repeat_duration: float = 0.0
    autoreverses: bool = False
    fill_mode: object = "removed"

    def _c(self):
        timing = ffi.new("cadence_media_timing *")
        timing.begin_time, timing.duration, timing.speed = self.begin_time, self.duration, self.speed
        timing.time_offset, timing.repeat_count = self.time_offset, self.repeat_count
        timing.repeat_duration, timing.autoreverses = self.repeat_duration, bool(self.autoreverses)
        fill = self.fill_mode
        if isinstance(fill, str):
            if fill not in FILL_MODES:
                expected = ", ".join(FILL_MODES)
                raise CadenceError("CADENCE_ERROR_INVALID_ARGUMENT", f"cadence: fill_mode: unknown fill mode {fill!r} (expected {expected})")
            fill = FILL_MODES[fill]
        timing.fill_mode = fill  # a number outside the enumeration: the C API refuses it
        return timing

    def state(self, parent_time, default_duration=0.25):
        """The state at parent_time; default_duration is what a duration of 0 means."""
        state = ffi.new("cadence_timing_state *")
        check(lib.cadence_media_timing_state(self._c(), default_duration, parent_time, state))
        return _state(state[0])

    def states(self, parent_times, default_duration=0.25):
        """The states at each of parent_times, as a list."""
        times = np.ascontiguousarray(parent_times, dtype=np.float64)
        states = ffi.new("cadence_timing_state[]", max(times.size, 1))
        check(lib.cadence_media_timing_state_batch(
            self._c(), default_duration, ffi.from_buffer("double[]", times), times.size, states, times.size))
        return [_state(states[i]) for i in range(times.size)]

    def local_time(self, parent_time):
        """(parent_time - begin_time) * speed + time_offset."""
        out = ffi.new("double *")
        check(lib.cadence_media_timing_local_time(self._c(), parent_time, out))
        return out[0]

    def parent_time(self, local_time):
        """The inverse of local_time (begin_time when speed is 0)."""
        out = ffi.new("double *")
        check(lib.cadence_media_timing_parent_time(self._c(), local_time, out))
        return out[0]


def _state(s):
    return TimingState(PHASES[s.phase], bool(s.in_effect), bool(s.reversed), int(s.iteration), s.local_time,
                       s.basic_time, s.progress)

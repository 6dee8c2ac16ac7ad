#!/usr/bin/env python3
"""Blend2D drawing the compositor benchmarks' primitives: the limit to measure against.

Blend2D (JIT-compiled pipelines) is the fastest CPU 2D rasteriser known to this project.
Its Python package (PyPI `blend2d-py`, bindings over nanobind) draws through the same
library a C++ program would; the bindings add a fixed cost per call, measured below and
subtracted. Not part of CI's pass/fail: `Benchmarks/run.sh --peers` runs this after the
Swift benchmarks, in a virtual environment it makes, so both land in one report.

The primitives, as `CompositorBenchmarks.swift` draws them (one thread, premultiplied
32-bit pixels, pixel centres at half-integers):
- an opaque colour filling a 1920 x 1080 canvas;
- a 512 x 512 rectangle of constant colour at alpha 0.6 over an opaque 512 x 512 canvas;
- an opaque 512 x 512 rectangle turned 30 degrees about its centre on a 720 x 720 canvas.

Output: one line per primitive, `name  median µs per call  ns per pixel  (N repetitions)`,
the median of the repetitions, each the mean of a timed loop.
"""

import math
import os
import statistics
import sys
import time

# This file shares the package's name: import the package, not itself.
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]
import blend2d  # noqa: E402


def timed(draw, calls, repetitions=7):
    """Median over `repetitions` of the mean time of `calls` calls of `draw`, in seconds."""
    draw()  # warm: the JIT compiles the pipeline on first use
    samples = []
    for _ in range(repetitions):
        start = time.perf_counter()
        for _ in range(calls):
            draw()
        samples.append((time.perf_counter() - start) / calls)
    return statistics.median(samples)


def main():
    # The bindings' cost of one call that draws nothing: a save and a restore.
    probe = blend2d.Context(blend2d.Image(8, 8))
    overhead = timed(lambda: (probe.save(), probe.restore()), 20000) / 2
    probe.end()

    def context(width, height, rgba, background=None):
        """A context over a new `width` x `height` image filling with `rgba` by source-over,
        first cleared to `background` when given."""
        ctx = blend2d.Context(blend2d.Image(width, height))
        if background is not None:
            ctx.set_comp_op(blend2d.CompOp.SRC_COPY)
            ctx.set_fill_style_rgba(*background)
            ctx.fill_all()
        ctx.set_comp_op(blend2d.CompOp.SRC_OVER)
        ctx.set_fill_style_rgba(*rgba)
        return ctx

    fill = context(1920, 1080, (51, 140, 230, 255))
    over = context(512, 512, (230, 128, 26, 153), background=(32, 64, 96, 255))
    rotated = context(720, 720, (51, 140, 230, 255))
    rotated.translate(360, 360)
    rotated.rotate(math.pi / 6)
    results = [
        ("peer: Blend2D fill_rect opaque 1920x1080", 1920 * 1080,
         timed(lambda: fill.fill_rect(0, 0, 1920, 1080), 200)),
        ("peer: Blend2D fill_rect OVER 512x512 alpha 0.6 on an opaque canvas", 512 * 512,
         timed(lambda: over.fill_rect(0, 0, 512, 512), 1000)),
        ("peer: Blend2D fill_rect opaque 512x512 rotated 30deg on 720x720", 512 * 512,
         timed(lambda: rotated.fill_rect(-256, -256, 512, 512), 1000)),
    ]

    for context in (fill, over, rotated):
        context.end()

    print(f"Blend2D {blend2d.version() if callable(getattr(blend2d, 'version', None)) else blend2d.version}, "
          f"binding overhead {overhead * 1e6:.3f} µs per call (subtracted)")
    for name, pixels, seconds in results:
        net = max(seconds - overhead, 0)
        print(f"{name:<72} {net * 1e6:10.2f} µs {net * 1e9 / pixels:8.4f} ns/pixel")
    return 0


if __name__ == "__main__":
    sys.exit(main())

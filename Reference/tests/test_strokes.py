"""Checks of the stroke goldens (Reference/render/strokes.py).

    python3 -m pytest Reference/tests/test_strokes.py

Needs pycairo (Debian: apt-get install python3-cairo); skipped without it.
"""

import json
import os

import pytest

from conftest import PYCAIRO, REFERENCE

S = pytest.importorskip("strokes", reason=PYCAIRO)

GOLDENS = os.path.join(REFERENCE, "goldens", "strokes")


def test_grid_is_what_strokes_py_writes():
    _, grid = S.render_atlas()
    with open(os.path.join(GOLDENS, "cases.json")) as f:
        assert json.load(f) == grid


def test_atlas_matches_a_fresh_render():
    atlas, _ = S.render_atlas()
    golden = S.cairo.ImageSurface.create_from_png(os.path.join(GOLDENS, "strokes.png"))
    assert (golden.get_width(), golden.get_height()) == (atlas.get_width(), atlas.get_height())
    assert bytes(golden.get_data()) == bytes(atlas.get_data())


def test_grid_has_675_cases_and_widths_from_a_tenth_to_a_hundred():
    assert len(S.cases()) == 675
    assert min(S.WIDTHS) == 0.1 and max(S.WIDTHS) == 100


def test_a_butt_line_covers_its_rectangle_exactly():
    # A horizontal butt-capped line on whole pixels: alpha 255 inside, 0 outside.
    surface = S.cairo.ImageSurface(S.cairo.FORMAT_A8, 16, 8)
    cr = S.cairo.Context(surface)
    cr.set_line_width(2)
    cr.move_to(2, 4)
    cr.line_to(10, 4)
    cr.stroke()
    data, stride = surface.get_data(), surface.get_stride()
    for y in range(8):
        for x in range(16):
            inside = 2 <= x < 10 and 3 <= y < 5
            assert data[y * stride + x] == (255 if inside else 0), (x, y)

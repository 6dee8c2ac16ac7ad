"""Checks of the text goldens (Reference/render/text.py).

    python3 -m pytest Reference/tests/test_text.py

Needs pycairo (Debian: apt-get install python3-cairo) and fonts-dejavu-core; skipped
without pycairo.
"""

import json
import os

import pytest

from conftest import PYCAIRO

T = pytest.importorskip("text", reason=PYCAIRO)

NAMES = sorted(n[:-5] for n in os.listdir(T.SCENES) if n.endswith(".json"))


def scene(name):
    with open(os.path.join(T.SCENES, name + ".json")) as f:
        return json.load(f)


@pytest.mark.parametrize("name", NAMES)
def test_goldens_match_a_fresh_render(name):
    surface, record = T.render(scene(name))
    golden = T.cairo.ImageSurface.create_from_png(os.path.join(T.GOLDENS, name + ".png"))
    assert bytes(golden.get_data()) == bytes(surface.get_data())
    with open(os.path.join(T.GOLDENS, name + ".glyphs.json")) as f:
        assert f.read() == T.glyphs_json(record)


def test_kerning_is_read_from_the_kern_table():
    face = T.Face("DejaVu Sans", 100)
    assert face.kern(face.glyph("A"), face.glyph("V")) < 0
    assert face.kern(face.glyph("o"), face.glyph("o")) == 0
    assert face.width("AV") < face.advance(face.glyph("A")) + face.advance(face.glyph("V"))


def differences(a, b):
    da, db = a.get_data(), b.get_data()
    diffs = [abs(x - y) for x, y in zip(da, db)]
    return sum(diffs) / len(diffs) * 4 / 3, max(diffs)  # per colour channel (alpha is 255 in both)


def test_a_quarter_pixel_shift_fails_the_swift_metric():
    """TextGoldenTests allows a mean of 0.4 and a largest difference of 24 per channel: text
    moved right by a quarter pixel is far outside both."""
    moved = scene("text-paragraph")
    for layer in moved["layers"]:
        layer["frame"][0] += 0.25
    a, _ = T.render(scene("text-paragraph"))
    b, _ = T.render(moved)
    mean, largest = differences(a, b)
    assert largest > 48 and mean > 0.8, (mean, largest)

"""Checks of the reference renderer (Reference/render/) and of the golden images.

    python3 -m pytest Reference/tests/test_render.py

Needs pycairo (Debian: apt-get install python3-cairo); skipped without it.
"""

import glob
import json
import math
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(REFERENCE, "render"))

try:
    import render_scene as R  # noqa: E402
except ImportError:  # pragma: no cover
    pytest.skip("pycairo is not installed (apt-get install python3-cairo)", allow_module_level=True)
import compare as C  # noqa: E402
import make_scenes as M  # noqa: E402

SCENES = os.path.join(REFERENCE, "scenes")
IMAGES = os.path.join(REFERENCE, "goldens", "images")
SCENE_NAMES = sorted(os.path.splitext(os.path.basename(p))[0] for p in glob.glob(os.path.join(SCENES, "*.json")))

WHITE = (255, 255, 255, 255)


def pixels(surface):
    """Rows of premultiplied RGBA (cairo stores native-endian ARGB32: B G R A here)."""
    w, h, st = surface.get_width(), surface.get_height(), surface.get_stride()
    data = bytes(surface.get_data())
    assert sys.byteorder == "little"
    rows = []
    for y in range(h):
        row = bytearray(w * 4)
        for x in range(w):
            b, g, r, a = data[y * st + 4 * x:y * st + 4 * x + 4]
            row[4 * x:4 * x + 4] = bytes((r, g, b, a))
        rows.append(bytes(row))
    return rows


def px(rows, x, y):
    return tuple(rows[y][4 * x:4 * x + 4])


def golden(name):
    _, _, rows = C.read_png(os.path.join(IMAGES, name + ".png"))
    return C.premultiplied(rows)


def render(doc):
    return pixels(R.render(doc))


def one_layer_scene(layer, width=32, height=32, scale=1):
    return {"canvas": {"width": width, "height": height, "scale": scale, "background": [1, 1, 1, 1]},
            "layers": [layer]}


# --- the files ---------------------------------------------------------------------

def test_at_least_22_scenes_each_with_a_golden():
    assert len(SCENE_NAMES) >= 22
    for name in SCENE_NAMES:
        assert os.path.exists(os.path.join(IMAGES, name + ".png")), name
    assert sorted(SCENE_NAMES) == sorted(M.SCENE_LIST), "make_scenes.py and scenes/ disagree"


@pytest.mark.parametrize("name", SCENE_NAMES)
def test_scene_file_is_what_make_scenes_writes(name):
    with open(os.path.join(SCENES, name + ".json")) as f:
        assert f.read() == M.dumps(M.SCENE_LIST[name]())


@pytest.mark.parametrize("name", SCENE_NAMES)
def test_golden_matches_a_fresh_render(name):
    with open(os.path.join(SCENES, name + ".json")) as f:
        surface = R.render(json.load(f))
    fresh = pixels(surface)
    result = C.compare_rows(surface.get_width(), surface.get_height(), golden(name), fresh)
    assert result.passed, result.summary()
    # With the cairo the goldens were made with, the render is identical.
    assert max(result.means) < 0.05, result.summary()


# --- basic facts -------------------------------------------------------------------

def test_pixel_aligned_rect_covers_exactly_its_pixels():
    for scale in (1, 2):
        doc = one_layer_scene({"frame": [10, 10, 10, 10], "backgroundColor": [0.2, 0.4, 0.6, 1]},
                              width=32, height=32, scale=scale)
        rows = render(doc)
        lo, hi = 10 * scale, 20 * scale
        for y in range(32 * scale):
            for x in range(32 * scale):
                inside = lo <= x < hi and lo <= y < hi
                assert px(rows, x, y) == ((51, 102, 153, 255) if inside else WHITE), (scale, x, y)


def test_seed_frame_example():
    # The guide: position (100, 100), bounds (0, 0, 120, 80), anchor (0.5, 0.5) → frame (40, 60, 120, 80).
    rows = render(one_layer_scene({"bounds": [0, 0, 120, 80], "position": [100, 100],
                                   "backgroundColor": [0, 0, 0, 1]}, width=200, height=200))
    covered = [(x, y) for y in range(200) for x in range(200) if px(rows, x, y) != WHITE]
    assert len(covered) == 120 * 80
    assert min(covered) == (40, 60) and max(covered) == (159, 139)


def test_golden_pixel_aligned_rects_are_exact():
    g = golden("pixel-aligned-rects")
    red = (204, 51, 51, 255)
    assert px(g, 10, 10) == red and px(g, 49, 29) == red  # box(10, 10, 40, 30), above the translucent one
    assert px(g, 9, 10) == WHITE and px(g, 10, 9) == WHITE and px(g, 50, 15) == WHITE
    assert px(g, 10, 39) == red and px(g, 10, 40) == WHITE
    # the translucent frame (30, 30, 60, 60), colour (0.2, 0.8, 0.4, 0.6): over white, then over red
    assert px(g, 49, 40) == (132, 224, 163, 255) and px(g, 30, 30) == px(g, 49, 39)
    assert px(g, 29, 39) == red and px(g, 30, 29) == red


def test_perspective_matrix_closed_form():
    # A layer rotated by θ about y under a stage with m34 = −1/d: a point u to the right of
    # the layer's anchor lands at X = cx + (px − cx + u·cosθ) / (1 + u·sinθ / d).
    d, theta = 500.0, math.radians(45)
    stage = R.parse_layer(M.stage([]), "stage")
    child = R.parse_layer(M.layer(bounds=[0, 0, 90, 70], position=[70, 70], transform=M.ry(45)), "child")
    h = R.plane_homography(R.matrix_to_superlayer(child, stage))
    for u, v in ((-45, -35), (45, -35), (45, 35), (0, 0)):
        X, Y, W = [(u + 45) * h[0][j] + (v + 35) * h[1][j] + h[2][j] for j in range(3)]
        w = 1 + u * math.sin(theta) / d
        assert X / W == pytest.approx(128 + (70 - 128 + u * math.cos(theta)) / w, abs=1e-9)
        assert Y / W == pytest.approx(128 + (70 - 128 + v) / w, abs=1e-9)


def test_opacity_group_hides_the_overlap():
    g = golden("opacity-group")
    # group at (20, 40): red (20…100, 40…160), blue (40…120, 100…220), opacity 0.5, over (1, 1, 0.8)
    overlap, blue_only = px(g, 60, 105), px(g, 110, 105)
    assert overlap == blue_only
    for got, want in zip(overlap, (0.5 * 51 + 0.5 * 255, 0.5 * 102 + 0.5 * 255, 0.5 * 204 + 0.5 * 204, 255)):
        assert abs(got - want) <= 1
    # per-child alpha instead of a group: the overlap differs from the blue-only part
    assert px(g, 176, 105) != px(g, 226, 105)


def test_border_is_above_sublayers_and_sublayers_are_not_clipped():
    g = golden("borders-over-sublayers")
    assert px(g, 33, 60) == (51, 51, 51, 255)   # left border over the red sublayer
    assert px(g, 20, 60) == (204, 51, 51, 255)  # the red sublayer outside the bounds
    assert px(g, 50, 60) == (204, 51, 51, 255)  # inside the border


def test_rounded_clip_removes_the_corner():
    g = golden("clip-rounded")
    assert px(g, 31, 31) == WHITE                  # inside the bounds, outside the rounded corner
    assert px(g, 20, 20) == WHITE                  # outside the bounds
    assert px(g, 60, 60) == (51, 102, 204, 255)    # blue sublayer


def test_culled_layers_draw_nothing():
    assert px(golden("double-sided"), 64, 50) == WHITE     # ry(180), doubleSided false
    assert px(golden("double-sided"), 64, 128) == WHITE    # ry(130), doubleSided false
    assert px(golden("double-sided"), 192, 128) == (51, 153, 51, 255)  # ry(30), doubleSided false
    assert px(golden("hidden-layers"), 45, 45) == WHITE    # child of a hidden layer


def test_back_facing_is_the_sign_of_the_plane_homography():
    stage = R.parse_layer(M.stage([]), "stage")

    def back(deg, x):
        child = R.parse_layer(M.layer(bounds=[0, 0, 80, 60], position=[x, 128], transform=M.ry(deg)), "c")
        return R.det3(R.plane_homography(R.matrix_to_superlayer(child, stage))) < 0
    # in front of the eye (the stage's anchor, 500 points away): the turn at 90°
    for deg, facing_away in ((30, False), (89, False), (91, True), (180, True), (-120, True), (-89, False)):
        assert back(deg, 128) == facing_away, deg
    # 64 points to the left the eye sees the plane at atan(64/500) ≈ 7.3° off axis: the
    # turn moves to 90° + 7.3° (what the viewer sees, not the sign of the normal's z)
    assert back(97, 64) is False and back(98, 64) is True


def test_polygon_path_matches_cairo_arcs():
    # A tiny m14 sends the layer down the projective (flattened polygon) path.
    layer = {"bounds": [0, 0, 100, 60], "position": [64, 64], "cornerRadius": 20, "borderWidth": 6,
             "backgroundColor": [0.2, 0.4, 0.8, 1], "borderColor": [0, 0, 0, 1], "transform": M.rz(20)}
    affine = render(one_layer_scene(layer, 128, 128))
    tilted = dict(layer, transform=M.rz(20)[:3] + [1e-12] + M.rz(20)[4:])
    projective = render(one_layer_scene(tilted, 128, 128))
    result = C.compare_rows(128, 128, affine, projective)
    assert result.passed and max(result.means) < 0.2, result.summary()


def test_refuses_what_it_does_not_draw():
    for bad in ({"shadowOpacity": 0.5}, {"contents": "a.png"}, {"geometryFlipped": True},
                {"animations": {"a": {"type": "basic", "keyPath": "opacity"}}},
                {"opacity": 2}, {"bounds": [0, 0, 1]}, {"cornerRadius": float("nan")}):
        with pytest.raises(R.SceneError):
            R.render(one_layer_scene(dict({"bounds": [0, 0, 10, 10]}, **bad)))
    with pytest.raises(R.SceneError):
        R.render({"canvas": {"width": 0, "height": 10}, "layers": []})


# --- the metric --------------------------------------------------------------------

def _image(width, height, fn):
    return [bytes(v for x in range(width) for v in fn(x, y)) for y in range(height)]


def test_metric_edges_and_limits():
    # golden: left half black, right half white (premultiplied opaque)
    g = _image(6, 6, lambda x, y: (0, 0, 0, 255) if x < 3 else WHITE)
    edge = C.edge_mask(6, 6, g)
    assert [[int(e) for e in row] for row in edge] == [[0, 0, 1, 1, 0, 0]] * 6
    # a large difference on an edge pixel passes the per-pixel test
    r = _image(6, 6, lambda x, y: (128, 128, 128, 255) if (x, y) == (2, 2) else
               ((0, 0, 0, 255) if x < 3 else WHITE))
    res = C.compare_rows(6, 6, g, r)
    assert res.worst == 0 and res.passed is False  # but the mean of R is 128/36 > 1
    assert res.means[0] == pytest.approx(128 / 36)
    # 8 off an edge passes, 9 fails
    for delta, ok in ((8, True), (9, False)):
        r = _image(6, 6, lambda x, y: (delta, 0, 0, 255) if (x, y) == (0, 0) else
                   ((0, 0, 0, 255) if x < 3 else WHITE))
        res = C.compare_rows(6, 6, g, r)
        assert res.passed is ok and res.worst == delta


def test_png_round_trip_and_premultiplication(tmp_path):
    rows = _image(5, 3, lambda x, y: (x * 50, y * 100, 7, 0 if x == 0 else 51 * x))
    path = str(tmp_path / "t.png")
    C.write_png(path, 5, 3, rows)
    w, h, back = C.read_png(path)
    assert (w, h, back) == (5, 3, rows)
    pre = C.premultiplied(back)
    for y in range(3):
        for x in range(5):
            c = rows[y][4 * x:4 * x + 4]
            a = c[3]
            assert px(pre, x, y) == tuple([round(v * a / 255) for v in c[:3]] + [a])

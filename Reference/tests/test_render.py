"""Checks of the reference renderer (Reference/render/) and of the golden images.

    python3 -m pytest Reference/tests/test_render.py

Needs pycairo, numpy and mpmath (Debian: apt-get install python3-cairo python3-numpy
python3-mpmath); skipped without them.
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
    import numpy  # noqa: E402,F401
    import mpmath  # noqa: E402,F401
except ImportError:  # pragma: no cover
    pytest.skip("pycairo, numpy or mpmath is not installed "
                "(apt-get install python3-cairo python3-numpy python3-mpmath)", allow_module_level=True)
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
        surface = R.render(json.load(f), base_dir=SCENES)
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


def test_masked_corners():
    g = golden("corner-masks")
    blue = (51, 102, 204, 255)
    # Each 50 × 40 box at x0 = 10, 70, 130, 190 (y 10…50) has one corner of radius 16:
    # the pixel at that corner is white, the pixels at the three others blue.
    corners = [(0, 0), (49, 0), (0, 39), (49, 39)]
    for i, x0 in enumerate((10, 70, 130, 190)):
        for j, (dx, dy) in enumerate(corners):
            assert px(g, x0 + dx, 10 + dy) == (WHITE if i == j else blue), (i, j)
    # No corner masked: a square corner despite cornerRadius 20, the border's colour.
    assert px(g, 105, 65) == (0, 0, 0, 255)


def test_continuous_corner_lies_where_the_superellipse_is():
    # corner-continuous-large: 250 × 250 at (3, 3), r = 80, border 6. The curve is
    # (qx/L)^n + (qy/L)^n = 1, L = 1.528·r, n from the circle's depth at 45°, computed
    # here from those two statements. 60 points along the top edge from the corner, it
    # lies `inset` below the edge: more than 4 (the circle's would be 2.54), so pixel row
    # 6 (insets 3…4) is white and row 8 (insets 5…6) is the border.
    r, L = 80.0, 1.528 * 80.0
    n = math.log(2) / -math.log(1 - (1 - 1 / math.sqrt(2)) * r / L)
    assert abs(L * (1 - 2 ** (-1 / n)) - r * (1 - 1 / math.sqrt(2))) < 1e-9
    t = (L - 60) / L
    inset = L - L * (1 - t ** n) ** (1 / n)
    circle = r - math.sqrt(r * r - (r - 60) ** 2)
    assert 4 < inset < 5 and 2 < circle < 3
    g = golden("corner-continuous-large")
    assert px(g, 63, 6) == WHITE
    assert px(g, 63, 8) == (51, 51, 51, 255)
    # The same corner at 45°: as deep as the circle's, (1 − 1/√2)·80 = 23.4 in: the
    # pixel 22 in along the diagonal is outside, the one 25 in is the border.
    assert px(g, 3 + 22, 3 + 22) == WHITE
    assert px(g, 3 + 25, 3 + 25) == (51, 51, 51, 255)


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
    for bad in ({"contents": "no-such-image.png"}, {"contentsGravity": "middle"},
                {"magnificationFilter": "cubic"}, {"shadowPath": "M0 0 A 5 5 0 0 1 10 10"},
                {"beginTime": 1}, {"speed": 2},
                {"animations": {"a": {"type": "keyframe", "keyPath": "opacity", "values": [0, 1]}}},
                {"animations": {"a": {"type": "group", "animations": []}}},
                {"animations": {"a": {"type": "basic", "keyPath": "backgroundColor"}}},
                {"animations": {"a": {"type": "basic", "keyPath": "transform.rotation.z"}}},
                {"animations": {"a": {"type": "transition", "transitionType": "cube"}}},
                {"opacity": 2}, {"shadowOpacity": 1.5}, {"bounds": [0, 0, 1]},
                {"cornerRadius": float("nan")}, {"contentsScale": 0}):
        with pytest.raises(R.SceneError):
            R.render(one_layer_scene(dict({"bounds": [0, 0, 10, 10]}, **bad)), base_dir=SCENES)
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


# --- contents (docs/compositor.md §9) -------------------------------------------------
# The expectations below are computed here from the input PNGs with plain formulas,
# not with the renderer's contents.py.

import make_images as MI  # noqa: E402

IMAGE_DIR = os.path.join(SCENES, "images")


def image(name):
    """Premultiplied RGBA texels of an input image: {(x, y): (r, g, b, a)}."""
    w, h, rows = C.read_png(os.path.join(IMAGE_DIR, name + ".png"))
    pre = C.premultiplied(rows)
    return w, h, {(x, y): px(pre, x, y) for y in range(h) for x in range(w)}


def over(colour, background):
    """Premultiplied colour (floats 0…255) over an opaque background (0…255)."""
    a = colour[3] / 255.0
    return tuple(colour[k] + background[k] * (1 - a) for k in range(3)) + (255,)


def close(got, want, tol=1):
    return all(abs(g - w) <= tol for g, w in zip(got, want))


def test_input_images_are_what_make_images_writes():
    total = 0
    for name, fn in MI.IMAGE_LIST.items():
        path = os.path.join(IMAGE_DIR, name + ".png")
        w, h, pxs = fn()
        assert C.read_png(path) == (w, h, MI.rows_of(w, h, pxs)), name
        total += os.path.getsize(path)
    assert total < 300 * 1024


def test_gravity_positions_copy_the_texels():
    # scale-2 canvas, contentsScale 2: one texel per pixel, placed by the gravity in its cell
    # (48×34 points at (4 + 52c, 4 + 38r); the image is 20×10 points; "top" is max y).
    g = golden("gravity-positions")
    iw, ih, tex = image("arrow")
    place = {"left": 0, "center": 14, "right": 28, "bottom": 0, "middle": 12, "top": 24}
    rows = [["topLeft", "top", "topRight"], ["left", "center", "right"], ["bottomLeft", "bottom", "bottomRight"]]
    for r in range(3):
        for c in range(3):
            name = rows[r][c]
            dx = place["left"] if "Left" in name or name == "left" else (
                place["right"] if "Right" in name or name == "right" else place["center"])
            dy = place["top"] if name.startswith("top") else (
                place["bottom"] if name.startswith("bottom") else place["middle"])
            x0, y0 = 2 * (4 + 52 * c + dx), 2 * (4 + 38 * r + dy)
            for y in range(ih):
                for x in range(iw):
                    assert px(g, x0 + x, y0 + y) == tex[x, y], (name, x, y)
            assert px(g, x0 - 1, y0 + 5) == (204, 204, 204, 255) or dx == 0


def test_nearest_magnification_is_blocks_of_texels():
    g = golden("contents-filters")
    _, _, tex = image("pixels")
    light = (204, 204, 204)
    for (x0, y0, k) in ((10, 10, 8), (10, 70, 20)):
        for ty in range(4):
            for tx in range(4):
                want = over(tex[tx, ty], light)
                for y in range(y0 + k * ty, y0 + k * (ty + 1)):
                    for x in range(x0 + k * tx, x0 + k * (tx + 1)):
                        assert close(px(g, x, y), want), (k, tx, ty, x, y)


def bilinear(tex, w, h, x, y):
    """Bilinear between texel centres (i + 0.5), edge-clamped, written out plainly."""
    ax, ay = x - 0.5, y - 0.5
    i, j = math.floor(ax), math.floor(ay)
    fx, fy = ax - i, ay - j

    def t(a, b):
        return tex[min(max(a, 0), w - 1), min(max(b, 0), h - 1)]
    return tuple((1 - fx) * (1 - fy) * t(i, j)[k] + fx * (1 - fy) * t(i + 1, j)[k]
                 + (1 - fx) * fy * t(i, j + 1)[k] + fx * fy * t(i + 1, j + 1)[k] for k in range(4))


def test_linear_magnification_is_bilinear_between_texel_centres():
    g = golden("contents-filters")
    w, h, tex = image("pixels")
    light = (204, 204, 204)
    # linear ×20 at (100, 70), 80×80 points: pixel (i, j) samples the image at (i + 0.5)/20
    for i in range(0, 80, 3):
        for j in range(0, 80, 7):
            want = over(bilinear(tex, w, h, (i + 0.5) / 20, (j + 0.5) / 20), light)
            assert close(px(g, 100 + i, 70 + j), want, 2), (i, j)  # two roundings
    # trilinear as the magnification filter is level 0: the same as linear
    for i in range(32):
        for j in range(32):
            assert px(g, 94 + i, 10 + j) == px(g, 52 + i, 10 + j)


def test_minification_uses_mipmaps_and_nearest_aliases():
    g = golden("contents-minify")
    _, _, tex = image("checker")
    for b, dark in enumerate(MI.CHECKER_DARK):
        bx, by = b % 4, b // 4
        mean = tuple((255 + dark[k]) // 2 for k in range(3)) + (255,)  # exact: 255 + odd is even
        # inside each block (8×8 pixels at 1/8; away from the bilinear seams)
        for (x0, y0) in ((8, 8), (48, 8)):
            x, y = x0 + 8 * bx + 4, y0 + 8 * by + 4
            assert close(px(g, x, y), mean), ("1/8", b, px(g, x, y), mean)
        for x0 in (88, 148):
            x, y = x0 + int(51.2 * bx / 4) + 6, 8 + int(51.2 * by / 4) + 6
            assert close(px(g, x, y), mean), ("1/5", b)
        # nearest: samples at 8k + 1.6, 8j + 0.4 (odd sum): the dark texel of the block
        x, y = 209 + 8 * bx + 3, 9 + 8 * by + 3
        assert px(g, x, y) == dark + (255,), ("nearest", b)
    # without mipmaps, bilinear at 1/8 would show single texels: the render is flat in a block
    assert len({px(g, x, y) for x in range(10, 14) for y in range(10, 14)}) == 1


def test_nine_part_corners_keep_their_texels():
    g = golden("contents-center")
    _, _, tex = image("button")
    # "wide": 120×40 points at (30, 6), scale 2, contentsScale 2: 8×8-pixel corners, one texel each
    x0, y0, w, h = 60, 12, 240, 80
    for y in range(8):
        for x in range(8):
            assert px(g, x0 + x, y0 + y) == tex[x, y]
            assert px(g, x0 + w - 8 + x, y0 + y) == tex[22 + x, y]
            assert px(g, x0 + x, y0 + h - 8 + y) == tex[x, 22 + y]
            assert px(g, x0 + w - 8 + x, y0 + h - 8 + y) == tex[22 + x, 22 + y]
    # the top edge is stretched along x only: its rows keep the edge colour
    assert px(g, x0 + 120, y0 + 3) == tex[15, 3]


def test_contents_rect_mirror_is_the_mirror_image():
    g = golden("contents-rect")
    for y in range(10, 80):
        for x in range(70):
            a = px(g, 10 + x, y)          # whole image at (10, 10), 70×70
            b = px(g, 180 + 69 - x, y)    # contentsRect (1, 0, −1, 1) at (180, 10)
            assert close(a, b), (x, y)
            c = px(g, 10 + x, 95 + 69 - (y - 10))  # contentsRect (0, 1, 1, −1) at (10, 95)
            assert close(a, c), (x, y)


def render_at(layer, width=100, height=100, base_dir=None):
    return pixels(R.render(one_layer_scene(layer, width, height), base_dir=base_dir))


def test_contents_upright_in_flipped_geometry_and_bottom_left_canvas():
    # A flipped parent with its child at the mirrored position draws the same picture
    # as the unflipped child: contents stay upright.
    child = {"bounds": [0, 0, 40, 20], "position": [10, 60], "anchorPoint": [0, 0],
             "contents": "images/arrow.png"}
    plain = {"bounds": [0, 0, 100, 100], "position": [0, 0], "anchorPoint": [0, 0], "sublayers": [child]}
    flipped = dict(plain, geometryFlipped=True,
                   sublayers=[dict(child, anchorPoint=[0, 1], position=[10, 100 - 60])])
    a = render_at(plain, base_dir=SCENES)
    b = render_at(flipped, base_dir=SCENES)
    assert a == b
    # bottom-left canvas: contentsRect (0, 0, 1, 0.5) is the bottom half of the image,
    # drawn at the mirrored place; gravity top is the visual top there.
    def scene(origin, y, rect, gravity):
        doc = one_layer_scene({"bounds": [0, 0, 60, 40], "position": [10, y], "anchorPoint": [0, 0],
                               "contents": "images/grid.png", "contentsRect": rect,
                               "contentsGravity": gravity}, 100, 100)
        if origin:
            doc["canvas"]["origin"] = "bottomLeft"
        return pixels(R.render(doc, base_dir=SCENES))
    assert scene(True, 100 - 20 - 40, [0, 0, 1, 0.5], "resize") == scene(False, 20, [0, 0.5, 1, 0.5], "resize")
    assert scene(True, 100 - 20 - 40, [0, 0, 1, 1], "top") == scene(False, 20, [0, 0, 1, 1], "bottom")


def test_perspective_contents_are_perspective_correct():
    # contents-perspective, "grid-y50": map pixel centres back into the layer with an
    # independent inverse (numpy.linalg.solve on the 3×3 plane map built from the 4×4
    # matrices of make_scenes), sample bilinearly and compare.
    import numpy as np
    g = golden("contents-perspective")
    w, h, tex = image("grid")
    stage_anchor = M.translate(-128, -128)
    chain = M.cat(M.translate(-60, -60), M.ry(50), M.translate(75, 80),   # the layer in the stage
                  stage_anchor, M.perspective(500), M.translate(128, 128),  # the stage's sublayerTransform
                  M.translate(-128, -128), M.translate(128, 128))           # the stage in the root
    H = np.array([[chain[0], chain[1], chain[3]], [chain[4], chain[5], chain[7]],
                  [chain[12], chain[13], chain[15]]])
    checked = 0
    for pxl in range(40, 120, 9):
        for pyl in range(30, 140, 11):
            # solve [x y 1]·H = λ[px py 1]
            A = np.array([[H[0, 0] - (pxl + .5) * H[0, 2], H[1, 0] - (pxl + .5) * H[1, 2]],
                          [H[0, 1] - (pyl + .5) * H[0, 2], H[1, 1] - (pyl + .5) * H[1, 2]]])
            b = np.array([(pxl + .5) * H[2, 2] - H[2, 0], (pyl + .5) * H[2, 2] - H[2, 1]])
            x, y = np.linalg.solve(A, b)
            if not (1 < x < 119 and 1 < y < 119):
                continue
            want = over(bilinear(tex, w, h, x / 120 * 64, y / 120 * 64), (255, 255, 255))
            assert close(px(g, pxl, pyl), want, 2), (pxl, pyl, px(g, pxl, pyl), want)
            checked += 1
    assert checked > 40


# --- shadows (§10) ----------------------------------------------------------------------

def phi(z):
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


def test_shadow_is_a_gaussian_of_sigma_radius_cut_at_two_radii():
    # A long opaque black shadow edge: d pixels outside it (pixel centre at d + ½) the
    # shadow's alpha is (Φ(2) − Φ(c((d + ½)/σ_px))) / (2Φ(2) − 1), c clamping to ±2: a
    # half-plane blurred by the Gaussian of σ_px cut at ±2σ_px. So every pixel whose
    # centre is more than 2σ_px out is exactly the background. σ_px is shadowRadius
    # times the canvas scale.
    for scale, sigma in ((1, 4.0), (2, 3.0), (1, 0.6), (1, 0.0)):
        layer = {"bounds": [0, 0, 200, 60], "position": [-50, 20], "anchorPoint": [0, 0],
                 "shadowOpacity": 1, "shadowRadius": sigma, "shadowOffset": [0, 0],
                 "shadowPath": "M0 0 H200 V60 H0 Z"}
        rows = pixels(R.render(one_layer_scene(layer, 100, 120, scale=scale)))
        s_px = sigma * scale
        for d in range(-int(3 * s_px) - 1, int(3 * s_px) + 2):
            y = 80 * scale + d  # the bottom edge is at y = 80 points
            if s_px > 0:
                z = min(max((d + 0.5) / s_px, -2.0), 2.0)
                alpha = (phi(2) - phi(z)) / (2 * phi(2) - 1)
            else:
                alpha = float(d < 0)
            got = px(rows, 50 * scale, y)[0]
            assert abs(got - 255 * (1 - alpha)) <= 1, (scale, sigma, d, got, alpha)
            if d + 0.5 > 2 * s_px:
                assert px(rows, 50 * scale, y) == WHITE, (scale, sigma, d)


def test_shadow_kernel_variance_and_mass():
    # The cut kernel's variance is (1 − 4φ(2)/(2Φ(2) − 1))·σ² ≈ 0.7737·σ² (plus 1/12 for
    # the pixel squares), its mass 1, and it is 0 past ⌊2σ + ½⌋.
    density = math.exp(-2) / math.sqrt(2 * math.pi)
    ratio = 1 - 4 * density / (2 * phi(2) - 1)
    assert abs(ratio - 0.7737) < 1e-4
    for sigma in (2.0, 5.5, 20.0):
        k = S.kernel(sigma)
        r = (len(k) - 1) // 2
        assert r == math.floor(2 * sigma + 0.5)
        assert abs(sum(k) - 1) < 1e-12
        variance = sum(w * (i - r) ** 2 for i, w in enumerate(k))
        assert abs(variance - (ratio * sigma ** 2 + 1 / 12)) < 0.02 * sigma ** 2, (sigma, variance)


def test_shadow_offset_turns_and_scales_with_the_layer():
    # The centroid of a shadow-only layer (no drawing, a shadowPath) is the path's
    # centroid plus J·shadowOffset.
    import numpy as np

    def centroid(transform):
        layer = {"bounds": [0, 0, 40, 20], "position": [100, 100], "shadowOpacity": 1, "shadowRadius": 2,
                 "shadowOffset": [0, 10], "shadowPath": "M0 0 H40 V20 H0 Z", "transform": transform}
        rows = render_at(layer, 200, 200)
        a = np.array([[255 - r[4 * x] for x in range(200)] for r in rows], dtype=float)
        ys, xs = np.mgrid[0:200, 0:200]
        return (a * (xs + 0.5)).sum() / a.sum(), (a * (ys + 0.5)).sum() / a.sum()
    for transform, want in ((None, (100, 110)), (M.rz(90), (90, 100)), (M.rz(180), (100, 90)),
                            (M.scale(2, 2), (100, 120)), (M.skew(m21=0.5), (105, 110))):
        cx, cy = centroid(transform)
        assert abs(cx - want[0]) < 0.05 and abs(cy - want[1]) < 0.05, (transform, cx, cy)


def test_masks_to_bounds_clips_the_shadow():
    g = golden("shadow-masks-to-bounds")
    # the opaque clipped layer shows no shadow outside its bounds (30…130 × 30…110)
    for x, y in ((135, 60), (80, 114), (132, 112), (140, 118)):
        assert px(g, x, y) == WHITE, (x, y)
    # without the clip the same sublayer's shadow reaches past the bounds
    assert px(g, 170 + 121, 140 + 75)[0] < 250
    assert px(g, 170 + 121, 30 + 75) == WHITE


def box_blur(alpha, sigma):
    """A stand-in for the Swift side's blur, to measure how much room the metric leaves:
    per axis, 0.3 of a box of half-width 2σ plus 0.7 of three boxes of half-widths σ,
    0.7σ and 0.3σ in cascade, each box rounded to a whole odd number of pixels."""
    import numpy as np
    if sigma < 2:
        return GAUSSIAN_BLUR(alpha, sigma)

    # Separable, so the 2-D kernel is the product of the two axes' sums: blur each axis
    # by the sum in turn.
    def one_axis(a, axis):
        def along(b, half):
            r = max(0, int(round(half - 0.5)))
            w = 2 * r + 1
            pad = [(0, 0), (0, 0)]
            pad[axis] = (r + 1, r)
            c = np.cumsum(np.pad(b, pad), axis=axis)
            k = b.shape[axis]
            return (np.take(c, np.arange(w, w + k), axis=axis) - np.take(c, np.arange(0, k), axis=axis)) / w
        cascade = along(along(along(a, sigma), 0.7 * sigma), 0.3 * sigma)
        return 0.3 * along(a, 2 * sigma) + 0.7 * cascade
    return one_axis(one_axis(alpha, 1), 0)


import shadows as S  # noqa: E402

GAUSSIAN_BLUR = S.gaussian_blur


@pytest.mark.parametrize("name", [n for n in SCENE_NAMES if "shadow" in n or n in ("mask-basic", "transition-fade",
                                                                                  "flipped-bottom-left")])
def test_metric_absorbs_a_box_blur(name, monkeypatch):
    with open(os.path.join(SCENES, name + ".json")) as f:
        doc = json.load(f)
    monkeypatch.setattr(S, "gaussian_blur", box_blur)
    boxed = pixels(R.render(doc, base_dir=SCENES))
    result = C.compare_rows(len(boxed[0]) // 4, len(boxed), golden(name), boxed)
    assert result.passed and max(result.means) < 0.5, result.summary()


# --- masks (§11) ------------------------------------------------------------------------

def test_mask_multiplies_alpha():
    g = golden("mask-basic")
    # translucent mask (alpha 0.4) over a red layer with a black border, over white
    red = (204, 51, 51)
    want = tuple(0.4 * c + 0.6 * 255 for c in red) + (255,)
    assert close(px(g, 80, 180), want)
    # circle mask: outside the circle, inside the layer: nothing
    assert px(g, 172, 22) == WHITE
    # masked shadow: below the layer inside the mask's 60×90 frame the shadow shows,
    # to the right of it nothing does
    assert px(g, 220, 224)[0] < 200 and px(g, 260, 224) == WHITE


def test_nested_masks_intersect():
    g = golden("mask-nested")
    # mask of mask: the 100×80 rectangle cut by the 80×80 circle (centre (80, 70))
    assert px(g, 80, 70) != WHITE
    assert px(g, 80, 70 - 39) != WHITE and px(g, 80 - 38, 70 - 38) == WHITE
    assert px(g, 25, 70) == WHITE  # inside the stripes, outside both masks


# --- animations at time 0 ---------------------------------------------------------------

def test_animations_are_evaluated_at_time_zero():
    with open(os.path.join(SCENES, "mask-animated.json")) as f:
        scene = R.parse_scene(json.load(f), SCENES)
    layers = [R.present(l, 0.0) for l in scene["layers"]]
    assert layers[1]["mask"]["bounds"] == (0.0, 0.0, 40.0, 80.0)        # linear, progress 0.25
    assert layers[2]["opacity"] == pytest.approx(0.6, abs=1e-15)         # 1 → 0.2 at 0.5
    assert layers[2]["position"] == (40.0, 140.0)                        # additive +20, held (forwards)
    # easeInEaseOut at progress 0.3: y(x) for the curve (0.42, 0, 0.58, 1), solved here by bisection
    def ease(x):
        lo, hi = 0.0, 1.0
        for _ in range(200):
            t = (lo + hi) / 2
            X = 3 * (1 - t) ** 2 * t * 0.42 + 3 * (1 - t) * t * t * 0.58 + t ** 3
            lo, hi = (t, hi) if X < x else (lo, t)
        t = (lo + hi) / 2
        return 3 * (1 - t) * t * t + t ** 3
    e = ease(0.3)
    assert layers[0]["mask"]["position"] == pytest.approx((100 * e, 100 * e), abs=1e-12)


def test_path_and_colour_animations_are_interpolated_point_by_point():
    with open(os.path.join(SCENES, "shape-animated.json")) as f:
        scene = R.parse_scene(json.load(f), SCENES)
    square, blob, frame, triangle, wave = [R.present(l, 0.0) for l in scene["layers"]]
    # linear at 0.5: each corner halfway from the square's to the diamond's, the colour
    # halfway from red to blue in unpremultiplied components
    assert square["path"] == [{"start": (30.0, 5.0), "closed": True,
                               "segments": [("L", (95.0, 30.0)), ("L", (70.0, 95.0)), ("L", (5.0, 70.0))]}]
    assert square["fillColor"] == pytest.approx((0.5, 0.3, 0.5, 1.0), abs=1e-15)
    # byValue at 0.25: model + 0.25·by, point by point
    assert [seg[1] for seg in triangle["path"][0]["segments"]] == [(70.0, 30.0), (130.0, 70.0)]
    assert triangle["path"][0]["start"] == (10.0, 70.0)
    assert triangle["fillColor"] == (1.0, 0.6, 0.0, 1.0)  # held at its end
    # the second subpath of the even-odd frame at 0.75, and its alpha
    assert frame["path"][1]["start"] == (15.0, 17.5) and frame["fillColor"][3] == 0.75
    # control points move too: the blob's first control point, eased (0.42, 0, 0.58, 1) at 0.35
    lo, hi = 0.0, 1.0
    for _ in range(200):
        t = (lo + hi) / 2
        lo, hi = (t, hi) if 3 * (1 - t) ** 2 * t * 0.42 + 3 * (1 - t) * t * t * 0.58 + t ** 3 < 0.35 else (lo, t)
    e = 3 * (1 - lo) * lo * lo + lo ** 3
    assert blob["path"][0]["segments"][0][1] == pytest.approx((80 + 20 * e, 10 - 10 * e), abs=1e-12)
    assert wave["strokeColor"] == pytest.approx((0.8 - 0.8 * 0.3, 0.2 + 0.4 * 0.3, 0.2 + 0.4 * 0.3, 1), abs=1e-15)
    g = golden("shape-animated")
    # the middle shape, not either end: (60, 20) lies inside both the square (10…90 + 10)
    # and the diamond but outside the halfway quadrilateral; (60, 26) lies inside it
    assert px(g, 60, 20) == WHITE
    assert close(px(g, 60, 60), (128, 77, 128, 255), 1) and close(px(g, 60, 26), (128, 77, 128, 255), 1)
    # the triangle's apex moved down by 20, its base up by 20
    assert px(g, 80, 130 + 28) == WHITE and px(g, 80, 130 + 33) != WHITE
    assert px(g, 80, 130 + 68) != WHITE and px(g, 80, 130 + 72) == WHITE
    # a path animation between different structures is refused (as are quadratic ones)
    for bad in ("M 0 0 L 10 0 L 10 10 Z", "M 0 0 Q 5 5 10 0 L 10 10 L 0 10 Z"):
        doc = one_layer_scene({"class": "shape", "bounds": [0, 0, 10, 10], "path": "M 0 0 L 10 0 L 10 10 L 0 10 Z",
                               "animations": {"a": {"type": "basic", "keyPath": "path", "toValue": bad}}})
        with pytest.raises(R.SceneError):
            R.render(doc)


def test_transition_progress():
    import animation as A
    t = lambda **kw: A.TransitionAnimation(dict({"type": "transition", "duration": 1}, **kw), "t", None)  # noqa: E731
    assert t(beginTime=-0.25).progress(0.0) == 0.25
    assert t(beginTime=-0.25, startProgress=0.8, endProgress=0.2).progress(0.0) == pytest.approx(0.65)
    assert t(beginTime=-0.5, startProgress=0.3, endProgress=0.9).progress(0.0) == pytest.approx(0.6)
    assert t(beginTime=-1, duration=2, startProgress=0.2, endProgress=0.6,
             timingFunction="easeInEaseOut").progress(0.0) == pytest.approx(0.4, abs=1e-15)
    assert t(beginTime=0.5).progress(0.0) is None          # not begun
    assert t(beginTime=-2).progress(0.0) is None           # removed on completion
    assert t(beginTime=-2, fillMode="forwards", removedOnCompletion=False).progress(0.0) == 1.0


# --- transitions (§12) ------------------------------------------------------------------

def test_motion_transitions_offset_by_the_bounds():
    blue, red, green, teal = (51, 102, 204, 255), (204, 51, 51, 255), (51, 153, 51, 255), (0, 153, 153, 255)
    push = golden("transition-push")
    # push fromLeft at 0.25 in the container (20…120): current (blue) on 20…45, previous (red) 45…120
    assert px(push, 22, 100) == blue and px(push, 44, 100) == blue
    assert px(push, 45, 100) == red and px(push, 119, 100) == red and px(push, 120, 100) == WHITE
    # push fromTop at 0.7 (d = (0, −1), y-up names): the current layer 30 below its place
    assert px(push, 200, 169) == WHITE and px(push, 200, 170) == teal
    movein = golden("transition-movein")
    assert px(movein, 44, 100) == blue and px(movein, 46, 100) == red
    reveal = golden("transition-reveal")
    # reveal fromLeft at 0.25: previous (red) moved right by 25 over the current (blue)
    assert px(reveal, 30, 100) == blue and px(reveal, 46, 100) == red
    # reveal backwards: p = 0.8 − 0.6·0.25 = 0.65, fromBottom: previous 65 down
    assert px(reveal, 200, 140 + 64) == teal and px(reveal, 200, 140 + 66) == red
    # push fromBottom at 0.5 (d = (0, +1)): the previous rendering moved down by 50,
    # the current one (green) in the upper half
    assert px(push, 200, 20 + 49) == green and px(push, 160, 20 + 51) != green


def test_fade_mixes_premultiplied():
    g = golden("transition-fade")
    # fade 0.25 from red to blue (both opaque): 0.75·red + 0.25·blue
    red, blue = (204, 51, 51), (51, 102, 204)
    want = tuple(0.75 * r + 0.25 * b for r, b in zip(red, blue)) + (255,)
    assert close(px(g, 100, 30), want, 2)
    # fade in from nothing at 0.7: 0.7·purple over white
    purple = (153, 51, 204)
    want = tuple(0.7 * c + 0.3 * 255 for c in purple) + (255,)
    assert close(px(g, 190, 70), want, 2)


# --- flipped geometry (§13) -------------------------------------------------------------

def test_flipped_geometry_positions_and_culling():
    g = golden("flipped-geometry")
    red, green = (204, 51, 51, 255), (51, 153, 51, 255)
    # a sublayer at y 10…30 of a flipped 100-point parent at (20, 20) sits at y 70…90
    assert px(g, 30, 20 + 71) == red and px(g, 30, 20 + 69) == (204, 204, 204, 255)
    # doubleSided false under a flip is not culled (the flip is divided out)
    assert px(g, 150 + 5, 140 + 100 - 15) == green
    # the flipped parent's mask (y 0…50 in its flipped space) keeps the visual bottom half
    assert px(g, 190, 160) == WHITE

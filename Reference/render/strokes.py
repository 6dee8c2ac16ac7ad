"""Stroke goldens: the same paths stroked by cairo on a grid of joins × caps × dashes ×
degenerate shapes × widths, for the drawing context's stroker (`GraphicsContext.stroke`).

Each case is a 64×64 tile: a path (SVG path data, lines and cubics) stroked in opaque
black on a transparent A8-like surface; the tile's alpha is the coverage. All tiles go
into one atlas PNG (`goldens/strokes/strokes.png`, `COLUMNS` tiles a row, in the order of
`goldens/strokes/cases.json`), which gives the grid's axes: tile k is case k of the
nested loops shape, width, join, cap, dash.

cairo 1.16's image backend rasterises with its "tor" scan converter: exact horizontal
coverage on 15 sub-rows a pixel (with exact areas in rows where no edge starts, ends or
crosses). Its tolerance is set to 0.005 px, finer than Cadence's 1/128 flattening, so
the curves' own error is below one level of alpha.

    python3 Reference/render/strokes.py      # about 2 s; deterministic for a given cairo
"""

import json
import os

from cairo_loader import cairo

TILE = 64
COLUMNS = 27

JOINS = [("miter", cairo.LINE_JOIN_MITER), ("round", cairo.LINE_JOIN_ROUND), ("bevel", cairo.LINE_JOIN_BEVEL)]
CAPS = [("butt", cairo.LINE_CAP_BUTT), ("round", cairo.LINE_CAP_ROUND), ("square", cairo.LINE_CAP_SQUARE)]
# (pattern, phase): none; ordinary dashes with a phase; zero-length dashes (dots or
# squares along the path, nothing with butt caps).
DASHES = [([], 0.0), ([9.0, 4.0], 2.5), ([0.0, 7.0], 0.0)]
WIDTHS = [0.1, 1.0, 3.5, 10.0, 100.0]
# The shapes: acute and obtuse corners (miters past the limit of 4), a zero-length
# segment in the middle and a lone zero-length subpath, a polyline that doubles back on
# itself (horizontally and vertically), a cubic with a cusp, a closed triangle.
SHAPES = [
    ("zigzag", "M 6 50 L 18 12 L 27 50 L 40 28 L 58 31"),
    ("zero-length", "M 10 50 L 26 14 L 26 14 L 44 50 M 50 12 L 50 12"),
    ("back-tracking", "M 8 20.5 L 56 20.5 L 30 20.5 M 20 34 L 20 58 L 20 40"),
    ("cusp", "M 8 52 C 64 8 0 8 56 52"),
    ("closed", "M 12 12 L 52 22 L 24 52 Z"),
]
MITER_LIMIT = 4.0

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "goldens", "strokes")


def cases():
    out = []
    for shape, data in SHAPES:
        for width in WIDTHS:
            for join, _ in JOINS:
                for cap, _ in CAPS:
                    for pattern, phase in DASHES:
                        out.append({"shape": shape, "path": data, "width": width, "join": join, "cap": cap,
                                    "miterLimit": MITER_LIMIT, "dashes": pattern, "phase": phase})
    return out


def draw_path(cr, data):
    tokens = data.split()
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t == "M":
            cr.move_to(float(tokens[i + 1]), float(tokens[i + 2]))
            i += 3
        elif t == "L":
            cr.line_to(float(tokens[i + 1]), float(tokens[i + 2]))
            i += 3
        elif t == "C":
            v = [float(x) for x in tokens[i + 1:i + 7]]
            cr.curve_to(*v)
            i += 7
        elif t == "Z":
            cr.close_path()
            i += 1
        else:
            raise ValueError(t)


def render_atlas():
    """The atlas surface and the grid, as `main` writes them."""
    all_cases = cases()
    rows = (len(all_cases) + COLUMNS - 1) // COLUMNS
    atlas = cairo.ImageSurface(cairo.FORMAT_ARGB32, COLUMNS * TILE, rows * TILE)
    cr = cairo.Context(atlas)
    joins, caps = dict(JOINS), dict(CAPS)
    for k, case in enumerate(all_cases):
        cr.save()
        cr.rectangle((k % COLUMNS) * TILE, (k // COLUMNS) * TILE, TILE, TILE)
        cr.clip()
        cr.translate((k % COLUMNS) * TILE, (k // COLUMNS) * TILE)
        cr.set_tolerance(0.005)
        cr.set_source_rgba(0, 0, 0, 1)
        cr.set_line_width(case["width"])
        cr.set_line_join(joins[case["join"]])
        cr.set_line_cap(caps[case["cap"]])
        cr.set_miter_limit(case["miterLimit"])
        cr.set_dash(case["dashes"], case["phase"])
        draw_path(cr, case["path"])
        cr.stroke()
        cr.restore()
    # The grid's axes; tile k is case k of the nested loops shape, width, join, cap, dash.
    grid = {"tile": TILE, "columns": COLUMNS, "miterLimit": MITER_LIMIT,
            "shapes": [{"name": n, "path": d} for n, d in SHAPES], "widths": WIDTHS,
            "joins": [n for n, _ in JOINS], "caps": [n for n, _ in CAPS],
            "dashes": [{"pattern": p, "phase": ph} for p, ph in DASHES]}
    return atlas, grid


def main():
    atlas, grid = render_atlas()
    os.makedirs(OUT, exist_ok=True)
    atlas.write_to_png(os.path.join(OUT, "strokes.png"))
    with open(os.path.join(OUT, "cases.json"), "w") as f:
        json.dump(grid, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()

"""Writes the input images of the contents scenes, Reference/scenes/images/*.png.

    python3 Reference/render/make_images.py

Every pixel is computed from integer formulas here (no randomness, no floating point
that could round differently), and the files are written by `compare.write_png`
(8-bit RGBA, filter 0, zlib level 9): straight (not premultiplied) alpha, as PNG
stores it. Rerun it only to change an image, then regenerate the goldens.

The images and what each is for:

- `arrow.png` 40×20: a gradient with four distinct corners (top left red, top right
  blue, bottom left yellow, bottom right cyan) and a black arrow pointing right in the
  top half, so that mirroring and flipping are visible.
- `button.png` 30×30: a nine-slice image with 8-pixel borders: four corner colours,
  four edge colours, a grey centre with a dark plus; each corner has a white 2×2 dot at
  its outer corner.
- `checker.png` 256×256: a 1-pixel checkerboard of white and a darker colour that
  changes every 64×64 block (4×4 blocks). Every channel of the dark colours is odd, so
  each 2×2 mean is exact (no rounding tie) down to mip level 6.
- `pixels.png` 4×4: sixteen distinct colours; texel (2, 1) is half transparent
  (straight alpha 128) and texel (3, 3) fully transparent.
- `disc.png` 64×64: a soft disc, straight colour varying across the image, alpha 255
  inside radius 20 falling to 0 at radius 30 (quadratic in between).
- `grid.png` 64×64: four coloured quadrants with dark grid lines every 8 pixels and a
  white letter-like "F" in the top-left quadrant.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import compare  # noqa: E402

IMAGES = os.path.join(os.path.dirname(HERE), "scenes", "images")


def arrow():
    w, h = 40, 20
    px = {}
    for y in range(h):
        for x in range(w):
            r = (255 * (w - 1 - x) + (w - 1) // 2) // (w - 1)
            b = (255 * x + (w - 1) // 2) // (w - 1)
            g = (255 * y + (h - 1) // 2) // (h - 1)
            px[x, y] = (r, g, b, 255)
    # the arrow: a stem from x = 6 to 24 on rows 4..5, a head from x = 24 to 33
    for y in range(4, 6):
        for x in range(6, 24):
            px[x, y] = (0, 0, 0, 255)
    for x in range(24, 34):
        half = (34 - x) // 2  # rows 5 − half … 4 + half
        for y in range(max(0, 4 - half), min(h, 6 + half)):
            px[x, y] = (0, 0, 0, 255)
    return w, h, px


def button():
    w = h = 30
    corner = {(0, 0): (204, 51, 51), (1, 0): (51, 153, 51), (0, 1): (51, 102, 204), (1, 1): (255, 204, 51)}
    edge = {"top": (255, 153, 0), "bottom": (153, 51, 204), "left": (0, 153, 153), "right": (255, 102, 153)}
    px = {}
    for y in range(h):
        for x in range(w):
            cx = 0 if x < 8 else (2 if x >= 22 else 1)
            cy = 0 if y < 8 else (2 if y >= 22 else 1)
            if cx != 1 and cy != 1:
                c = corner[cx // 2, cy // 2]
                # a white 2×2 dot at the outer corner
                ox = x if cx == 0 else w - 1 - x
                oy = y if cy == 0 else h - 1 - y
                if ox < 2 and oy < 2:
                    c = (255, 255, 255)
            elif cy == 0:
                c = edge["top"]
            elif cy == 2:
                c = edge["bottom"]
            elif cx == 0:
                c = edge["left"]
            elif cx == 2:
                c = edge["right"]
            else:
                c = (51, 51, 51) if (x in (14, 15) or y in (14, 15)) else (204, 204, 204)
            px[x, y] = c + (255,)
    return w, h, px


CHECKER_DARK = [
    (51, 51, 51), (153, 51, 51), (51, 153, 51), (51, 51, 153),
    (153, 153, 51), (153, 51, 153), (51, 153, 153), (1, 101, 201),
    (201, 101, 1), (101, 201, 1), (1, 1, 1), (153, 153, 153),
    (201, 1, 101), (101, 1, 201), (1, 201, 101), (205, 205, 51),
]


def checker():
    w = h = 256
    px = {}
    for y in range(h):
        for x in range(w):
            dark = CHECKER_DARK[(y // 64) * 4 + x // 64]
            px[x, y] = (255, 255, 255, 255) if (x + y) % 2 == 0 else dark + (255,)
    return w, h, px


def pixels():
    colours = [
        (255, 0, 0, 255), (255, 153, 0, 255), (255, 255, 0, 255), (0, 255, 0, 255),
        (0, 153, 153, 255), (0, 0, 255, 255), (102, 0, 204, 128), (255, 0, 255, 255),
        (0, 0, 0, 255), (102, 102, 102, 255), (204, 204, 204, 255), (255, 255, 255, 255),
        (153, 51, 0, 255), (51, 102, 0, 255), (0, 51, 102, 255), (0, 0, 0, 0),
    ]
    return 4, 4, {(i % 4, i // 4): colours[i] for i in range(16)}


def disc():
    w = h = 64
    px = {}
    for y in range(h):
        for x in range(w):
            # distance² from the centre (32, 32), in quarter pixels to stay in integers
            dx, dy = 2 * x + 1 - 64, 2 * y + 1 - 64
            d2 = dx * dx + dy * dy  # (2·distance)²
            if d2 <= 40 * 40:
                a = 255
            elif d2 >= 60 * 60:
                a = 0
            else:
                # a = 255·(1 − ((d − 20)/10)²) with d from the integer square root
                d = isqrt_round(d2)  # 2·distance, rounded
                t = d - 40  # 0 … 20
                a = max(0, 255 - (255 * t * t + 200) // 400)
            r = (255 * x + 31) // 63
            g = (255 * (63 - y) + 31) // 63
            b = 153
            px[x, y] = (r, g, b, a)
    return w, h, px


def isqrt_round(n):
    r = int(n ** 0.5)
    while r * r > n:
        r -= 1
    while (r + 1) * (r + 1) <= n:
        r += 1
    # round to nearest: r or r + 1
    return r + 1 if n - r * r > (r + 1) * (r + 1) - n else r


def grid():
    w = h = 64
    quad = {(0, 0): (255, 204, 153), (1, 0): (153, 204, 255), (0, 1): (204, 255, 153), (1, 1): (255, 153, 204)}
    f_shape = set()
    for y in range(6, 26):
        for x in range(8, 11):
            f_shape.add((x, y))
    for x in range(8, 22):
        for y in range(6, 9):
            f_shape.add((x, y))
    for x in range(8, 18):
        for y in range(14, 17):
            f_shape.add((x, y))
    px = {}
    for y in range(h):
        for x in range(w):
            if x % 8 == 0 or y % 8 == 0 or x == w - 1 or y == h - 1:
                c = (51, 51, 51)
            elif (x, y) in f_shape:
                c = (255, 255, 255)
            else:
                c = quad[x // 32, y // 32]
            px[x, y] = c + (255,)
    return w, h, px


IMAGE_LIST = {"arrow": arrow, "button": button, "checker": checker, "pixels": pixels, "disc": disc,
              "grid": grid}


def rows_of(w, h, px):
    return [bytes(v for x in range(w) for v in px[x, y]) for y in range(h)]


def main():
    os.makedirs(IMAGES, exist_ok=True)
    total = 0
    for name, fn in IMAGE_LIST.items():
        w, h, px = fn()
        path = os.path.join(IMAGES, name + ".png")
        compare.write_png(path, w, h, rows_of(w, h, px))
        total += os.path.getsize(path)
        print("%-10s %3dx%-3d %6d bytes" % (name, w, h, os.path.getsize(path)))
    print("%d images, %d bytes in %s" % (len(IMAGE_LIST), total, IMAGES))


if __name__ == "__main__":
    main()

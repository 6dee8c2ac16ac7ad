"""The golden-image metric, for humans: compares a rendered PNG with a golden PNG.

    python3 Reference/render/compare.py GOLDEN.png RENDERED.png [--diff DIFF.png]
    python3 Reference/render/compare.py GOLDEN_DIR RENDERED_DIR   # every golden with that name

Exit status 0 when every comparison passes, 1 when one fails, 2 for bad input.
Pure Python (zlib only); the metric is defined in Reference/README.md,
"# Compositor goldens", "The metric":

- both images are decoded to 8-bit RGBA and premultiplied,
  p = (c·a + 127) // 255 (round to nearest; exact ties cannot occur);
- the sizes must be equal;
- the mean over all pixels of |rendered − golden| is ≤ 1 for each of R, G, B, A;
- on every pixel that is not an edge pixel, |rendered − golden| ≤ 8 in every
  channel. An edge pixel is one whose 3×3 neighbourhood in the golden image (the
  neighbours inside the image) holds a premultiplied RGBA value different from
  its own.
"""

import os
import struct
import sys
import zlib

MEAN_LIMIT = 1.0
PIXEL_LIMIT = 8


class PNGError(ValueError):
    pass


# --- PNG ------------------------------------------------------------------------

def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def read_png(path):
    """(width, height, rows): rows[y] is a bytes object of width·4 unpremultiplied
    RGBA values. 8-bit grey, grey+alpha, RGB and RGBA, not interlaced."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise PNGError("%s: not a PNG file" % path)
    pos, idat, header = 8, [], None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if len(body) != length:
            raise PNGError("%s: truncated chunk" % path)
        if zlib.crc32(kind + body) != struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])[0]:
            raise PNGError("%s: bad CRC in %r" % (path, kind))
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if header is None:
        raise PNGError("%s: no IHDR" % path)
    width, height, depth, color, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(color)
    if depth != 8 or channels is None or interlace != 0:
        raise PNGError("%s: only 8-bit grey/RGB(A), non-interlaced PNGs are read" % path)
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    if len(raw) != height * (stride + 1):
        raise PNGError("%s: wrong amount of image data" % path)
    rows, prev = [], bytearray(stride)
    for y in range(height):
        ftype = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if ftype == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 255
        elif ftype == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif ftype == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif ftype == 4:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                upleft = prev[i - channels] if i >= channels else 0
                line[i] = (line[i] + _paeth(left, prev[i], upleft)) & 255
        elif ftype != 0:
            raise PNGError("%s: bad filter type %d" % (path, ftype))
        prev = line
        if channels == 4:
            rows.append(bytes(line))
        else:
            out = bytearray(width * 4)
            for x in range(width):
                px = line[x * channels:(x + 1) * channels]
                if channels == 1:
                    out[4 * x:4 * x + 4] = bytes((px[0], px[0], px[0], 255))
                elif channels == 2:
                    out[4 * x:4 * x + 4] = bytes((px[0], px[0], px[0], px[1]))
                else:
                    out[4 * x:4 * x + 4] = bytes((px[0], px[1], px[2], 255))
            rows.append(bytes(out))
    return width, height, rows


def write_png(path, width, height, rows):
    """Writes 8-bit RGBA rows (filter 0)."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    raw = b"".join(b"\x00" + bytes(r) for r in rows)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        f.write(chunk(b"IEND", b""))


def premultiplied(rows):
    """Rows of unpremultiplied RGBA → rows of premultiplied RGBA, p = (c·a + 127) // 255."""
    out = []
    for row in rows:
        r = bytearray(row)
        for i in range(0, len(r), 4):
            a = r[i + 3]
            if a != 255:
                r[i] = (r[i] * a + 127) // 255
                r[i + 1] = (r[i + 1] * a + 127) // 255
                r[i + 2] = (r[i + 2] * a + 127) // 255
        out.append(bytes(r))
    return out


# --- the metric -----------------------------------------------------------------

def edge_mask(width, height, rows):
    """edge[y][x] is True when some pixel of the 3×3 neighbourhood of (x, y) inside
    the image differs (premultiplied RGBA) from (x, y) itself."""
    px = [[row[4 * x:4 * x + 4] for x in range(width)] for row in rows]
    edge = [[False] * width for _ in range(height)]
    for y in range(height):
        for x in range(width):
            p = px[y][x]
            # each unordered neighbour pair is examined once, marking both pixels
            for dx, dy in ((1, 0), (-1, 1), (0, 1), (1, 1)):
                nx, ny = x + dx, y + dy
                if 0 <= nx < width and ny < height and px[ny][nx] != p:
                    edge[y][x] = True
                    edge[ny][nx] = True
    return edge


class Result:
    def __init__(self, means, edge_pixels, worst, worst_at, violations, size_ok=True):
        self.means = means                # mean |R − G| for R, G, B, A
        self.edge_pixels = edge_pixels    # number of edge pixels in the golden
        self.worst = worst                # largest |R − G| outside the edge pixels
        self.worst_at = worst_at          # (x, y) of that difference, or None
        self.violations = violations      # non-edge pixels with a difference > PIXEL_LIMIT
        self.size_ok = size_ok

    @property
    def passed(self):
        return self.size_ok and max(self.means) <= MEAN_LIMIT and self.worst <= PIXEL_LIMIT

    def summary(self):
        if not self.size_ok:
            return "FAIL size differs"
        return ("%s mean |d| R %.3f G %.3f B %.3f A %.3f; max |d| off edges %d%s; "
                "%d edge pixels; %d pixels over %d" % (
                    "pass" if self.passed else "FAIL", *self.means, self.worst,
                    "" if self.worst_at is None else " at (%d, %d)" % self.worst_at,
                    self.edge_pixels, self.violations, PIXEL_LIMIT))


def compare_rows(width, height, golden, rendered, diff=None):
    """golden, rendered: rows of premultiplied RGBA. diff: a list that receives rows of a
    picture of the differences (grey ×16, red where a non-edge pixel is over the limit)."""
    edge = edge_mask(width, height, golden)
    sums = [0, 0, 0, 0]
    worst, worst_at, violations, edges = 0, None, 0, 0
    for y in range(height):
        g, r = golden[y], rendered[y]
        drow = bytearray(width * 4) if diff is not None else None
        for x in range(width):
            i = 4 * x
            d = [abs(r[i + k] - g[i + k]) for k in range(4)]
            for k in range(4):
                sums[k] += d[k]
            m = max(d)
            if edge[y][x]:
                edges += 1
            else:
                if m > worst:
                    worst, worst_at = m, (x, y)
                if m > PIXEL_LIMIT:
                    violations += 1
            if drow is not None:
                v = min(255, 16 * m)
                if m > PIXEL_LIMIT and not edge[y][x]:
                    drow[i:i + 4] = bytes((255, 0, 0, 255))
                else:
                    drow[i:i + 4] = bytes((v, v, v, 255))
        if diff is not None:
            diff.append(bytes(drow))
    n = float(width * height)
    return Result([s / n for s in sums], edges, worst, worst_at, violations)


def compare_files(golden_path, rendered_path, diff_path=None):
    gw, gh, grows = read_png(golden_path)
    rw, rh, rrows = read_png(rendered_path)
    if (gw, gh) != (rw, rh):
        return Result([float("inf")] * 4, 0, 255, None, gw * gh, size_ok=False)
    diff = [] if diff_path else None
    result = compare_rows(gw, gh, premultiplied(grows), premultiplied(rrows), diff)
    if diff_path:
        write_png(diff_path, gw, gh, diff)
    return result


def main(argv):
    args = [a for a in argv[1:]]
    diff_path = None
    if "--diff" in args:
        i = args.index("--diff")
        if i + 1 >= len(args):
            print("compare: --diff needs a file name", file=sys.stderr)
            return 2
        diff_path = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    golden, rendered = args
    try:
        if os.path.isdir(golden):
            pairs = [(os.path.join(golden, n), os.path.join(rendered, n))
                     for n in sorted(os.listdir(golden)) if n.endswith(".png")]
            diff_path = None
        else:
            pairs = [(golden, rendered)]
        failed = 0
        for g, r in pairs:
            if not os.path.exists(r):
                print("%-28s FAIL missing %s" % (os.path.basename(g), r))
                failed += 1
                continue
            res = compare_files(g, r, diff_path)
            failed += not res.passed
            print("%-28s %s" % (os.path.basename(g), res.summary()))
    except (OSError, PNGError, zlib.error) as e:
        print("compare: %s" % e, file=sys.stderr)
        return 2
    if len(pairs) > 1:
        print("%d passed, %d failed" % (len(pairs) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

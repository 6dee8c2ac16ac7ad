"""Contents images for the reference renderer (docs/compositor.md §9), in numpy.

Nothing here is shared with the Swift side. The mapping is done per pixel, from the
pixel centre back to a texel:

    pixel centre → layer point (inverse plane homography, perspective-correct)
                 → unit point of the drawn rectangle D (nine-part map)
                 → point of contentsRect → image coordinates → filter

and the result is an 8-bit premultiplied ARGB32 cairo surface over the pixel box of
D, which the renderer fills through D's anti-aliased outline (the coverage of D).
"""

import math
import os

import numpy as np

from cairo_loader import cairo
import compare

GRAVITIES = ("center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft",
             "bottomRight", "resize", "resizeAspect", "resizeAspectFill")
RESIZE_GRAVITIES = ("resize", "resizeAspect", "resizeAspectFill")
FILTERS = ("linear", "nearest", "trilinear")


class ContentsImage:
    """A decoded PNG: premultiplied 8-bit RGBA, p = (c·a + 127) // 255 (c·a/255
    rounded to nearest), and its mip levels, made on first use."""

    def __init__(self, path):
        self.path = path
        w, h, rows = compare.read_png(path)
        straight = np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(h, w, 4).astype(np.int64)
        a = straight[:, :, 3:4]
        pre = straight.copy()
        pre[:, :, :3] = (straight[:, :, :3] * a + 127) // 255
        self.width, self.height = w, h
        self._levels = [pre]

    def level(self, k):
        """Mip level k (0 = the image): level k+1 halves level k with sizes rounded up;
        each texel is the mean of the (up to) 2×2 texels of level k it covers, in
        premultiplied 8-bit RGBA, rounded to nearest (a half rounds up)."""
        while len(self._levels) <= k:
            a = self._levels[-1]
            h, w = a.shape[:2]
            if h == 1 and w == 1:
                self._levels.append(a)
                continue
            h2, w2 = (h + 1) // 2, (w + 1) // 2
            s = np.zeros((2 * h2, 2 * w2, 4), np.int64)
            n = np.zeros((2 * h2, 2 * w2, 1), np.int64)
            s[:h, :w] = a
            n[:h, :w] = 1
            sums = s[0::2, 0::2] + s[1::2, 0::2] + s[0::2, 1::2] + s[1::2, 1::2]
            cnt = n[0::2, 0::2] + n[1::2, 0::2] + n[0::2, 1::2] + n[1::2, 1::2]
            self._levels.append((sums + cnt // 2) // cnt)
        return self._levels[k]

    @property
    def max_level(self):
        """The last level (1×1)."""
        k, w, h = 0, self.width, self.height
        while w > 1 or h > 1:
            w, h, k = (w + 1) // 2, (h + 1) // 2, k + 1
        return k


_CACHE = {}


def load_image(path):
    path = os.path.abspath(path)
    if path not in _CACHE:
        _CACHE[path] = ContentsImage(path)
    return _CACHE[path]


# ---------------------------------------------------------------------------
# Placement

def sanitised_rect(r):
    """contentsRect / contentsCenter with a NaN or infinite field read as the unit rectangle."""
    if r is None or not all(math.isfinite(v) for v in r):
        return (0.0, 0.0, 1.0, 1.0)
    return r


def sanitised_center(c):
    """contentsCenter standardised (negative sizes flipped) and clamped to the unit square."""
    x, y, w, h = sanitised_rect(c)
    if w < 0:
        x, w = x + w, -w
    if h < 0:
        y, h = y + h, -h
    x0, y0 = min(max(x, 0.0), 1.0), min(max(y, 0.0), 1.0)
    x1, y1 = min(max(x + w, 0.0), 1.0), min(max(y + h, 0.0), 1.0)
    return x0, y0, x1, y1


def natural_size(layer, image):
    """N = (|cr.w|·W, |cr.h|·H) / contentsScale, in points."""
    cs = layer["contentsScale"]
    if not math.isfinite(cs) or cs <= 0:
        cs = 1.0
    cr = sanitised_rect(layer["contentsRect"])
    return abs(cr[2]) * image.width / cs, abs(cr[3]) * image.height / cs


def drawn_rect(gravity, bounds, n):
    """D (x, y, w, h) in layer coordinates for the gravity, the standardised bounds B
    and the natural size N; None when nothing is drawn. "top" is the max-y edge and
    "bottom" the min-y edge (Core Animation's y-up names)."""
    bx, by, bw, bh = bounds
    nw, nh = n
    if not (math.isfinite(nw) and math.isfinite(nh)) or nw <= 0 or nh <= 0:
        return None
    if gravity in RESIZE_GRAVITIES:
        if bw <= 0 or bh <= 0:
            return None
        if gravity == "resize":
            return bx, by, bw, bh
        s = min(bw / nw, bh / nh) if gravity == "resizeAspect" else max(bw / nw, bh / nh)
        dw, dh = nw * s, nh * s
        return bx + (bw - dw) / 2, by + (bh - dh) / 2, dw, dh
    if gravity not in GRAVITIES:
        gravity = "center"
    if gravity in ("left", "topLeft", "bottomLeft"):
        dx = bx
    elif gravity in ("right", "topRight", "bottomRight"):
        dx = bx + bw - nw
    else:
        dx = bx + (bw - nw) / 2
    if gravity in ("bottom", "bottomLeft", "bottomRight"):
        dy = by
    elif gravity in ("top", "topLeft", "topRight"):
        dy = by + bh - nh
    else:
        dy = by + (bh - nh) / 2
    return dx, dy, nw, nh


def nine_part(t, length, natural, c0, c1):
    """One axis of the nine-part map: t (points from D's min edge, an array in
    [0, length]) → the unit coordinate of the contents, and the slope d(unit)/d(t)
    (piecewise constant).

    Margins m0 = c0·N, m1 = (1 − c1)·N, shrunk by one factor when m0 + m1 > length.
    [0, m0] → [0, c0], [m0, length − m1] → [c0, c1], [length − m1, length] → [c1, 1]."""
    m0, m1 = c0 * natural, (1.0 - c1) * natural
    if m0 + m1 > length:
        f = length / (m0 + m1)
        m0, m1 = m0 * f, m1 * f
    mid = length - m0 - m1
    u = np.empty_like(t)
    slope = np.empty_like(t)
    left = (t < m0) if m0 > 0 else np.zeros(t.shape, bool)
    right = (t > length - m1) & ~left if m1 > 0 else np.zeros(t.shape, bool)
    if mid <= 0:
        # no middle part: the seam belongs to the left part
        left = (t <= m0) if m0 > 0 else np.zeros(t.shape, bool)
        right = ~left
    middle = ~left & ~right
    if m0 > 0:
        u[left] = t[left] / m0 * c0
        slope[left] = c0 / m0
    if m1 > 0:
        u[right] = c1 + (t[right] - (length - m1)) / m1 * (1.0 - c1)
        slope[right] = (1.0 - c1) / m1
    if mid > 0:
        u[middle] = c0 + (t[middle] - m0) / mid * (c1 - c0)
        slope[middle] = (c1 - c0) / mid
    return u, slope


# ---------------------------------------------------------------------------
# Sampling

def _bilinear(level, x, y):
    """Bilinear between the four nearest texel centres (texel i's centre at i + 0.5),
    edge-clamped. level: (h, w, 4) ints; x, y: level coordinates. Float64 result."""
    h, w = level.shape[:2]
    ax, ay = x - 0.5, y - 0.5
    i0, j0 = np.floor(ax), np.floor(ay)
    fx, fy = (ax - i0)[..., None], (ay - j0)[..., None]
    i0 = i0.astype(np.int64)
    j0 = j0.astype(np.int64)
    i1, j1 = np.clip(i0 + 1, 0, w - 1), np.clip(j0 + 1, 0, h - 1)
    i0, j0 = np.clip(i0, 0, w - 1), np.clip(j0, 0, h - 1)
    lv = level.astype(np.float64)
    return ((1 - fx) * (1 - fy) * lv[j0, i0] + fx * (1 - fy) * lv[j0, i1]
            + (1 - fx) * fy * lv[j1, i0] + fx * fy * lv[j1, i1])


def _bilinear_levels(image, k, ix, iy):
    """Bilinear in mip level k (an integer array, per pixel); level coordinates are the
    image coordinates divided by 2^k (level k+1 texel j covers level k texels 2j, 2j+1)."""
    out = np.zeros(ix.shape + (4,))
    for level in np.unique(k):
        sel = k == level
        s = 2.0 ** int(level)
        out[sel] = _bilinear(image.level(int(level)), ix[sel] / s, iy[sel] / s)
    return out


def _nearest(image, ix, iy):
    lv = image.level(0)
    i = np.clip(np.floor(ix).astype(np.int64), 0, image.width - 1)
    j = np.clip(np.floor(iy).astype(np.int64), 0, image.height - 1)
    return lv[j, i].astype(np.float64)


def _filtered(image, filt, rho, bias, ix, iy):
    """One filter on the selected pixels (§9 "Filters")."""
    if filt == "nearest":
        return _nearest(image, ix, iy)
    maxk = image.max_level
    with np.errstate(divide="ignore"):
        lg = np.log2(rho)
    if filt == "linear":
        k = np.where(rho > 1, np.floor(lg), 0).astype(np.int64)
        return _bilinear_levels(image, np.clip(k, 0, maxk), ix, iy)
    lam = lg + bias
    lam = np.where(lam > 0, lam, 0.0)
    k0 = np.floor(lam).astype(np.int64)
    frac = (lam - k0)[..., None]
    a = _bilinear_levels(image, np.clip(k0, 0, maxk), ix, iy)
    b = _bilinear_levels(image, np.clip(k0 + 1, 0, maxk), ix, iy)
    return a * (1 - frac) + b * frac


def inverse3(h):
    """The inverse of a 3×3 matrix (adjugate / determinant)."""
    (a, b, c), (d, e, f), (g, hh, i) = h
    det = a * (e * i - f * hh) - b * (d * i - f * g) + c * (d * hh - e * g)
    adj = ((e * i - f * hh, c * hh - b * i, b * f - c * e),
           (f * g - d * i, a * i - c * g, c * d - a * f),
           (d * hh - e * g, b * g - a * hh, a * e - b * d))
    return tuple(tuple(v / det for v in row) for row in adj)


def pixel_box(rect, device, width, height):
    """The pixels that D's image can touch, grown by one, within the target; None when empty."""
    x, y, w, h = rect
    pts = []
    for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h)):
        X = px * device[0][0] + py * device[1][0] + device[2][0]
        Y = px * device[0][1] + py * device[1][1] + device[2][1]
        W = px * device[0][2] + py * device[1][2] + device[2][2]
        if W <= 0:
            return 0, 0, width, height  # partly behind the viewer: the whole target
        pts.append((X / W, Y / W))
    x0 = max(0, int(math.floor(min(p[0] for p in pts))) - 1)
    y0 = max(0, int(math.floor(min(p[1] for p in pts))) - 1)
    x1 = min(width, int(math.ceil(max(p[0] for p in pts))) + 1)
    y1 = min(height, int(math.ceil(max(p[1] for p in pts))) + 1)
    if x1 <= x0 or y1 <= y0:
        return None
    return x0, y0, x1, y1


def preimages(device, box):
    """The layer points of the pixel centres of box = (x0, y0, x1, y1) through the
    inverse of `device`: (inverse, x, y, W, valid), W the homogeneous divisor (1 where
    the preimage is behind the viewer, `valid` false there)."""
    x0, y0, x1, y1 = box
    inv = inverse3(device)
    px, py = np.meshgrid(np.arange(x0, x1) + 0.5, np.arange(y0, y1) + 0.5)
    X = px * inv[0][0] + py * inv[1][0] + inv[2][0]
    Y = px * inv[0][1] + py * inv[1][1] + inv[2][1]
    W = px * inv[0][2] + py * inv[1][2] + inv[2][2]
    valid = W > 0
    W = np.where(valid, W, 1.0)
    return inv, X / W, Y / W, W, valid


def sample(layer, image, rect, device, box, y_up):
    """The premultiplied colour (float, 0…255) of every pixel of box = (x0, y0, x1, y1),
    sampled at the pixel centres. Pixels whose preimage is behind the viewer are 0."""
    inv, x, y, W, valid = preimages(device, box)
    # d(layer point)/d(pixel): the derivative of X/W
    dx_dpx = (inv[0][0] - x * inv[0][2]) / W
    dx_dpy = (inv[1][0] - x * inv[1][2]) / W
    dy_dpx = (inv[0][1] - y * inv[0][2]) / W
    dy_dpy = (inv[1][1] - y * inv[1][2]) / W

    dxr, dyr, dw, dh = rect
    n = natural_size(layer, image)
    c0x, c0y, c1x, c1y = sanitised_center(layer["contentsCenter"])
    # the point is clamped to D: an edge pixel whose centre lies outside D takes the
    # colour of D's nearest point (never texels beyond D's part of the image)
    ux, sx = nine_part(np.clip(x - dxr, 0.0, dw), dw, n[0], c0x, c1x)
    uy, sy = nine_part(np.clip(y - dyr, 0.0, dh), dh, n[1], c0y, c1y)
    crx, cry, crw, crh = sanitised_rect(layer["contentsRect"])
    cx, cy = crx + ux * crw, cry + uy * crh
    iw, ih = image.width, image.height
    ix = cx * iw
    iy = (1.0 - cy) * ih if y_up else cy * ih
    # Jacobian of image coordinates with respect to pixel coordinates
    dix_dt = iw * crw * sx
    diy_dt = (-ih if y_up else ih) * crh * sy
    j11, j12 = dix_dt * dx_dpx, dix_dt * dx_dpy
    j21, j22 = diy_dt * dy_dpx, diy_dt * dy_dpy
    rho = np.maximum(np.hypot(j11, j21), np.hypot(j12, j22))

    ix = np.where(valid, ix, 0.0)
    iy = np.where(valid, iy, 0.0)
    out = np.zeros(ix.shape + (4,))
    mag = rho <= 1
    bias = layer["minificationFilterBias"]
    # magnification never reads mip levels: trilinear magnifies as linear (level 0)
    magnify = "nearest" if layer["magnificationFilter"] == "nearest" else "linear"
    for sel, filt in ((mag & valid, magnify), (~mag & valid, layer["minificationFilter"])):
        if sel.any():
            out[sel] = _filtered(image, filt, rho[sel], bias, ix[sel], iy[sel])
    return out


def surface_from_premultiplied(rgba):
    """A cairo ARGB32 surface from premultiplied float RGBA (0…255), rounded to nearest
    (halves up) and clamped, colour not above alpha."""
    h, w = rgba.shape[:2]
    q = np.clip(np.floor(rgba + 0.5), 0, 255).astype(np.uint8)
    q[:, :, :3] = np.minimum(q[:, :, :3], q[:, :, 3:4])
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, w, h)
    stride = surface.get_stride()
    buf = np.ndarray((h, stride // 4, 4), np.uint8, surface.get_data())
    # cairo's ARGB32 is native-endian: B G R A in memory on little-endian machines
    buf[:, :w, 0] = q[:, :, 2]
    buf[:, :w, 1] = q[:, :, 1]
    buf[:, :w, 2] = q[:, :, 0]
    buf[:, :w, 3] = q[:, :, 3]
    surface.mark_dirty()
    return surface


def alpha_of(surface):
    """The alpha channel of an ARGB32 surface as floats in 0…1."""
    surface.flush()
    w, h = surface.get_width(), surface.get_height()
    buf = np.ndarray((h, surface.get_stride() // 4, 4), np.uint8, surface.get_data())
    return buf[:, :w, 3].astype(np.float64) / 255.0


def contents_source(layer, device, width, height, y_up):
    """(D, surface, x0, y0) for the layer's contents, or None when nothing is drawn."""
    image = layer["contents"]
    if image is None or image.width == 0 or image.height == 0:
        return None
    x, y, w, h = layer["bounds"]
    if w < 0:
        x, w = x + w, -w
    if h < 0:
        y, h = y + h, -h
    rect = drawn_rect(layer["contentsGravity"], (x, y, w, h), natural_size(layer, image))
    if rect is None:
        return None
    box = pixel_box(rect, device, width, height)
    if box is None:
        return None
    colour = sample(layer, image, rect, device, box, y_up)
    return rect, surface_from_premultiplied(colour), box[0], box[1]

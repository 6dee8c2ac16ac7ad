"""Shadows for the reference renderer (docs/compositor.md §10): the geometry of the
shadow (σ and the offset in pixels) and an exact blur, in numpy.

Core Animation paints nothing farther than 2·shadowRadius beyond the shape. The blur
kernel is the Gaussian of standard deviation σ (pixels) cut off at ±2σ and scaled to
mass 1 again:

    g(x) = exp(−x²/2σ²) / (σ·√(2π)·(2Φ(2) − 1))   for |x| ≤ 2σ,   0 beyond,

whose variance is σ²·(1 − 4φ(2)/(2Φ(2) − 1)) ≈ 0.7737·σ². Among kernels that vanish past
2σ it keeps a step edge's profile closest to the uncut Gaussian's: the two differ by
at most the uncut tail at 2σ, Φ(−2) = 2.3 % of the step, which any such kernel must lose.

The blur treats the shape's 8-bit alpha as a function that is constant on each pixel
square, convolves it with g on each axis and samples the result at the pixel centres.
Separably, that is a discrete convolution with the kernel

    k(i) = (Φ(c((i + ½)/σ)) − Φ(c((i − ½)/σ))) / (2Φ(2) − 1),   c(z) = min(max(z, −2), 2)

(g's mass over pixel i), on each axis, for |i| ≤ ⌊2σ + ½⌋; beyond that k is exactly 0.
Zero outside the buffer. The sums run in a fixed order (tap by tap, float64).
"""

import math

import numpy as np

# The kernel is cut at this many σ: nothing is painted farther out.
CUT_SIGMAS = 2.0
# σ in pixels past this behaves as this (the Swift side's limit).
MAX_SIGMA_PX = 16384.0


def kernel(sigma):
    """The cut Gaussian's mass over each pixel, i = −R … R with R = ⌊2σ + ½⌋; [1.0] for
    σ = 0."""
    if sigma <= 0:
        return [1.0]
    r = int(math.floor(CUT_SIGMAS * sigma + 0.5))

    def cdf(z):  # Φ of z clamped to the cut, as erf of z/√2
        z = min(max(z, -CUT_SIGMAS), CUT_SIGMAS)
        return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))
    total = cdf(CUT_SIGMAS) - cdf(-CUT_SIGMAS)
    return [(cdf((i + 0.5) / sigma) - cdf((i - 0.5) / sigma)) / total for i in range(-r, r + 1)]


def _convolve_axis(a, k, axis):
    r = (len(k) - 1) // 2
    if r == 0:
        return a * k[0]
    n = a.shape[axis]
    pad = [(0, 0), (0, 0)]
    pad[axis] = (r, r)
    p = np.pad(a, pad)
    out = np.zeros_like(a)
    for t, w in enumerate(k):
        # out[x] += k[t] · a[x + r − t]  (k symmetric)
        if axis == 1:
            out += w * p[:, t:t + n]
        else:
            out += w * p[t:t + n, :]
    return out


def gaussian_blur(alpha, sigma):
    """alpha (2-D float array) convolved with the cut Gaussian of σ pixels (rows, then
    columns)."""
    sigma = min(sigma, MAX_SIGMA_PX)
    k = kernel(sigma)
    return _convolve_axis(_convolve_axis(alpha, k, 1), k, 0)


def jacobian(device, x, y):
    """The 2×2 Jacobian of the layer-to-pixel map (plane homography `device`, row
    vectors) at the layer point (x, y): columns d(pixel)/dx and d(pixel)/dy."""
    X = x * device[0][0] + y * device[1][0] + device[2][0]
    Y = x * device[0][1] + y * device[1][1] + device[2][1]
    W = x * device[0][2] + y * device[1][2] + device[2][2]
    dX_dx = (device[0][0] * W - X * device[0][2]) / (W * W)
    dY_dx = (device[0][1] * W - Y * device[0][2]) / (W * W)
    dX_dy = (device[1][0] * W - X * device[1][2]) / (W * W)
    dY_dy = (device[1][1] * W - Y * device[1][2]) / (W * W)
    return (dX_dx, dX_dy), (dY_dx, dY_dy)  # rows: [[dX/dx, dX/dy], [dY/dx, dY/dy]]


def shadow_geometry(layer, device, bounds):
    """(σ_px, (ox, oy)): σ = shadowRadius · √|det J| and the offset J · shadowOffset,
    J the Jacobian at the middle of the (standardised) bounds. None when the map is
    not usable there (behind the viewer)."""
    x, y, w, h = bounds
    cx, cy = x + w / 2.0, y + h / 2.0
    W = cx * device[0][2] + cy * device[1][2] + device[2][2]
    if not W > 0:
        return None
    (a, b), (c, d) = jacobian(device, cx, cy)
    det = a * d - b * c
    sigma = layer["shadowRadius"] * math.sqrt(abs(det))
    sx, sy = layer["shadowOffset"]
    return sigma, (a * sx + b * sy, c * sx + d * sy)


def padding(sigma):
    """Pixels added around the target for the offscreen shape, so that what lies just
    outside the target still blurs into it."""
    return int(math.ceil(CUT_SIGMAS * min(sigma, MAX_SIGMA_PX))) + 2


def shadow_rgba(alpha, color, opacity):
    """The shadow's premultiplied colour (float, 0…255) from the blurred alpha (0…1)."""
    r, g, b, a = color
    k = a * opacity
    out = np.empty(alpha.shape + (4,))
    out[:, :, 0] = 255.0 * r * k * alpha
    out[:, :, 1] = 255.0 * g * k * alpha
    out[:, :, 2] = 255.0 * b * k * alpha
    out[:, :, 3] = 255.0 * k * alpha
    return out

// The hot kernels of CadenceGeometry's transforms: the 4×4 inverse and determinant of
// `Transform3D`, its decomposition, the slerp and blend of two decompositions, and the
// recomposition. Written with clang vector types so the compiler sees whole-row shuffles:
// Swift has no shuffle operation on SIMD4 and splits 3-lane arithmetic into scalars, which
// left the inverse 1.7× slower than Eigen's and the decomposition twice as slow as here.
// Header-only and `static inline`: Swift's importer compiles these into the calling module,
// with the flags the package is built with (AVX2 and FMA under `-Xcc -march=x86-64-v3`,
// SSE2 pairs otherwise; clang fuses `a * b + c` only where FMA is one instruction). The
// Swift types keep their public fields; docs/transforms.md has the methods and tolerances.
#ifndef CADENCE_MATRIX4_H
#define CADENCE_MATRIX4_H

// Every function here is static and always inlined, so how a 4-lane vector argument would
// be passed without AVX (the baseline build) never matters: silence clang's note on it.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpsabi"

/// Four doubles in one vector; Swift imports it as `SIMD4<Double>`. Aligned to 16 bytes,
/// as Swift aligns `SIMD4<Double>` (Swift does not import a struct of 32-byte-aligned
/// fields).
typedef double cadence_double4 __attribute__((ext_vector_type(4), aligned(16)));

/// A 4×4 matrix as four rows `(m11 m12 m13 m14)` … `(m41 m42 m43 m44)`, the layout of
/// `Transform3D`.
typedef struct cadence_matrix4 {
    cadence_double4 r1, r2, r3, r4;
} cadence_matrix4;

/// The parts of a matrix that its determinant and inverse share. With rows a, b, c, d:
/// `t[j] = (b_j, a_j, d_j, c_j)` (column j of the rows in the order b, a, d, c), and
/// `minor[xy] = (k_xy, k_xy, s_xy, s_xy)`, where s_xy and k_xy are the 2×2 minors of rows
/// (a, b) and (c, d) on columns x < y, in the order 01 02 03 12 13 23.
typedef struct cadence_matrix4_minors {
    cadence_double4 t[4];
    cadence_double4 minor[6];
    double determinant;
} cadence_matrix4_minors;

static inline __attribute__((always_inline)) cadence_matrix4_minors cadence_matrix4_minors_of(
    const cadence_matrix4 *m) {
    const cadence_double4 a = m->r1, b = m->r2, c = m->r3, d = m->r4;
    cadence_matrix4_minors r;
    // A 4×4 transpose of the rows (b, a, d, c): four in-lane unpacks, four half swaps.
    const cadence_double4 ba0 = __builtin_shufflevector(b, a, 0, 4, 2, 6);  // b0 a0 b2 a2
    const cadence_double4 ba1 = __builtin_shufflevector(b, a, 1, 5, 3, 7);  // b1 a1 b3 a3
    const cadence_double4 dc0 = __builtin_shufflevector(d, c, 0, 4, 2, 6);
    const cadence_double4 dc1 = __builtin_shufflevector(d, c, 1, 5, 3, 7);
    r.t[0] = __builtin_shufflevector(ba0, dc0, 0, 1, 4, 5);  // b0 a0 d0 c0
    r.t[1] = __builtin_shufflevector(ba1, dc1, 0, 1, 4, 5);
    r.t[2] = __builtin_shufflevector(ba0, dc0, 2, 3, 6, 7);
    r.t[3] = __builtin_shufflevector(ba1, dc1, 2, 3, 6, 7);
    // p[j] = (c_j, c_j, a_j, a_j) and q[j] = (d_j, d_j, b_j, b_j), so that
    // p[x]·q[y] − p[y]·q[x] = (k_xy, k_xy, s_xy, s_xy).
    cadence_double4 p[4], q[4];
    for (int j = 0; j < 4; j++) {
        p[j] = __builtin_shufflevector(r.t[j], r.t[j], 3, 3, 1, 1);
        q[j] = __builtin_shufflevector(r.t[j], r.t[j], 2, 2, 0, 0);
    }
    r.minor[0] = p[0] * q[1] - p[1] * q[0];
    r.minor[1] = p[0] * q[2] - p[2] * q[0];
    r.minor[2] = p[0] * q[3] - p[3] * q[0];
    r.minor[3] = p[1] * q[2] - p[2] * q[1];
    r.minor[4] = p[1] * q[3] - p[3] * q[1];
    r.minor[5] = p[2] * q[3] - p[3] * q[2];
    // Laplace along rows (a, b) and (c, d): det = Σ ± s_xy · k_(complement of xy). With the
    // halves of minor[5 − i] swapped, lane 0 holds the k·s terms and lane 2 the s·k terms.
#define CADENCE_SWAP_HALVES(v) __builtin_shufflevector(v, v, 2, 3, 0, 1)
    const cadence_double4 terms = r.minor[0] * CADENCE_SWAP_HALVES(r.minor[5])
        - r.minor[1] * CADENCE_SWAP_HALVES(r.minor[4]) + r.minor[2] * CADENCE_SWAP_HALVES(r.minor[3]);
#undef CADENCE_SWAP_HALVES
    r.determinant = terms[0] + terms[2];
    return r;
}

/// The determinant of `m` (Laplace expansion along rows 1–2 and 3–4).
static inline __attribute__((always_inline)) double cadence_matrix4_determinant(const cadence_matrix4 *m) {
    return cadence_matrix4_minors_of(m).determinant;
}

/// Replaces `m` by its inverse and returns 1, or leaves it unchanged and returns 0 when
/// `|det| ≤ threshold · ∏|row_i|` (Hadamard's bound, which `|det|` never exceeds) or the
/// test is NaN (non-finite fields). The inverse is the adjugate (cofactors from the 2×2
/// minors) times `1/det`: about `cond(m) · 1e-16` relative.
static inline __attribute__((always_inline)) int cadence_matrix4_invert(cadence_matrix4 *m, double threshold) {
    const cadence_matrix4_minors r = cadence_matrix4_minors_of(m);
    const double det = r.determinant;
    // The squared row lengths, in the order of t's lanes (b, a, d, c); their product is
    // Hadamard's bound squared, compared with det² (no square root). NaN fails.
    const cadence_double4 lengths = r.t[0] * r.t[0] + r.t[1] * r.t[1] + r.t[2] * r.t[2] + r.t[3] * r.t[3];
    const cadence_double4 pairs = lengths * __builtin_shufflevector(lengths, lengths, 2, 3, 0, 1);
    if (!(det * det > threshold * threshold * (pairs[0] * pairs[1]))) return 0;
    // Cofactor rows: lanes 0 and 1 (rows b and a) expand along the minors of (c, d), lanes
    // 2 and 3 (rows d and c) along those of (a, b); the signs (+ − + −, and − + − + for the
    // second and fourth rows) go into the scale.
    const cadence_double4 *t = r.t, *k = r.minor;
    const cadence_double4 adj1 = t[1] * k[5] - t[2] * k[4] + t[3] * k[3];
    const cadence_double4 adj2 = t[0] * k[5] - t[2] * k[2] + t[3] * k[1];
    const cadence_double4 adj3 = t[0] * k[4] - t[1] * k[2] + t[3] * k[0];
    const cadence_double4 adj4 = t[0] * k[3] - t[1] * k[1] + t[2] * k[0];
    const double inverse = 1 / det;
    const cadence_double4 even = (cadence_double4){inverse, -inverse, inverse, -inverse};
    m->r1 = adj1 * even;
    m->r2 = adj2 * -even;
    m->r3 = adj3 * even;
    m->r4 = adj4 * -even;
    return 1;
}

// MARK: Decomposition

/// `Transform3D.decomposed` in 4-lane vectors (the fourth lane of the 3-vectors is 0).
typedef struct cadence_decomposition {
    cadence_double4 scale;        ///< x, y, z
    cadence_double4 shear;        ///< xy, xz, yz
    cadence_double4 rotation;     ///< the quaternion x, y, z, w
    cadence_double4 translation;  ///< x, y, z
    cadence_double4 perspective;  ///< the normalised matrix's fourth column solved against P
} cadence_decomposition;

static inline __attribute__((always_inline)) cadence_double4 cadence_cross(cadence_double4 u, cadence_double4 v) {
    return __builtin_shufflevector(u, u, 1, 2, 0, 3) * __builtin_shufflevector(v, v, 2, 0, 1, 3)
        - __builtin_shufflevector(u, u, 2, 0, 1, 3) * __builtin_shufflevector(v, v, 1, 2, 0, 3);
}

/// The sums of `p`, `q`, `r` and `s`, lane by lane in that order (a transposed sum: six
/// shuffles and three additions for four dot products).
static inline __attribute__((always_inline)) cadence_double4 cadence_sums(
    cadence_double4 p, cadence_double4 q, cadence_double4 r, cadence_double4 s) {
    const cadence_double4 pq = __builtin_shufflevector(p, q, 0, 4, 2, 6) + __builtin_shufflevector(p, q, 1, 5, 3, 7);
    const cadence_double4 rs = __builtin_shufflevector(r, s, 0, 4, 2, 6) + __builtin_shufflevector(r, s, 1, 5, 3, 7);
    return __builtin_shufflevector(pq, rs, 0, 1, 4, 5) + __builtin_shufflevector(pq, rs, 2, 3, 6, 7);
}

/// `a` where `take_b` is 0, `b` where it is 1, exactly (w·b + (1 − w)·a with w 0 or 1): a
/// select between vectors on a scalar condition would be compiled into a branch, which on
/// varied rotations is mispredicted about one time in three.
static inline __attribute__((always_inline)) cadence_double4 cadence_pick(int take_b, cadence_double4 a, cadence_double4 b) {
    const double w = take_b ? 1 : 0;
    return b * w + a * (1 - w);
}

/// The unit quaternion (x, y, z, w) of the rotation whose row-vector matrix has the
/// orthonormal rows `u0`, `u1`, `u2` (fourth lanes 0), by Shepperd's method: 4·q·qᵀ has the
/// diagonal (4x², 4y², 4z², 4w²) and sums and differences of the entries elsewhere
/// (R_ij = u_i[j]); its column k over 2·√(4q_k²) is ±q. The column of the largest
/// diagonal entry keeps every component at full precision; it is chosen by a two-round
/// tournament of exact blends, so no branch depends on the rotation.
static inline __attribute__((always_inline)) cadence_double4 cadence_quaternion_from_rows(
    cadence_double4 u0, cadence_double4 u1, cadence_double4 u2) {
    const cadence_double4 diagonal = 1 + u0[0] * (cadence_double4){1, -1, -1, 1}
        + u1[1] * (cadence_double4){-1, 1, -1, 1} + u2[2] * (cadence_double4){-1, -1, 1, 1};
    // (4xy, 4xz, 4yz, ·) and (4wx, 4wy, ·, ·).
    const cadence_double4 sums = __builtin_shufflevector(u0, u1, 1, 2, 6, 3)    // u0y u0z u1z
        + __builtin_shufflevector(u1, u2, 0, 4, 5, 3);                          // u1x u2x u2y
    const cadence_double4 differences = __builtin_shufflevector(u1, u2, 2, 4, 3, 3)  // u1z u2x
        - __builtin_shufflevector(u2, u0, 1, 6, 3, 3);                               // u2y u0z
    const double xy = sums[0], xz = sums[1], yz = sums[2];
    const double wx = differences[0], wy = differences[1], wz = u0[1] - u1[0];
    const cadence_double4 columnX = {diagonal[0], xy, xz, wx}, columnY = {xy, diagonal[1], yz, wy};
    const cadence_double4 columnZ = {xz, yz, diagonal[2], wz}, columnW = {wx, wy, wz, diagonal[3]};
    const double largest01 = diagonal[1] > diagonal[0] ? diagonal[1] : diagonal[0];
    const double largest23 = diagonal[3] > diagonal[2] ? diagonal[3] : diagonal[2];
    const cadence_double4 column = cadence_pick(
        largest23 > largest01, cadence_pick(diagonal[1] > diagonal[0], columnX, columnY),
        cadence_pick(diagonal[3] > diagonal[2], columnZ, columnW));
    const double largest = largest23 > largest01 ? largest23 : largest01;
    return column * (0.5 / __builtin_elementwise_sqrt(largest));
}

/// Decomposes `m` as `Transform3D.decomposed` documents (the unmatrix method; a negative
/// determinant flips the x scale and row) and returns 1, or returns 0 when `m44 = 0`, the
/// upper 3×3 is singular relative to Hadamard's bound (`threshold`, as for the inverse,
/// with `|(t, 1)|` for the translation row) or a field is not finite. `out` is written only
/// on success.
static inline __attribute__((always_inline)) int cadence_matrix4_decompose(
    const cadence_matrix4 *m, double threshold, cadence_decomposition *out) {
    const double w = m->r4[3];
    if (w == 0) return 0;
    cadence_double4 r1 = m->r1, r2 = m->r2, r3 = m->r3, r4 = m->r4;
    if (w != 1) {  // the usual m44 = 1 needs no division
        const double k = 1 / w;
        r1 *= k, r2 *= k, r3 *= k, r4 *= k;
    }
    const cadence_double4 zero = {0, 0, 0, 0};
    // Rows of A (the upper 3×3), the translation t, and the fourth column c.
    const cadence_double4 a0 = __builtin_shufflevector(r1, zero, 0, 1, 2, 4);
    const cadence_double4 a1 = __builtin_shufflevector(r2, zero, 0, 1, 2, 4);
    const cadence_double4 a2 = __builtin_shufflevector(r3, zero, 0, 1, 2, 4);
    const cadence_double4 t = __builtin_shufflevector(r4, zero, 0, 1, 2, 4);
    const cadence_double4 c = __builtin_shufflevector(
        __builtin_shufflevector(r1, r2, 3, 7, 3, 7), __builtin_shufflevector(r3, r4, 3, 7, 3, 7), 0, 1, 4, 5);
    // n = P · E with P = [[A, 0], [t, 1]]: P is singular exactly when A is. (c − c) is 0 for
    // a finite column and NaN otherwise, so NaN or ±∞ anywhere fails the test.
    const cadence_double4 b0 = cadence_cross(a1, a2), b1 = cadence_cross(a2, a0), b2 = cadence_cross(a0, a1);
    const cadence_double4 b2a0 = cadence_cross(b2, a0);
    // |a0|², |a1|², |a2|², |t|² + (c − c); det, a0·a1, |a0 × a1|²; and a2's products.
    const cadence_double4 lengths = cadence_sums(a0 * a0, a1 * a1, a2 * a2, t * t + (c - c));
    const cadence_double4 products = cadence_sums(a0 * b0, a0 * a1, b2 * b2, zero);
    const cadence_double4 along2 = cadence_sums(a2 * b2, a2 * a0, a2 * b2a0, zero);
    const double det = products[0];
    const double bound = lengths[0] * lengths[1] * (lengths[2] * (lengths[3] + 1));
    if (!(det * det > threshold * threshold * bound)) return 0;
    cadence_double4 perspective = {0, 0, 0, 1};
    if (c[0] != 0 || c[1] != 0 || c[2] != 0) {
        // A·p′ = c′ by the cross products (a_i · b_j = det·δ_ij); p₃ = c₃ − t·p′.
        const cadence_double4 solved = (b0 * c[0] + b1 * c[1] + b2 * c[2]) * (1 / det);
        const cadence_double4 tp = t * solved;
        perspective = solved;
        perspective[3] = c[3] - (tp[0] + tp[1] + tp[2]);
    }
    // Gram–Schmidt on A's rows, as cross products so that every square root and division
    // depends only on the inputs (a short chain): u0 = a0/|a0|, u2 = (a0 × a1)/|a0 × a1|,
    // u1 = u2 × u0 = ((a0 × a1) × a0)/(|a0 × a1|·|a0|), the part of a1 orthogonal to a0,
    // normalised. The scales are |a0|, |a0 × a1|/|a0| and a2 · u2 (= det/|a0 × a1|); the
    // shears a1's and a2's components along the rows, over their scale. A mirror (negative
    // determinant) flips u0, u2, the x scale and the xy and xz shears: a multiply by ±1.
    const double sign = det < 0 ? -1 : 1;
    const double scale0 = __builtin_elementwise_sqrt(lengths[0]), area = __builtin_elementwise_sqrt(products[2]);
    const cadence_double4 inverses = 1 / (cadence_double4){scale0, area, along2[0], 1};
    const double n0 = sign * inverses[0], n2 = sign * inverses[1], n1 = inverses[0] * inverses[1];
    const cadence_double4 u0 = a0 * n0, u1 = b2a0 * n1, u2 = b2 * n2;
    const double scale1 = area * inverses[0], scale2 = along2[0] * n2;
    // 1/scale2 = sign·|a0 × a1|/(a2·b2), and for xz the sign cancels the one in n0.
    const double over2 = area * inverses[2];
    out->scale = (cadence_double4){scale0 * sign, scale1, scale2, 0};
    out->shear = (cadence_double4){
        products[1] * n2, along2[1] * inverses[0] * over2, along2[2] * n1 * over2 * sign, 0};
    out->translation = t;
    out->perspective = perspective;
    out->rotation = cadence_quaternion_from_rows(u0, u1, u2);
    return 1;
}

// MARK: Interpolation

/// Two doubles in one vector; Swift imports it as `SIMD2<Double>`.
typedef double cadence_double2 __attribute__((ext_vector_type(2)));

/// `c0 + c1·z + … + c11·z¹¹` by Estrin's scheme: pairs, then pairs of pairs with z², z⁴
/// and z⁸, so the longest chain after z⁸ is one multiply-add (Horner's is eleven).
#define CADENCE_ESTRIN12(z, c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11)                     \
    ({                                                                                            \
        const __typeof__(z) z2_ = (z) * (z), z4_ = z2_ * z2_;                                     \
        const __typeof__(z) q0_ = ((c2) + (c3) * (z)) * z2_ + ((c0) + (c1) * (z));                \
        const __typeof__(z) q1_ = ((c6) + (c7) * (z)) * z2_ + ((c4) + (c5) * (z));                \
        const __typeof__(z) q2_ = ((c10) + (c11) * (z)) * z2_ + ((c8) + (c9) * (z));              \
        q2_ * (z4_ * z4_) + (q1_ * z4_ + q0_);                                                    \
    })

/// `asin(x)` for `x` in 0…1/2: `x + x³·P(x²)`, P of degree 11 fitted to the relative error
/// (within 1.6e-16 relative of 50-digit values).
static inline __attribute__((always_inline)) double cadence_asin_small(double x) {
    const double z = x * x;
    const double p = CADENCE_ESTRIN12(z, 0.1666666666666665, 0.07500000000020797, 0.04464285710336827,
        0.03038194737068087, 0.02237204751352192, 0.017355262221945347, 0.013929625916473681,
        0.011875700165918232, 0.007801943829663346, 0.016038559905076553, -0.010754253819189541,
        0.02817305169670452);
    return x * z * p + x;
}

/// `acos(d) · k` for `d` in 0…1, given `h = √((1 − d)/2)`: `π/2 − asin(d)` up to 1/2,
/// `2·asin(h)` above, so the polynomial's argument is at most 1/2; `k` scales both lanes
/// (one multiply-add instead of a multiply-add and a multiply). The choice is a blend with
/// a weight of exactly 0 or 1: as a select the compiler makes it a branch (a square root or
/// a constant on one side), mispredicted on varied rotations. Within 3e-16 of libm's `acos`.
static inline __attribute__((always_inline)) cadence_double2 cadence_acos_unit_scaled(
    double d, double h, cadence_double2 k) {
    const double w = d > 0.5 ? 1 : 0;
    const double x = h * w + d * (1 - w);
    return k * (3 * w - 1) * cadence_asin_small(x) + k * ((1 - w) * 1.5707963267948966);
}

/// `acos(d)` for `d` in 0…1 (see `cadence_acos_unit_scaled`).
static inline __attribute__((always_inline)) double cadence_acos_unit(double d, double h) {
    return cadence_acos_unit_scaled(d, h, (cadence_double2){1, 1})[0];
}

/// `sin` of both lanes for arguments in −π…π: `x + x³·P(x²)`, P of degree 10 fitted to the
/// relative error of sin x / x: within 2e-16 relative below π/2, and 1.5e-15 absolute
/// towards ±π, where the terms cancel (x³/6 is 5 at π).
static inline __attribute__((always_inline)) cadence_double2 cadence_sine_pi(cadence_double2 x) {
    const cadence_double2 z = x * x;
    const cadence_double2 p = CADENCE_ESTRIN12(z, -0.16666666666666666, 0.00833333333333333,
        -0.0001984126984126936, 2.755731922394579e-06, -2.5052108383450746e-08, 1.605904377338054e-10,
        -7.647162386553427e-13, 2.8114380352425378e-15, -8.218804250473063e-18, 1.9461160271149705e-20,
        -3.470272968303619e-23, 0.0);
    return x * z * p + x;
}

/// `(sin((1−t)θ), sin(tθ))`, the weights of a slerp times `sin θ`, for unit quaternions
/// whose dot product is `d` in 0…1 − 1e-12 (so θ = acos d is in 1.4e-6…π/2), given
/// `h = √((1 − d)/2)`. For `t` in −1…2 both angles are within ±π and the sines are one
/// two-lane polynomial; further out they come from libm.
static inline __attribute__((always_inline)) cadence_double2 cadence_slerp_sines(double d, double h, double t) {
    const cadence_double2 angles = cadence_acos_unit_scaled(d, h, (cadence_double2){1 - t, t});
    const double reach = __builtin_fmax(__builtin_fabs(angles[0]), __builtin_fabs(angles[1]));
    return __builtin_expect(reach <= 3.141592653589793, 1)
        ? cadence_sine_pi(angles) : (cadence_double2){__builtin_sin(angles[0]), __builtin_sin(angles[1])};
}

/// `Quaternion.slerp`: the short way (the second quaternion negated when the dot product is
/// below 0 — a multiply by ±1, since the sign is a coin toss on varied rotations; −0 does
/// not flip), a normalised linear blend when the dot product exceeds 1 − 1e-12.
static inline __attribute__((always_inline)) cadence_double4 cadence_slerp(
    cadence_double4 a, cadence_double4 b, double t) {
    // Summed in lane order, as Swift's `SIMD4.sum()` does: whether the dot product of two
    // rotations half a turn apart is +0 or −0 (flip or not) must not change with the order.
    const cadence_double4 products = a * b;
    const double cosine = ((products[0] + products[1]) + products[2]) + products[3];
    b *= cosine < 0 ? -1.0 : 1.0;
    const double d = __builtin_fabs(cosine);
    if (__builtin_expect(d > 1 - 1e-12, 0)) {
        const cadence_double4 q = a + (b - a) * t, qq = q * q;
        const double length = __builtin_elementwise_sqrt(((qq[0] + qq[1]) + qq[2]) + qq[3]);
        return length > 0 ? q / length : (cadence_double4){0, 0, 0, 1};
    }
    // sin θ = √((1 − d)(1 + d)) and, for acos, √((1 − d)/2): both square roots at once. a
    // and b are divided by sin θ while the polynomials run, so the last step is one
    // product and one multiply-add.
    const cadence_double2 roots = __builtin_elementwise_sqrt((cadence_double2){(1 - d) * (1 + d), (1 - d) * 0.5});
    const double inverse = 1 / roots[0];
    const cadence_double2 sines = cadence_slerp_sines(d, roots[1], t);
    return (a * inverse) * sines[0] + (b * inverse) * sines[1];
}

/// `DecomposedTransform.interpolated`: every part linearly (in 4 lanes) except the
/// rotation, which takes the short spherical path (`cadence_slerp`).
static inline __attribute__((always_inline)) void cadence_decomposition_interpolate(
    const cadence_decomposition *a, const cadence_decomposition *b, double t, cadence_decomposition *out) {
    out->scale = a->scale + (b->scale - a->scale) * t;
    out->shear = a->shear + (b->shear - a->shear) * t;
    out->rotation = cadence_slerp(a->rotation, b->rotation, t);
    out->translation = a->translation + (b->translation - a->translation) * t;
    out->perspective = a->perspective + (b->perspective - a->perspective) * t;
}

/// `DecomposedTransform.recomposed`: (scale · shear · rotation, translation) with the
/// perspective's fourth column, times `m44`. The rotation's rows come from the quaternion
/// as `e_i + q_j·(…) + q_k·(…)` in vector lanes; the fourth column is the rows' products
/// with the perspective, four dot products in one transposed sum.
static inline __attribute__((always_inline)) void cadence_recompose(
    const cadence_decomposition *d, double m44, cadence_matrix4 *out) {
    const cadence_double4 q = d->rotation;
    const double x = q[0], y = q[1], z = q[2];
    // Rows of the row-vector rotation matrix (fourth lanes 0): each is e_i plus two of the
    // components times a signed, doubled arrangement of q.
#define CADENCE_ARRANGE(i, j, k, sx, sy, sz) (__builtin_shufflevector(q, q, i, j, k, 3) * (cadence_double4){sx, sy, sz, 0})
    const cadence_double4 r0 = (cadence_double4){1, 0, 0, 0} + y * CADENCE_ARRANGE(1, 0, 3, -2, 2, -2)
        + z * CADENCE_ARRANGE(2, 3, 0, -2, 2, 2);
    const cadence_double4 r1 = (cadence_double4){0, 1, 0, 0} + x * CADENCE_ARRANGE(1, 0, 3, 2, -2, 2)
        + z * CADENCE_ARRANGE(3, 2, 1, -2, -2, 2);
    const cadence_double4 r2 = (cadence_double4){0, 0, 1, 0} + x * CADENCE_ARRANGE(2, 3, 0, 2, -2, -2)
        + y * CADENCE_ARRANGE(3, 2, 1, 2, 2, -2);
#undef CADENCE_ARRANGE
    // Rows of scale · shear · rotation: a1 = s1·(r1 + xy·r0), a2 = s2·(r2 + xz·r0 + yz·r1).
    const cadence_double4 s = d->scale, h = d->shear;
    const cadence_double4 a0 = r0 * s[0];
    const cadence_double4 a1 = r1 * s[1] + r0 * (h[0] * s[1]);
    const cadence_double4 a2 = r2 * s[2] + r0 * (h[1] * s[2]) + r1 * (h[2] * s[2]);
    // The fourth column: the rows' products with the perspective; the translation row
    // carries a 1 in its fourth lane, so its product includes p₃.
    const cadence_double4 t = __builtin_shufflevector(d->translation, (cadence_double4){1, 1, 1, 1}, 0, 1, 2, 4);
    const cadence_double4 p = d->perspective;
    const cadence_double4 column = cadence_sums(a0 * p, a1 * p, a2 * p, t * p);
    cadence_double4 m1 = __builtin_shufflevector(a0, column, 0, 1, 2, 4);
    cadence_double4 m2 = __builtin_shufflevector(a1, column, 0, 1, 2, 5);
    cadence_double4 m3 = __builtin_shufflevector(a2, column, 0, 1, 2, 6);
    cadence_double4 m4 = __builtin_shufflevector(t, column, 0, 1, 2, 7);
    if (m44 != 1) m1 *= m44, m2 *= m44, m3 *= m44, m4 *= m44;
    out->r1 = m1, out->r2 = m2, out->r3 = m3, out->r4 = m4;
}

#pragma clang diagnostic pop

#endif

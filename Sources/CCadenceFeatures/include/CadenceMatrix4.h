// The 4×4 inverse and determinant of `Transform3D`, written with clang vector types so the
// compiler sees whole-row shuffles: Swift has no shuffle operation on SIMD4, and element-wise
// construction left the inverse 1.7× slower than Eigen's. Header-only and `static inline`:
// Swift's importer compiles these into the calling module, with the flags the package is
// built with (AVX2 and FMA under `-Xcc -march=x86-64-v3`, SSE2 pairs otherwise).
#ifndef CADENCE_MATRIX4_H
#define CADENCE_MATRIX4_H

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

#endif

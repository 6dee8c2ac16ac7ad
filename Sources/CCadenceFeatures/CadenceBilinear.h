// `ContentsSampler`'s integer bilinear sample and `SourceOver.blendSample` in AVX2, shared
// by the sprite kernel (CadenceSprites.c) and the affine contents kernel (CadenceContents.c;
// private to this module). Each helper is the Swift lane function it names, operation for
// operation in the same types (floats never contracted: the includer's pragma), so the
// bytes are the Swift lanes'. What differs is how the texels arrive: hardware gathers.
// Include after <immintrin.h> and "CadencePixelLanes.h", on x86 only.
#ifndef CADENCE_BILINEAR_H
#define CADENCE_BILINEAR_H

/// `ContentsSampler.clamp` of floats: `x > lo ? x : lo`, then `m > hi ? hi : m`.
CADENCE_AVX2_INLINE __m256 clampf(__m256 x, __m256 lo, __m256 hi) {
    return _mm256_min_ps(hi, _mm256_max_ps(x, lo));
}

CADENCE_AVX2_INLINE __m256i clampi(__m256i x, __m256i lo, __m256i hi) {
    return _mm256_min_epi32(_mm256_max_epi32(x, lo), hi);
}

/// `ContentsSampler.floor`: ⌊x⌋ as a float (`*f`) and as an integer, for |x| < 2²².
CADENCE_AVX2_INLINE __m256i floorf8(__m256 x, __m256 *f) {
    const __m256 magic = _mm256_set1_ps(12582912.0f);
    const __m256 r = _mm256_sub_ps(_mm256_add_ps(x, magic), magic);
    const __m256 down = _mm256_sub_ps(r, _mm256_set1_ps(1));
    *f = _mm256_blendv_ps(r, down, _mm256_cmp_ps(r, x, _CMP_GT_OQ));
    return _mm256_sub_epi32(_mm256_castps_si256(_mm256_add_ps(*f, magic)), _mm256_set1_epi32(0x4B400000));
}

/// `ContentsSampler.fraction`: 8-bit weights ⌊256·f⌉, 0…256.
CADENCE_AVX2_INLINE __m256i fraction(__m256 f) {
    const __m256 biased = _mm256_add_ps(_mm256_mul_ps(f, _mm256_set1_ps(256)), _mm256_set1_ps(8388608.0f));
    return _mm256_and_si256(_mm256_castps_si256(biased), _mm256_set1_epi32(0x1FF));
}

/// `PixelLanes.spread`: a value per pixel in both 16-bit lanes of its pixel.
CADENCE_AVX2_INLINE __m256i spread(__m256i v) { return _mm256_or_si256(v, _mm256_slli_epi32(v, 16)); }

/// `spread(v >> 8k)` for `k` 0 or 1 (a constant) and every lane of `v` below 2^(8k + 16):
/// the lane's bytes k and k + 1 copied to both its 16-bit halves by one byte shuffle, where
/// the shift and `spread` are two or three operations.
CADENCE_AVX2_INLINE __m256i spread_shifted(__m256i v, int k) {
    const char a = (char)k, b = (char)(k + 1);
    return _mm256_shuffle_epi8(v, _mm256_setr_epi8(a, b, a, b, a + 4, b + 4, a + 4, b + 4, a + 8, b + 8, a + 8, b + 8, a + 12,
                                                   b + 12, a + 12, b + 12, a, b, a, b, a + 4, b + 4, a + 4, b + 4, a + 8,
                                                   b + 8, a + 8, b + 8, a + 12, b + 12, a + 12, b + 12));
}


/// `ContentsSampler.vertical`: `top·(256 − φ) + bottom·φ`.
CADENCE_AVX2_INLINE __m256i vertical(__m256i top, __m256i bottom, __m256i phi) {
    const __m256i gamma = _mm256_sub_epi16(_mm256_set1_epi16(256), phi);
    return _mm256_add_epi16(_mm256_mullo_epi16(top, gamma), _mm256_mullo_epi16(bottom, phi));
}

/// `ContentsSampler.horizontal`: the horizontal step and the one rounding.
CADENCE_AVX2_INLINE __m256i horizontal(__m256i a, __m256i b, __m256i phi) {
    const __m256i gamma = _mm256_sub_epi16(_mm256_set1_epi16(256), phi);
    const __m256i high = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(a, 8), gamma),
                                          _mm256_mullo_epi16(_mm256_srli_epi16(b, 8), phi));
    const __m256i low = _mm256_add_epi16(_mm256_mullo_epi16(low_bytes(a), gamma), _mm256_mullo_epi16(low_bytes(b), phi));
    return _mm256_srli_epi16(
        _mm256_add_epi16(_mm256_add_epi16(high, _mm256_srli_epi16(low, 8)), _mm256_set1_epi16(128)), 8);
}

/// A sample as `SourceOver.blendSample` blends it: the colour lanes `sl`, `sh` held to the
/// sample's alpha (`*s0`, `*s1`), the alpha spread over each pixel's lanes, and whether the
/// weights `q` are all full and the alphas all opaque (then the sample is the pixels).
typedef struct blend_source {
    __m256i s0, s1, alpha;
    int full, opaque;
} blend_source;

CADENCE_AVX2_INLINE blend_source sample_source(__m256i sl, __m256i sh, __m256i q) {
    blend_source b;
    b.alpha = spread(_mm256_srli_epi32(sh, 16));
    b.s0 = _mm256_min_epu16(sl, b.alpha), b.s1 = _mm256_min_epu16(sh, b.alpha);
    const __m256i notFull = _mm256_xor_si256(q, _mm256_set1_epi32(255));
    const __m256i notOpaque = _mm256_xor_si256(b.alpha, _mm256_set1_epi16(255));
    b.full = _mm256_testz_si256(notFull, notFull), b.opaque = _mm256_testz_si256(notOpaque, notOpaque);
    return b;
}

/// `SourceOver.blendSample` over the eight pixels at `p`.
CADENCE_AVX2_INLINE void blend_sample(__m256i sl, __m256i sh, __m256i q, uint8_t *p) {
    const blend_source b = sample_source(sl, sh, q);
    if (b.full && b.opaque) {
        _mm256_storeu_si256((__m256i *)p, pack_pixels(b.s0, b.s1));
        return;
    }
    blend_weighted(b.s0, b.s1, b.alpha, spread(q), b.opaque, b.full, p);
}

CADENCE_AVX2_INLINE __m256i gather(const uint8_t *p, __m256i offsets) {
    return _mm256_i32gather_epi32((const int *)p, offsets, 1);
}

/// The texel pairs at byte `offsets` (texels j and j + 1 of a row) as the left and the
/// right texels of eight pixels: two 64-bit gathers of four pairs each (half the loads of
/// two 32-bit gathers). The first gathers pixels 0, 1, 4, 5 and the second 2, 3, 6, 7, so
/// that the in-lane shuffles put the low and the high halves back in pixel order.
CADENCE_AVX2_INLINE void gather_pairs(const uint8_t *p, __m256i offsets, __m256i *left, __m256i *right) {
    const __m256i order = _mm256_permute4x64_epi64(offsets, 0xD8);
    const __m256 a = _mm256_castsi256_ps(_mm256_i32gather_epi64((const long long *)p, _mm256_castsi256_si128(order), 1));
    const __m256 b = _mm256_castsi256_ps(_mm256_i32gather_epi64((const long long *)p, _mm256_extracti128_si256(order, 1), 1));
    *left = _mm256_castps_si256(_mm256_shuffle_ps(a, b, 0x88));
    *right = _mm256_castps_si256(_mm256_shuffle_ps(a, b, 0xDD));
}

/// The texel pair of each of eight pixels at texel column `xi` with weight `fx` (0…256) in
/// a level whose last column is `maxX` ≥ 1: `*j` the byte offset in the row of texel
/// `clamp(xi, 0, maxX − 1)`, `*phi` the weight of the pair's right texel — `fx`, or 0 left
/// of the level and 256 right of it, where both texels a sample reads are the edge texel.
CADENCE_AVX2_INLINE void pair_columns(__m256i xi, __m256i fx, int32_t maxX, __m256i *j, __m256i *phi) {
    const __m256i izero = _mm256_setzero_si256(), penultimate = _mm256_set1_epi32(maxX - 1);
    const __m256i left = _mm256_blendv_epi8(fx, izero, _mm256_cmpgt_epi32(izero, xi));
    *phi = _mm256_blendv_epi8(left, _mm256_set1_epi32(256), _mm256_cmpgt_epi32(xi, penultimate));
    *j = _mm256_slli_epi32(clampi(xi, izero, penultimate), 2);
}

/// Row indices `r` (0…`maxY`) times `rows` (the stride, in every lane): the byte offsets of
/// the rows. With `narrow` (a constant of the caller's: stride and last row both at most
/// 32,767) one `vpmaddwd`, whose low 16-bit halves are `r` and the stride and whose high
/// halves are 0, so the sum of its two products is the one exact product; otherwise
/// `vpmulld`, two micro-operations and ten cycles of latency on the Intel Xeon of
/// 2026-11-28 against one and five, on the way from the coordinates to the gathers.
CADENCE_AVX2_INLINE __m256i row_offsets(__m256i r, __m256i rows, int narrow) {
    return narrow ? _mm256_madd_epi16(r, rows) : _mm256_mullo_epi32(r, rows);
}

/// Whether a level's row offsets may take `row_offsets`' narrow form.
CADENCE_AVX2_INLINE int narrow_rows(int32_t stride, int32_t maxY) {
    return (uint32_t)stride <= 32767 && (uint32_t)maxY <= 32767;
}

/// Asks for the texels at byte offsets `offsets + rows` (wrapping 32-bit sums) of pixels
/// 0, 2, 4 and 6 (`prefetcht0`): the left texels of their bottom rows, `rows` bytes
/// further down. Under a turned or scaled map a pixel row reads texel rows that the row
/// above read only in part; an image larger than the core's L2 cache (the shadowed 1080p
/// frame's 512 × 384 images, 768 KiB, on a Zen 3 core's 512 KiB) then waits for the new
/// lines at each gather. Four pixels of eight: a group spans at most a few texel rows,
/// and two lines of the same row are one request. On the AMD EPYC (Zen 3) of 2026-11-29,
/// in a C harness drawing a 512 × 384 image turned 20° at 1:1 over an 800 × 800 span,
/// the kernel took ×0.91 (median of 12 alternated rounds, two rows ahead, four pixels of
/// eight; ×0.93 asking for all eight) and the shadowed frame ×0.85 (median of 30 quotients
/// from 10 interleaved runs; `Benchmarks/README.md`, "Texels two rows ahead"); one row
/// ahead was level (too late), and at 1.8× magnified, where the rows stay in the cache, the
/// four prefetches cost nothing measurable. The offsets are wrapping 32-bit sums and the
/// addresses are made as integers: rows past the level's last (or, going up, before its
/// first) are asked for as addresses, never formed as pointers past the buffer. A hint:
/// never faults, changes no byte.
CADENCE_AVX2_INLINE void texel_rows_ahead(const uint8_t *texels, __m256i offsets, int32_t rows) {
    _Alignas(32) int32_t o[8];
    _mm256_store_si256((__m256i *)o, _mm256_add_epi32(offsets, _mm256_set1_epi32(rows)));
    for (int k = 0; k < 8; k += 2) __builtin_prefetch((const void *)((uintptr_t)texels + (uintptr_t)(intptr_t)o[k]), 0, 3);
}

/// The bilinear sample of four texels per pixel (`ContentsSampler`'s vertical steps, then
/// the horizontal step and its one rounding), `fx` and `fy` the weights spread over both
/// lanes of a pixel: the `(r, b)` lanes to `*lo`, the `(g, a)` lanes to `*hi`.
CADENCE_AVX2_INLINE void bilinear_mix(
    __m256i topLeft, __m256i topRight, __m256i bottomLeft, __m256i bottomRight, __m256i fx, __m256i fy, __m256i *lo,
    __m256i *hi) {
    *lo = horizontal(vertical(low_bytes(topLeft), low_bytes(bottomLeft), fy),
                     vertical(low_bytes(topRight), low_bytes(bottomRight), fy), fx);
    *hi = horizontal(vertical(_mm256_srli_epi16(topLeft, 8), _mm256_srli_epi16(bottomLeft, 8), fy),
                     vertical(_mm256_srli_epi16(topRight, 8), _mm256_srli_epi16(bottomRight, 8), fy), fx);
}

/// A premultiplied level's bilinear samples at eight pixels: texel column `xi` + φx/256
/// and row `yi` + φy/256 (`fx` is φx, 0…256, one lane a pixel; `fy` is φy spread over both
/// 16-bit lanes), the texels clamped to columns 0…`maxX` and rows 0…`maxY` of `texels`
/// (`stride` bytes a row), as the `(r, b)` lanes (`*lo`) and the `(g, a)` lanes (`*hi`):
/// `ContentsSampler`'s `horizontal(vertical(…), vertical(…), φx)`. With `pairs` (a constant
/// of the caller's) a level at least two texels wide is read as texel pairs (texels j and
/// j + 1, j = clamp(xi, 0, maxX − 1); past the ends the edge texel taken whole by φx = 0 or
/// 256: the same integers as the two clamped texels, since both steps are exact sums), four
/// 64-bit gathers of four pairs; otherwise, and in a level one texel wide, by four 32-bit
/// gathers of eight texels (on the Intel Xeon of 2026-11-27, the contents kernel's 1024²
/// rotated image drew in 5.35 ms this way against 6.3 ms by pairs: the pairs' edge weights
/// and shuffles cost more than the gathers they save). `narrow` (a constant of the
/// caller's, true only when `narrow_rows(stride, maxY)`): the row offsets by `vpmaddwd`.
/// `ahead` (rows; 0: none, a constant in the sprite kernel; ±2 in the contents kernel,
/// negative when the map goes up the image): with the 32-bit gathers, the texels `ahead`
/// rows past the bottom ones of pixels 0, 2, 4 and 6 are asked for
/// (`prefetcht0`), so that the rows a later pixel row reads are in the cache when it
/// gathers them (`texel_rows_ahead`). A hint: it reads nothing into a register and
/// cannot fault, so the samples are the same whatever it asks for.
CADENCE_AVX2_INLINE void bilinear_gathered(
    const uint8_t *texels, int32_t stride, int32_t maxX, int32_t maxY, __m256i xi, __m256i yi, __m256i fx, __m256i fy,
    int pairs, int narrow, int ahead, __m256i *lo, __m256i *hi) {
    const __m256i izero = _mm256_setzero_si256(), one = _mm256_set1_epi32(1), rows = _mm256_set1_epi32(stride);
    const __m256i my = _mm256_set1_epi32(maxY);
    const __m256i ra = row_offsets(clampi(yi, izero, my), rows, narrow);
    const __m256i rb = row_offsets(clampi(_mm256_add_epi32(yi, one), izero, my), rows, narrow);
    __m256i phi, topLeft, topRight, bottomLeft, bottomRight;
    if (pairs && maxX >= 1) {
        __m256i j;
        pair_columns(xi, fx, maxX, &j, &phi);
        gather_pairs(texels, _mm256_add_epi32(ra, j), &topLeft, &topRight);
        gather_pairs(texels, _mm256_add_epi32(rb, j), &bottomLeft, &bottomRight);
    } else {
        const __m256i mx = _mm256_set1_epi32(maxX);
        const __m256i xa = _mm256_slli_epi32(clampi(xi, izero, mx), 2);
        const __m256i xb = _mm256_slli_epi32(clampi(_mm256_add_epi32(xi, one), izero, mx), 2);
        phi = fx;
        topLeft = gather(texels, _mm256_add_epi32(ra, xa)), topRight = gather(texels, _mm256_add_epi32(ra, xb));
        bottomLeft = gather(texels, _mm256_add_epi32(rb, xa)), bottomRight = gather(texels, _mm256_add_epi32(rb, xb));
        if (ahead) texel_rows_ahead(texels, _mm256_add_epi32(rb, xa), (int32_t)((uint32_t)ahead * (uint32_t)stride));
    }
    bilinear_mix(topLeft, topRight, bottomLeft, bottomRight, spread(phi), fy, lo, hi);
}

#endif

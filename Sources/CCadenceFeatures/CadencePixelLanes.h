// `PixelLanes`' 16-bit integer steps in AVX2, shared by the sprite, coverage-row, rectangle and
// source-over kernels (CadenceSprites.c, CadenceCoverage.c, CadenceRectangle.c,
// CadenceSourceOver.c; private to this module). A pixel's bytes sit in
// two vectors of 16-bit lanes, its low bytes (red, blue) and its high bytes (green,
// alpha); each step is the Swift lane operation's, so the bytes are `SourceOver`'s.
// Include after <immintrin.h>, on x86 only.
#ifndef CADENCE_PIXEL_LANES_H
#define CADENCE_PIXEL_LANES_H

#include <stdint.h>

#define CADENCE_AVX2_INLINE static inline __attribute__((always_inline, target("avx2")))

/// The low byte of each 16-bit lane.
CADENCE_AVX2_INLINE __m256i low_bytes(__m256i v) { return _mm256_and_si256(v, _mm256_set1_epi16(0xFF)); }

/// `x > 0 ? x : 0`, then `x > 1 ? 1 : that` (NaN to 0): `RoundedRectSampler.saturate`.
CADENCE_AVX2_INLINE __m256 saturate(__m256 x) {
    return _mm256_min_ps(_mm256_set1_ps(1), _mm256_max_ps(x, _mm256_setzero_ps()));
}

/// `PixelLanes.quantize`: clamped to 0…1 (NaN to 0), times 255, rounded through the 2²³ bias.
CADENCE_AVX2_INLINE __m256i quantize(__m256 w) {
    const __m256 c = saturate(w);
    const __m256 biased = _mm256_add_ps(_mm256_mul_ps(c, _mm256_set1_ps(255)), _mm256_set1_ps(8388608.0f));
    return _mm256_and_si256(_mm256_castps_si256(biased), _mm256_set1_epi32(0xFF));
}

/// `PixelLanes.divideFloor`: ⌊x / 255⌋ for `x` in 0 … 65534.
CADENCE_AVX2_INLINE __m256i divide_floor(__m256i x) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(x, _mm256_set1_epi16(1)), _mm256_set1_epi16(257));
}

/// `PixelLanes.divideRound`: ⌊x / 255 + ½⌋ for `x` in 0 … 65407.
CADENCE_AVX2_INLINE __m256i divide_round(__m256i x) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(x, _mm256_set1_epi16(128)), _mm256_set1_epi16(257));
}

/// `PixelLanes.over`: source-over rounded once, `sigma` the weighted source, `alpha` its
/// weighted alpha spread over the pixel's lanes, `d` the destination. The Swift lanes take
/// `dv = d·v0` apart as `255·f1 + f0` and subtract `f1 + ⌊f0 / 128⌋`; that is `dv / 255`
/// rounded to nearest (f0 ≥ 128 is a remainder past half), which is `divide_round(dv)`
/// (`dv` is at most 255·254 = 64,770, inside its range; checked for every byte `d` and
/// every `alpha` up to 255²), so the same 16-bit value in four fewer operations a vector.
/// `v0 = alpha − 255·v1`, the remainder of `alpha` by 255 (0 … 254), is the low byte of
/// `alpha + v1 = 256·v1 + v0`: an add and an `and`, not a product and a subtraction.
CADENCE_AVX2_INLINE __m256i over(__m256i sigma, __m256i alpha, __m256i d) {
    const __m256i c255 = _mm256_set1_epi16(255);
    const __m256i v1 = divide_floor(alpha), v0 = low_bytes(_mm256_add_epi16(alpha, v1));
    const __m256i rounded = divide_round(_mm256_mullo_epi16(d, v0));
    __m256i g = _mm256_add_epi16(sigma, _mm256_mullo_epi16(d, _mm256_sub_epi16(c255, v1)));
    g = _mm256_sub_epi16(g, rounded);
    g = _mm256_add_epi16(g, _mm256_set1_epi16(127));
    return divide_floor(g);
}

/// Eight pixels from their low and high byte lanes.
CADENCE_AVX2_INLINE __m256i pack_pixels(__m256i lo, __m256i hi) { return _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8)); }

/// A premultiplied source (`sl`, `sh`: its byte lanes; `alpha` its alpha spread over each
/// pixel's lanes) over the eight pixels `raw` at weights `w` (spread likewise), as
/// `SourceOver` blends it: `PixelLanes.lerp` when the source is `opaque` (every alpha
/// 255), `overFullWeight` when the weights are `full` (every weight 255), else `over`.
/// (Opaque at full weight is the source itself: the caller's.) Returns the eight pixels.
CADENCE_AVX2_INLINE __m256i blended(
    __m256i sl, __m256i sh, __m256i alpha, __m256i w, int opaque, int full, __m256i raw
) {
    const __m256i dl = low_bytes(raw), dh = _mm256_srli_epi16(raw, 8);
    const __m256i c255 = _mm256_set1_epi16(255);
    if (opaque) {
        const __m256i rest = _mm256_sub_epi16(c255, w);
        return pack_pixels(divide_round(_mm256_add_epi16(_mm256_mullo_epi16(sl, w), _mm256_mullo_epi16(dl, rest))),
                           divide_round(_mm256_add_epi16(_mm256_mullo_epi16(sh, w), _mm256_mullo_epi16(dh, rest))));
    } else if (full) {
        const __m256i rest = _mm256_sub_epi16(c255, alpha);
        return pack_pixels(_mm256_add_epi16(sl, divide_round(_mm256_mullo_epi16(dl, rest))),
                           _mm256_add_epi16(sh, divide_round(_mm256_mullo_epi16(dh, rest))));
    }
    const __m256i a = _mm256_mullo_epi16(alpha, w);
    return pack_pixels(over(_mm256_mullo_epi16(sl, w), a, dl), over(_mm256_mullo_epi16(sh, w), a, dh));
}

/// `blended` over the eight pixels at `p`, in place.
CADENCE_AVX2_INLINE void blend_weighted(
    __m256i sl, __m256i sh, __m256i alpha, __m256i w, int opaque, int full, uint8_t *p
) {
    _mm256_storeu_si256((__m256i *)p, blended(sl, sh, alpha, w, opaque, full, _mm256_loadu_si256((const __m256i *)p)));
}

/// The lanes `0 ..< n` of a group (all bits set), the others 0: the mask of a group cut
/// by its run's end, `n` the pixels or cells left (1 … 7; 8 or more sets every lane).
CADENCE_AVX2_INLINE __m256i first_lanes(ptrdiff_t n) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

/// A group's eight pixels at `p`, the lanes of `mine` its own: with `whole` (all eight lie in
/// the row's pixels the caller may read and rewrite unchanged, its `reach`) one plain load;
/// else a masked load that reads no other lane (those lanes 0).
CADENCE_AVX2_INLINE __m256i reach_load(const int *p, __m256i mine, int whole) {
    return whole ? _mm256_loadu_si256((const __m256i *)p) : _mm256_maskload_epi32(p, mine);
}

/// Stores the group's lanes `mine` of `x` at `p`; `d` what `reach_load` read there. With
/// `whole` one plain store of all eight, the other lanes as `d` holds them (their bytes
/// unchanged): a masked store costs several times a plain one on AMD's Zen 3 (about 12 ns
/// against 2.5 in a loop of row edges), where each row's edge pieces end in one. Else a
/// masked store that writes no other lane.
CADENCE_AVX2_INLINE void reach_store(int *p, __m256i mine, int whole, __m256i x, __m256i d) {
    if (whole) {
        _mm256_storeu_si256((__m256i *)p, _mm256_blendv_epi8(d, x, mine));
    } else {
        _mm256_maskstore_epi32(p, mine, x);
    }
}

#endif

// One translucent colour over a run of pixels at full weight in AVX2 (CadenceSourceOver.h).
// The bytes are `SourceOver`'s: `S + ⌊D·k / 255⌉` with `k = 255 − a`, the quotient from one
// `vpmulhrsw` by a multiplier that gives the exactly rounded value for every byte.
#include "CadenceSourceOver.h"
#include "CadenceCPU.h"

// Written by Reference/generate_over_multipliers.py: for each k, the least M with
// ⌊(D·M + 2¹⁴) / 2¹⁵⌋ = ⌊(D·k + 127) / 255⌋ for every D in 0…255.
static const uint16_t multipliers[256] = {
        0,   128,   256,   385,   512,   642,   771,   900,  1024,  1156,  1284,  1413,
     1542,  1671,  1799,  1924,  2048,  2181,  2313,  2441,  2569,  2698,  2825,  2955,
     3084,  3212,  3341,  3469,  3597,  3724,  3852,  3984,  4096,  4240,  4365,  4497,
     4626,  4755,  4883,  5011,  5139,  5267,  5397,  5525,  5654,  5779,  5911,  6037,
     6168,  6297,  6424,  6541,  6682,  6811,  6939,  7067,  7196,  7324,  7448,  7581,
     7707,  7836,  7967,  8095,  8192,  8352,  8481,  8609,  8734,  8866,  8994,  9123,
     9252,  9381,  9509,  9634,  9766,  9895, 10023, 10151, 10279, 10408, 10533, 10666,
    10794, 10902, 11050, 11179, 11308, 11437, 11562, 11694, 11822, 11950, 12079, 12207,
    12336, 12465, 12593, 12721, 12849, 12979, 13095, 13234, 13364, 13489, 13621, 13750,
    13878, 14006, 14134, 14263, 14392, 14521, 14649, 14777, 14906, 15034, 15163, 15288,
    15417, 15549, 15677, 15805, 15934, 16062, 16191, 16320, 16384, 16576, 16704, 16833,
    16962, 17091, 17219, 17344, 17472, 17605, 17733, 17862, 17989, 18118, 18246, 18376,
    18504, 18632, 18761, 18889, 19018, 19147, 19272, 19403, 19533, 19648, 19789, 19917,
    20046, 20175, 20302, 20432, 20559, 20689, 20817, 20946, 21066, 21199, 21331, 21460,
    21588, 21717, 21824, 21973, 22102, 22231, 22359, 22487, 22616, 22745, 22873, 23001,
    23127, 23259, 23387, 23515, 23644, 23772, 23901, 24026, 24159, 24287, 24415, 24544,
    24672, 24801, 24930, 25054, 25187, 25315, 25443, 25572, 25700, 25829, 25957, 26086,
    26202, 26342, 26467, 26600, 26729, 26857, 26982, 27114, 27243, 27370, 27500, 27627,
    27756, 27885, 28012, 28142, 28270, 28395, 28527, 28656, 28783, 28909, 29042, 29170,
    29298, 29427, 29554, 29684, 29813, 29941, 30069, 30197, 30327, 30454, 30580, 30712,
    30837, 30969, 31097, 31226, 31355, 31482, 31611, 31740, 31868, 31996, 32125, 32254,
    32382, 32511, 32639, 32704,
};

uint16_t cadence_over_multiplier(int k) { return multipliers[k & 255]; }

/// One pixel's bytes, lane by lane as the vector loop computes them.
static inline uint32_t over_pixel(uint32_t d, uint32_t s, uint32_t m) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        const uint32_t byte = (d >> shift) & 0xFF;
        out |= (((s >> shift) & 0xFF) + ((byte * m + 16384) >> 15)) << shift;
    }
    return out;
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include "CadencePixelLanes.h"

int cadence_source_over_avx2_available(void) { return cadence_cpu_supports(CADENCE_CPU_AVX2); }

/// Eight pixels `d` under the source at full weight: the bytes widened to 16-bit lanes in
/// place (unpack and pack undo each other within each 128-bit half), each lane's quotient
/// by the rounding multiply, packed back and the source added.
CADENCE_AVX2_INLINE __m256i over_group(__m256i d, __m256i multiplier, __m256i source) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i lo = _mm256_mulhrs_epi16(_mm256_unpacklo_epi8(d, zero), multiplier);
    const __m256i hi = _mm256_mulhrs_epi16(_mm256_unpackhi_epi8(d, zero), multiplier);
    return _mm256_add_epi8(_mm256_packus_epi16(lo, hi), source);
}

__attribute__((target("avx2")))
void cadence_over_uniform(uint8_t *dst, ptrdiff_t count, ptrdiff_t reach, uint32_t word) {
    const uint32_t m = multipliers[255 - (word >> 24)];
    const __m256i source = _mm256_set1_epi32((int)word), multiplier = _mm256_set1_epi16((short)m);
    ptrdiff_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i *p = (__m256i *)(dst + 4 * i);
        _mm256_storeu_si256(p, over_group(_mm256_loadu_si256(p), multiplier, source));
    }
    if (i < count && i + 8 <= reach) {
        // The last pixels as one group read and stored whole, its lanes past `count` written
        // back as read (`reach_store`): one load and store in place of up to seven pixels
        // one by one. Past `reach`, one by one below.
        const __m256i mine = first_lanes(count - i);
        int *p = (int *)(dst + 4 * i);
        const __m256i d = reach_load(p, mine, 1);
        reach_store(p, mine, 1, over_group(d, multiplier, source), d);
        return;
    }
    for (; i < count; i++) {
        uint32_t d;
        __builtin_memcpy(&d, dst + 4 * i, 4);
        d = over_pixel(d, word, m);
        __builtin_memcpy(dst + 4 * i, &d, 4);
    }
}

__attribute__((target("avx2")))
void cadence_over_weighted(uint8_t *dst, ptrdiff_t count, ptrdiff_t reach, uint32_t word, uint32_t weight) {
    const __m256i source = _mm256_set1_epi32((int)word);
    const __m256i sl = low_bytes(source), sh = _mm256_srli_epi16(source, 8);
    const __m256i alpha = _mm256_set1_epi16((short)(word >> 24)), w = _mm256_set1_epi16((short)weight);
    const int opaque = (word >> 24) == 255;
    ptrdiff_t i = 0;
    for (; i + 8 <= count; i += 8) blend_weighted(sl, sh, alpha, w, opaque, 0, dst + 4 * i);
    if (i < count) {
        // The last pixels as the lanes' own. Within `reach` the group is read and stored whole,
        // the other lanes as read (a masked store costs several plain ones on Zen 3); past it
        // a masked load and store that neither read nor write the others.
        const __m256i mine = first_lanes(count - i);
        int *p = (int *)(dst + 4 * i);
        const int whole = i + 8 <= reach;
        const __m256i d = reach_load(p, mine, whole);
        reach_store(p, mine, whole, blended(sl, sh, alpha, w, opaque, 0, d), d);
    }
}

#else

int cadence_source_over_avx2_available(void) { return 0; }

void cadence_over_uniform(uint8_t *dst, ptrdiff_t count, ptrdiff_t reach, uint32_t word) {
    (void)dst, (void)count, (void)reach, (void)word, (void)over_pixel;
    __builtin_trap();
}

void cadence_over_weighted(uint8_t *dst, ptrdiff_t count, ptrdiff_t reach, uint32_t word, uint32_t weight) {
    (void)dst, (void)count, (void)reach, (void)word, (void)weight;
    __builtin_trap();
}

#endif

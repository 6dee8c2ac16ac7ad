// Source-over of one colour at one weight over a run of pixels, in AVX2:
// `SourceOver.blend(_:weight:into:count:)` with weight 1 and a paint whose alpha is below
// 255, and with a weight below 1. The Swift lanes are the reference twin; both give the same bytes.
#ifndef CADENCE_SOURCE_OVER_H
#define CADENCE_SOURCE_OVER_H

#include <stddef.h>
#include <stdint.h>

/// Whether `cadence_over_uniform` may be called: the CPU has AVX2 (checked at run time, once).
int cadence_source_over_avx2_available(void);

/// The premultiplied pixel `word` (`r | g << 8 | b << 16 | a << 24`, every colour byte at
/// most the alpha byte `a`) over the `count` pixels at `dst` at full weight: each byte
/// becomes `S + ⌊D·(255 − a) / 255⌉` (`PixelLanes.overFullWeight`, the exact source-over
/// rounded once). The division is one rounding multiply of each 16-bit lane
/// (`vpmulhrsw`, `⌊(D·M + 2¹⁴) / 2¹⁵⌋`) by a multiplier `M` chosen per `255 − a` so that the
/// quotient is the exact rounded one for every byte `D` (`cadence_over_multiplier`; the
/// tests check all 256 × 256 pairs), and the sum stays a byte (`S ≤ a`), so it is added
/// after packing: six vector operations for eight pixels. `dst` needs no alignment. The
/// last pixels past a multiple of 8 are one group, read and stored whole with its lanes past
/// `count` written back as read, when its eight pixels lie within the `reach` pixels at
/// `dst` (as `cadence_over_weighted`'s); else they are done one by one, touching no pixel
/// past `count`. Needs AVX2.
void cadence_over_uniform(uint8_t *dst, ptrdiff_t count, ptrdiff_t reach, uint32_t word);

/// The premultiplied pixel `word` (as above) over the `count` pixels at `dst` at the 8-bit
/// weight `weight` (1…254): each byte the exact source-over `(255·S·w + D·(255² − a·w)) /
/// 255²` rounded once, in 16-bit lanes as `SourceOver`'s (`PixelLanes.lerp` for an opaque
/// paint, `over` otherwise; CadencePixelLanes.h). The last pixels past a multiple of 8 are
/// one group: read and stored whole, its lanes past `count` written back as read, when its
/// eight pixels lie within the `reach` pixels at `dst` (`reach` ≥ `count`: pixels the caller
/// may read and rewrite unchanged, no other thread writing them meanwhile); else one masked
/// load and store that touch no pixel past `count`. Needs AVX2.
void cadence_over_weighted(uint8_t *dst, ptrdiff_t count, ptrdiff_t reach, uint32_t word, uint32_t weight);

/// The rounding multiplier of `vpmulhrsw` for `k = 255 − a` (0…255): the least `M` with
/// `⌊(D·M + 2¹⁴) / 2¹⁵⌋ = ⌊D·k / 255⌉` for every `D` in 0…255. No closed form of `k` gives
/// one for every `k`, so they are a table (`Reference/generate_over_multipliers.py` writes it).
uint16_t cadence_over_multiplier(int k);

/// Asks for the cache lines of the `bytes` bytes at `p` ahead of use (`prefetcht0`, one a
/// line): no byte is read into a register or written, so the output cannot change. A
/// line no other core holds arrives exclusive, so the stores that follow write it without
/// waiting for memory. Any `p` and `bytes` (a hint: never faults).
static inline void cadence_prefetch_lines(const uint8_t *p, ptrdiff_t bytes) {
    if (bytes <= 0) return;
    for (ptrdiff_t i = 0; i < bytes; i += 64) __builtin_prefetch(p + i, 1, 3);
    __builtin_prefetch(p + bytes - 1, 1, 3);
}

/// Stores the pixel word `word` into the `count` pixels at `dst` (any alignment; nothing
/// when `count` ≤ 0) as one string store, `rep stosl`. On cores with fast string stores
/// (Intel since Ivy Bridge, AMD since Zen 3) a long run is written whole lines at a time
/// without reading them first (no read for ownership) and the lines stay in the cache: a
/// band's first write of its rows, which vector stores make wait on memory, costs no read.
/// The same bytes as a loop of stores; elsewhere it is that loop.
static inline void cadence_fill_words(uint8_t *dst, ptrdiff_t count, uint32_t word) {
    if (count <= 0) return;
#if defined(__x86_64__)
    __asm__ volatile("rep stosl" : "+D"(dst), "+c"(count) : "a"(word) : "memory");
#else
    for (ptrdiff_t i = 0; i < count; i++) __builtin_memcpy(dst + 4 * i, &word, 4);
#endif
}

#endif

// The feature macros live in include/CadenceFeatures.h, the 4×4 inverse and determinant
// of Transform3D (static inline, clang vector types) in include/CadenceMatrix4.h; the AVX2
// kernels in CadenceSprites.c, CadenceCoverage.c, CadenceContents.c and
// CadenceTimingBatch.c. This file holds the run-time CPU check they share.
#include "CadenceFeatures.h"
#include "CadenceCPU.h"

int cadence_cpu_supports(int features) {
#if defined(__x86_64__) || defined(__i386__)
    static int known = -1;
    int found = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (found < 0) {
        __builtin_cpu_init();
        found = (__builtin_cpu_supports("avx2") ? CADENCE_CPU_AVX2 : 0)
            | (__builtin_cpu_supports("fma") ? CADENCE_CPU_FMA : 0)
            | (__builtin_cpu_supports("popcnt") ? CADENCE_CPU_POPCNT : 0)
            | (__builtin_cpu_supports("bmi2") ? CADENCE_CPU_BMI2 : 0);
        __atomic_store_n(&known, found, __ATOMIC_RELAXED);
    }
    return (found & features) == features ? 1 : 0;
#else
    (void)features;
    return 0;
#endif
}

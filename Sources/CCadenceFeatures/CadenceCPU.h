// The run-time CPU check the AVX2 kernels share (private to this module: the kernels'
// public `…_available()` functions answer through it).
#ifndef CADENCE_CPU_H
#define CADENCE_CPU_H

enum {
    CADENCE_CPU_AVX2 = 1 << 0,
    CADENCE_CPU_FMA = 1 << 1,
    CADENCE_CPU_POPCNT = 1 << 2,
    CADENCE_CPU_BMI2 = 1 << 3,
};

/// 1 when the CPU running the program has every feature in `features` (a mask of the
/// `CADENCE_CPU_` values), 0 otherwise, and always 0 off x86. The CPU is asked once; the
/// answer is kept in an atomic, so band threads may ask at the same moment.
int cadence_cpu_supports(int features);

#endif

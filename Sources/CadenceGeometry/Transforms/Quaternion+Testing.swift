import CCadenceFeatures

// Test hooks: entry points for the tests only, behind `@_spi(Testing)` so that the public
// interface does not show them.

/// The fast kernels of `slerp`, for tests that compare them with libm.
extension Quaternion {
    /// `acos(d)` for `d` in 0…1 by the polynomial `slerp` uses.
    @_spi(Testing) public static func fastAcos(_ d: Double) -> Double {
        cadence_acos_unit(d, cadence_sqrt((1 - d) * 0.5))
    }

    /// `sin(x)` for `x` in −π…π by the polynomial `slerp` uses.
    @_spi(Testing) public static func fastSine(_ x: Double) -> Double { cadence_sine_pi(SIMD2(x, 0))[0] }
}

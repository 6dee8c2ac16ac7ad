import CadenceGeometry

extension Gradient {
    /// The sorted stops, unpremultiplied on the 0…255 scale (components clamped to 0…1, NaN
    /// as 0); `GradientRamp` interpolates them and premultiplies the result.
    func stops() -> [(location: Double, color: SIMD4<Float>)] {
        guard !colors.isEmpty else { return [] }
        let n = colors.count
        let spots: [Double] = locations.flatMap { $0.count == n ? $0 : nil }
            ?? (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
        var result: [(location: Double, color: SIMD4<Float>)] = []
        for (location, c) in zip(spots, colors) where location.isFinite {
            func unit(_ x: Double) -> Float { x > 0 ? Float(Swift.min(x, 1)) : 0 }
            result.append((location, SIMD4(unit(c.red), unit(c.green), unit(c.blue), unit(c.alpha)) * 255))
        }
        // Stable sort by location.
        return result.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
    }
}

/// A gradient's colour at parameter `t`, premultiplied, 0…255: the unpremultiplied stops
/// (`Gradient.stops()`) interpolated component by component, then premultiplied — Core
/// Graphics' rule, which `CAGradientLayer` shares: a stop of transparent black next to
/// opaque white darkens the colours between them (the well-known grey fringe of
/// `clearColor` in a gradient), where premultiplied interpolation would not.
struct GradientRamp {
    /// Unpremultiplied, 0…255, sorted by location; not empty.
    let stops: [(location: Double, color: SIMD4<Float>)]

    @inline(__always)
    func color(at t: Double) -> SIMD4<Float> {
        let first = stops[0], last = stops[stops.count - 1]
        if !(t > first.location) { return Self.premultiplied(first.color) }
        if t >= last.location { return Self.premultiplied(last.color) }
        var i = 1
        while stops[i].location <= t { i += 1 }
        let a = stops[i - 1], b = stops[i]
        let f = Float((t - a.location) / (b.location - a.location))
        return Self.premultiplied(a.color + (b.color - a.color) * f)
    }

    /// `c` (unpremultiplied, 0…255) premultiplied by its alpha.
    @inline(__always)
    static func premultiplied(_ c: SIMD4<Float>) -> SIMD4<Float> {
        let a = c.w * (1 / 255)
        return SIMD4(c.x * a, c.y * a, c.z * a, c.w)
    }
}

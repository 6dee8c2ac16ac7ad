import CadenceGeometry

extension Gradient {
    /// The sorted stops, premultiplied on the 0…255 scale.
    func stops() -> [(location: Double, color: SIMD4<Float>)] {
        guard !colors.isEmpty else { return [] }
        let n = colors.count
        let spots: [Double] = locations.flatMap { $0.count == n ? $0 : nil }
            ?? (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
        var result: [(location: Double, color: SIMD4<Float>)] = []
        for (location, c) in zip(spots, colors) where location.isFinite {
            func unit(_ x: Double) -> Float { x > 0 ? Float(Swift.min(x, 1)) : 0 }
            let a = unit(c.alpha)
            result.append((location, SIMD4(unit(c.red) * a, unit(c.green) * a, unit(c.blue) * a, a) * 255))
        }
        // Stable sort by location.
        return result.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
    }
}

/// A gradient's colour at parameter `t`, premultiplied, 0…255.
struct GradientRamp {
    let stops: [(location: Double, color: SIMD4<Float>)]

    @inline(__always)
    func color(at t: Double) -> SIMD4<Float> {
        let first = stops[0], last = stops[stops.count - 1]
        if !(t > first.location) { return first.color }
        if t >= last.location { return last.color }
        var i = 1
        while stops[i].location <= t { i += 1 }
        let a = stops[i - 1], b = stops[i]
        let f = Float((t - a.location) / (b.location - a.location))
        return a.color + (b.color - a.color) * f
    }
}

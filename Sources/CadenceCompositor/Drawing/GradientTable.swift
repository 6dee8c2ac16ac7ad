/// A gradient's ramp as premultiplied RGBA8 words at evenly spaced parameters, built once
/// per gradient drawn, looked up eight pixels at a time in integer lanes: what the drawing
/// context paints its gradients with (no stop search or `Float` colour per pixel).
///
/// **Entries.** The table spans `lower … upper` = `min(0, first stop) … max(1, last stop)`
/// in `entries` steps: entry `k` is the ramp's colour (`GradientRamp`) at
/// `lower + k · (upper − lower) / (entries − 1)`, rounded to bytes as every sample is
/// (`SourceOver.quantize(colors:into:count:)`). A parameter takes the nearest entry
/// (parameters past either end take the end's entry, which is the end stop's colour); one
/// more entry, transparent black, is what a NaN parameter or an end not extended by the
/// options gets.
///
/// **Size and accuracy.** `entries` is the smallest power of two, from `minEntries` (256)
/// to `maxEntries` (4096), with `entries − 1 ≥ S`, where `S` is the ramp's steepest slope
/// over the table's span (channel units on the 0…255 scale per span; over a segment between
/// stops the premultiplied channel `c · α / 255` of the unpremultiplied ramp changes by at
/// most `|Δc| + |Δα| ≤ 510`, which bounds `S`). The nearest entry is at most half a step
/// from the parameter, so its exact colour is within `S / (2 · (entries − 1))` of the
/// pixel's: below 1 whenever `S < 8190` — any ramp whose stops are at least 1/16 of the
/// span apart (`S ≤ 16 · 510 = 8160`) — so the entry, rounded, is within 1 of the pixel's
/// exact colour rounded. Steeper ramps (a hard stop) move colours by at most half a step,
/// 1/8190 of the span. Parameters are `Float` (24 bits); the ends' tests (`t < 0`,
/// `t > 1`) are made on them too.
///
/// **Cost.** Building: `entries` ramp evaluations (at most 4096). Lookup: a multiply-add,
/// two clamps and a rounding per eight parameters, then eight loads from a table of at
/// most 16 KiB.
struct GradientTable {
    /// The fewest and most colour entries.
    static let minEntries = 256
    static let maxEntries = 4096

    /// The ramp's entries, then the transparent one (`words[entries]`).
    private(set) var words: [UInt32]
    /// The number of ramp entries.
    let entries: Int
    /// The parameter of entry 0, and entries per unit of parameter.
    let lower: Float, scale: Float
    /// Parameters below `start` or above `end` (both included when extended) take the
    /// transparent entry.
    let start: Float, end: Float

    /// The table of `stops` (sorted, unpremultiplied on the 0…255 scale; not empty), painting
    /// before 0 and after 1 as `options` say. `storage` is a buffer to reuse (its contents
    /// are replaced; pass the only reference to it, or it is copied).
    init(
        stops: [(location: Double, color: SIMD4<Float>)], before: Bool, after: Bool, reusing storage: consuming [UInt32] = []
    ) {
        let ramp = GradientRamp(stops: stops)
        let lo = Swift.min(0, stops[0].location), hi = Swift.max(1, stops[stops.count - 1].location)
        let span = hi - lo
        var steepest = 0.0
        for (a, b) in zip(stops, stops.dropFirst()) {
            // The premultiplied ramp `c(f) · α(f) / 255` of unpremultiplied stops changes by
            // at most `|Δc| + |Δα|` over a segment (each factor at most 255).
            let change = pointwiseMax(b.color - a.color, a.color - b.color)
            let rise = Double(Swift.max(change.x, change.y, change.z) + change.w)
            // A hard stop (two stops at one location) is infinitely steep.
            if rise > 0 { steepest = Swift.max(steepest, rise / (b.location - a.location) * span) }
        }
        var n = Self.minEntries
        while n < Self.maxEntries, Double(n - 1) < steepest { n *= 2 }
        entries = n
        let step = span / Double(n - 1)
        lower = Float(lo)
        scale = Float(1 / step)
        start = before ? -.infinity : 0
        end = after ? .infinity : 1
        var floats = [Float](repeating: 0, count: 4 * n)
        for k in 0..<n {
            let c = ramp.color(at: k == n - 1 ? hi : lo + Double(k) * step)
            for i in 0..<4 { floats[4 * k + i] = c[i] }
        }
        // Consumed, so `words` holds the only reference and keeps the buffer.
        words = consume storage
        words.removeAll(keepingCapacity: true)
        words.append(contentsOf: repeatElement(0, count: n + 1))
        words.withUnsafeMutableBytes { out in
            SourceOver.quantize(colors: floats, into: out.baseAddress!.assumingMemoryBound(to: UInt8.self), count: n)
        }
    }

    /// The entries of eight parameters, as premultiplied pixels (`PixelLanes` layout once
    /// bit-cast).
    @inline(__always)
    func lookup(_ t: SIMD8<Float>, in table: UnsafePointer<UInt32>) -> SIMD8<UInt32> {
        let last = Float(entries - 1)
        var f = (t - lower) * scale
        // NaN too (an infinite span times a zero scale) reads entry 0: never out of range.
        f = f.replacing(with: 0, where: .!(f .>= 0)).replacing(with: last, where: f .> last)
        let bias: Float = 8_388_608  // 2²³: the low bits of f + 2²³ are f rounded to nearest
        var index = unsafeBitCast(f + bias, to: SIMD8<UInt32>.self) & 0xFFFF
        // NaN and the ends not painted: neither test holds.
        index.replace(with: UInt32(entries), where: .!(t .>= start) .| .!(t .<= end))
        return SIMD8(table[Int(index[0])], table[Int(index[1])], table[Int(index[2])], table[Int(index[3])],
                     table[Int(index[4])], table[Int(index[5])], table[Int(index[6])], table[Int(index[7])])
    }
}

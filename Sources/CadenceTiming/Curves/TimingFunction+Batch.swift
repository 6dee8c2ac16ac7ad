import CCadenceFeatures

extension TimingFunction {
    /// Evaluates `progress(at:)` for every input in `xs`, writing into `ys`.
    ///
    /// Same results as the scalar function, bit for bit (same clamping, same grid). No
    /// allocation.
    /// - Precondition: `xs.count == ys.count`, checked by `assert` (debug builds). A
    ///   release build processes the first `min(xs.count, ys.count)` elements and leaves
    ///   the rest of `ys` untouched; it never reads or writes past either buffer.
    /// - Cost: the scalar fast path two inputs at a time in the four lanes of a
    ///   `SIMD4<Double>` (each input on both halves, as the scalar path runs one input in
    ///   two lanes), so a vector instruction does the work of two scalar calls; an input the
    ///   test rejects (about 1 in 60 on the named curves) takes the scalar function's longer
    ///   path.
    public func progress(at xs: UnsafeBufferPointer<Double>, into ys: UnsafeMutableBufferPointer<Double>) {
        assert(xs.count == ys.count, "cadence: progress(at:into:): \(xs.count) inputs for \(ys.count) outputs")
        clampedProgress(at: xs, into: ys)
    }

    /// `progress(at:into:)` without the length assertion: the first
    /// `min(xs.count, ys.count)` elements (what a release build does; tests call it).
    func clampedProgress(at xs: UnsafeBufferPointer<Double>, into ys: UnsafeMutableBufferPointer<Double>) {
        let count = Swift.min(xs.count, ys.count)
        guard count > 0, let input = xs.baseAddress, let output = ys.baseAddress else { return }
        var i = 0
        if let elements = table?.elements, !Table.usesTableGuess(elements) {
            typealias V = SIMD4<Double>
            let f = UnsafePointer(elements + Table.Fast.base)
            let mode = f[Table.Fast.mode]
            // The data with each (lower, upper) pair twice, for two inputs a vector.
            var spread = InlineArray<38, V>(repeating: V())
            for k in 0..<Table.Fast.largest + 1 { spread[k] = V(lowHalf: f[k], highHalf: f[k]) }
            while i + 2 <= count {
                let x0 = input[i], x1 = input[i + 1]
                let (y, excess, h) = spread.span.withUnsafeBufferPointer { coefficients in
                    Table.fastLanes(
                        V(x0, x0, x1, x1), signs: V(1, -1, 1, -1), offsets: V(0, 1, 0, 1), mode: mode,
                        coefficients.baseAddress!)
                }
                let lane0 = Int(truncatingIfNeeded: (0.5 - x0).bitPattern >> 63)
                let lane1 = Int(truncatingIfNeeded: (0.5 - x1).bitPattern >> 63)
                let y0 = Table.gridValue(y[lane0], excess: excess[lane0], h: h[lane0], lane: lane0, f)
                let y1 = Table.gridValue(y[2 &+ lane1], excess: excess[2 &+ lane1], h: h[2 &+ lane1], lane: lane1, f)
                output[i] = y0 ?? _progressOnTheGrid(x0)
                output[i + 1] = y1 ?? _progressOnTheGrid(x1)
                i += 2
            }
        }
        while i < count {
            output[i] = progress(at: input[i])
            i += 1
        }
    }
}

extension TimingFunction {
    /// Evaluates `progress(at:)` for every input in `xs`, writing into `ys`.
    ///
    /// Same results as the scalar function, bit for bit (same clamping, same correctly
    /// rounded values). If the buffers differ in length, the first
    /// `min(xs.count, ys.count)` elements are processed and the rest of `ys` is left
    /// untouched. No allocation.
    /// Cost: four samples at a time in `SIMD4<Double>` lanes — each lane on its own half
    /// of the curve, table guess, one Newton step and the compensated finish; any lane
    /// that has not converged after one step takes the scalar path.
    public func progress(at xs: UnsafeBufferPointer<Double>, into ys: UnsafeMutableBufferPointer<Double>) {
        let count = Swift.min(xs.count, ys.count)
        guard count > 0, let input = xs.baseAddress, let output = ys.baseAddress else { return }
        guard case .general = shape else {
            for i in 0..<count { output[i] = progress(at: input[i]) }
            return
        }
        lower.table.withUnsafeBufferPointer { lowerTable in
            upper.table.withUnsafeBufferPointer { upperTable in
                var i = 0
                while i + 4 <= count {
                    let x = SIMD4<Double>(input[i], input[i + 1], input[i + 2], input[i + 3])
                    let y = _progress4(x, lowerTable: lowerTable, upperTable: upperTable)
                    output[i] = y[0]
                    output[i + 1] = y[1]
                    output[i + 2] = y[2]
                    output[i + 3] = y[3]
                    i += 4
                }
                while i < count {
                    output[i] = progress(at: input[i])
                    i += 1
                }
            }
        }
    }

    /// Four lanes of `progress(at:)` on a general curve.
    @inlinable @inline(__always)
    func _progress4(
        _ x: SIMD4<Double>,
        lowerTable: UnsafeBufferPointer<SIMD4<Double>>,
        upperTable: UnsafeBufferPointer<SIMD4<Double>>
    ) -> SIMD4<Double> {
        typealias V = SIMD4<Double>
        let inside = (x .> 0) .& (x .< 1)
        let isUpper = x .> 0.5
        // Each lane's input on its half; lanes outside (0, 1), NaN included, solve 0.25
        // and are replaced at the end.
        var h = x.replacing(with: 1 - x, where: isUpper)
        h.replace(with: 0.25, where: .!inside)
        func pick(_ a: Double, _ b: Double) -> V { V(repeating: a).replacing(with: b, where: isUpper) }
        let ax = pick(lower.ax, upper.ax), bx = pick(lower.bx, upper.bx), cx = pick(lower.cx, upper.cx)
        let ay = pick(lower.ay, upper.ay), by = pick(lower.by, upper.by), cy = pick(lower.cy, upper.cy)
        let scale = pick(lower.convergenceScale, upper.convergenceScale)
        // Table guess: gather each lane's row from its half's table, then transpose.
        let scaled = h * Half.intervalsPerUnit
        let row = SIMD4<Int>(scaled, rounding: .towardZero)
        let u = scaled - V(row)
        let r0 = (isUpper[0] ? upperTable : lowerTable)[row[0]]
        let r1 = (isUpper[1] ? upperTable : lowerTable)[row[1]]
        let r2 = (isUpper[2] ? upperTable : lowerTable)[row[2]]
        let r3 = (isUpper[3] ? upperTable : lowerTable)[row[3]]
        let c0 = V(r0[0], r1[0], r2[0], r3[0])
        let c1 = V(r0[1], r1[1], r2[1], r3[1])
        let c2 = V(r0[2], r1[2], r2[2], r3[2])
        let c3 = V(r0[3], r1[3], r2[3], r3[3])
        var t = c0 + u * (c1 + u * (c2 + u * c3))
        // One Newton step, the same arithmetic as `Half.solve`.
        let slope = (3 * ax * t + 2 * bx) * t + cx
        let step = (((ax * t + bx) * t + cx) * t - h) / slope
        t -= step
        let converged = step * step * scale .<= slope
        // The compensated finish, lane by lane on each lane's half.
        let r = correctedCubicRoot(x: h, t: t, ax: ax, bx: bx, cx: cx, ay: ay, by: by, cy: cy)
        let trusted = (r.delta .<= Half.correctionLimit) .& (r.delta .>= -Half.correctionLimit)
        let error = r.y.error.replacing(with: r.correction, where: trusted)
        let lowerY = r.y.value + error
        let s = twoSum(V(repeating: 1), V() - r.y.value)
        var y = lowerY.replacing(with: s.value + (s.error - error), where: isUpper)
        if _slowPath(any(.!converged .& inside)) {
            for lane in 0..<4 where !converged[lane] && inside[lane] {
                y[lane] = progress(at: x[lane])
            }
        }
        y.replace(with: 0, where: .!(x .> 0))
        y.replace(with: 1, where: x .>= 1)
        return y
    }
}

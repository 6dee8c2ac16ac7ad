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
        lower.rows.withUnsafeBufferPointer { lowerTable in
            upper.rows.withUnsafeBufferPointer { upperTable in
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
        lowerTable: UnsafeBufferPointer<Row>,
        upperTable: UnsafeBufferPointer<Row>
    ) -> SIMD4<Double> {
        typealias V = SIMD4<Double>
        let inside = (x .> 0) .& (x .< 1)
        let isUpper = x .> 0.5
        // Each lane's input on its half; lanes outside (0, 1), NaN included, solve 0.25
        // and are replaced at the end.
        var h = x.replacing(with: 1 - x, where: isUpper)
        h.replace(with: 0.25, where: .!inside)
        func pick(_ a: CubicCoefficients<Double>, _ b: CubicCoefficients<Double>) -> CubicCoefficients<V> {
            func lane(_ x: Double, _ y: Double) -> V { V(repeating: x).replacing(with: y, where: isUpper) }
            return CubicCoefficients(
                a: lane(a.a, b.a), b: lane(a.b, b.b), c: lane(a.c, b.c),
                aLow: lane(a.aLow, b.aLow), bLow: lane(a.bLow, b.bLow), cLow: lane(a.cLow, b.cLow))
        }
        let xCurve = pick(lower.xCurve, upper.xCurve)
        let yCurve = pick(lower.yCurve, upper.yCurve)
        let scale = V(repeating: lower.convergenceScale).replacing(with: upper.convergenceScale, where: isUpper)
        // Table guess: gather each lane's row from its half's table, then transpose.
        let scaled = h * Half.intervalsPerUnit
        let row = SIMD4<Int>(Int(scaled[0]), Int(scaled[1]), Int(scaled[2]), Int(scaled[3]))
        let u = scaled - V(Double(row[0]), Double(row[1]), Double(row[2]), Double(row[3]))
        let r0 = (isUpper[0] ? upperTable : lowerTable)[row[0]]
        let r1 = (isUpper[1] ? upperTable : lowerTable)[row[1]]
        let r2 = (isUpper[2] ? upperTable : lowerTable)[row[2]]
        let r3 = (isUpper[3] ? upperTable : lowerTable)[row[3]]
        let c0 = V(r0.t0, r1.t0, r2.t0, r3.t0)
        let c1 = V(r0.c1, r1.c1, r2.c1, r3.c1)
        let c2 = V(r0.c2, r1.c2, r2.c2, r3.c2)
        let c3 = V(r0.c3, r1.c3, r2.c3, r3.c3)
        var t = c0 + u * (c1 + u * (c2 + u * c3))
        // Newton steps, the same arithmetic as `Half.solve`: a lane that converges at the
        // first step keeps that t (a second step would move it, unlike the scalar path).
        var slope = xCurve.slope(at: t)
        var step = (((xCurve.a * t + xCurve.b) * t + xCurve.c) * t - h) / slope
        t -= step
        var converged = step * step * scale .<= slope
        if _slowPath(any(.!converged)) {
            slope = xCurve.slope(at: t)
            step = (((xCurve.a * t + xCurve.b) * t + xCurve.c) * t - h) / slope
            let second = step * step * scale .<= slope
            t = t.replacing(with: t - step, where: .!converged)
            converged = converged .| second
        }
        // The compensated finish, lane by lane on each lane's half.
        let r = correctedCubicRoot(x: h, t: t, xCurve: xCurve, yCurve: yCurve)
        let limit = t * Half.correctionLimit
        let curvatureLimit = V(repeating: Half.curvatureLimit)
        let trusted = (h .>= Half.tinyInput) .& (r.delta .<= limit) .& (r.delta .>= -limit)
            .& (r.curvatureRatio .<= curvatureLimit) .& (r.curvatureRatio .>= -curvatureLimit)
        let error = r.correction
        let lowerY = r.y.value + error
        let s = twoSum(V(repeating: 1), V() - r.y.value)
        var y = lowerY.replacing(with: s.value + (s.error - error), where: isUpper)
        let done = converged .& trusted
        if _slowPath(any(.!done .& inside)) {
            for lane in 0..<4 where !done[lane] && inside[lane] {
                y[lane] = progress(at: x[lane])
            }
        }
        y.replace(with: 0, where: .!(x .> 0))
        y.replace(with: 1, where: x .>= 1)
        return y
    }
}

extension TimingFunction {
    /// The slope `dy/dx` of the curve at input progress `x`: the output velocity per unit
    /// of input velocity, for handing an animation over to a physics model.
    ///
    /// - Range: outside 0…1 the clamped function is flat, so the result is 0 there; NaN
    ///   reads as 0 (the slope at the start).
    /// - Where the tangent is vertical (`X'(t) = 0`, `Y'(t) ≠ 0`) the result is ±∞; where
    ///   both derivatives vanish, the ratio of the first non-vanishing higher derivatives
    ///   (l'Hôpital), so (0, 0, 1, 1) has slope 1 at both ends.
    /// - Accuracy: the ratio `Y'/X'` at a parameter accurate to about an ulp, solved from
    ///   the nearer end.
    public func velocity(at x: Double) -> Double {
        if x < 0 || x > 1 { return 0 }
        guard let table else { return 1 }
        let x = x.isNaN ? 0 : x
        // Turning the curve end for end keeps its slope, so either half can answer.
        let index = x <= 0.5 ? 0 : 1
        let h = index == 0 ? x : 1 - x
        let half = table.half(index)
        guard h > 0 else { return half.slope(atParameter: 0) }
        let g = Table.guess(h, rows: Table.rows(table.elements, half: index))
        let guess = (t: g.t, low: g.low, high: g.high)
        return half.slope(atParameter: half.solve(h, from: guess))
    }

    /// Output progress for input progress `x`, continuing along the end tangents outside
    /// 0…1 instead of clamping (CSS Easing Level 1's rule; Core Animation itself clamps).
    ///
    /// Inside 0…1 it equals `progress(at:)`. Below 0 it is the line through (0, 0) towards
    /// the first control point with x > 0 (c1, else c2 when c1 = (0, 0); slope 0 if
    /// none); above 1 the line through (1, 1) from the last such point (c2, else c1 when
    /// c2 = (1, 1)). NaN gives 0. Exact to rounding outside 0…1.
    @inlinable
    public func extrapolatedProgress(at x: Double) -> Double {
        if x < 0 { return x * startSlope }
        if x > 1 { return 1 + (x - 1) * endSlope }
        return progress(at: x)
    }

    /// The slope of the extrapolation line below 0 (see `extrapolatedProgress(at:)`).
    public var startSlope: Double {
        if c1x > 0 { return c1y / c1x }
        if c1y == 0 && c2x > 0 { return c2y / c2x }
        return 0
    }

    /// The slope of the extrapolation line above 1 (see `extrapolatedProgress(at:)`).
    public var endSlope: Double {
        if c2x < 1 { return (c2y - 1) / (c2x - 1) }
        if c2y == 1 && c1x < 1 { return (c1y - 1) / (c1x - 1) }
        return 0
    }
}

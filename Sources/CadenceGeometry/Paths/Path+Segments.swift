extension Path {
    /// The drawable segments of the path, in order, with their start points resolved.
    ///
    /// - Each line or curve element is one segment starting at the current point, even when
    ///   it has length 0 (a line to the current point is kept: it is still a keyframe).
    /// - A close adds a line from the current point back to the subpath's start, unless the
    ///   current point is already there (then it adds nothing).
    /// - A move-to is not a segment: between subpaths the segments simply jump.
    /// - Cost: O(n) and one array; `forEachSegment(_:)` visits them without allocating.
    public var segments: [PathSegment] {
        var result: [PathSegment] = []
        result.reserveCapacity(elements.count)
        forEachSegment { result.append($0) }
        return result
    }

    /// Calls `body` with each segment of `segments`, in order, without building the array.
    @inlinable
    public func forEachSegment(_ body: (PathSegment) throws -> Void) rethrows {
        var start = Point.zero
        var current = Point.zero
        for element in elements {
            switch element {
            case .moveTo(let p):
                start = p
                current = p
            case .lineTo(let p):
                try body(.line(from: current, to: p))
                current = p
            case .quadCurveTo(let c, let p):
                try body(.quadCurve(from: current, control: c, to: p))
                current = p
            case .curveTo(let c1, let c2, let p):
                try body(.cubicCurve(from: current, control1: c1, control2: c2, to: p))
                current = p
            case .closeSubpath:
                if current != start { try body(.line(from: current, to: start)) }
                current = start
            }
        }
    }
}

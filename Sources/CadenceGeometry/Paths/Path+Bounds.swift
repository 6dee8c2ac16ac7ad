extension Path {
    /// The smallest rectangle that contains every point of the path (Core Graphics'
    /// `boundingBoxOfPath`): the tight bounds of every segment, and every move-to point
    /// (a lone move-to counts, as in Core Graphics).
    ///
    /// - `nil` for an empty path (Core Graphics returns `CGRect.null`; Cadence's `Rect` has
    ///   no null value, so the absence is an optional).
    /// - Non-finite: a NaN coordinate anywhere makes every field NaN.
    /// - The edges are exact for the extremes found; `width` and `height` are their
    ///   differences, rounded once.
    /// - Accuracy and cost: as `PathSegment.bounds`, per segment; no allocation.
    public var bounds: Rect? {
        var box: _Box?
        func add(_ p: Point) {
            if box == nil { box = _Box(PathSegment._v(p)) } else { box!.add(PathSegment._v(p)) }
        }
        for element in elements {
            if case .moveTo(let p) = element { add(p) }
        }
        forEachSegment { segment in
            let b = segment._tightBox
            if box == nil { box = b } else { box!.add(b) }
        }
        return box?.rect
    }

    /// The smallest rectangle that contains every point of every element, control points
    /// included (Core Graphics' `boundingBox`). It contains `bounds`, and may be larger.
    /// `nil` for an empty path; a NaN coordinate makes every field NaN.
    public var controlPointBounds: Rect? {
        var box: _Box?
        func add(_ p: Point) {
            if box == nil { box = _Box(PathSegment._v(p)) } else { box!.add(PathSegment._v(p)) }
        }
        for element in elements {
            switch element {
            case .moveTo(let p), .lineTo(let p): add(p)
            case .quadCurveTo(let c, let p):
                add(c)
                add(p)
            case .curveTo(let c1, let c2, let p):
                add(c1)
                add(c2)
                add(p)
            case .closeSubpath: break
            }
        }
        return box?.rect
    }
}

extension Path {
    /// The length of the path in points: the sum of its segments' lengths, in order.
    ///
    /// - Empty paths and paths of move-tos only have length 0; move-tos between subpaths
    ///   add nothing.
    /// - Non-finite: NaN if a segment has a NaN coordinate, else +∞ if one has an infinite
    ///   coordinate.
    /// - Accuracy: each segment to 1e-12 relative (see `PathSegment.length`); the sum adds
    ///   one rounding per segment.
    /// - Cost: one quadrature per curve; no allocation. For repeated distance queries build
    ///   a `PathArcLengthTable` once.
    public var length: Double {
        var total = 0.0
        forEachSegment { total += _ArcLengthIntegrand($0).length }
        return total
    }

    /// The location `distance` points along the path: a segment index and a parameter.
    ///
    /// The rules (clamping, boundaries, zero-length segments, `nil` for a path with no
    /// segments) are those of `PathArcLengthTable.location(atDistance:)`, and so is the
    /// answer, bit for bit. Cost: measures the whole path first (it builds the table);
    /// build a `PathArcLengthTable` yourself to ask more than once.
    public func location(atDistance distance: Double) -> PathLocation? {
        PathArcLengthTable(self).location(atDistance: distance)
    }

    /// The point `distance` points along the path; `nil` when the path has no segments.
    /// See `location(atDistance:)`.
    public func point(atDistance distance: Double) -> Point? {
        PathArcLengthTable(self).point(atDistance: distance)
    }
}

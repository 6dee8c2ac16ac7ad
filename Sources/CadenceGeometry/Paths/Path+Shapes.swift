#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The shapes Core Graphics users build paths from — rectangles, rounded rectangles (one
// radius or one per corner), ellipses and circular arcs — and the elliptical arc that SVG's
// `A` command draws. Curved parts are cubic Béziers of at most a quarter turn each, with
// the control points at `4/3 · tan(θ/4)` of the radius along the tangents (the arc's
// midpoint exact, the radius off by at most 2.7e-4 of it for a quarter turn).
//
// Coordinates are Cadence's: y down. Angles are radians from the +x axis towards +y.

/// The four corner radii of a rounded rectangle, named for a y-down space: `topLeft` is
/// the corner at the minimum x and y.
public struct CornerRadii: Hashable, Sendable {
    public var topLeft: Double
    public var topRight: Double
    public var bottomRight: Double
    public var bottomLeft: Double

    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The same radius at every corner.
    public init(all radius: Double) {
        self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }
}

extension Path {
    /// A closed rectangle (`CGPath(rect:transform:)`). See `addRect(_:)`.
    public init(rect: Rect) {
        self.init()
        addRect(rect)
    }

    /// A closed ellipse inscribed in `rect` (`CGPath(ellipseIn:transform:)`). See
    /// `addEllipse(in:)`.
    public init(ellipseIn rect: Rect) {
        self.init()
        addEllipse(in: rect)
    }

    /// A closed rounded rectangle with one corner radius (`CGPath(roundedRect:…)`). See
    /// `addRoundedRect(_:cornerRadii:)`.
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        self.init()
        addRoundedRect(rect, cornerRadii: CornerRadii(all: cornerRadius))
    }

    /// A closed rounded rectangle with a radius per corner. See
    /// `addRoundedRect(_:cornerRadii:)`.
    public init(roundedRect rect: Rect, cornerRadii: CornerRadii) {
        self.init()
        addRoundedRect(rect, cornerRadii: cornerRadii)
    }

    /// Adds `rect` (standardised) as a closed subpath: a move to its minimum corner, then
    /// lines along the top edge, down the right, back along the bottom, and a close —
    /// clockwise on a y-down screen, the order Core Graphics uses. A rectangle with a
    /// non-finite field adds nothing.
    public mutating func addRect(_ rect: Rect) {
        guard let r = Self.finite(rect) else { return }
        move(to: Point(x: r.minX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.maxY))
        addLine(to: Point(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// Adds the ellipse inscribed in `rect` (standardised) as a closed subpath of four
    /// quarter arcs, starting at the rightmost point (maxX, midY) and going through the
    /// bottom (midX, maxY) first — clockwise on a y-down screen. A non-finite rectangle
    /// adds nothing; an empty one a degenerate (zero-size) subpath.
    public mutating func addEllipse(in rect: Rect) {
        guard let r = Self.finite(rect) else { return }
        let center = SIMD2(r.midX, r.midY), radii = SIMD2(r.width / 2, r.height / 2)
        move(to: PathSegment._p(center + SIMD2(radii.x, 0)))
        appendArc(center: center, radii: radii, rotation: 0, start: 0, sweep: 2 * .pi)
        closeSubpath()
    }

    /// Adds a rounded rectangle (standardised) as a closed subpath: straight edges joined
    /// by quarter-circle corners of the given radii, starting on the top edge just after
    /// the top-left corner and going clockwise on a y-down screen. Radii that are negative
    /// or not finite read as 0; when two radii on one side add up to more than the side,
    /// every radius is scaled down by the same factor until they fit (the CSS rule), so a
    /// radius of half the shorter side makes the ends round. A non-finite rectangle adds
    /// nothing.
    public mutating func addRoundedRect(_ rect: Rect, cornerRadii: CornerRadii) {
        guard let r = Self.finite(rect) else { return }
        func clean(_ radius: Double) -> Double { radius > 0 && radius.isFinite ? radius : 0 }
        var tl = clean(cornerRadii.topLeft), tr = clean(cornerRadii.topRight)
        var br = clean(cornerRadii.bottomRight), bl = clean(cornerRadii.bottomLeft)
        // The smallest side ÷ radii ratio of the four sides, at most 1 (no array made).
        func fit(_ side: Double, _ sum: Double) -> Double { sum > side ? side / sum : 1 }
        let scale = Swift.min(fit(r.width, tl + tr), fit(r.width, bl + br), fit(r.height, tl + bl), fit(r.height, tr + br))
        (tl, tr, br, bl) = (tl * scale, tr * scale, br * scale, bl * scale)
        let (minX, minY, maxX, maxY) = (r.minX, r.minY, r.maxX, r.maxY)
        move(to: Point(x: minX + tl, y: minY))
        addLine(to: Point(x: maxX - tr, y: minY))
        if tr > 0 { appendArc(center: SIMD2(maxX - tr, minY + tr), radii: SIMD2(tr, tr), rotation: 0, start: -.pi / 2, sweep: .pi / 2) }
        addLine(to: Point(x: maxX, y: maxY - br))
        if br > 0 { appendArc(center: SIMD2(maxX - br, maxY - br), radii: SIMD2(br, br), rotation: 0, start: 0, sweep: .pi / 2) }
        addLine(to: Point(x: minX + bl, y: maxY))
        if bl > 0 { appendArc(center: SIMD2(minX + bl, maxY - bl), radii: SIMD2(bl, bl), rotation: 0, start: .pi / 2, sweep: .pi / 2) }
        addLine(to: Point(x: minX, y: minY + tl))
        if tl > 0 { appendArc(center: SIMD2(minX + tl, minY + tl), radii: SIMD2(tl, tl), rotation: 0, start: .pi, sweep: .pi / 2) }
        closeSubpath()
    }

    /// Adds a circular arc (`CGPathAddArc`): a line from the current point to the arc's
    /// start (a move there when the path is empty), then the arc from `startAngle` to
    /// `endAngle` about `center`. As in Core Graphics, `clockwise` sweeps towards decreasing
    /// angles and otherwise increasing ones, by less than a full turn unless the two angles
    /// are a whole turn or more apart (then one full circle). Angles are radians from +x
    /// towards +y, so in Cadence's y-down space increasing angles turn clockwise on screen
    /// — the reverse of the name, exactly as a Core Graphics path in a flipped (UIKit)
    /// context. A non-finite or negative radius, centre or angle adds nothing.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        guard radius >= 0, radius.isFinite, center.x.isFinite, center.y.isFinite,
              startAngle.isFinite, endAngle.isFinite else { return }
        let turn = 2 * Double.pi
        var sweep = endAngle - startAngle
        if Swift.abs(sweep) >= turn {
            sweep = clockwise ? -turn : turn
        } else if clockwise {
            if sweep > 0 { sweep -= turn }
        } else if sweep < 0 {
            sweep += turn
        }
        let c = SIMD2(center.x, center.y)
        let start = PathSegment._p(c + radius * SIMD2(cos(startAngle), sin(startAngle)))
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        appendArc(center: c, radii: SIMD2(radius, radius), rotation: 0, start: startAngle, sweep: sweep)
    }

    // MARK: The arc itself

    /// Appends cubic Béziers tracing the ellipse of `radii` about `center`, its axes turned
    /// by `rotation`, from parameter angle `start` through `sweep` (either sign), each
    /// covering at most a quarter turn; the current point must be the arc's start. When
    /// `end` is given the last curve ends exactly there (SVG arcs end on their endpoint).
    mutating func appendArc(
        center: SIMD2<Double>, radii: SIMD2<Double>, rotation: Double, start: Double, sweep: Double, end: SIMD2<Double>? = nil
    ) {
        let pieces = Swift.max(1, Int((Swift.abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3 * tan(step / 4)
        let (cr, sr) = (cos(rotation), sin(rotation))
        // A point of the unit circle (and a tangent) onto the ellipse.
        func map(_ v: SIMD2<Double>) -> SIMD2<Double> {
            let scaled = v * radii
            return SIMD2(cr * scaled.x - sr * scaled.y, sr * scaled.x + cr * scaled.y)
        }
        var angle = start
        var from = SIMD2(cos(angle), sin(angle))
        for piece in 0..<pieces {
            let next = piece == pieces - 1 ? start + sweep : angle + step
            let to = SIMD2(cos(next), sin(next))
            let c1 = center + map(from + k * SIMD2(-from.y, from.x))
            let c2 = center + map(to - k * SIMD2(-to.y, to.x))
            let p = piece == pieces - 1 ? (end ?? center + map(to)) : center + map(to)
            addCurve(to: PathSegment._p(p), control1: PathSegment._p(c1), control2: PathSegment._p(c2))
            angle = next
            from = to
        }
    }

    /// `rect` standardised, or `nil` when a field is not finite.
    private static func finite(_ rect: Rect) -> Rect? {
        let r = rect.standardized
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.size.width.isFinite, r.size.height.isFinite else { return nil }
        return r
    }
}

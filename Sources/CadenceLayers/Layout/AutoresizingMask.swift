import CadenceGeometry

/// Which parts of a layer stretch when its superlayer's bounds change size (Core
/// Animation's `CAAutoresizingMask`, the `kCALayer…` constants, with their bit values).
///
/// Along each axis a layer's frame splits its superlayer's extent into three parts: the
/// margin before it (`minXMargin`: from the superlayer's bounds' minimum x to the frame's),
/// its size (`widthSizable`) and the margin after it (`maxXMargin`). The flags name the
/// flexible parts; the others keep their length. "Min" and "max" are coordinates, not
/// screen sides: `minYMargin` is the margin at the smaller y — the bottom in Core
/// Animation's y-up macOS terms, the top on Cadence's y-down canvas, the bottom again under
/// a superlayer with `isGeometryFlipped`.
///
/// The empty set (`kCALayerNotSizable`, the default) keeps the frame as it is.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `kCALayerMinXMargin`: the margin before the layer along x stretches.
    public static let minXMargin = AutoresizingMask(rawValue: 1 << 0)
    /// `kCALayerWidthSizable`: the layer's width stretches.
    public static let widthSizable = AutoresizingMask(rawValue: 1 << 1)
    /// `kCALayerMaxXMargin`: the margin after the layer along x stretches.
    public static let maxXMargin = AutoresizingMask(rawValue: 1 << 2)
    /// `kCALayerMinYMargin`: the margin before the layer along y stretches.
    public static let minYMargin = AutoresizingMask(rawValue: 1 << 3)
    /// `kCALayerHeightSizable`: the layer's height stretches.
    public static let heightSizable = AutoresizingMask(rawValue: 1 << 4)
    /// `kCALayerMaxYMargin`: the margin after the layer along y stretches.
    public static let maxYMargin = AutoresizingMask(rawValue: 1 << 5)

    /// Every flag (`kCALayerMinXMargin | … | kCALayerMaxYMargin`).
    public static let all: AutoresizingMask = [.minXMargin, .widthSizable, .maxXMargin, .minYMargin, .heightSizable, .maxYMargin]

    /// The frame a layer with this mask takes when its superlayer's bounds change from
    /// `oldSuperlayerSize` to `newSuperlayerBounds` (whose origin the margins are measured
    /// from; the old bounds had the same origin).
    ///
    /// Along each axis the change in the superlayer's extent is shared among the flexible
    /// parts **in proportion to their current lengths** (NSView's struts and springs; Core
    /// Animation's guide says "evenly" but its figure and AppKit share proportionally —
    /// Cadence's choice, see `docs/layout.md`): a part of length `p` among flexible parts
    /// of total `T` grows by `Δ · p / T`. A negative part (a layer hanging out of its
    /// superlayer) weighs 0. When the weights sum to 0 — every flexible part has zero
    /// length — the change is split evenly among them. A size that would go negative
    /// becomes 0, its minimum edge where the share put it.
    ///
    /// So a resize to a new extent and back restores the frame (within a few ulps of the
    /// parts) as long as no flexible part reached zero, and a layer whose three parts are
    /// all flexible scales with its superlayer.
    ///
    /// A non-finite input, or a result that is not finite, gives `frame` unchanged.
    public func resized(_ frame: Rect, oldSuperlayerSize: Size, newSuperlayerBounds: Rect) -> Rect {
        guard !isEmpty, frame.isFiniteValue, oldSuperlayerSize.isFiniteValue, newSuperlayerBounds.isFiniteValue
        else { return frame }
        let f = frame.standardized
        let origin = newSuperlayerBounds.origin
        let x = Self.share(
            start: f.minX - origin.x, length: f.width, extent: oldSuperlayerSize.width,
            newExtent: newSuperlayerBounds.width, flexible: (contains(.minXMargin), contains(.widthSizable), contains(.maxXMargin)))
        let y = Self.share(
            start: f.minY - origin.y, length: f.height, extent: oldSuperlayerSize.height,
            newExtent: newSuperlayerBounds.height, flexible: (contains(.minYMargin), contains(.heightSizable), contains(.maxYMargin)))
        let result = Rect(x: origin.x + x.start, y: origin.y + y.start, width: x.length, height: y.length)
        return result.isFiniteValue ? result : frame
    }

    /// One axis: a layer from `start` with `length` in a superlayer extent `extent` that
    /// becomes `newExtent`; `flexible` names the flexible parts (before, size, after).
    static func share(
        start: Double, length: Double, extent: Double, newExtent: Double, flexible: (Bool, Bool, Bool)
    ) -> (start: Double, length: Double) {
        let parts = (start, length, extent - start - length)
        let count = (flexible.0 ? 1 : 0) + (flexible.1 ? 1 : 0) + (flexible.2 ? 1 : 0)
        let delta = newExtent - extent
        guard count > 0, delta != 0 else { return (start, length) }
        let weights = (flexible.0 ? Swift.max(parts.0, 0) : 0, flexible.1 ? Swift.max(parts.1, 0) : 0,
                       flexible.2 ? Swift.max(parts.2, 0) : 0)
        let total = weights.0 + weights.1 + weights.2
        func growth(_ weight: Double, _ isFlexible: Bool) -> Double {
            guard isFlexible else { return 0 }
            return total > 0 ? delta * (weight / total) : delta / Double(count)
        }
        let newStart = start + growth(weights.0, flexible.0)
        let newLength = Swift.max(0, length + growth(weights.1, flexible.1))
        return (newStart, newLength)
    }
}

import CadenceGeometry
import CadenceLayers
import CadencePixels

/// What one frame draws: the visible layers of a presentation tree, flattened into paint
/// order with everything the rasterizer needs and nothing it has to look up again.
///
/// `items` lists the layers depth first, each before its sublayers, siblings back to front
/// (`zPosition`, then their index: a stable order). A layer's sublayers are the items
/// `index + 1 ..< subtreeEnd`; its own drawing happens in two parts around them —
/// background and contents before, border after; a mask and a transition's previous
/// rendering are lists of their own inside the item. Hidden layers, layers of
/// opacity 0, back-facing layers that are not double-sided, edge-on layers and layers
/// whose matrix is not finite are left out with their sublayers.
///
/// `Compositor.renderList(_:at:on:)` makes one; `docs/compositor.md` describes the rules.
public struct RenderList: Hashable, Sendable {
    /// The canvas size in pixels.
    public var pixelWidth: Int
    public var pixelHeight: Int { didSet { recordedRowWork = nil } }
    /// The layers in paint order.
    public var items: [Item] { didSet { recordedRowWork = nil } }
    /// What the band planner reads of the items, recorded as the builder made them
    /// (`RowWork`); `nil` for a list made or changed otherwise, which the planner then reads
    /// from `items` (the same numbers). Not part of the list's value: `==` and `hash(into:)`
    /// leave it out.
    var rowWork: RowWork? {
        get { recordedRowWork?.rowWork }
        set { recordedRowWork = newValue.map(RecordedRowWork.init) }
    }
    /// `rowWork` behind one reference: a list is copied and passed around while it is
    /// drawn (masks and transitions hold lists too), and three arrays inline cost each copy
    /// three retains (with them inline the demo-like frame took +47 k instructions, most in
    /// its drawing).
    private var recordedRowWork: RecordedRowWork?

    private final class RecordedRowWork: Sendable {
        let rowWork: RowWork
        init(_ rowWork: RowWork) { self.rowWork = rowWork }
    }

    public init(pixelWidth: Int, pixelHeight: Int, items: [Item]) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.items = items
    }

    public static func == (a: RenderList, b: RenderList) -> Bool {
        a.pixelWidth == b.pixelWidth && a.pixelHeight == b.pixelHeight && a.items == b.items
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pixelWidth)
        hasher.combine(pixelHeight)
        hasher.combine(items)
    }

    /// What the band planner (`Compositor.bands(for:threads:byteLimit:)`,
    /// `Compositor.heaviestFirst`) reads of a frame's items: recorded by the builder's pass
    /// that gathers the extents, which holds each item already, so that the planner reads
    /// two plain arrays instead of copying every item out of `items` again (on the
    /// demo-like 1080p frame that copy was most of the planner's 150 k instructions).
    struct RowWork: Hashable, Sendable {
        /// Per item: the rows of its extent, `minY ..< max(minY, maxY)`.
        var rows: [Range<Int>]
        /// Per item: its `pixelWork` per row of `rows` (0 when `rows` is empty).
        var perRow: [Double]
        /// The rows of the items that cast a shadow, within the canvas, overlapping or
        /// touching ones joined, top to bottom (`Compositor.shadowedRows`).
        var shadowed: [Range<Int>]

        /// The same numbers read from `items` (the reference the recorded ones are tested
        /// against, and what the planner uses for a list without them).
        init(items: [Item], pixelHeight: Int) {
            self.init(count: items.count)
            for (i, item) in items.enumerated() {
                record(at: i, extent: item.extent, work: item.pixelWork, castsShadow: item.shadow != nil,
                       pixelHeight: pixelHeight)
            }
            joinShadowedRows()
        }

        /// Empty arrays of `count` items, filled in by `record`, then `joinShadowedRows`.
        init(count: Int) {
            rows = Array(repeating: 0..<0, count: count)
            perRow = Array(repeating: 0, count: count)
            shadowed = []
        }

        /// Records item `i`: its `extent` and its `pixelWork`, `work` (what
        /// `init(items:pixelHeight:)` reads of it); its shadowed rows, when it casts a shadow,
        /// as they are, joined by `joinShadowedRows` once every item is in.
        mutating func record(at i: Int, extent: PixelRect, work: Int, castsShadow: Bool, pixelHeight: Int) {
            let rows = extent.minY..<Swift.max(extent.minY, extent.maxY)
            self.rows[i] = rows
            perRow[i] = rows.isEmpty ? 0 : Double(work) / Double(rows.count)
            if castsShadow && !extent.isEmpty {
                shadowed.append(Swift.max(0, extent.minY)..<Swift.min(pixelHeight, extent.maxY))
            }
        }

        /// Joins the shadowed rows `record` collected (`joined`).
        mutating func joinShadowedRows() {
            shadowed = Self.joined(shadowed)
        }

        /// `rows` without the empty ones, sorted by their first row, overlapping or touching
        /// ones joined: the same for any order of `rows`.
        static func joined(_ rows: [Range<Int>]) -> [Range<Int>] {
            var joined: [Range<Int>] = []
            for rows in rows.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = joined.last, rows.lowerBound <= last.upperBound {
                    joined[joined.count - 1] = last.lowerBound..<Swift.max(last.upperBound, rows.upperBound)
                } else {
                    joined.append(rows)
                }
            }
            return joined
        }
    }

    /// Whether the first item alone paints every pixel of the canvas opaque, whatever was
    /// there: a root drawn straight onto the canvas (no group, mask, transition, shadow or
    /// 3D fragment), at draw opacity 1, with an opaque background and nothing else of its
    /// own (no border, contents or drawing, square corners), through a map that keeps the
    /// axes (`PlaneMap.axisAlignedEdges`, as the rasterizer draws it) onto a rectangle that
    /// holds the whole canvas. Each pixel is then inside the bounds, at full weight, and
    /// source-over of an opaque paint at full weight writes the paint's bytes exactly, so
    /// what lay under it does not show.
    /// Cost: a few comparisons.
    var coversCanvasOpaquely: Bool {
        guard let item = items.first, item.parent == nil, item.groupOpacity == nil, item.drawOpacity == 1,
              !item.needsIsolation, item.shadow == nil, item.transition == nil, item.fragment == nil,
              let color = item.backgroundColor, SourceOver.bytes(of: color)[3] == 255,
              item.borderColor == nil, item.contents == nil, item.drawing == nil, item.sprites == nil,
              item.cornerRadius == 0
        else { return false }
        guard let (xs, ys) = PlaneMap(item.matrix).axisAlignedEdges(of: item.bounds),
              xs[0].isFinite, xs[1].isFinite, ys[0].isFinite, ys[1].isFinite
        else { return false }
        return xs.min() <= 0 && xs.max() >= Double(pixelWidth) && ys.min() <= 0 && ys.max() >= Double(pixelHeight)
    }

    /// One visible layer.
    public struct Item: Hashable, Sendable {
        /// The layer's `name`, for tests and messages.
        public var name: String?
        /// 0 for a root, one more for each level down.
        public var depth: Int
        /// The index of the superlayer's item (`nil` for a root).
        public var parent: Int?
        /// One past the index of the last item of this layer's subtree.
        public var subtreeEnd: Int

        /// The layer's space (its bounds) to canvas pixels: `transformToSuperlayer`, then
        /// each ancestor's level flattened into its superlayer's plane
        /// (`Transform3D.flattenedToPlane`), then the canvas's scale and origin — row
        /// vectors, `[x y 0 1] · matrix` divided by its w is the pixel (y down, pixel
        /// (i, j) covering `i ..< i+1` × `j ..< j+1`). The layer's own level is kept whole
        /// (its z output is its depth in the superlayer's space, unused by the rasterizer).
        public var matrix: Transform3D
        /// The standardised bounds.
        public var bounds: Rect
        /// `cornerRadius` clamped to `0 … min(width, height) / 2`; 0 when `maskedCorners`
        /// is empty.
        public var cornerRadius: Double
        /// `maskedCorners`: the corners `cornerRadius` rounds, in the layer's coordinates.
        public var maskedCorners: CornerMask
        /// `cornerCurve`: the corners' shape (`docs/compositor.md` § 2, "Corners").
        public var cornerCurve: CornerCurve
        /// The background colour; `nil` when there is none or it is fully transparent.
        public var backgroundColor: Color?
        /// `borderWidth` clamped to `0 … min(width, height) / 2` (measured inward); 0 when
        /// there is no visible border.
        public var borderWidth: Double
        /// The border colour; `nil` when there is no visible border.
        public var borderColor: Color?
        /// The contents image and how it is placed and filtered (`docs/compositor.md` § 9);
        /// `nil` when the layer has no contents or they draw nothing.
        public var contents: Contents?
        /// What a shape or gradient layer draws as its content (§ 18), over the contents
        /// image; `nil` for other layers and for content layers that draw nothing.
        public var drawing: Drawing?
        /// The layer's shadow (§ 10); `nil` when it casts none.
        public var shadow: Shadow?
        /// The layer's mask (§ 11): the mask's subtree as a list of its own, placed in this
        /// layer's plane. The layer and its sublayers are multiplied by its rendered alpha.
        public var mask: RenderList?
        /// The transition in effect (§ 12), with the previous rendering as a list of its own.
        public var transition: TransitionDrawing?
        /// +1 when the layer's y axis points down on the canvas (before transforms), −1 when
        /// it points up: the canvas's origin and the `geometryFlipped` layers above (§ 13).
        public var orientation: Double
        /// `masksToBounds`: the sublayers (and contents) are clipped to the bounds,
        /// rounded by `cornerRadius`.
        public var masksToBounds: Bool

        /// The layer's `opacity`, clamped to 0…1.
        public var opacity: Double
        /// The alpha the layer's own drawing is blended with: its opacity times the
        /// opacities of ancestors folded into it (see `group`); 1 inside a group.
        public var drawOpacity: Double
        /// Present when the layer and its sublayers are composited offscreen as one group
        /// and then blended with this opacity (the layer's opacity times any folded into
        /// it). Absent when opacity is 1, or when folding it into the drawing gives the same
        /// pixels: a layer without sublayers (its background and border are blended in one
        /// pass), or one that draws nothing itself and has one sublayer (the opacity passes
        /// down to it).
        public var groupOpacity: Double?

        /// The pixels the layer's bounds can touch (the projected bounds grown by one pixel
        /// for the anti-aliased edge), within the canvas.
        public var pixelBounds: PixelRect
        /// The pixels the layer and its sublayers can touch, after their clips, within the
        /// canvas; an offscreen group is this size.
        public var extent: PixelRect
        /// The piece of the layer's plane this item draws when a 3D context's depth sort cut
        /// the layer (`docs/compositor.md` § 19): a convex polygon in the layer's own
        /// coordinates, which the layer and its sublayers are clipped to (anti-aliased).
        /// `nil`: all of it (every layer outside a 3D context, and faces not cut).
        public var fragment: [Point]? = nil
        /// An emitter layer's particles packed for the sprite kernel (§ 20), drawn after
        /// the layer's contents and before its sublayers; `nil` for other layers (and for
        /// emitters whose particles are items of their own).
        public var sprites: Sprites? = nil

        /// Whether the layer has contents to draw.
        public var hasContents: Bool { contents != nil }

        /// Whether the layer draws anything of its own.
        public var drawsItself: Bool {
            backgroundColor != nil || borderColor != nil || hasContents || drawing != nil || sprites != nil
        }

        /// Whether the layer must be drawn offscreen as a group even at opacity 1: a shadow
        /// of the layer's own alpha, a mask and a cross-fade all need its whole rendering
        /// first. (A `shadowPath` shadow is drawn before the layer instead, directly, when
        /// nothing else needs a group: the same picture, without the group's passes.)
        public var needsIsolation: Bool {
            shadowsOwnAlpha || mask != nil || transition?.type == .fade
        }

        /// Whether the layer casts a shadow of its own alpha (no `shadowPath`): drawn from
        /// its whole group, blurred across rows.
        var shadowsOwnAlpha: Bool { shadow != nil && shadow?.path == nil }
    }
}

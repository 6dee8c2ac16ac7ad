import CadenceGeometry
import CadencePixels

/// The parts of the canvas that a root's sublayers paint opaque over the root's own fill,
/// so the fill can leave them out (`Rasterizer.drawAligned`).
extension RenderList {
    /// A rectangle of pixels that one layer drawn straight onto the canvas paints opaque at
    /// full weight, whatever lay under it, as a cross: `across` (the rows between the
    /// corners' bands, nearly the layer's whole width) and `down` (the columns between the
    /// corners, nearly its whole height). For a row, the columns of the first of the two
    /// that holds it (`columns(atRow:)`); `bounds` holds both.
    struct Occluder: Hashable {
        var across: PixelRect
        var down: PixelRect
        /// The index of the item whose offscreen group is composited over the root's colour
        /// in place of the fill (`across` and `down` are then both the group's rectangle), or
        /// `nil` for a background that paints the cross.
        var group: Int? = nil

        var bounds: PixelRect {
            PixelRect(minX: across.minX, minY: down.minY, maxX: across.maxX, maxY: down.maxY)
        }

        /// The columns the layer paints opaque in row `y` (empty when none).
        @inline(__always)
        func columns(atRow y: Int) -> Range<Int> {
            if y >= across.minY && y < across.maxY { return across.minX..<across.maxX }
            if y >= down.minY && y < down.maxY { return down.minX..<down.maxX }
            return 0..<0
        }
    }

    /// The most occluders a frame keeps (the root's first such sublayers in paint order).
    static let maxOccluders = 32

    /// The occluders of the root's fill, sorted by `bounds.minX`, their bounds pairwise
    /// disjoint (a row's occluded columns are then runs in order, none overlapping): when
    /// the first item covers the canvas opaquely (`coversCanvasOpaquely`) and does not
    /// clip, each of its direct sublayers that
    /// - is drawn straight onto the canvas at full weight: draw opacity 1, no group,
    ///   isolation, mask, transition or 3D fragment;
    /// - has a background whose alpha byte is 255, through a map that keeps the axes
    ///   (`PlaneMap.axisAlignedEdges`, scaled and translated);
    /// - and whose earlier siblings' extents (what they and their sublayers can touch) miss
    ///   its cross, none of them with a mask (which past the scratch limit draws outside
    ///   its extent; the walk stops at the first such subtree).
    /// The cross is the bounds inset by one pixel more than the corners' reach
    /// (`cornerRadius`, or `continuousExtent` times it for continuous corners) and the
    /// border's width, in pixels: every pixel of it lies a whole pixel inside the
    /// background and off the border ring, so its coverage is 1 and the background writes
    /// its paint's bytes there, the root's fill under it overwritten before anything reads
    /// it (an earlier sibling does not reach it; the layer's own path shadow, drawn first,
    /// is overwritten too). A layer whose border is drawn with its background in one pass
    /// keeps the ring's pixels, as the two-paint blend weighs the background below 255
    /// there. The condition on earlier siblings is stricter than the pixels need (every
    /// draw onto the canvas reads and writes each pixel alone, so what an earlier sibling
    /// leaves in the cross is overwritten too; the tests pass without it): it keeps the
    /// rule independent of how a sibling draws.
    ///
    /// With `groupBytes`, a direct sublayer drawn in an offscreen group (no mask, transition
    /// or 3D fragment) whose rectangle on the canvas (its extent) takes at most that many
    /// bytes of scratch — so the pool grants it: nothing else is held when the root's
    /// sublayers are walked — occludes that rectangle (`group`): its composite is the first
    /// thing written there after the fill, and it writes every pixel of it as if over the
    /// root's colour (`SourceOver.composite(_:opacity:over:into:count:)`), the same bytes.
    /// Cost: a few comparisons per pair of the root's sublayers; no allocation once
    /// `out` has grown to `maxOccluders`.
    func occluders(into out: inout [Occluder], groupBytes: Int? = nil) {
        out.removeAll(keepingCapacity: true)
        guard coversCanvasOpaquely, let root = items.first, !root.masksToBounds else { return }
        var i = 1
        while i < root.subtreeEnd && out.count < Self.maxOccluders {
            let item = items[i]
            if let o = Self.occluder(item) ?? groupBytes.flatMap({ groupOccluder(i, bytes: $0) }),
               !out.contains(where: { !$0.bounds.intersection(o.bounds).isEmpty }),
               !reaches(o.bounds, before: i) {
                out.insert(o, at: out.firstIndex { $0.bounds.minX > o.bounds.minX } ?? out.count)
            }
            guard Rasterizer.drawsWithinExtents(items[i..<item.subtreeEnd]) else { break }
            i = item.subtreeEnd
        }
    }

    /// Whether the extent of one of the first item's direct sublayers before item `i`
    /// meets `rect`.
    private func reaches(_ rect: PixelRect, before i: Int) -> Bool {
        var j = 1
        while j < i {
            if !items[j].extent.intersection(rect).isEmpty { return true }
            j = items[j].subtreeEnd
        }
        return false
    }

    /// The rectangle the group of item `i` composites over the root's colour, as
    /// `occluders(into:groupBytes:)` describes; `nil` when it has none.
    private func groupOccluder(_ i: Int, bytes: Int) -> Occluder? {
        let item = items[i]
        guard item.parent == 0, item.groupOpacity != nil, item.mask == nil, item.transition == nil, item.fragment == nil
        else { return nil }
        let rect = item.extent.intersection(PixelRect(width: pixelWidth, height: pixelHeight))
        guard !rect.isEmpty, rect.area <= bytes / 4 else { return nil }
        return Occluder(across: rect, down: rect, group: i)
    }

    /// The cross `item` paints opaque, as `occluders(into:)` describes; `nil` when it has
    /// none.
    static func occluder(_ item: Item) -> Occluder? {
        item.parent == 0 ? opaqueCross(item) : nil
    }

    /// The cross of pixels `item`'s background paints opaque at full weight whatever lay
    /// under them, when it is drawn onto a surface at fold 1 under a clip of weight 1 (no
    /// mask, no analytic clip): as `occluders(into:)` describes, for a layer at any depth;
    /// `nil` when it has none (a group, isolation, a mask, a transition, a 3D fragment,
    /// draw opacity below 1, a background whose alpha byte is below 255, a map that turns
    /// the axes). Cost: a few comparisons and roundings.
    static func opaqueCross(_ item: Item) -> Occluder? {
        guard item.groupOpacity == nil, item.drawOpacity == 1, !item.needsIsolation,
              item.mask == nil, item.transition == nil, item.fragment == nil,
              let color = item.backgroundColor, SourceOver.bytes(of: color)[3] == 255
        else { return nil }
        return cross(of: item)
    }

    /// The cross of `item`'s bounds inside its corners and border ring, in pixels, as
    /// `opaqueCross` measures it, whatever paints it (a caller that needs it opaque checks
    /// that itself); `nil` for empty bounds or a map that turns the axes.
    static func cross(of item: Item) -> Occluder? {
        guard item.bounds.width > 0, item.bounds.height > 0,
              let (xs, ys) = PlaneMap(item.matrix).axisAlignedEdges(of: item.bounds)
        else { return nil }
        let x0 = xs.min(), x1 = xs.max(), y0 = ys.min(), y1 = ys.max()
        guard Swift.max(abs(x0), abs(x1), abs(y0), abs(y1)) < 1e9 else { return nil }  // NaN too
        let sx = (x1 - x0) / item.bounds.width, sy = (y1 - y0) / item.bounds.height
        let reach = item.cornerRadius * (item.cornerCurve == .continuous ? RoundedRectSampler.Shape.continuousExtent : 1)
        let ring = item.borderColor == nil ? 0 : item.borderWidth
        let corner = Swift.max(reach, ring)
        func rect(insetX: Double, insetY: Double) -> PixelRect {
            let r = PixelRect(minX: Int((x0 + insetX * sx + 1).rounded(.up)), minY: Int((y0 + insetY * sy + 1).rounded(.up)),
                              maxX: Int((x1 - insetX * sx - 1).rounded(.down)), maxY: Int((y1 - insetY * sy - 1).rounded(.down)))
            return r.minX < r.maxX && r.minY < r.maxY ? r : .empty
        }
        let across = rect(insetX: ring, insetY: corner), down = rect(insetX: corner, insetY: ring)
        guard !across.isEmpty, !down.isEmpty else { return nil }
        return Occluder(across: across, down: down)
    }
}

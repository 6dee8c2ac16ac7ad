/// An estimate of the work of drawing a render list, in **pixel passes**: each time the
/// rasterizer runs over a pixel for one purpose counts one.
///
/// The weights follow the drawing steps (`docs/compositor.md`, "Cost"):
/// - the canvas: 1 a pixel (cleared to the background);
/// - a layer's own drawing: its `pixelBounds` once for a background, once for a border,
///   twice for contents (sampling and blending), and an emitter's particles their pixel
///   bounds twice;
/// - an offscreen group (`groupOpacity`, or a shadow, mask or cross-fade needing one): its
///   `extent` twice (cleared, then composited);
/// - a clip (`masksToBounds`): its `extent` once (the clip mask);
/// - a shadow: its `extent` `shadowWeight` (10) times (the alpha plane, four blur passes
///   per axis, the tinted composite);
/// - a mask: its own list, and its extent once (the multiply); a transition's previous
///   rendering: its own list, and its extent twice.
///
/// Measured against release renders on one core of the reference machine (an x86-64
/// server core), one pass costs 0.5–2 ns; `docs/command-line.md` ("Limits") gives the
/// figures. Cost of the estimate: one pass over the items.
extension RenderList {
    /// Passes over a shadow's extent: its alpha plane, eight blur passes, the composite.
    public static let shadowWeight = 10

    /// The estimated pixel passes of drawing this list on its canvas (see above).
    public var pixelWork: Int {
        pixelWidth * pixelHeight + itemWork
    }

    /// The estimate of the items alone, without the canvas.
    var itemWork: Int {
        items.reduce(0) { $0 + $1.pixelWork }
    }
}

extension RenderList.Item {
    /// The estimated pixel passes of this item's own drawing and effects, without its
    /// sublayers (which are items of their own).
    public var pixelWork: Int {
        let own = pixelBounds.area
        let extent = self.extent.area
        var work = 0
        if backgroundColor != nil { work += own }
        if borderColor != nil { work += own }
        if contents != nil { work += 2 * own }
        if let sprites { work += 2 * sprites.pixelArea }
        if groupOpacity != nil || needsIsolation { work += 2 * extent }
        if masksToBounds { work += extent }
        if shadow != nil { work += RenderList.shadowWeight * extent }
        if let mask { work += mask.itemWork + extent }
        if let transition { work += transition.previous.itemWork + 2 * extent }
        return work
    }
}

extension RenderList {
    /// The estimated pixel passes of drawing the rows `rows` of the canvas alone, as one band
    /// of a frame drawn in bands (`Compositor.bands(for:threads:)`): the canvas's pixels of
    /// those rows once, each item's `pixelWork` without its shadow spread evenly over the rows
    /// of its `extent` (the share of the rows the band holds), and for each shadow whose
    /// item's extent the band meets its whole `shadowWeight · extent` — the band blurs the
    /// whole plane — plus, for a shadow of the layer's own alpha, the rest of its subtree's
    /// own work, since the band draws that group whole. Rows outside `0 ..< pixelHeight`
    /// count nothing. Never decreases as `rows` grows at either end. Cost: one pass over the
    /// items, and one over a subtree per own-alpha shadow met.
    func bandWork(rows: Range<Int>) -> Int {
        let rows = rows.clamped(to: 0..<pixelHeight)
        guard !rows.isEmpty else { return 0 }
        var work = pixelWidth * rows.count
        for (index, item) in items.enumerated() {
            let extent = item.extent
            let overlap = Swift.min(rows.upperBound, extent.maxY) - Swift.max(rows.lowerBound, extent.minY)
            guard !extent.isEmpty, overlap > 0 else { continue }
            work += item.pixelWorkWithoutShadow * overlap / extent.height
            guard item.shadow != nil else { continue }
            work += RenderList.shadowWeight * extent.area
            guard item.shadowsOwnAlpha else { continue }
            for member in items[index..<Swift.max(index + 1, item.subtreeEnd)] where !member.extent.isEmpty {
                let inside = Swift.max(0, Swift.min(rows.upperBound, member.extent.maxY) - Swift.max(rows.lowerBound, member.extent.minY))
                work += member.pixelWorkWithoutShadow * (member.extent.height - inside) / member.extent.height
            }
        }
        return work
    }
}

extension RenderList.Item {
    /// `pixelWork` less the shadow's passes.
    var pixelWorkWithoutShadow: Int {
        pixelWork - (shadow != nil ? RenderList.shadowWeight * extent.area : 0)
    }
}

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
    /// (The builder's pass that gathers the extents sums the same terms as it goes:
    /// `RenderList.Builder.gatherExtents`.)
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

import CadenceGeometry
import CadenceLayers

extension RenderList {
    /// What a content layer draws as its content (`docs/compositor.md` § 18), above its
    /// background and contents image and below its sublayers and border.
    public enum Drawing: Hashable, Sendable {
        /// A shape layer's path, filled then stroked.
        case shape(ShapeDrawing)
        /// A gradient layer's colours over its rounded bounds.
        case gradient(GradientDrawing)
    }

    /// A shape layer's path as drawn: both parts are paths in the layer's own space, filled
    /// at the frame's resolution through the item's matrix (never a cached bitmap).
    public struct ShapeDrawing: Hashable, Sendable {
        /// The path filled with `fillColor` under `fillRule`; `nil` when nothing is filled.
        public var fill: Path?
        public var fillColor: Color
        public var fillRule: FillRule
        /// The stroke's outline (the path trimmed to `strokeStart…strokeEnd`, stroked with
        /// the layer's line properties), filled with `strokeColor` under the non-zero rule;
        /// `nil` when nothing is stroked.
        public var stroke: Path?
        public var strokeColor: Color
        /// The box, in layer coordinates, that fill and stroke lie in.
        public var box: Rect
    }

    /// A gradient layer's colours as drawn: `gradient` spread from `startPoint` towards
    /// `endPoint` (unit coordinates of the bounds) as `type` says.
    public struct GradientDrawing: Hashable, Sendable {
        public var gradient: Gradient
        public var type: GradientType
        public var startPoint: Point
        public var endPoint: Point
    }
}

extension RenderList.Builder {
    /// The content the layer draws itself, `nil` when it draws none: a shape layer with
    /// a path that fills or strokes something, a gradient layer with colours and bounds of
    /// positive area. `map` (the item's matrix) sets the stroke's flattening tolerance.
    static func drawing(of layer: Layer, bounds: Rect, map: PlaneMap) -> RenderList.Drawing? {
        // The class first: a plain layer (most of them) costs one load and compare.
        switch layer.layerClass {
        case .shape: return shapeDrawing(unsafeDowncast(layer, to: ShapeLayer.self), map: map).map(RenderList.Drawing.shape)
        case .gradient: break
        default: return nil
        }
        let gradient = unsafeDowncast(layer, to: GradientLayer.self)
        if let colors = gradient.colors, !colors.isEmpty, bounds.width > 0, bounds.height > 0 {
            return .gradient(RenderList.GradientDrawing(
                gradient: Gradient(colors: colors, locations: gradient.locations), type: gradient.type,
                startPoint: gradient.startPoint, endPoint: gradient.endPoint))
        }
        return nil
    }

    /// A shape layer's fill and stroke (`docs/compositor.md` § 18): `nil` without a path,
    /// or when neither draws anything.
    static func shapeDrawing(_ layer: ShapeLayer, map: PlaneMap) -> RenderList.ShapeDrawing? {
        guard let path = layer.path, !path.isEmpty, path.isFinite, let controlBox = path.controlPointBounds else {
            return nil
        }
        let fillColor = layer.fillColor.flatMap { $0.alpha > 0 ? $0 : nil }
        var outline: Path?
        if let strokeColor = layer.strokeColor, strokeColor.alpha > 0,
           let stretch = largestStretch(of: map, over: controlBox)
        {
            let start = layer.strokeStart, end = layer.strokeEnd
            let trimmed = path.trimmed(from: start, to: end)
            // Dashes stay where they are on the whole path while the trim moves.
            let offset = start > 0 && start < end ? Swift.min(start, 1) * path.length : 0
            let style = StrokeStyle(
                lineWidth: layer.lineWidth, lineCap: layer.lineCap, lineJoin: layer.lineJoin,
                miterLimit: layer.miterLimit, dashPattern: layer.lineDashPattern ?? [],
                dashPhase: layer.lineDashPhase + (offset.isFinite ? offset : 0))
            if !trimmed.isEmpty, let stroked = try? trimmed.stroked(style, tolerance: PathCoverage.tolerance / stretch),
               !stroked.isEmpty
            {
                outline = stroked
            }
        }
        guard fillColor != nil || outline != nil else { return nil }
        let boxes = [fillColor != nil ? controlBox : nil, outline?.controlPointBounds].compactMap { $0 }
        guard let first = boxes.first else { return nil }
        let minX = boxes.map(\.minX).min()!, minY = boxes.map(\.minY).min()!
        let box = boxes.count == 1 ? first
            : Rect(x: minX, y: minY, width: boxes.map(\.maxX).max()! - minX, height: boxes.map(\.maxY).max()! - minY)
        return RenderList.ShapeDrawing(
            fill: fillColor != nil ? path : nil, fillColor: fillColor ?? .black, fillRule: layer.fillRule,
            stroke: outline, strokeColor: layer.strokeColor ?? .black, box: box)
    }

    /// The most `map` stretches a length near `box` (layer units to pixels): the largest
    /// Frobenius norm of its Jacobian at the box's corners and middle, where they are in
    /// front of the viewer; `nil` when no finite positive stretch is found.
    static func largestStretch(of map: PlaneMap, over box: Rect) -> Double? {
        var largest = 0.0
        map.forEachJacobian(over: box) { dx, dy in
            largest = Swift.max(largest, ((dx * dx).sum() + (dy * dy).sum()).squareRoot())
        }
        // Past 10⁶ pixels per unit the tolerance is what the stroker would take anyway.
        return largest > 0 && largest.isFinite ? Swift.min(largest, 1e6) : nil
    }
}

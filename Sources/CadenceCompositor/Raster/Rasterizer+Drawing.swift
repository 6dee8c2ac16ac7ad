import CadenceGeometry
import CadencePixels

// Content layers' own drawing (`docs/compositor.md` § 18): a shape layer's fill and stroke,
// a gradient layer's colours. Each works on the top surface under the clip in force, at
// the frame's resolution through the item's matrix.

extension Rasterizer {
    /// Draws the layer's content with `opacity`: a shape's fill then its stroke, or a
    /// gradient over the rounded bounds.
    func drawDrawing(_ item: RenderList.Item, _ drawing: RenderList.Drawing, opacity: Float) {
        switch drawing {
        case .shape(let shape):
            if let fill = shape.fill {
                fillPath(fill, rule: shape.fillRule, color: shape.fillColor, of: item, opacity: opacity)
            }
            if let stroke = shape.stroke {
                fillPath(stroke, rule: .nonZero, color: shape.strokeColor, of: item, opacity: opacity)
            }
        case .gradient(let gradient):
            drawGradient(gradient, of: item, opacity: opacity)
        }
    }

    /// Fills `path` (layer coordinates) with `color` under `rule` through the item's
    /// matrix: flattened in pixels (`PathCoverage.forEachPolygon`, perspective cut at the
    /// horizon), its coverage found row by row (`CoverageRows`, overlaps corrected), times
    /// the clip and `opacity`. Only the coverage bands (64 rows) holding the band's rows are
    /// resolved, each exactly as in a whole frame.
    func fillPath(_ path: Path, rule: FillRule, color: Color, of item: RenderList.Item, opacity: Float) {
        let surface = surfaces[surfaces.count - 1]
        let clip = clips[clips.count - 1]
        let canvas = surfaces[0].bounds
        polygons.removeAll()
        let ok = PathCoverage.forEachPolygon(path, map: PlaneMap(item.matrix), rect: canvas, pathWorkspace) { polygon in
            polygons.points.append(contentsOf: polygon)
            polygons.ends.append(polygons.points.count)
        }
        guard ok, let box = polygons.pixelBox else { return }
        let shape = box.intersection(surface.bounds).intersection(clip.scissor)
        let rows = surface.rect.minY..<surface.rect.maxY
        guard !shape.isEmpty, !shape.rows(of: surface.rect).isEmpty else { return }
        let paint = SourceOver.Paint(color)
        let weights = pool.row(0), clipRow = pool.row(2)
        coverageRows.forEachRow(
            polygons, rule: rule, in: shape, rows: rows, bandRows: CoverageRows.compositorBandRows
        ) { y, x0, n, w in
            weights.update(from: w, count: n)
            if let uniform = clipWeights(row: y, from: x0, count: n, opacity: opacity, clip: clip, into: clipRow) {
                if uniform == 1 {
                    GraphicsContext.blendRuns(paint, weights: weights, into: surface.pixel(x0, y), count: n)
                    return
                }
                Self.scale(weights, by: nil, uniform: uniform, count: n)
            } else {
                Self.scale(weights, by: clipRow, uniform: 1, count: n)
            }
            SourceOver.blend(paint, weights: weights, into: surface.pixel(x0, y), count: n)
        }
    }

    /// Draws a gradient layer's colours over its bounds rounded by its corners: the
    /// rounded rectangle's coverage (`RoundedRectSampler`, as the background's) times the
    /// clip and `opacity`, painted with `LayerGradientSampler`'s colours, each rounded once.
    func drawGradient(_ gradient: RenderList.GradientDrawing, of item: RenderList.Item, opacity: Float) {
        let surface = surfaces[surfaces.count - 1]
        let clip = clips[clips.count - 1]
        let map = PlaneMap(item.matrix)
        let region = item.pixelBounds.intersection(surface.rect).intersection(clip.scissor)
        guard !region.isEmpty,
              let edge = RoundedRectSampler(
                bounds: item.bounds, cornerRadius: item.cornerRadius, corners: item.maskedCorners,
                curve: item.cornerCurve, map: map),
              let colors = LayerGradientSampler(gradient, bounds: item.bounds, map: map)
        else { return }
        blendColors(over: region, edge: edge, opacity: opacity, clip: clip, on: surface) { y, start, count, out in
            colors.sampleRow(y, from: start, count: count, into: out)
        }
    }
}

import CadenceGeometry
import CadencePixels

extension GraphicsContext {
    /// Fills `path` with `fillColor` under `rule` (`CGContextFillPath`, `…EOFillPath`).
    /// Each subpath is closed (filling closes it); curves are flattened within 1/128 pixel.
    /// An empty path, or one with a NaN or infinite coordinate, draws nothing.
    public func fill(_ path: Path, rule: FillRule = .nonZero) {
        guard flatten(path, into: &polygons) else { return }
        draw(polygons, rule: rule, shader: .color(SourceOver.Paint(state.fillColor)))
    }

    /// Strokes `path` with `strokeColor` and the stroke style in force
    /// (`CGContextStrokePath`): the outline `Path.stroked(_:tolerance:)` makes in user space
    /// (so the transform shapes the pen), within 1/128 pixel of the exact one, filled with
    /// the non-zero rule. Draws nothing for a width that is not finite and positive, a path
    /// the stroker refuses (non-finite coordinates) or finds too complex
    /// (`StrokeError.tooComplex`), or a transform that is singular or not finite.
    public func stroke(_ path: Path) {
        guard strokeOutline(path) else { return }
        draw(outline, rule: .nonZero, shader: .color(SourceOver.Paint(state.strokeColor)))
    }

    /// Intersects the clip with `path` filled under `rule` (`CGContextClip`, `…EOClip`):
    /// later drawing is multiplied by the path's coverage (anti-aliased, one byte a pixel)
    /// until the state is restored. A path that covers nothing — empty, non-finite, or
    /// outside the clip — clips everything away. A rectangle whose corners land on whole
    /// pixels (under an axis-aligned transform) narrows the clip rectangle without a mask.
    /// Memory: one byte per pixel of the new clip's bounding box (at most the bitmap's
    /// pixel count) per clip call; saved states share their masks.
    public func clip(to path: Path, rule: FillRule = .nonZero) {
        if let aligned = alignedRect(path) {
            state.clip = state.clip.intersection(aligned)
            return
        }
        guard flatten(path, into: &polygons), let box = bounds(of: polygons)?.intersection(state.clip), !box.isEmpty else {
            state.clip = .empty
            state.mask = nil
            return
        }
        let mask = ClipMask(rect: box)
        let parent = state.mask
        forEachCoverageRow(polygons, rule: rule, in: box) { y, x0, n, w in
            let row = mask.pixel(x0, y)
            if let parent {
                let p = parent.pixel(x0, y)
                for i in 0..<n { row[i] = UInt8(Swift.min(255, w[i] * Float(p[i]) + 0.5)) }
            } else {
                for i in 0..<n { row[i] = UInt8(Swift.min(255, w[i] * 255 + 0.5)) }
            }
        }
        state.clip = box
        state.mask = mask
    }

    // MARK: Shared

    /// The pixels a path `p` occupies when it is a rectangle (a move and three or four
    /// lines, closed) whose corners all land within 1e-9 of whole pixels under an
    /// axis-aligned transform; else `nil`.
    func alignedRect(_ path: Path) -> PixelRect? {
        let e = path.elements
        guard (5...6).contains(e.count), case .moveTo = e[0], e.last == .closeSubpath else { return nil }
        let t = state.ctm
        guard t.b == 0, t.c == 0 else { return nil }
        var xs: [Double] = [], ys: [Double] = []
        for element in e.dropLast() {
            switch element {
            case .moveTo(let p), .lineTo(let p):
                let q = t.apply(to: p)
                xs.append(q.x)
                ys.append(q.y)
            default: return nil
            }
        }
        if xs.count == 5 {
            guard xs[4] == xs[0], ys[4] == ys[0] else { return nil }
            xs.removeLast()
            ys.removeLast()
        }
        guard xs.count == 4 else { return nil }
        // Axis-aligned: each edge keeps x or y.
        for i in 0..<4 {
            let j = (i + 1) % 4
            guard xs[i] == xs[j] || ys[i] == ys[j] else { return nil }
        }
        let all = xs + ys
        guard all.allSatisfy({ $0.isFinite && Swift.abs($0) < 1e9 && Swift.abs($0 - $0.rounded()) <= 1e-9 }) else { return nil }
        let r = PixelRect(minX: Int(xs.min()!.rounded()), minY: Int(ys.min()!.rounded()),
                          maxX: Int(xs.max()!.rounded()), maxY: Int(ys.max()!.rounded()))
        return r.isEmpty ? .empty : r
    }

    /// `path` flattened into `set` in pixel coordinates under the transform in force;
    /// `false` when it is to draw nothing (empty, non-finite, behind a singular or
    /// non-finite transform).
    func flatten(_ path: Path, into set: inout PolygonSet) -> Bool {
        set.removeAll()
        let whole = PixelRect(width: bitmap.width, height: bitmap.height)
        let ok = PathCoverage.forEachPolygon(path, map: state.map, rect: whole, pathWorkspace) { polygon in
            set.points.append(contentsOf: polygon)
            set.ends.append(set.points.count)
        }
        return ok && !set.ends.isEmpty
    }

    /// The stroke outline of `path` in pixel coordinates, in `outline`.
    func strokeOutline(_ path: Path) -> Bool {
        let t = state.ctm
        // The transform stretches no length by more than its Frobenius norm.
        let stretch = (t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d).squareRoot()
        guard stretch > 0, stretch.isFinite, t.tx.isFinite, t.ty.isFinite, t.a * t.d - t.b * t.c != 0 else { return false }
        do {
            try path.strokeOutline(state.stroke, tolerance: PathCoverage.tolerance / stretch, into: &outline)
        } catch {
            return false
        }
        // Under the identity (a bitmap context's own transform) the outline is in pixels
        // already; a point that overflowed is refused by `bounds(of:)`.
        if t.isIdentity { return !outline.ends.isEmpty }
        for i in outline.points.indices {
            let p = outline.points[i]
            let q = t.apply(to: Point(x: p.x, y: p.y))
            guard q.x.isFinite, q.y.isFinite else { return false }
            outline.points[i] = SIMD2(q.x, q.y)
        }
        for i in outline.folds.indices {
            let f = outline.folds[i]
            let q = t.apply(to: Point(x: f.x, y: f.y))
            outline.folds[i] = SIMD3(q.x, q.y, f.z * stretch)
        }
        return !outline.ends.isEmpty
    }

    /// The pixels the polygons may touch (their bounding box rounded out), or `nil` when a
    /// point is not finite.
    func bounds(of set: PolygonSet) -> PixelRect? { set.pixelBox }
}

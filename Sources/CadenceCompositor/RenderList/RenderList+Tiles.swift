import CadenceGeometry
import CadenceLayers
import CadencePixels

// A tiled layer's tiles as items of the render list (`docs/compositor.md` § 21).

extension RenderList.Builder {
    /// The most tiles one tiled layer shows in a frame: when its level needs more to cover
    /// what is visible, its tiles are not drawn in that frame (its background, border and
    /// sublayers are).
    static let maxVisibleTiles = 4096

    /// How far, in pixels of its level, a tile is drawn past its edges where it meets
    /// another tile (its border, `TileCache.border`, less half a texel: every point drawn
    /// is filtered from texels drawn for it). Neighbours overlap by 3 texels, at least 1.5
    /// canvas pixels while a level is minified less than 2×: each pixel along a shared edge
    /// is covered wholly by the tile drawn first, and the one drawn over it shows the same
    /// colours, so the edges leave no seam.
    static let tileOverlap = Double(TileCache.border) - 0.5

    /// Appends the tiles of `layer` (whose item is `items[index]`) as items of their own
    /// under it, before its sublayers: the tiles of the level its on-screen scale needs
    /// (`TileGrid.level(forScale:)`, the scale being the largest stretch of the layer's map
    /// over its visible part) that meet the visible part of its bounds — `clip` (the canvas
    /// within its ancestors' `masksToBounds` clips, as pixel boxes) mapped back to the
    /// layer. A cached tile that a `setNeedsDisplay(in:)` since its drawing invalidated
    /// counts as missing. `.complete` draws the missing ones first; `.progressive` schedules
    /// them and shows coarser cached tiles and fades (`TiledLayerDrawing`). Each tile is a
    /// contents item: its image over its rectangle, tinted by `tint` and by its fade.
    ///
    /// `orientation` is the layer's (the flips above it, not its own): where its y axis
    /// points up on the canvas, the drawing shows mirrored about the bounds' middle, as a
    /// backing store's bitmap is laid upright (§ 9, § 16), so tiles are chosen, and placed,
    /// in the drawing's coordinates reflected.
    func appendTiles(
        of layer: TiledLayer, at index: Int, depth: Int, clip: PixelRect, orientation: Double, tint: SIMD4<Double>?,
        into items: inout [RenderList.Item]
    ) {
        guard let cache = tiles, let grid = layer.tileGrid else { return }
        let item = items[index]
        let map = PlaneMap(item.matrix)
        let pixels = clip.intersection(item.pixelBounds)
        guard !pixels.isEmpty, let visible = Self.visibleRect(of: grid.bounds, pixels: pixels, map: map),
              let needed = Self.neededScale(of: map, over: visible)
        else { return }
        let level = grid.level(forScale: needed)
        let flipped = orientation < 0
        let (columns, rows) = grid.tiles(atLevel: level, meeting: flipped ? Self.reflect(visible, in: grid.bounds) : visible)
        // Each side first: a grid may have 2⁴⁰ tiles a side, whose product overflows.
        guard !columns.isEmpty, !rows.isEmpty, columns.count <= Self.maxVisibleTiles, rows.count <= Self.maxVisibleTiles,
              columns.count * rows.count <= Self.maxVisibleTiles
        else { return }
        let (lastColumn, lastRow) = grid.tileCounts(atLevel: level)
        let overlap = Self.tileOverlap / grid.scale(ofLevel: level)
        let version = layer.contentVersion
        func key(_ level: Int, _ column: Int, _ row: Int) -> TileCache.Key {
            TileCache.Key(version: version, grid: grid, level: level, column: column, row: row)
        }
        // A cached tile, unless invalidated since drawn (over its border too).
        func lookup(_ level: Int, _ column: Int, _ row: Int, shownAt time: Double?) -> TileCache.Tile? {
            guard let tile = cache.tile(key(level, column, row), shownAt: time) else { return nil }
            guard tile.revision != layer.contentRevision else { return tile }
            let drawn = TileCache.drawnRect(grid, level: level, column: column, row: row)
            return layer.isInvalidated(drawn, since: tile.revision) ? nil : tile
        }
        let progressive = tileDrawing == .progressive
        // `.complete`: the frame's tiles, cached or drawn now, held for this frame — the
        // cache may drop any of them to make room for the others (a limit smaller than
        // the visible tiles), and the frame still shows them all.
        var frameTiles: [TileCache.Key: TileCache.Tile] = [:]
        if !progressive {
            var missing: [TileCache.Job] = []
            for row in rows {
                for column in columns {
                    if let tile = lookup(level, column, row, shownAt: nil) {
                        frameTiles[key(level, column, row)] = tile
                    } else {
                        missing.append(TileCache.Job(key: key(level, column, row), layer: layer))
                    }
                }
            }
            frameTiles.merge(cache.drawNow(missing)) { $1 }
        }
        var toDraw: [TileCache.Job] = []
        let fade = TiledLayer.fadeDuration
        let multiplier = tint.map(Self.clampedColor) ?? SIMD4(repeating: 1)
        let base = TileBase(
            grid: grid, map: map, matrix: item.matrix, parent: index, depth: depth, orientation: orientation,
            filters: layer, canvas: canvas, flipped: flipped)
        for row in rows {
            for column in columns {
                let rect = grid.rect(level: level, column: column, row: row)
                // On into the neighbours' rectangles (not past the bounds).
                let left = column > 0 ? overlap : 0, top = row > 0 ? overlap : 0
                let drawRect = Rect(
                    x: rect.minX - left, y: rect.minY - top,
                    width: rect.width + left + (column + 1 < lastColumn ? overlap : 0),
                    height: rect.height + top + (row + 1 < lastRow ? overlap : 0))
                let tile = progressive ? lookup(level, column, row, shownAt: time) : frameTiles[key(level, column, row)]
                var alpha = 1.0
                if progressive {
                    if tile == nil { toDraw.append(TileCache.Job(key: key(level, column, row), layer: layer)) }
                    if let shownAt = tile?.shownAt, fade.isFinite, fade > 0 {
                        alpha = Swift.min(Swift.max((time - shownAt) / fade, 0), 1)
                    }
                    if tile?.image == nil || alpha < 1,
                       let coarser = coarserTile(of: rect, below: level, grid: grid, lookup: lookup)
                    {
                        base.append(coarser.image, level: coarser.level, column: coarser.column, row: coarser.row,
                                    over: drawRect, color: multiplier, into: &items)
                    }
                }
                guard let image = tile?.image, alpha > 0 else { continue }
                var color = multiplier
                color.w *= alpha
                base.append(image, level: level, column: column, row: row, over: drawRect, color: color, into: &items)
            }
        }
        if progressive { cache.schedule(toDraw) }
    }

    /// The cached tile of the finest level coarser than `level` whose tile holds the centre
    /// of `rect` (a tile of `level`; tiles of coarser levels cover whole tiles of finer
    /// ones), with an image; `nil` when there is none.
    func coarserTile(
        of rect: Rect, below level: Int, grid: TileGrid, lookup: (Int, Int, Int, Double?) -> TileCache.Tile?
    ) -> (image: ContentsImage, level: Int, column: Int, row: Int)? {
        let centre = Rect(x: rect.midX, y: rect.midY, width: 0, height: 0)
        for coarse in (level + 1)..<Swift.max(grid.levelCount, level + 1) {
            let s = grid.scale(ofLevel: coarse)
            let column = Int(((centre.minX - grid.bounds.minX) * s / Double(grid.tileWidth)).rounded(.down))
            let row = Int(((centre.minY - grid.bounds.minY) * s / Double(grid.tileHeight)).rounded(.down))
            if let image = lookup(coarse, column, row, nil)?.image {
                return (image, coarse, column, row)
            }
        }
        return nil
    }

    /// What every tile item of one tiled layer shares.
    struct TileBase {
        let grid: TileGrid
        let map: PlaneMap
        let matrix: Transform3D
        let parent: Int
        let depth: Int
        let orientation: Double
        let filters: Layer
        let canvas: PixelRect
        /// The layer's y axis points up on the canvas: tiles are placed reflected.
        let flipped: Bool

        /// Appends an item drawing the tile `(column, row)` of `level`, whose `image` covers
        /// its pixels and its border, over `drawRect` (the drawing's coordinates; reflected
        /// about the bounds' middle into the layer's when `flipped`, the image's rows with
        /// it), its colours multiplied by `color` (straight; alpha last).
        func append(
            _ image: ContentsImage, level: Int, column: Int, row: Int, over drawRect: Rect, color: SIMD4<Double>,
            into items: inout [RenderList.Item]
        ) {
            // The image covers the tile and its border (`TileCache.paint`).
            let s = grid.scale(ofLevel: level), k = Double(TileCache.border) / s
            let origin = grid.rect(level: level, column: column, row: row)
            let width = Double(image.width) / s, height = Double(image.height) / s
            var crop = Rect(
                x: (drawRect.minX - origin.minX + k) / width, y: (drawRect.minY - origin.minY + k) / height,
                width: drawRect.width / width, height: drawRect.height / height)
            // Reflected, unit y 0 is the drawing's maximum y: row 0 counts from unit y 1.
            if flipped { crop.origin.y = 1 - crop.maxY }
            let place = flipped ? RenderList.Builder.reflect(drawRect, in: grid.bounds) : drawRect
            guard let layout = ContentsLayout(
                bounds: place, imageSize: image.pixelSize, gravity: .resize, contentsRect: crop,
                contentsCenter: Rect(x: 0, y: 0, width: 1, height: 1), contentsScale: 1, rowZeroAtUnitYZero: !flipped)
            else { return }
            var contents = RenderList.Contents(
                image: image, layout: layout, magnificationFilter: filters.magnificationFilter,
                minificationFilter: filters.minificationFilter, minificationFilterBias: filters.minificationFilterBias)
            if color != SIMD4(repeating: 1) { contents.tint = RenderList.Builder.premultipliedTint(color) }
            items.append(RenderList.Item(
                name: nil, depth: depth, parent: parent, subtreeEnd: items.count + 1, matrix: matrix, bounds: place,
                cornerRadius: 0, maskedCorners: .all, cornerCurve: .circular,
                backgroundColor: nil, borderWidth: 0, borderColor: nil, contents: contents, drawing: nil, shadow: nil,
                mask: nil, transition: nil, orientation: orientation, masksToBounds: false, opacity: 1, drawOpacity: 1,
                groupOpacity: nil, pixelBounds: RenderList.pixelBounds(of: place, under: map, within: canvas),
                extent: .empty))
        }
    }

    /// `rect` reflected about the middle of `bounds` along y.
    static func reflect(_ rect: Rect, in bounds: Rect) -> Rect {
        Rect(x: rect.minX, y: bounds.minY + bounds.maxY - rect.maxY, width: rect.width, height: rect.height)
    }

    /// The part of `bounds` (layer coordinates) whose image under `map` can meet `pixels`:
    /// the box of the pixel rectangle's corners mapped back, within the bounds; all of the
    /// bounds when a corner maps from behind the viewer. `nil` when nothing is left or the
    /// map cannot be inverted.
    static func visibleRect(of bounds: Rect, pixels: PixelRect, map: PlaneMap) -> Rect? {
        guard let inverse = map.inverse else { return nil }
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for (x, y) in [(pixels.minX, pixels.minY), (pixels.maxX, pixels.minY), (pixels.minX, pixels.maxY),
                       (pixels.maxX, pixels.maxY)] {
            let h = inverse.homogeneous(Double(x), Double(y))
            guard h.z > 0 else { return bounds }
            let p = SIMD2(h.x, h.y) / h.z
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        let seen = Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y).intersection(bounds)
        return seen.width > 0 && seen.height > 0 ? seen : nil
    }

    /// The scale a tiled layer needs over `rect`: the largest length of a column of `map`'s
    /// Jacobian (pixels per layer unit along x or y) at the corners and middle of `rect` in
    /// front of the viewer; `nil` when none is finite and positive.
    static func neededScale(of map: PlaneMap, over rect: Rect) -> Double? {
        var largest = 0.0
        map.forEachJacobian(over: rect) { dx, dy in
            largest = Swift.max(largest, ((dx * dx).sum()).squareRoot(), ((dy * dy).sum()).squareRoot())
        }
        return largest > 0 && largest.isFinite ? largest : nil
    }
}

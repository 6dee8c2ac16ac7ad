import CadenceGeometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiled layer's levels of detail and the tiles of each (`TiledLayer.tileGrid`): which
/// level a frame draws at, and which pixels and points each tile covers.
///
/// **Levels.** Level `ℓ` in `0 ..< levelCount` is drawn at
/// `scale(ofLevel: ℓ) = contentsScale · 2^(bias − ℓ)` pixels a point: level 0 is the finest,
/// the first `bias` levels are magnified (Core Animation counts `levelsOfDetailBias` among
/// `levelsOfDetail`, "The number of levels of detail maintained by this layer": 3 levels
/// with a bias of 2 are 4×, 2× and 1×). `levelCount` is
/// `levelsOfDetail` clamped to `1 … TiledLayer.maxLevelsOfDetail`, less the levels whose image of
/// the bounds' shorter side is under one pixel (level 0 is always kept); `bias` is
/// `levelsOfDetailBias` clamped to `0 … TiledLayer.maxLevelsOfDetailBias`.
///
/// **Choosing a level** (`level(forScale:)`): the coarsest level whose scale is at least the
/// scale needed on screen, `⌊bias + log2(contentsScale / needed) + 10⁻⁹⌋` clamped to the
/// levels — so tiles are never magnified on screen unless even level 0 is too coarse, and
/// are minified by less than 2× otherwise (the slack lets a scale a rounding error above a
/// level's still use it). Core Animation documents no rule; this one keeps at most four
/// times the screen's pixels in tiles.
///
/// **Tiles.** At level `ℓ` the bounds cover `W · s × H · s` pixels (`s` the level's
/// scale), cut from the bounds' origin into tiles of `tileWidth × tileHeight` pixels; the
/// last column and row are narrower. Tile `(column, row)` covers the points
/// `bounds.minX + column · tileWidth / s …` up to the bounds' edge.
public struct TileGrid: Hashable, Sendable {
    /// The layer's bounds (standardised, finite, of positive area).
    public let bounds: Rect
    /// `contentsScale`, or 1 when it is not finite and positive.
    public let contentsScale: Double
    /// The tile size in pixels (`TiledLayer.tileSize` sanitised).
    public let tileWidth: Int
    public let tileHeight: Int
    /// The levels of detail used, 1 … `TiledLayer.maxLevelsOfDetail`.
    public let levelCount: Int
    /// The magnified levels, 0 … `TiledLayer.maxLevelsOfDetailBias`.
    public let bias: Int

    /// The most tile columns (or rows) a level may have (2⁴⁰): bounds that need more at
    /// the finest level have no grid (nothing is drawn), which keeps every tile index exact.
    public static let maxTilesPerSide = Double(1 << 40)

    /// The grid of a layer with these properties; `nil` when the bounds are not finite, have
    /// no area, or are too large for `maxTilesPerSide`.
    public init?(bounds: Rect, contentsScale: Double, tileSize: Size, levelsOfDetail: Double, levelsOfDetailBias: Double) {
        let b = bounds.standardized
        guard b.isFiniteValue, b.width > 0, b.height > 0 else { return nil }
        let c = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        func side(_ v: Double) -> Int {
            guard v.isFinite, v >= 1 else { return 256 }
            return Int(Swift.min(Swift.max(v.rounded(), Double(TiledLayer.minTileDimension)),
                                 Double(TiledLayer.maxTileDimension)))
        }
        func clamped(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
            v.isNaN ? lo : Int(Swift.min(Swift.max(v.rounded(.down), Double(lo)), Double(hi)))
        }
        let bias = clamped(levelsOfDetailBias, 0, TiledLayer.maxLevelsOfDetailBias)
        let requested = clamped(levelsOfDetail, 1, TiledLayer.maxLevelsOfDetail)
        // Level ℓ keeps at least one pixel on the shorter side: ℓ ≤ bias + log2(min · c).
        let byPixels = (Double(bias) + log2(Swift.min(b.width, b.height) * c)).rounded(.down)
        let count = byPixels.isFinite ? Swift.min(requested, Swift.max(Int(Swift.max(byPixels, -1)) + 1, 1)) : requested
        let (tw, th) = (side(tileSize.width), side(tileSize.height))
        let finest = c * exp2(Double(bias))
        guard b.width * finest / Double(tw) <= Self.maxTilesPerSide, b.height * finest / Double(th) <= Self.maxTilesPerSide
        else { return nil }
        self.bounds = b
        self.contentsScale = c
        self.tileWidth = tw
        self.tileHeight = th
        self.levelCount = count
        self.bias = bias
    }

    /// Pixels a point at `level` (clamped to the levels).
    public func scale(ofLevel level: Int) -> Double {
        contentsScale * exp2(Double(bias - Swift.min(Swift.max(level, 0), levelCount - 1)))
    }

    /// The level drawn when the layer needs `scale` pixels a point on screen (see the type's
    /// rule). A scale that is NaN or ≤ 0 gives the coarsest level, +∞ the finest.
    public func level(forScale scale: Double) -> Int {
        guard scale > 0 else { return levelCount - 1 }
        let x = (Double(bias) + log2(contentsScale / scale) + 1e-9).rounded(.down)
        guard x.isFinite else { return x > 0 ? levelCount - 1 : 0 }
        return Int(Swift.min(Swift.max(x, 0), Double(levelCount - 1)))
    }

    /// The number of tile columns and rows at `level`.
    public func tileCounts(atLevel level: Int) -> (columns: Int, rows: Int) {
        let s = scale(ofLevel: level)
        return (Swift.max(Int((bounds.width * s / Double(tileWidth) - 1e-9).rounded(.up)), 1),
                Swift.max(Int((bounds.height * s / Double(tileHeight) - 1e-9).rounded(.up)), 1))
    }

    /// The tiles of `level` that meet `rect` (layer coordinates): column and row ranges,
    /// empty when `rect` misses the bounds, has no area or is not finite.
    public func tiles(atLevel level: Int, meeting rect: Rect) -> (columns: Range<Int>, rows: Range<Int>) {
        let r = rect.standardized
        guard r.isFiniteValue, r.width > 0, r.height > 0 else { return (0..<0, 0..<0) }
        let s = scale(ofLevel: level)
        let (columns, rows) = tileCounts(atLevel: level)
        func range(_ lo: Double, _ hi: Double, origin: Double, tile: Int, count: Int) -> Range<Int> {
            let a = ((lo - origin) * s / Double(tile)).rounded(.down)
            let b = ((hi - origin) * s / Double(tile)).rounded(.up)
            let first = Int(Swift.min(Swift.max(a, 0), Double(count)))
            let end = Int(Swift.min(Swift.max(b, 0), Double(count)))
            return first..<Swift.max(first, end)
        }
        return (range(r.minX, r.maxX, origin: bounds.minX, tile: tileWidth, count: columns),
                range(r.minY, r.maxY, origin: bounds.minY, tile: tileHeight, count: rows))
    }

    /// The points tile `(column, row)` of `level` covers: within the bounds.
    public func rect(level: Int, column: Int, row: Int) -> Rect {
        let s = scale(ofLevel: level)
        let x0 = bounds.minX + Double(column * tileWidth) / s, y0 = bounds.minY + Double(row * tileHeight) / s
        let x1 = Swift.min(bounds.minX + Double((column + 1) * tileWidth) / s, bounds.maxX)
        let y1 = Swift.min(bounds.minY + Double((row + 1) * tileHeight) / s, bounds.maxY)
        return Rect(x: x0, y: y0, width: Swift.max(x1 - x0, 0), height: Swift.max(y1 - y0, 0))
    }

    /// The pixel size of tile `(column, row)` of `level`'s bitmap: `tileWidth × tileHeight`,
    /// less at the last column and row (at least 1 × 1).
    public func pixelSize(level: Int, column: Int, row: Int) -> (width: Int, height: Int) {
        let s = scale(ofLevel: level)
        func size(_ extent: Double, _ index: Int, _ tile: Int) -> Int {
            let rest = (extent * s - Double(index * tile) - 1e-9).rounded(.up)
            return Int(Swift.min(Swift.max(rest, 1), Double(tile)))
        }
        return (size(bounds.width, column, tileWidth), size(bounds.height, row, tileHeight))
    }
}

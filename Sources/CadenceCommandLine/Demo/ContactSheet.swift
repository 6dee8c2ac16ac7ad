import Cadence

/// A contact sheet: frames shrunk by a whole factor and laid out in a grid, left to right
/// then top to bottom, `gutter` pixels apart and from the edges, on an opaque background.
///
/// The factor is the smallest whole number that makes a thumbnail at most
/// `maxThumbnailWidth` pixels wide; each thumbnail pixel is the mean of a factor × factor
/// box of premultiplied pixels (rounded to nearest), composited source-over onto the
/// background. The grid has `⌈√(1.5 n)⌉` columns (at most n), so 24 frames make 6 × 4.
/// Cost: one pass over each frame's pixels.
struct ContactSheet {
    static let maxThumbnailWidth = 160
    static let gutter = 8

    let factor: Int
    let columns: Int
    let thumbnailWidth: Int
    let thumbnailHeight: Int
    /// The sheet so far.
    private(set) var bitmap: Bitmap
    /// The frames added so far.
    private(set) var count = 0
    /// The frames the sheet has room for.
    let capacity: Int

    /// An empty sheet for `frameCount` frames of `frameWidth × frameHeight` pixels, on
    /// `background` (premultiplied RGBA, opaque).
    init(frameWidth: Int, frameHeight: Int, frameCount: Int, background: SIMD4<UInt8>) throws {
        factor = Swift.max(1, (frameWidth + Self.maxThumbnailWidth - 1) / Self.maxThumbnailWidth)
        thumbnailWidth = Swift.max(1, frameWidth / factor)
        thumbnailHeight = Swift.max(1, frameHeight / factor)
        capacity = Swift.max(1, frameCount)
        columns = Swift.min(capacity, Int((1.5 * Double(capacity)).squareRoot().rounded(.up)))
        let rows = (capacity + columns - 1) / columns
        bitmap = try Bitmap(
            width: columns * (thumbnailWidth + Self.gutter) + Self.gutter,
            height: rows * (thumbnailHeight + Self.gutter) + Self.gutter, fill: background)
    }

    /// The grid's size, `columns × rows`.
    var grid: String { "\(columns)×\((capacity + columns - 1) / columns)" }

    /// Adds `frame` (of the size given to `init`) in the next cell; ignored when the
    /// sheet is full.
    mutating func add(_ frame: Bitmap) {
        guard count < capacity else { return }
        let left = Self.gutter + (count % columns) * (thumbnailWidth + Self.gutter)
        let top = Self.gutter + (count / columns) * (thumbnailHeight + Self.gutter)
        count += 1
        let samples = factor * factor
        for y in 0..<Swift.min(thumbnailHeight, frame.height / factor) {
            for x in 0..<Swift.min(thumbnailWidth, frame.width / factor) {
                var sum = SIMD4<Int>.zero
                for dy in 0..<factor {
                    for dx in 0..<factor {
                        sum &+= SIMD4<Int>(truncatingIfNeeded: frame[x * factor + dx, y * factor + dy])
                    }
                }
                let mean = (sum &+ samples / 2) / samples
                let under = SIMD4<Int>(truncatingIfNeeded: bitmap[left + x, top + y])
                let over = mean &+ (under &* (255 &- mean[3]) &+ 127) / 255
                bitmap[left + x, top + y] = SIMD4<UInt8>(truncatingIfNeeded: over)
            }
        }
    }
}

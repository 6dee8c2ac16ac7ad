import CadenceGeometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A raster image: `width × height` pixels of premultiplied RGBA, 8 bits per channel,
/// rows `bytesPerRow` apart (at least `4 · width`), top row first.
///
/// The one pixel format of Cadence: what the compositor renders into, what a layer
/// displays (`Layer.contents`, Core Animation's `CGImage`; `contentsScale` turns its
/// `pixelSize` into points) and what the PNG codec reads and writes.
public struct Bitmap: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    /// The pixel bytes, `height · bytesPerRow` of them, premultiplied RGBA.
    public var pixels: [UInt8]

    /// The largest width or height accepted (16384), so a hostile size cannot ask for an
    /// unbounded allocation.
    public static let maxDimension = 16_384

    public enum Error: Swift.Error, Equatable, Sendable {
        /// A width or height that is not in 1…`maxDimension`.
        case invalidSize(width: Int, height: Int)
        /// The system refused the pixels' memory (`bytes` of it).
        case allocationFailed(bytes: Int)
    }

    /// A bitmap of the given size filled with `fill` (premultiplied RGBA; default
    /// transparent black). Throws `Error.invalidSize` for a size outside
    /// 1…`maxDimension`, `Error.allocationFailed` when the memory is refused.
    public init(width: Int, height: Int, fill: SIMD4<UInt8> = .zero) throws {
        try Self.checkAllocation(width: width, height: height)
        self.width = width
        self.height = height
        bytesPerRow = width * 4
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        if fill != .zero {
            for i in stride(from: 0, to: pixels.count, by: 4) {
                pixels[i] = fill[0]
                pixels[i + 1] = fill[1]
                pixels[i + 2] = fill[2]
                pixels[i + 3] = fill[3]
            }
        }
        self.pixels = pixels
    }

    /// The colour channel `value` of a premultiplied pixel with `alpha`, with the alpha
    /// divided out, rounding to nearest (0 where `alpha` is 0): the bytes of a PNG file.
    @inlinable
    public static func unpremultiplied(_ value: UInt8, alpha: UInt8) -> UInt8 {
        alpha == 0 ? 0 : UInt8(Swift.min(255, (Int(value) * 255 + Int(alpha) / 2) / Int(alpha)))
    }

    /// The size in pixels (width × height), as a layer's contents are measured.
    public var pixelSize: Size { Size(width: Double(width), height: Double(height)) }

    /// A bitmap of the given size whose pixels are not set (the caller writes every one),
    /// throwing as `init(width:height:fill:)` does. For the package's own writers (the
    /// compositor, the PNG decoder), which overwrite every byte.
    package init(uninitializedWidth width: Int, height: Int) throws {
        try Self.checkAllocation(width: width, height: height)
        self.width = width
        self.height = height
        bytesPerRow = width * 4
        pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { _, count in count = width * height * 4 }
    }

    /// Throws unless `width × height` is a valid size whose pixels the system can give
    /// now: the memory is asked for (not touched) and given back, so that a refusal is an
    /// error here rather than a trap in the array's allocation. (With overcommit, as on
    /// Linux by default, the system may grant memory it cannot back later.)
    private static func checkAllocation(width: Int, height: Int) throws {
        guard (1...Bitmap.maxDimension).contains(width), (1...Bitmap.maxDimension).contains(height) else {
            throw Error.invalidSize(width: width, height: height)
        }
        guard let probe = malloc(width * height * 4) else { throw Error.allocationFailed(bytes: width * height * 4) }
        free(probe)
    }

    /// The premultiplied RGBA of pixel (x, y).
    public subscript(x: Int, y: Int) -> SIMD4<UInt8> {
        get {
            let i = y * bytesPerRow + x * 4
            return SIMD4(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = y * bytesPerRow + x * 4
            pixels[i] = newValue[0]
            pixels[i + 1] = newValue[1]
            pixels[i + 2] = newValue[2]
            pixels[i + 3] = newValue[3]
        }
    }
}

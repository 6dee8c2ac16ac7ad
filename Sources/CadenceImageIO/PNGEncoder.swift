import CZlib
import CadencePixels

/// Writes a `Bitmap` as a PNG file's bytes: 8-bit RGBA, non-premultiplied (the alpha is
/// divided out, rounding to nearest), filtered and deflated by zlib at a `level` from 0
/// to 9 that trades size for speed:
///
/// - 3…9 (`defaultLevel` is 6, zlib's default): each row gets the filter that minimises
///   the sum of its bytes read as signed (the PNG specification's heuristic), and zlib
///   deflates at that level.
/// - 1 and 2 (`fastLevel` is 1): one filter for the whole image, the one with the least
///   such sum over every 16th row, and zlib's run-length strategy (`Z_RLE`, matches one
///   pixel left or, after the Up or Paeth filter, the bytes that equal the row above)
///   at that level: twice as fast as level 6, files about 15 % larger on flat artwork.
/// - 0: no filter, stored blocks (no compression).
///
/// Measured on a 1920 × 1080 frame of flat, anti-aliased artwork (`docs/command-line.md`,
/// "PNG output"). Rows are filtered and deflated a batch at a time, so nothing the size
/// of the image is held but the file: at most `peakBytes(width:height:)` besides the
/// bitmap.
public enum PNGEncoder {
    public enum Error: Swift.Error, Equatable, Sendable {
        /// zlib reported an error code while deflating.
        case compressionFailed(Int32)
        /// A level outside 0…9.
        case invalidLevel(Int)
    }

    /// The level `encode` uses by default: 6, zlib's default (per-row filters).
    public static let defaultLevel = 6
    /// The fastest level that compresses: 1 (one filter for the image, run-length deflate).
    public static let fastLevel = 1
    /// The levels accepted.
    public static let levels = 0...9

    /// Every how many rows the fast levels sample to choose the image's filter.
    static let filterSampleSpacing = 16
    /// The rows filtered before they are handed to zlib at once.
    static let batchRows = 16
    /// The compressed bytes zlib writes at a time before they are appended to the file.
    static let outputChunk = 1 << 16

    /// The PNG bytes of `bitmap` at `level` (0…9; see the type). Throws `invalidLevel`
    /// for another level and `compressionFailed` when zlib fails (it does not for valid
    /// input). Cost at 1920 × 1080 on flat artwork: see the type's measurements.
    public static func encode(_ bitmap: Bitmap, level: Int = defaultLevel) throws -> [UInt8] {
        guard levels.contains(level) else { throw Error.invalidLevel(level) }
        let width = bitmap.width, height = bitmap.height, rowBytes = 4 * width
        var out = PNGDecoder.signature
        var header = [UInt8]()
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header += [8, 6, 0, 0, 0]  // 8-bit, RGBA, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &out)
        let lengthOffset = out.count
        appendBigEndian(0, to: &out)
        out += Array("IDAT".utf8)
        let dataStart = out.count

        // Rows: two unfiltered (this one and the one above) and a batch of filtered rows,
        // each with its filter byte in front; the five candidates when filters go per row.
        let stride = rowBytes + 1
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowBytes + (batchRows + 5) * stride + outputChunk)
        buffer.initialize(repeating: 0, count: 2 * rowBytes + (batchRows + 5) * stride + outputChunk)
        defer { buffer.deallocate() }
        var row = buffer, above = buffer + rowBytes
        let batch = above + rowBytes, candidates = batch + batchRows * stride, chunk = candidates + 5 * stride

        var stream = z_stream()
        let strategy = level == 0 ? Z_DEFAULT_STRATEGY : level <= 2 ? Z_RLE : Z_DEFAULT_STRATEGY
        guard deflateInit2_(&stream, Int32(level), Z_DEFLATED, 15, 9, strategy, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw Error.compressionFailed(Z_STREAM_ERROR) }
        defer { deflateEnd(&stream) }

        try bitmap.pixels.withUnsafeBufferPointer { pixels in
            let pixels = pixels.baseAddress!
            let imageFilter: UInt8? = level >= 3 ? nil : level == 0 ? 0 : chooseFilter(bitmap, pixels, row, above, candidates)
            var filled = 0
            for y in 0..<height {
                unpremultiply(pixels + y * bitmap.bytesPerRow, count: width, into: row)
                let target = batch + filled * stride
                if let imageFilter {
                    target[0] = imageFilter
                    filter(imageFilter, row, above: above, count: rowBytes, into: target + 1)
                } else {
                    // Each filter into its own candidate row; the best one copied once.
                    var best = Int.max, bestFilter = 0
                    for f in 0...4 {
                        let candidate = candidates + f * stride
                        filter(UInt8(f), row, above: above, count: rowBytes, into: candidate)
                        let cost = score(candidate, count: rowBytes)
                        if cost < best { (best, bestFilter) = (cost, f) }
                    }
                    target[0] = UInt8(bestFilter)
                    (target + 1).update(from: candidates + bestFilter * stride, count: rowBytes)
                }
                swap(&row, &above)
                filled += 1
                if filled == batchRows || y == height - 1 {
                    try deflateBatch(&stream, batch, count: filled * stride, finish: y == height - 1, chunk: chunk, out: &out)
                    filled = 0
                }
            }
        }
        let length = out.count - dataStart
        for (i, shift) in [24, 16, 8, 0].enumerated() { out[lengthOffset + i] = UInt8(truncatingIfNeeded: length >> shift) }
        let checksum = out.withUnsafeBufferPointer { crc32(0, $0.baseAddress! + dataStart - 4, uInt(length + 4)) }
        appendBigEndian(UInt32(checksum), to: &out)
        appendChunk("IEND", [], to: &out)
        return out
    }

    /// The filter of the fast levels: of the five, the one whose filtered rows have the
    /// least `score` over every `filterSampleSpacing`-th row (and the row above it).
    private static func chooseFilter(
        _ bitmap: Bitmap, _ pixels: UnsafePointer<UInt8>, _ row: UnsafeMutablePointer<UInt8>,
        _ above: UnsafeMutablePointer<UInt8>, _ scratch: UnsafeMutablePointer<UInt8>
    ) -> UInt8 {
        let rowBytes = 4 * bitmap.width
        var totals = [Int](repeating: 0, count: 5)
        for y in Swift.stride(from: 0, to: bitmap.height, by: filterSampleSpacing) {
            if y > 0 {
                unpremultiply(pixels + (y - 1) * bitmap.bytesPerRow, count: bitmap.width, into: above)
            } else {
                above.update(repeating: 0, count: rowBytes)
            }
            unpremultiply(pixels + y * bitmap.bytesPerRow, count: bitmap.width, into: row)
            for f in 0..<5 {
                filter(UInt8(f), row, above: above, count: rowBytes, into: scratch)
                totals[f] += score(scratch, count: rowBytes)
            }
        }
        above.update(repeating: 0, count: rowBytes)
        return UInt8(totals.indices.min { totals[$0] < totals[$1] }!)
    }

    /// Feeds `count` bytes at `input` to `stream` (finishing it when `finish`), appending
    /// what it writes to `out` through `chunk` (`outputChunk` bytes).
    private static func deflateBatch(
        _ stream: inout z_stream, _ input: UnsafeMutablePointer<UInt8>, count: Int, finish: Bool,
        chunk: UnsafeMutablePointer<UInt8>, out: inout [UInt8]
    ) throws {
        stream.next_in = input
        stream.avail_in = uInt(count)
        while true {
            stream.next_out = chunk
            stream.avail_out = uInt(outputChunk)
            let status = CZlib.deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { throw Error.compressionFailed(status) }
            out.append(contentsOf: UnsafeBufferPointer(start: chunk, count: outputChunk - Int(stream.avail_out)))
            if finish ? status == Z_STREAM_END : stream.avail_in == 0 && stream.avail_out != 0 { return }
        }
    }

    /// A bound on the bytes `encode` holds at once besides the bitmap for a `width ×
    /// height` image: the file (at most zlib's bound for the filtered rows, and while it
    /// grows, a copy), the row buffers and zlib's state.
    public static func peakBytes(width: Int, height: Int) -> Int {
        let raw = (4 * width + 1) * height
        return raw + Int(compressBound(uLong(raw))) + 128
    }

    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// `data` deflated as a zlib stream at the default level (for tests that build PNG
    /// files by hand).
    static func deflate(_ data: [UInt8]) throws -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { target in
            data.withUnsafeBufferPointer { input in
                compress2(target.baseAddress!, &length, input.baseAddress, uLong(data.count), Int32(defaultLevel))
            }
        }
        guard status == Z_OK else { throw Error.compressionFailed(status) }
        return Array(out.prefix(Int(length)))
    }

    static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &out)
        let typeBytes = Array(type.utf8)
        let body = typeBytes + data
        out += body
        let checksum = body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        appendBigEndian(UInt32(checksum), to: &out)
    }
}

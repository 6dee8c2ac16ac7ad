import CZlib

/// Writes a `Bitmap` as a PNG file's bytes: 8-bit RGBA, non-premultiplied (the alpha is
/// divided out, rounding to nearest), each row filtered with the filter that minimises the
/// sum of absolute differences (the heuristic of the PNG specification), deflated by zlib.
///
/// Memory: besides the bitmap, the filtered rows (`4 · width + 1` bytes a row) and the file,
/// into which zlib deflates directly (`compressBound` of the rows, trimmed after): about
/// twice the bitmap's bytes at the peak (`peakBytes(width:height:)`).
public enum PNGEncoder {
    public enum Error: Swift.Error, Equatable, Sendable {
        /// zlib reported an error code while deflating.
        case compressionFailed(Int32)
    }

    /// The PNG bytes of `bitmap`.
    public static func encode(_ bitmap: Bitmap) throws -> [UInt8] {
        let rowBytes = bitmap.width * 4
        var raw = [UInt8]()
        raw.reserveCapacity((rowBytes + 1) * bitmap.height)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var row = [UInt8](repeating: 0, count: rowBytes)
        var candidate = [UInt8](repeating: 0, count: rowBytes)
        var best = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<bitmap.height {
            let base = y * bitmap.bytesPerRow
            for x in 0..<bitmap.width {
                let i = base + x * 4
                let a = bitmap.pixels[i + 3]
                for c in 0..<3 {
                    row[x * 4 + c] = Bitmap.unpremultiplied(bitmap.pixels[i + c], alpha: a)
                }
                row[x * 4 + 3] = a
            }
            var bestFilter: UInt8 = 0
            var bestScore = Int.max
            for filter in UInt8(0)...4 {
                var score = 0
                for i in 0..<rowBytes {
                    let left = i >= 4 ? Int(row[i - 4]) : 0
                    let up = Int(previous[i])
                    let upLeft = i >= 4 ? Int(previous[i - 4]) : 0
                    let predictor: Int
                    switch filter {
                    case 0: predictor = 0
                    case 1: predictor = left
                    case 2: predictor = up
                    case 3: predictor = (left + up) / 2
                    default: predictor = paeth(left, up, upLeft)
                    }
                    let value = UInt8(truncatingIfNeeded: Int(row[i]) - predictor)
                    candidate[i] = value
                    score += value < 128 ? Int(value) : 256 - Int(value)
                }
                if score < bestScore {
                    bestScore = score
                    bestFilter = filter
                    swap(&best, &candidate)
                }
            }
            raw.append(bestFilter)
            raw.append(contentsOf: best)
            swap(&previous, &row)
        }
        var out = PNGDecoder.signature
        var header = [UInt8]()
        appendBigEndian(UInt32(bitmap.width), to: &header)
        appendBigEndian(UInt32(bitmap.height), to: &header)
        header += [8, 6, 0, 0, 0]  // 8-bit, RGBA, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &out)
        try appendDeflatedChunk(raw, to: &out)
        appendChunk("IEND", [], to: &out)
        return out
    }

    /// The most bytes `encode` holds at once besides the bitmap for a `width × height`
    /// image: the filtered rows and the file before it is trimmed.
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

    /// zlib's level: 6, its default. Level 9 made files about 4 % smaller and took 7× as
    /// long (1.35 s against 0.18 s over the demo's frames): most of `cadence demo`'s time.
    static let compressionLevel: Int32 = 6

    /// Appends an `IDAT` chunk of `data` deflated, compressing straight into `out` (room
    /// for the worst case is made, then trimmed), so no other copy of the compressed data
    /// is made.
    static func appendDeflatedChunk(_ data: [UInt8], to out: inout [UInt8]) throws {
        var length = compressBound(uLong(data.count))
        out.reserveCapacity(out.count + 8 + Int(length) + 4 + 12)
        let lengthOffset = out.count
        appendBigEndian(0, to: &out)
        out += Array("IDAT".utf8)
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: Int(length)))
        let status = out.withUnsafeMutableBufferPointer { target in
            data.withUnsafeBufferPointer { input in
                compress2(target.baseAddress! + start, &length, input.baseAddress, uLong(data.count), compressionLevel)
            }
        }
        guard status == Z_OK else { throw Error.compressionFailed(status) }
        out.removeSubrange((start + Int(length))...)
        for (i, byte) in [UInt8(length >> 24 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            .enumerated()
        {
            out[lengthOffset + i] = byte
        }
        let checksum = out.withUnsafeBufferPointer { crc32(0, $0.baseAddress! + start - 4, uInt(Int(length) + 4)) }
        appendBigEndian(UInt32(checksum), to: &out)
    }

    /// `data` deflated as a zlib stream (for tests that build PNG files by hand).
    static func deflate(_ data: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = []
        try appendDeflatedChunk(data, to: &out)
        return Array(out[8..<(out.count - 4)])
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

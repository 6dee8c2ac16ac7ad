import CZlib
import CadencePixels

/// Reads PNG files (ISO/IEC 15948, the PNG specification) into `Bitmap`s: premultiplied
/// RGBA, 8 bits per channel.
///
/// **Formats.** Every colour type — grey, grey with alpha, RGB, RGBA, palette — at every
/// bit depth the specification allows (1, 2, 4, 8, 16 for grey; 1, 2, 4, 8 for palette; 8
/// and 16 for the others), all five row filters, and both interlace methods (none and
/// Adam7, which is decoded, not refused). `tRNS` transparency is honoured for grey, RGB
/// and palette images. Samples of 16 bits are rounded to 8 (`v · 255 / 65535`, to
/// nearest); samples of 1, 2 and 4 bits are scaled up exactly (`v · 255 / (2^d − 1)`).
/// Colour is premultiplied by rounding `c · a / 255` to nearest, which `PNGEncoder`'s
/// un-premultiplication inverts exactly for every valid premultiplied pixel. No colour
/// management: `gAMA`, `cHRM`, `sRGB`, `iCCP` and the other ancillary chunks are skipped
/// (after their CRC is checked); bytes after `IEND` are ignored.
///
/// **Hostile input.** Anything that is not a well-formed PNG throws a `PNGDecoder.Error`
/// and never traps: a bad signature, a CRC that does not match, a chunk longer than the
/// file or than 2³¹ − 1, chunks out of order, a width or height outside
/// 1…`Bitmap.maxDimension`, image data that inflates to more or fewer bytes than the
/// header implies. Memory is bounded by the input: the inflated data grows as zlib
/// produces it (never past the size the header implies, so a zlib bomb stops there), and
/// the bitmap is allocated only once the image data has inflated to exactly that size.
///
/// **Before the body.** `info(_:)` reads the signature and the header from the first
/// `headerLength` (33) bytes, with the same checks, so a caller can refuse an image by its
/// size, or budget its memory (`Info.decodingPeakBytes(fileSize:)`), before reading the
/// rest of the file.
///
/// Cost: one pass over the file (CRCs), one inflate, one pass over the pixels.
public enum PNGDecoder {
    /// Why a file is not a PNG this decoder reads. The description is a short phrase
    /// without a final full stop, for messages (`bad CRC in chunk "IDAT"`).
    public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// The file does not start with the 8-byte PNG signature.
        case notPNG
        /// The file ends inside a chunk, or before its `IEND` chunk.
        case truncated
        /// A chunk's stored CRC does not match its type and data.
        case badCRC(chunk: String)
        /// A chunk type that is not four ASCII letters.
        case invalidChunkType
        /// A chunk whose length is impossible for its type (an `IHDR` that is not 13
        /// bytes, a `PLTE` that is not whole entries, a length over 2³¹ − 1, …).
        case badChunkLength(chunk: String, length: Int)
        /// A chunk where the specification does not allow it (`IHDR` not first, `PLTE`
        /// after `IDAT`, `IDAT` chunks that are not consecutive, a repeated chunk, …).
        case misplacedChunk(String)
        /// A required chunk that is absent (`IHDR`, `IDAT`, `PLTE` for a palette image).
        case missingChunk(String)
        /// A critical chunk (upper-case first letter) this decoder does not know.
        case unknownCriticalChunk(String)
        /// A width or height outside 1…`Bitmap.maxDimension`.
        case invalidSize(width: Int, height: Int)
        /// A colour type and bit depth the specification does not define together.
        case invalidFormat(colorType: Int, bitDepth: Int)
        /// A compression, filter or interlace method other than the specification's.
        case unknownMethod(String, Int)
        /// A palette with too many entries for the bit depth, or a `tRNS` chunk that does
        /// not fit the colour type or the palette.
        case invalidPalette
        /// A pixel refers to a palette entry that does not exist.
        case paletteIndexOutOfRange(Int)
        /// A row filter type other than 0…4.
        case invalidFilter(Int)
        /// zlib refused the image data (its message).
        case corruptImageData(String)
        /// The image data inflates to fewer bytes than the header implies.
        case imageDataTooShort(expected: Int, actual: Int)
        /// The image data inflates to more bytes than the header implies.
        case imageDataTooLong(expected: Int)

        public var description: String {
            switch self {
            case .notPNG: return "not a PNG file (bad signature)"
            case .truncated: return "the file is truncated"
            case .badCRC(let chunk): return "bad CRC in chunk \"\(chunk)\""
            case .invalidChunkType: return "a chunk type is not four letters"
            case let .badChunkLength(chunk, length): return "chunk \"\(chunk)\" has an invalid length \(length)"
            case .misplacedChunk(let chunk): return "chunk \"\(chunk)\" is out of order"
            case .missingChunk(let chunk): return "chunk \"\(chunk)\" is missing"
            case .unknownCriticalChunk(let chunk): return "unknown critical chunk \"\(chunk)\""
            case let .invalidSize(width, height):
                return "size \(width)×\(height) is outside 1...\(Bitmap.maxDimension) in each direction"
            case let .invalidFormat(colorType, bitDepth): return "colour type \(colorType) with bit depth \(bitDepth) is not a PNG format"
            case let .unknownMethod(kind, value): return "unknown \(kind) method \(value)"
            case .invalidPalette: return "invalid palette or transparency chunk"
            case .paletteIndexOutOfRange(let index): return "palette index \(index) is out of range"
            case .invalidFilter(let type): return "invalid row filter \(type)"
            case .corruptImageData(let message): return "corrupt image data (\(message))"
            case let .imageDataTooShort(expected, actual):
                return "the image data inflates to \(actual) bytes, expected \(expected)"
            case .imageDataTooLong(let expected): return "the image data inflates to more than the expected \(expected) bytes"
            }
        }
    }

    /// The PNG signature, the first 8 bytes of every PNG file.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The largest chunk length the specification allows (2³¹ − 1).
    static let maxChunkLength = 0x7FFF_FFFF
    /// The first steps of the inflated buffer, which then doubles up to the expected size.
    static let initialInflateCapacity = 1 << 16

    /// The image in the PNG file `bytes`.
    public static func decode(_ bytes: [UInt8]) throws(Error) -> Bitmap {
        let file = try readChunks(bytes)
        let header = file.header
        let raw = try inflate(file.data, expected: header.rawByteCount)
        guard var bitmap = try? Bitmap(width: header.width, height: header.height) else {
            throw .invalidSize(width: header.width, height: header.height)  // checked in readChunks
        }
        let palette = try file.palette(for: header)
        try bitmap.pixels.withUnsafeMutableBufferPointer { (pixels) throws(Error) in
            try raw.withUnsafeBufferPointer { (raw) throws(Error) in
                var offset = 0
                for pass in header.passes {
                    try decodePass(pass, header: header, palette: palette, transparency: file.transparency,
                                   raw: raw, offset: &offset, into: pixels, bytesPerRow: bitmap.bytesPerRow)
                }
            }
        }
        return bitmap
    }
}

// MARK: - Header first

extension PNGDecoder {
    /// What a PNG file's header says, and what decoding it costs.
    public struct Info: Hashable, Sendable {
        public var width: Int
        public var height: Int
        public var bitDepth: Int
        public var colorType: Int
        public var isInterlaced: Bool
        /// The bytes the image data inflates to (every row with its filter byte).
        public var inflatedByteCount: Int

        /// The bytes of the decoded bitmap: `4 · width · height`.
        public var bitmapBytes: Int { 4 * width * height }

        /// The most bytes `decode` holds at once for a file of `fileSize` bytes, the file
        /// itself included: the file, its image data gathered (at most the file), and the
        /// larger of the inflated data while it grows (at most 1.5 times its size) and the
        /// inflated data with the bitmap.
        public func decodingPeakBytes(fileSize: Int) -> Int {
            let growing = 3 * (inflatedByteCount + 1) / 2
            return 2 * fileSize + Swift.max(growing, inflatedByteCount + bitmapBytes) + 4 * rowBytes
        }

        /// The bytes of one unfiltered row, for the row buffers.
        var rowBytes: Int { (width * bitDepth * (colorType == 2 ? 3 : colorType == 4 ? 2 : colorType == 6 ? 4 : 1) + 7) / 8 }
    }

    /// The bytes `info(_:)` needs: the signature and the `IHDR` chunk.
    public static let headerLength = 33

    /// The header of the PNG file whose first bytes are `prefix` (at least `headerLength`
    /// of them; more are ignored), checked as `decode` checks it: the signature, an `IHDR`
    /// chunk first with a valid CRC, a size within 1…`Bitmap.maxDimension`, a valid format.
    /// The checks run in decoding's order, so whatever `info` refuses `decode` refuses too,
    /// with the same error when the first chunk has the 13 bytes of a header (otherwise
    /// `decode` may find the file truncated, or a CRC wrong, where `info` sees only the
    /// chunk's length).
    public static func info(_ prefix: [UInt8]) throws(Error) -> Info {
        guard prefix.count >= signature.count, prefix.starts(with: signature) else { throw .notPNG }
        guard prefix.count >= signature.count + 12 else { throw .truncated }
        let typeBytes = prefix[12..<16]
        guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else { throw .invalidChunkType }
        let type = String(decoding: typeBytes, as: UTF8.self)
        let length = bigEndian(prefix, at: 8)
        guard length <= maxChunkLength else { throw .badChunkLength(chunk: type, length: length) }
        if length == 13 {
            guard prefix.count >= headerLength else { throw .truncated }
            let computed = prefix.withUnsafeBufferPointer { crc32(0, $0.baseAddress! + 12, 17) }
            guard bigEndian(prefix, at: 29) == Int(computed) else { throw .badCRC(chunk: type) }
        }
        guard type == "IHDR" else { throw .misplacedChunk(type) }
        guard length == 13 else { throw .badChunkLength(chunk: type, length: length) }
        let header = try readHeader(Array(prefix[16..<29]))
        return Info(
            width: header.width, height: header.height, bitDepth: header.bitDepth, colorType: header.colorType,
            isInterlaced: header.isInterlaced, inflatedByteCount: header.rawByteCount)
    }
}

// MARK: - Chunks

extension PNGDecoder {
    /// What `IHDR` says.
    struct Header {
        var width: Int
        var height: Int
        var bitDepth: Int
        var colorType: Int
        var isInterlaced: Bool

        /// Samples per pixel.
        var channels: Int {
            switch colorType {
            case 2: 3
            case 4: 2
            case 6: 4
            default: 1  // grey (0) and palette (3)
            }
        }
        /// Bits per pixel.
        var bitsPerPixel: Int { channels * bitDepth }
        /// The distance in bytes to the corresponding byte of the previous pixel, for
        /// filtering (at least 1).
        var filterStride: Int { Swift.max(1, bitsPerPixel / 8) }

        /// The bytes of a filtered row of `width` pixels (without its filter byte).
        func rowBytes(_ width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }

        /// The passes of the image: one of the whole image, or Adam7's seven.
        var passes: [Pass] {
            guard isInterlaced else { return [Pass(x0: 0, y0: 0, dx: 1, dy: 1, width: width, height: height)] }
            return Pass.adam7.map { x0, y0, dx, dy in
                Pass(x0: x0, y0: y0, dx: dx, dy: dy,
                     width: width > x0 ? (width - x0 + dx - 1) / dx : 0,
                     height: height > y0 ? (height - y0 + dy - 1) / dy : 0)
            }
        }

        /// The inflated size of the image data: each non-empty pass's rows, each with its
        /// filter byte. At most about 2³¹ (16384 rows of 16384 16-bit RGBA pixels).
        var rawByteCount: Int {
            passes.reduce(0) { total, pass in
                pass.width == 0 || pass.height == 0 ? total : total + pass.height * (1 + rowBytes(pass.width))
            }
        }

        /// The bit depths the specification allows for each colour type.
        static let validDepths: [Int: Set<Int>] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
    }

    /// A sub-image of the file: every `dx`-th pixel from `x0` in every `dy`-th row from `y0`.
    struct Pass {
        var x0, y0, dx, dy, width, height: Int
        /// Adam7's passes as (x0, y0, dx, dy).
        static let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    }

    /// The chunks that matter, checked and gathered.
    struct File {
        var header: Header
        /// `PLTE` entries as RGB triples, concatenated.
        var paletteBytes: [UInt8]
        var transparency: [UInt8]?
        /// The `IDAT` data, concatenated.
        var data: [UInt8]

        /// The palette as unpremultiplied RGBA (alpha from `tRNS`), for palette images;
        /// empty for the others.
        func palette(for header: Header) throws(Error) -> [SIMD4<UInt8>] {
            guard header.colorType == 3 else { return [] }
            let count = paletteBytes.count / 3
            let alphas = transparency ?? []
            guard alphas.count <= count else { throw .invalidPalette }
            return (0..<count).map { i in
                SIMD4(paletteBytes[3 * i], paletteBytes[3 * i + 1], paletteBytes[3 * i + 2], i < alphas.count ? alphas[i] : 255)
            }
        }
    }

    /// Walks the chunks of `bytes`, checking the signature, every CRC and the order.
    static func readChunks(_ bytes: [UInt8]) throws(Error) -> File {
        guard bytes.count >= signature.count, bytes.starts(with: signature) else { throw .notPNG }
        var offset = signature.count
        var header: Header?
        var paletteBytes: [UInt8]?
        var transparency: [UInt8]?
        var data: [UInt8] = []
        var idat = (seen: false, ended: false)
        while true {
            guard bytes.count - offset >= 12 else { throw .truncated }
            let length = bigEndian(bytes, at: offset)
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else { throw .invalidChunkType }
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= maxChunkLength else { throw .badChunkLength(chunk: type, length: length) }
            guard bytes.count - offset - 12 >= length else { throw .truncated }
            let body = (offset + 4)..<(offset + 8 + length)
            let stored = bigEndian(bytes, at: body.upperBound)
            let computed = bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress! + body.lowerBound, uInt(body.count)) }
            guard stored == Int(computed) else { throw .badCRC(chunk: type) }
            let chunk = bytes[(offset + 8)..<body.upperBound]
            offset = body.upperBound + 4

            if header == nil && type != "IHDR" { throw .misplacedChunk(type) }
            if idat.seen && type != "IDAT" { idat.ended = true }
            switch type {
            case "IHDR":
                guard header == nil else { throw .misplacedChunk(type) }
                header = try readHeader(Array(chunk))
            case "PLTE":
                guard paletteBytes == nil, !idat.seen, transparency == nil else { throw .misplacedChunk(type) }
                let h = header!
                guard h.colorType != 0, h.colorType != 4 else { throw .misplacedChunk(type) }
                guard length % 3 == 0, (1...256).contains(length / 3) else { throw .badChunkLength(chunk: type, length: length) }
                if h.colorType == 3 && length / 3 > 1 << h.bitDepth { throw .invalidPalette }
                paletteBytes = Array(chunk)
            case "tRNS":
                guard transparency == nil, !idat.seen else { throw .misplacedChunk(type) }
                switch header!.colorType {
                case 0 where length == 2, 2 where length == 6: break
                case 3 where paletteBytes != nil: break
                case 3: throw .misplacedChunk(type)
                default: throw .invalidPalette
                }
                transparency = Array(chunk)
            case "IDAT":
                guard !idat.ended else { throw .misplacedChunk(type) }
                idat.seen = true
                data.append(contentsOf: chunk)
            case "IEND":
                guard length == 0 else { throw .badChunkLength(chunk: type, length: length) }
                guard idat.seen else { throw .missingChunk("IDAT") }
                let header = header!
                if header.colorType == 3 && paletteBytes == nil { throw .missingChunk("PLTE") }
                return File(header: header, paletteBytes: paletteBytes ?? [], transparency: transparency, data: data)
            default:
                // Ancillary chunks (lower-case first letter) may be skipped; critical ones not.
                if (65...90).contains(typeBytes.first!) { throw .unknownCriticalChunk(type) }
            }
        }
    }

    /// The 13 bytes of `IHDR`, checked.
    static func readHeader(_ chunk: [UInt8]) throws(Error) -> Header {
        guard chunk.count == 13 else { throw .badChunkLength(chunk: "IHDR", length: chunk.count) }
        let width = bigEndian(chunk, at: 0), height = bigEndian(chunk, at: 4)
        guard (1...Bitmap.maxDimension).contains(width), (1...Bitmap.maxDimension).contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
        let bitDepth = Int(chunk[8]), colorType = Int(chunk[9])
        guard Header.validDepths[colorType]?.contains(bitDepth) == true else {
            throw .invalidFormat(colorType: colorType, bitDepth: bitDepth)
        }
        guard chunk[10] == 0 else { throw .unknownMethod("compression", Int(chunk[10])) }
        guard chunk[11] == 0 else { throw .unknownMethod("filter", Int(chunk[11])) }
        guard chunk[12] <= 1 else { throw .unknownMethod("interlace", Int(chunk[12])) }
        return Header(width: width, height: height, bitDepth: bitDepth, colorType: colorType, isInterlaced: chunk[12] == 1)
    }

    /// The unsigned 32-bit big-endian number at `offset`.
    static func bigEndian(_ bytes: [UInt8], at offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }
}

// MARK: - Image data

extension PNGDecoder {
    /// The zlib stream `input` inflated, which must give exactly `expected` bytes. The
    /// output grows as zlib fills it (doubling from `initialInflateCapacity`) and never
    /// past `expected + 1` bytes, the one extra byte telling a stream that is too long.
    static func inflate(_ input: [UInt8], expected: Int) throws(Error) -> [UInt8] {
        guard input.count <= Int(UInt32.max) else { throw .corruptImageData("over 4 GiB") }
        var stream = z_stream()
        guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .corruptImageData("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        let limit = expected + 1
        var output = [UInt8](repeating: 0, count: Swift.min(limit, initialInflateCapacity))
        var produced = 0
        var status = Z_OK
        input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            while status == Z_OK && produced < limit {
                if produced == output.count {
                    // Doubling, straight to the limit once a doubling would pass half of it,
                    // with exact capacity: growing never holds more than 1.5 times the limit
                    // (the old buffer and the new one).
                    let count = 4 * output.count >= limit ? limit : 2 * output.count
                    output.reserveCapacity(count)
                    output.append(contentsOf: repeatElement(0, count: count - output.count))
                }
                status = output.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress! + produced
                    stream.avail_out = uInt(target.count - produced)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    produced = target.count - Int(stream.avail_out)
                    return status
                }
            }
        }
        if produced > expected { throw .imageDataTooLong(expected: expected) }
        switch status {
        case Z_STREAM_END:
            guard produced == expected else { throw .imageDataTooShort(expected: expected, actual: produced) }
            return produced == output.count ? output : Array(output[..<produced])
        case Z_BUF_ERROR, Z_OK:
            // The input ran out before the end of the stream.
            throw produced < expected ? .imageDataTooShort(expected: expected, actual: produced) : .corruptImageData("no end of stream")
        case Z_NEED_DICT:
            throw .corruptImageData("preset dictionary")
        default:
            throw .corruptImageData(stream.msg.map { String(cString: $0) } ?? "zlib error \(status)")
        }
    }

    /// Unfilters the rows of `pass` (in `raw` from `offset`, which moves past them) and
    /// writes its pixels into `pixels`, premultiplied.
    static func decodePass(
        _ pass: Pass, header: Header, palette: [SIMD4<UInt8>], transparency: [UInt8]?,
        raw: UnsafeBufferPointer<UInt8>, offset: inout Int,
        into pixels: UnsafeMutableBufferPointer<UInt8>, bytesPerRow: Int
    ) throws(Error) {
        guard pass.width > 0, pass.height > 0 else { return }
        let rowBytes = header.rowBytes(pass.width)
        var current = [UInt8](repeating: 0, count: rowBytes)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        // Grey and RGB images name one transparent colour, as 16-bit samples.
        let key = header.colorType == 3 ? nil : transparency.map { key in
            stride(from: 0, to: key.count - 1, by: 2).map { Int(key[$0]) << 8 | Int(key[$0 + 1]) }
        }
        for y in 0..<pass.height {
            let filter = Int(raw[offset])
            for i in 0..<rowBytes { current[i] = raw[offset + 1 + i] }
            offset += 1 + rowBytes
            try unfilter(&current, previous: previous, type: filter, stride: header.filterStride)
            let row = (pass.y0 + y * pass.dy) * bytesPerRow
            try current.withUnsafeBufferPointer { (samples) throws(Error) in
                for x in 0..<pass.width {
                    let rgba = try pixel(x, of: samples, header: header, palette: palette, key: key)
                    let i = row + (pass.x0 + x * pass.dx) * 4
                    let a = Int(rgba[3])
                    pixels[i] = premultiply(rgba[0], a)
                    pixels[i + 1] = premultiply(rgba[1], a)
                    pixels[i + 2] = premultiply(rgba[2], a)
                    pixels[i + 3] = rgba[3]
                }
            }
            swap(&current, &previous)
        }
    }

    /// Undoes row filter `type` on `row` given the unfiltered `previous` row (zeros for the
    /// first row of a pass); `stride` is the filter's bytes per pixel.
    static func unfilter(_ row: inout [UInt8], previous: [UInt8], type: Int, stride: Int) throws(Error) {
        let count = row.count
        switch type {
        case 0: break
        case 1:
            for i in stride..<Swift.max(stride, count) { row[i] &+= row[i - stride] }
        case 2:
            for i in 0..<count { row[i] &+= previous[i] }
        case 3:
            for i in 0..<count {
                let left = i >= stride ? Int(row[i - stride]) : 0
                row[i] &+= UInt8((left + Int(previous[i])) / 2)
            }
        case 4:
            for i in 0..<count {
                let left = i >= stride ? Int(row[i - stride]) : 0
                let upLeft = i >= stride ? Int(previous[i - stride]) : 0
                row[i] &+= UInt8(PNGEncoder.paeth(left, Int(previous[i]), upLeft))
            }
        default:
            throw .invalidFilter(type)
        }
    }

    /// Pixel `x` of an unfiltered row as unpremultiplied RGBA8. `key` is the `tRNS` colour
    /// (grey or RGB, at the file's bit depth) that is fully transparent.
    @inline(__always)
    static func pixel(
        _ x: Int, of row: UnsafeBufferPointer<UInt8>, header: Header, palette: [SIMD4<UInt8>], key: [Int]?
    ) throws(Error) -> SIMD4<UInt8> {
        let depth = header.bitDepth
        func sample(_ index: Int) -> Int {
            switch depth {
            case 8: return Int(row[index])
            case 16: return Int(row[2 * index]) << 8 | Int(row[2 * index + 1])
            default:
                let bit = index * depth
                return Int(row[bit >> 3]) >> (8 - depth - (bit & 7)) & (1 << depth - 1)
            }
        }
        func eight(_ value: Int) -> UInt8 {
            switch depth {
            case 8: return UInt8(value)
            case 16: return UInt8((value * 255 + 32_767) / 65_535)
            default: return UInt8(value * 255 / (1 << depth - 1))
            }
        }
        switch header.colorType {
        case 0:
            let g = sample(x)
            return SIMD4(eight(g), eight(g), eight(g), key?[0] == g ? 0 : 255)
        case 2:
            let r = sample(3 * x), g = sample(3 * x + 1), b = sample(3 * x + 2)
            let isKey = key.map { $0[0] == r && $0[1] == g && $0[2] == b } ?? false
            return SIMD4(eight(r), eight(g), eight(b), isKey ? 0 : 255)
        case 3:
            let index = sample(x)
            guard index < palette.count else { throw .paletteIndexOutOfRange(index) }
            return palette[index]
        case 4:
            let g = eight(sample(2 * x))
            return SIMD4(g, g, g, eight(sample(2 * x + 1)))
        default:
            return SIMD4(eight(sample(4 * x)), eight(sample(4 * x + 1)), eight(sample(4 * x + 2)), eight(sample(4 * x + 3)))
        }
    }

    /// `c · a / 255` rounded to nearest, exactly, for `c`, `a` in 0…255.
    @inline(__always)
    static func premultiply(_ c: UInt8, _ a: Int) -> UInt8 {
        let t = Int(c) * a + 128
        return UInt8((t + (t >> 8)) >> 8)
    }
}

import CCadencePNG
import CZlib
import CadencePixels

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
/// **Two stages.** This type walks the chunks first (signature, every CRC, order, lengths,
/// the header, the palette and `tRNS`), which names each structural error exactly; then
/// libpng (1.6, through the C shim `cadence_png_read`, whose `setjmp` error handling stays
/// in C) inflates, unfilters and de-interlaces the image data into rows, and this type
/// turns each row into premultiplied pixels. libpng skips every ancillary chunk (after its
/// CRC) and treats its "benign" errors as errors.
///
/// **Hostile input.** Anything that is not a well-formed PNG throws a `PNGDecoder.Error`
/// and never traps: a bad signature, a CRC that does not match, a chunk longer than the
/// file or than 2³¹ − 1, chunks out of order, a width or height outside
/// 1…`Bitmap.maxDimension` (refused from the header, before anything is allocated, and by
/// libpng's own user limits), image data that inflates to more or fewer bytes than the
/// header implies. Memory: the file, one row (all rows, for an Adam7 image), and the
/// bitmap, allocated when the first row has been read.
///
/// **Before the body.** `info(_:)` reads the signature and the header from the first
/// `headerLength` (33) bytes, with the same checks, so a caller can refuse an image by its
/// size, or budget its memory (`Info.decodingPeakBytes(fileSize:)`), before reading the
/// rest of the file.
///
/// Cost: two passes over the file (CRCs, here and in libpng), one inflate, one pass over
/// the pixels.
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
        case invalidFilter
        /// zlib refused the image data (its message).
        case corruptImageData(String)
        /// The image data ends (its zlib stream, or its last `IDAT` chunk) before the
        /// `expected` bytes the header implies.
        case imageDataTooShort(expected: Int)
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
            case .invalidFilter: return "invalid row filter (not 0...4)"
            case .corruptImageData(let message): return "corrupt image data (\(message))"
            case .imageDataTooShort(let expected): return "the image data inflates to fewer than the expected \(expected) bytes"
            case .imageDataTooLong(let expected): return "the image data inflates to more than the expected \(expected) bytes"
            }
        }
    }

    /// The PNG signature, the first 8 bytes of every PNG file.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The largest chunk length the specification allows (2³¹ − 1).
    static let maxChunkLength = 0x7FFF_FFFF
    /// Room for libpng's error message.
    static let messageCapacity = 256

    /// The image in the PNG file `bytes`.
    public static func decode(_ bytes: [UInt8]) throws(Error) -> Bitmap {
        let file = try readChunks(bytes)
        let header = file.header
        let writer = RowWriter(header: header, palette: try file.palette(for: header), transparency: file.transparency)
        var message = [CChar](repeating: 0, count: messageCapacity)
        // The writer is passed unretained: it must outlive the call.
        let status = withExtendedLifetime(writer) {
            bytes.withUnsafeBufferPointer { bytes in
                cadence_png_read(
                    bytes.baseAddress, bytes.count, UInt32(header.width), UInt32(header.height),
                    header.rowBytes(header.width), UInt32(Bitmap.maxDimension),
                    { context, y, row in
                        Unmanaged<RowWriter>.fromOpaque(context!).takeUnretainedValue().write(Int(y), row!)
                    },
                    Unmanaged.passUnretained(writer).toOpaque(), &message, message.count)
            }
        }
        switch Int(status) {
        case Int(CADENCE_PNG_OK):
            if let bitmap = writer.bitmap { return bitmap }
            throw .imageDataTooShort(expected: header.rawByteCount)  // no rows: not for a valid header
        case Int(CADENCE_PNG_STOPPED):
            throw writer.error ?? .corruptImageData("stopped")
        case Int(CADENCE_PNG_TRUNCATED):
            throw .truncated
        case Int(CADENCE_PNG_NO_MEMORY):
            throw .invalidSize(width: header.width, height: header.height)  // as a refused bitmap
        case Int(CADENCE_PNG_HEADER_MISMATCH):
            throw .corruptImageData("libpng read another header")
        default:
            throw error(libpng: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                        header: header)
        }
    }

    /// The error for libpng's `message` (its chunk errors start with the chunk's name and a
    /// colon). After the chunk walk, what libpng can still refuse is the image data.
    static func error(libpng message: String, header: Header) -> Error {
        var text = Substring(message)
        var chunk = "IDAT"
        if let colon = text.firstIndex(of: ":"), text.distance(from: text.startIndex, to: colon) == 4 {
            chunk = String(text[..<colon])
            text = text[text.index(after: colon)...].drop { $0 == " " }
        }
        switch text {
        case "Not enough image data": return .imageDataTooShort(expected: header.rawByteCount)
        case "Too much image data", "Extra compressed data": return .imageDataTooLong(expected: header.rawByteCount)
        case "bad adaptive filter value": return .invalidFilter
        case "CRC error": return .badCRC(chunk: chunk)
        default: return .corruptImageData(String(text))
        }
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

        /// A bound on the bytes `decode` holds at once for a file of `fileSize` bytes, the
        /// file itself included: the file, and the unfiltered rows (all of them for an Adam7
        /// image, less than the inflated data) with the bitmap, with room to spare (the
        /// bound of the decoder before libpng, which gathered and inflated all the image
        /// data; kept so that budgets do not change).
        public func decodingPeakBytes(fileSize: Int) -> Int {
            let growing = 3 * (inflatedByteCount + 1) / 2
            return 2 * fileSize + Swift.max(growing, inflatedByteCount + bitmapBytes) + 4 * rowBytes
        }

        /// The bytes of one unfiltered row, for the row buffers.
        var rowBytes: Int {
            Header(width: width, height: height, bitDepth: bitDepth, colorType: colorType, isInterlaced: isInterlaced)
                .rowBytes(width)
        }
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

    /// Walks the chunks of `bytes`, checking the signature, every CRC and the order (the
    /// image data is libpng's).
    static func readChunks(_ bytes: [UInt8]) throws(Error) -> File {
        guard bytes.count >= signature.count, bytes.starts(with: signature) else { throw .notPNG }
        var offset = signature.count
        var header: Header?
        var paletteBytes: [UInt8]?
        var transparency: [UInt8]?
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
            case "IEND":
                guard length == 0 else { throw .badChunkLength(chunk: type, length: length) }
                guard idat.seen else { throw .missingChunk("IDAT") }
                let header = header!
                if header.colorType == 3 && paletteBytes == nil { throw .missingChunk("PLTE") }
                return File(header: header, paletteBytes: paletteBytes ?? [], transparency: transparency)
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

// MARK: - Rows

extension PNGDecoder {
    /// Turns the rows libpng reads into premultiplied pixels of a bitmap, allocated at the
    /// first row (so a file whose image data fails at once allocates nothing large).
    final class RowWriter {
        let header: Header
        let palette: [SIMD4<UInt8>]
        /// The `tRNS` colour of a grey or RGB image, as samples at the file's bit depth.
        let key: [Int]?
        let rowBytes: Int
        var bitmap: Bitmap?
        /// Why the last row was refused.
        var error: Error?

        init(header: Header, palette: [SIMD4<UInt8>], transparency: [UInt8]?) {
            self.header = header
            self.palette = palette
            key = header.colorType == 3 ? nil : transparency.map { key in
                stride(from: 0, to: key.count - 1, by: 2).map { Int(key[$0]) << 8 | Int(key[$0 + 1]) }
            }
            rowBytes = header.rowBytes(header.width)
        }

        /// Writes row `y` (unfiltered samples); 0 to go on, 1 after an error.
        func write(_ y: Int, _ row: UnsafePointer<UInt8>) -> Int32 {
            do throws(Error) {
                if bitmap == nil {
                    guard let new = try? Bitmap(uninitializedWidth: header.width, height: header.height) else {
                        throw .invalidSize(width: header.width, height: header.height)  // refused memory
                    }
                    bitmap = new
                }
                let samples = UnsafeBufferPointer(start: row, count: rowBytes)
                let start = y * bitmap!.bytesPerRow
                try bitmap!.pixels.withUnsafeMutableBufferPointer { (pixels) throws(Error) in
                    for x in 0..<header.width {
                        let rgba = try pixel(x, of: samples, header: header, palette: palette, key: key)
                        let i = start + 4 * x
                        let a = Int(rgba[3])
                        pixels[i] = premultiply(rgba[0], a)
                        pixels[i + 1] = premultiply(rgba[1], a)
                        pixels[i + 2] = premultiply(rgba[2], a)
                        pixels[i + 3] = rgba[3]
                    }
                }
                return 0
            } catch {
                self.error = error
                return 1
            }
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

@testable import CadenceImageIO
import CadencePixels
import CadenceTestSupport
import CZlib
import XCTest

/// `PNGDecoder`: every colour type and bit depth, the five filters, Adam7, transparency,
/// the round trip with `PNGEncoder`, and hostile files (each a typed error, never a trap).
final class PNGDecoderTests: XCTestCase {
    // MARK: Building test files

    /// A chunk of `type` with `data`, its length and CRC (`PNGEncoder`'s writer).
    private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        PNGEncoder.appendChunk(type, data, to: &out)
        return out
    }

    private func header(_ width: Int, _ height: Int, depth: UInt8, colorType: UInt8, interlace: UInt8 = 0) -> [UInt8] {
        var data: [UInt8] = []
        PNGEncoder.appendBigEndian(UInt32(width), to: &data)
        PNGEncoder.appendBigEndian(UInt32(height), to: &data)
        return chunk("IHDR", data + [depth, colorType, 0, 0, interlace])
    }

    /// `rows` filtered with `filter` (the same filter on every row; `nil` cycles through
    /// 0…4), each row prefixed with its filter byte. `stride` is the filter's bytes per pixel.
    private func filtered(_ rows: [[UInt8]], stride: Int, filter: Int?) -> [UInt8] {
        var out: [UInt8] = []
        var previous = [UInt8](repeating: 0, count: rows.first?.count ?? 0)
        for (y, row) in rows.enumerated() {
            let type = filter ?? y % 5
            out.append(UInt8(type))
            for i in row.indices {
                let left = i >= stride ? Int(row[i - stride]) : 0
                let up = Int(previous[i])
                let upLeft = i >= stride ? Int(previous[i - stride]) : 0
                let predictor = [0, left, up, (left + up) / 2, PNGEncoder.paeth(left, up, upLeft)][type]
                out.append(UInt8(truncatingIfNeeded: Int(row[i]) - predictor))
            }
            previous = row
        }
        return out
    }

    /// A whole PNG: signature, IHDR, `before` (chunks before the image data), one IDAT of
    /// `rows` filtered, IEND.
    private func png(
        _ width: Int, _ height: Int, depth: UInt8, colorType: UInt8, rows: [[UInt8]],
        filter: Int? = 0, before: [UInt8] = []
    ) throws -> [UInt8] {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)]!
        let stride = max(1, channels * Int(depth) / 8)
        return PNGDecoder.signature + header(width, height, depth: depth, colorType: colorType) + before
            + chunk("IDAT", try PNGEncoder.deflate(filtered(rows, stride: stride, filter: filter))) + chunk("IEND", [])
    }

    /// Packs samples of `depth` bits (1, 2, 4) into bytes, most significant first.
    private func pack(_ samples: [Int], depth: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: (samples.count * depth + 7) / 8)
        for (i, sample) in samples.enumerated() {
            let bit = i * depth
            out[bit / 8] |= UInt8(sample << (8 - depth - bit % 8))
        }
        return out
    }

    /// Asserts that decoding `bytes` throws `expected`, and that reading the header alone
    /// (`PNGDecoder.info` on the first 33 bytes) either passes or throws the same error
    /// when the first chunk has a header's length (what `info` promises).
    private func assertThrows(
        _ bytes: [UInt8], _ expected: PNGDecoder.Error, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try PNGDecoder.decode(bytes), file: file, line: line) { error in
            XCTAssertEqual(error as? PNGDecoder.Error, expected, file: file, line: line)
        }
        let prefix = Array(bytes.prefix(PNGDecoder.headerLength))
        if bytes.count >= 12, bytes[8..<12].elementsEqual([0, 0, 0, 13]) {
            do {
                _ = try PNGDecoder.info(prefix)
            } catch {
                XCTAssertEqual(error, expected, "info", file: file, line: line)
            }
        }
    }

    /// A random, valid premultiplied bitmap (each colour channel at most its alpha), with
    /// the alphas biased to 0 and 255.
    private func randomBitmap(_ width: Int, _ height: Int, _ generator: inout SeededGenerator) throws -> Bitmap {
        var bitmap = try Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let a: UInt8 = switch generator.next() % 4 {
                case 0: 0
                case 1: 255
                default: UInt8(truncatingIfNeeded: generator.next())
                }
                func channel() -> UInt8 { a == 0 ? 0 : UInt8(generator.next() % (UInt64(a) + 1)) }
                bitmap[x, y] = SIMD4(channel(), channel(), channel(), a)
            }
        }
        return bitmap
    }

    // MARK: Round trip

    /// Every valid premultiplied pixel survives encoding and decoding exactly: the encoder
    /// divides by alpha rounding to nearest, the decoder multiplies back rounding to
    /// nearest, and the error of each step is below half a unit.
    func testRoundTripWithTheEncoder() throws {
        var generator = SeededGenerator(seed: 0x5EED_0006)
        for (width, height) in [(1, 1), (2, 3), (17, 5), (64, 64), (255, 2)] {
            let bitmap = try randomBitmap(width, height, &generator)
            let decoded = try PNGDecoder.decode(try PNGEncoder.encode(bitmap))
            XCTAssertEqual(decoded, bitmap, "\(width)×\(height), seed \(generator.seed)")
        }
    }

    /// Exhaustively over alpha and channel: premultiply(unpremultiply(p)) == p.
    func testPremultiplicationInvertsTheEncoder() throws {
        var bitmap = try Bitmap(width: 256, height: 256)
        for a in 0..<256 {
            for c in 0...a { bitmap[c, a] = SIMD4(UInt8(c), UInt8(c / 2), 0, UInt8(a)) }
        }
        XCTAssertEqual(try PNGDecoder.decode(try PNGEncoder.encode(bitmap)), bitmap)
    }

    // MARK: Colour types

    func testEveryColourTypeAtEightBits() throws {
        let gray = try PNGDecoder.decode(try png(2, 1, depth: 8, colorType: 0, rows: [[0, 200]]))
        XCTAssertEqual(gray[0, 0], SIMD4(0, 0, 0, 255))
        XCTAssertEqual(gray[1, 0], SIMD4(200, 200, 200, 255))

        let grayAlpha = try PNGDecoder.decode(try png(1, 1, depth: 8, colorType: 4, rows: [[200, 128]]))
        XCTAssertEqual(grayAlpha[0, 0], SIMD4(100, 100, 100, 128))  // 200·128/255 = 100.4

        let rgb = try PNGDecoder.decode(try png(1, 1, depth: 8, colorType: 2, rows: [[10, 20, 30]]))
        XCTAssertEqual(rgb[0, 0], SIMD4(10, 20, 30, 255))

        let rgba = try PNGDecoder.decode(try png(1, 1, depth: 8, colorType: 6, rows: [[255, 128, 0, 51]]))
        XCTAssertEqual(rgba[0, 0], SIMD4(51, 26, 0, 51))  // 128·51/255 = 25.6

        let plte = chunk("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255])
        let palette = try PNGDecoder.decode(try png(3, 1, depth: 8, colorType: 3, rows: [[2, 0, 1]], before: plte))
        XCTAssertEqual([palette[0, 0], palette[1, 0], palette[2, 0]], [SIMD4(0, 0, 255, 255), SIMD4(255, 0, 0, 255), SIMD4(0, 255, 0, 255)])
    }

    /// 16-bit samples round to the nearest 8-bit value: v · 255 / 65535.
    func testSixteenBitSamplesRoundToEight() throws {
        let values = [0, 65_535, 257 * 100, 32_896, 32_639, 128]  // 32896 = 128.5 · 256, 32639 ≈ 127.0
        let row = values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let gray = try PNGDecoder.decode(try png(values.count, 1, depth: 16, colorType: 0, rows: [row]))
        XCTAssertEqual((0..<values.count).map { gray[$0, 0][0] }, [0, 255, 100, 128, 127, 0])

        let rgba16: [UInt8] = [0xFF, 0xFF, 0x80, 0x00, 0x00, 0x00, 0x80, 0x80]  // alpha 32896 → 128
        let rgba = try PNGDecoder.decode(try png(1, 1, depth: 16, colorType: 6, rows: [rgba16]))
        XCTAssertEqual(rgba[0, 0], SIMD4(128, 64, 0, 128))
    }

    /// Grey at 1, 2 and 4 bits scales exactly to 0…255; rows are padded to whole bytes.
    func testLowBitDepthGrey() throws {
        for depth in [1, 2, 4] {
            let maximum = (1 << depth) - 1
            let width = 11  // not a multiple of 8 / depth: the last byte is padded
            let samples = (0..<width).map { $0 % (maximum + 1) }
            let bitmap = try PNGDecoder.decode(try png(width, 2, depth: UInt8(depth), colorType: 0,
                                                       rows: [pack(samples, depth: depth), pack(samples.reversed(), depth: depth)], filter: nil))
            for x in 0..<width {
                let expected = UInt8(samples[x] * 255 / maximum)
                XCTAssertEqual(bitmap[x, 0], SIMD4(expected, expected, expected, 255), "depth \(depth), x \(x)")
                XCTAssertEqual(bitmap[width - 1 - x, 1][0], expected, "depth \(depth), x \(x)")
            }
        }
    }

    /// Palette images at 1, 2, 4 bits, with alphas from tRNS for the first entries.
    func testLowBitDepthPaletteWithTransparency() throws {
        for depth in [1, 2, 4] {
            let count = 1 << depth
            let entries = (0..<count).flatMap { i -> [UInt8] in [UInt8(i * 255 / (count - 1)), 0, 100] }
            let before = chunk("PLTE", entries) + chunk("tRNS", [0])  // entry 0 transparent
            let samples = (0..<9).map { $0 % count }
            let bitmap = try PNGDecoder.decode(try png(9, 1, depth: UInt8(depth), colorType: 3,
                                                       rows: [pack(samples, depth: depth)], before: before))
            for x in 0..<9 {
                let index = samples[x]
                let expected: SIMD4<UInt8> = index == 0 ? .zero : SIMD4(UInt8(index * 255 / (count - 1)), 0, 100, 255)
                XCTAssertEqual(bitmap[x, 0], expected, "depth \(depth), x \(x)")
            }
        }
    }

    /// tRNS for grey and RGB names one colour, compared at the file's bit depth, that is
    /// fully transparent.
    func testColourKeyTransparency() throws {
        let gray = try PNGDecoder.decode(try png(2, 1, depth: 8, colorType: 0, rows: [[7, 8]], before: chunk("tRNS", [0, 7])))
        XCTAssertEqual(gray[0, 0], .zero)
        XCTAssertEqual(gray[1, 0], SIMD4(8, 8, 8, 255))

        let rgb = try PNGDecoder.decode(try png(2, 1, depth: 8, colorType: 2, rows: [[1, 2, 3, 1, 2, 4]],
                                                before: chunk("tRNS", [0, 1, 0, 2, 0, 3])))
        XCTAssertEqual(rgb[0, 0], .zero)
        XCTAssertEqual(rgb[1, 0], SIMD4(1, 2, 4, 255))

        // 16-bit: 0x0102 is the key, 0x0103 (which rounds to the same 8-bit value) is not.
        let gray16 = try PNGDecoder.decode(try png(2, 1, depth: 16, colorType: 0, rows: [[1, 2, 1, 3]], before: chunk("tRNS", [1, 2])))
        XCTAssertEqual(gray16[0, 0], .zero)
        XCTAssertEqual(gray16[1, 0][3], 255)
    }

    // MARK: Filters and interlacing

    /// Each of the five filters, and a mix of them row by row, on 3- and 4-byte pixels and
    /// on 16-bit samples (filter stride 8), decodes to the same pixels.
    func testEveryFilter() throws {
        var generator = SeededGenerator(seed: 0xF11_7E25)
        let (width, height) = (7, 6)
        for (colorType, depth, bytesPerPixel) in [(UInt8(2), UInt8(8), 3), (6, 8, 4), (6, 16, 8)] {
            let rows = (0..<height).map { _ in (0..<width * bytesPerPixel).map { _ in UInt8(truncatingIfNeeded: generator.next()) } }
            let reference = try PNGDecoder.decode(try png(width, height, depth: depth, colorType: colorType, rows: rows, filter: 0))
            for filter in [1, 2, 3, 4, nil] as [Int?] {
                let decoded = try PNGDecoder.decode(try png(width, height, depth: depth, colorType: colorType, rows: rows, filter: filter))
                XCTAssertEqual(decoded, reference, "colour type \(colorType), depth \(depth), filter \(filter.map(String.init) ?? "mixed"), seed \(generator.seed)")
            }
        }
    }

    /// An Adam7-interlaced file decodes to the same image as the plain one, including
    /// sizes where some passes are empty.
    func testAdam7() throws {
        var generator = SeededGenerator(seed: 0xADA_7)
        for (width, height) in [(1, 1), (2, 2), (3, 5), (9, 9), (16, 3)] {
            let rows = (0..<height).map { _ in (0..<width * 3).map { _ in UInt8(truncatingIfNeeded: generator.next()) } }
            let plain = try PNGDecoder.decode(try png(width, height, depth: 8, colorType: 2, rows: rows))
            var data: [UInt8] = []
            for (x0, y0, dx, dy) in PNGDecoder.Pass.adam7 {
                let passRows = stride(from: y0, to: height, by: dy).map { y in
                    stride(from: x0, to: width, by: dx).flatMap { rows[y][3 * $0..<3 * $0 + 3] }
                }
                guard passRows.first?.isEmpty == false else { continue }
                data += filtered(passRows, stride: 3, filter: nil)
            }
            let file = PNGDecoder.signature + header(width, height, depth: 8, colorType: 2, interlace: 1)
                + chunk("IDAT", try PNGEncoder.deflate(data)) + chunk("IEND", [])
            XCTAssertEqual(try PNGDecoder.decode(file), plain, "\(width)×\(height), seed \(generator.seed)")
        }
    }

    /// Image data split over several IDAT chunks, with ancillary chunks before it (skipped)
    /// and bytes after IEND (ignored).
    func testSplitImageDataAndAncillaryChunks() throws {
        let data = try PNGEncoder.deflate([0, 1, 2, 3, 255])
        let file = PNGDecoder.signature + header(1, 1, depth: 8, colorType: 6) + chunk("gAMA", [0, 0, 0xB1, 0x8F])
            + chunk("IDAT", Array(data.prefix(3))) + chunk("IDAT", []) + chunk("IDAT", Array(data.dropFirst(3)))
            + chunk("tEXt", Array("Comment\0hi".utf8)) + chunk("IEND", []) + [1, 2, 3]
        XCTAssertEqual(try PNGDecoder.decode(file)[0, 0], SIMD4(1, 2, 3, 255))
    }

    // MARK: Hostile files

    func testSignatureAndStructureErrors() throws {
        let good = try png(1, 1, depth: 8, colorType: 0, rows: [[9]])
        assertThrows([], .notPNG)
        assertThrows(Array("GIF89a".utf8), .notPNG)
        var wrongSignature = good
        wrongSignature[1] = 0x51
        assertThrows(wrongSignature, .notPNG)
        assertThrows(PNGDecoder.signature, .truncated)
        assertThrows(Array(good.dropLast(12)), .truncated)  // no IEND
        assertThrows(PNGDecoder.signature + chunk("IDAT", []) + chunk("IEND", []), .misplacedChunk("IDAT"))
        assertThrows(PNGDecoder.signature + header(1, 1, depth: 8, colorType: 0) + chunk("IEND", []), .missingChunk("IDAT"))
        assertThrows(PNGDecoder.signature + header(1, 1, depth: 8, colorType: 0) + header(1, 1, depth: 8, colorType: 0),
                     .misplacedChunk("IHDR"))
        assertThrows(try png(1, 1, depth: 8, colorType: 3, rows: [[0]]), .missingChunk("PLTE"))
        assertThrows(try png(1, 1, depth: 8, colorType: 0, rows: [[0]], before: chunk("ABCD", [])), .unknownCriticalChunk("ABCD"))
        assertThrows(try png(1, 1, depth: 8, colorType: 0, rows: [[0]], before: chunk("PLTE", [1, 2, 3])), .misplacedChunk("PLTE"))
        assertThrows(try png(1, 1, depth: 8, colorType: 6, rows: [[0, 0, 0, 0]], before: chunk("tRNS", [0, 0])), .invalidPalette)
        assertThrows(try png(1, 1, depth: 1, colorType: 3, rows: [[0]], before: chunk("PLTE", [UInt8](repeating: 0, count: 9))), .invalidPalette)
        assertThrows(try png(1, 1, depth: 8, colorType: 3, rows: [[0]], before: chunk("PLTE", [1, 2])),
                     .badChunkLength(chunk: "PLTE", length: 2))
        assertThrows(try png(2, 1, depth: 8, colorType: 3, rows: [[0, 1]], before: chunk("PLTE", [1, 2, 3])), .paletteIndexOutOfRange(1))
        // IDAT chunks with another chunk between them.
        let data = try PNGEncoder.deflate([0, 9])
        assertThrows(PNGDecoder.signature + header(1, 1, depth: 8, colorType: 0) + chunk("IDAT", Array(data.prefix(2)))
                     + chunk("tEXt", [65, 0]) + chunk("IDAT", Array(data.dropFirst(2))) + chunk("IEND", []), .misplacedChunk("IDAT"))
    }

    func testHeaderErrors() throws {
        func withHeader(_ width: Int, _ height: Int, depth: UInt8 = 8, colorType: UInt8 = 6, interlace: UInt8 = 0) -> [UInt8] {
            PNGDecoder.signature + header(width, height, depth: depth, colorType: colorType, interlace: interlace) + chunk("IEND", [])
        }
        assertThrows(withHeader(0, 1), .invalidSize(width: 0, height: 1))
        assertThrows(withHeader(16_385, 1), .invalidSize(width: 16_385, height: 1))
        assertThrows(withHeader(1, 0xFFFF_FFFF), .invalidSize(width: 1, height: 0xFFFF_FFFF))
        assertThrows(withHeader(1, 1, depth: 4, colorType: 2), .invalidFormat(colorType: 2, bitDepth: 4))
        assertThrows(withHeader(1, 1, depth: 16, colorType: 3), .invalidFormat(colorType: 3, bitDepth: 16))
        assertThrows(withHeader(1, 1, colorType: 5), .invalidFormat(colorType: 5, bitDepth: 8))
        assertThrows(withHeader(1, 1, interlace: 2), .unknownMethod("interlace", 2))
        assertThrows(PNGDecoder.signature + chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0]) + chunk("IEND", []),
                     .badChunkLength(chunk: "IHDR", length: 12))
    }

    func testChunkLengthAndCRCErrors() throws {
        var file = try png(2, 2, depth: 8, colorType: 0, rows: [[1, 2], [3, 4]])
        var badCRC = file
        badCRC[8 + 8 + 5] ^= 1  // a byte of IHDR's data
        assertThrows(badCRC, .badCRC(chunk: "IHDR"))
        badCRC = file
        badCRC[file.count - 20] ^= 0x40  // inside IDAT
        assertThrows(badCRC, .badCRC(chunk: "IDAT"))
        // IDAT's length field claims more than the file holds, then more than 2^31 − 1.
        let idat = 8 + 25
        file[idat] = 0x10
        assertThrows(file, .truncated)
        file[idat] = 0x80
        assertThrows(file, .badChunkLength(chunk: "IDAT", length: 0x8000_0000 | Int(file[idat + 3])))
        file[idat + 4] = 0x31  // "1DAT"
        assertThrows(file, .invalidChunkType)
    }

    /// Image data that inflates to the wrong size, or is not zlib at all.
    func testImageDataErrors() throws {
        func file(_ data: [UInt8], width: Int = 4, height: Int = 4) -> [UInt8] {
            PNGDecoder.signature + header(width, height, depth: 8, colorType: 0) + chunk("IDAT", data) + chunk("IEND", [])
        }
        let expected = 4 * (1 + 4)
        assertThrows(file(try PNGEncoder.deflate([UInt8](repeating: 0, count: expected - 1))),
                     .imageDataTooShort(expected: expected))
        assertThrows(file(try PNGEncoder.deflate([UInt8](repeating: 0, count: expected + 1))), .imageDataTooLong(expected: expected))
        let stream = try PNGEncoder.deflate([UInt8](repeating: 0, count: expected))
        // A stream cut inside its data, and one without its Adler-32 checksum: both end
        // before the zlib stream does.
        assertThrows(file(Array(stream.dropLast(6))), .imageDataTooShort(expected: expected))
        assertThrows(file(Array(stream.dropLast(4))), .imageDataTooShort(expected: expected))
        XCTAssertThrowsError(try PNGDecoder.decode(file([1, 2, 3, 4, 5, 6]))) { error in
            guard case .corruptImageData? = error as? PNGDecoder.Error else { return XCTFail("\(error)") }
        }
        var badFilter = [UInt8](repeating: 0, count: expected)
        badFilter[5] = 5
        assertThrows(file(try PNGEncoder.deflate(badFilter)), .invalidFilter)
    }

    /// A zlib bomb: 1×1 pixel whose data inflates to 64 MiB. libpng inflates what follows
    /// the expected 5 bytes into a 1 KiB buffer and stops at the first extra byte, so the
    /// cost is that of a few bytes, not 64 MiB.
    func testZlibBombStopsAtTheExpectedSize() throws {
        let bomb = try PNGEncoder.deflate([UInt8](repeating: 0, count: 64 << 20))
        XCTAssertLessThan(bomb.count, 100_000)
        let file = PNGDecoder.signature + header(1, 1, depth: 8, colorType: 6) + chunk("IDAT", bomb) + chunk("IEND", [])
        assertThrows(file, .imageDataTooLong(expected: 5))
    }

    /// A header claiming 16384 × 16384 RGBA with a few bytes of data: refused as too
    /// short, having allocated one row (not the 1 GiB image, which waits for the first
    /// row to be read).
    func testHugeHeaderWithLittleDataIsRefused() throws {
        let file = PNGDecoder.signature + header(16_384, 16_384, depth: 16, colorType: 6)
            + chunk("IDAT", try PNGEncoder.deflate([0, 0, 0])) + chunk("IEND", [])
        assertThrows(file, .imageDataTooShort(expected: 16_384 * (1 + 16_384 * 8)))
    }

    /// Every prefix of a valid file is refused with a typed error.
    /// The header alone gives the size, format and decoding cost before the body is read;
    /// it agrees with decoding, and its peak bounds what decoding holds.
    func testInfoReadsTheHeaderAlone() throws {
        for (width, height, depth, colorType, interlace) in [(5, 3, 8, 6, 0), (9, 9, 16, 2, 1), (16_384, 16_384, 16, 6, 0), (7, 1, 1, 0, 0)] {
            let prefix = PNGDecoder.signature + header(width, height, depth: UInt8(depth), colorType: UInt8(colorType), interlace: UInt8(interlace))
            XCTAssertEqual(prefix.count, PNGDecoder.headerLength)
            let info = try PNGDecoder.info(prefix + [1, 2, 3])
            XCTAssertEqual([info.width, info.height, info.bitDepth, info.colorType], [width, height, depth, colorType])
            XCTAssertEqual(info.isInterlaced, interlace == 1)
            let channels = [0: 1, 2: 3, 6: 4][colorType]!
            if interlace == 0 { XCTAssertEqual(info.inflatedByteCount, height * (1 + (width * channels * depth + 7) / 8)) }
            XCTAssertGreaterThanOrEqual(info.decodingPeakBytes(fileSize: 0), info.inflatedByteCount + info.bitmapBytes)
        }
        let file = try PNGEncoder.encode(try Bitmap(width: 5, height: 3, fill: SIMD4(10, 20, 30, 40)))
        XCTAssertEqual(try PNGDecoder.info(file).width, try PNGDecoder.decode(file).width)
        XCTAssertThrowsError(try PNGDecoder.info(Array(file.prefix(32)))) { XCTAssertEqual($0 as? PNGDecoder.Error, .truncated) }
        XCTAssertThrowsError(try PNGDecoder.info(Array(file.prefix(7)))) { XCTAssertEqual($0 as? PNGDecoder.Error, .notPNG) }
        // The fuzzer's cases, where info and decode first disagreed: a first chunk that is
        // not IHDR with a bad CRC (the CRC is checked first), and a file of 16 bytes whose
        // chunk type is not letters: both refuse it as truncated, before reading the type.
        var renamed = file
        renamed[15] = UInt8(ascii: "Q")
        assertThrows(renamed, .badCRC(chunk: "IHDQ"))
        XCTAssertThrowsError(try PNGDecoder.info(renamed)) { XCTAssertEqual($0 as? PNGDecoder.Error, .badCRC(chunk: "IHDQ")) }
        let short = PNGDecoder.signature + [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x31]
        assertThrows(short, .truncated)
        XCTAssertThrowsError(try PNGDecoder.info(short)) { XCTAssertEqual($0 as? PNGDecoder.Error, .truncated) }
    }

    func testEveryTruncationThrows() throws {
        let file = try PNGEncoder.encode(try Bitmap(width: 5, height: 3, fill: SIMD4(10, 20, 30, 40)))
        for length in 0..<file.count {
            XCTAssertThrowsError(try PNGDecoder.decode(Array(file.prefix(length))), "prefix \(length)") { error in
                XCTAssertNotNil(error as? PNGDecoder.Error)
            }
        }
        XCTAssertNoThrow(try PNGDecoder.decode(file))
    }

    /// Random byte changes, with the CRCs then repaired so that the damage reaches the
    /// header and image-data checks: each file decodes or throws a `PNGDecoder.Error`.
    func testFuzzedFilesNeverTrap() throws {
        var generator = SeededGenerator(seed: 0xF022_0006)
        let plte = chunk("PLTE", (0..<48).map { UInt8($0 * 5) }) + chunk("tRNS", [0, 128])
        let bases = [
            try PNGEncoder.encode(try randomBitmap(6, 5, &generator)),
            try png(9, 3, depth: 4, colorType: 3, rows: (0..<3).map { _ in pack((0..<9).map { $0 }, depth: 4) }, filter: nil, before: plte),
            try png(3, 2, depth: 16, colorType: 2, rows: [[UInt8](repeating: 7, count: 18), [UInt8](repeating: 9, count: 18)], filter: nil),
        ]
        var decoded = 0
        for round in 0..<3_000 {
            var file = bases[round % bases.count]
            for _ in 0...(generator.next() % 4) {
                let i = Int(generator.next() % UInt64(file.count))
                file[i] = UInt8(truncatingIfNeeded: generator.next())
            }
            if generator.next() % 2 == 0 { repairCRCs(&file) }
            // The property is that this returns at all (no trap); `decode` throws only
            // `PNGDecoder.Error` (typed throws).
            if (try? PNGDecoder.decode(file)) != nil { decoded += 1 }
        }
        XCTAssertGreaterThan(decoded, 0, "some damage is harmless (pixel values)")
        XCTAssertLessThan(decoded, 3_000, "most damage is detected")
    }

    /// Rewrites each chunk's CRC to match its contents, as far as the lengths allow.
    private func repairCRCs(_ file: inout [UInt8]) {
        var offset = 8
        while file.count - offset >= 12 {
            let length = PNGDecoder.bigEndian(file, at: offset)
            guard length <= file.count - offset - 12 else { return }
            let crc = file.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress! + offset + 4, uInt(length + 4))) }
            let at = offset + 8 + length
            file[at] = UInt8(crc >> 24)
            file[at + 1] = UInt8((crc >> 16) & 0xFF)
            file[at + 2] = UInt8((crc >> 8) & 0xFF)
            file[at + 3] = UInt8(crc & 0xFF)
            offset = at + 4
        }
    }

    func testErrorDescription() {
        XCTAssertEqual(PNGDecoder.Error.badCRC(chunk: "IDAT").description, "bad CRC in chunk \"IDAT\"")
    }
}

import CadencePixels
@testable import CadenceCommandLine
@testable import CadenceImageIO
@testable import CadenceScene
@testable import CadenceCompositor
import Cadence
import Foundation
import XCTest

/// Bounded reads: inputs must be regular files (or standard input) within `--max-input`,
/// checked before they are read; contents PNGs are judged by their header before their
/// body and decoded once per file whatever the spelling of its path.
final class InputLimitTests: RenderTestCase {
    private let request = #"{"keyPath": "opacity", "model": 1, "times": [0]}"#

    // MARK: Special and oversized files

    /// A device is refused at once, not read until memory runs out (it was: several GB).
    func testDevicesAreRefused() throws {
        for device in ["/dev/zero", "/dev/urandom"] {
            assertBadInput(cadence("sample", device),
                "\(device): cannot read: it is a character device, not a regular file (give - to read standard input)")
            try assertSceneError(#"[{"name": "noise", "contents": "\#(device)"}]"#,
                "layers[0].contents: \(device) (layer 'noise'): cannot read: it is a character device, not a regular file "
                    + "(give - to read standard input)")
        }
    }

    /// A FIFO without a writer is refused without waiting (it blocked forever).
    func testFIFOWithoutWriterIsRefusedAtOnce() throws {
        let fifo = path("fifo")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let start = Date()
        assertBadInput(cadence("sample", fifo),
            "\(fifo): cannot read: it is a FIFO, not a regular file (give - to read standard input)")
        try assertSceneError(#"[{"contents": "fifo"}]"#,
            "layers[0].contents: fifo (an unnamed layer): cannot read: it is a FIFO, not a regular file (give - to read standard input)",
            extraFiles: ["fifo"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    /// A sparse 3 GiB file is refused by its size, before a byte of it is read (it was read
    /// whole before its signature was checked).
    func testOversizedFilesAreRefusedByTheirSize() throws {
        for name in ["big.json", "big.png"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: path(name), contents: nil))
            XCTAssertEqual(truncate(path(name), 3 << 30), 0)
        }
        let start = Date()
        assertBadInput(cadence("sample", path("big.json")),
            "\(path("big.json")): cannot read: the file has 3 GiB, over the input limit of 64 MiB (--max-input raises it)")
        try assertSceneError(#"[{"contents": "big.png"}]"#,
            "layers[0].contents: big.png (an unnamed layer): cannot read: the file has 3 GiB, over the input limit of 64 MiB "
                + "(--max-input raises it)",
            extraFiles: ["big.json", "big.png"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "nothing was read")
        // The limit is an option.
        try write(request, to: "request.json")
        assertBadInput(cadence("sample", path("request.json"), "--max-input", "10"),
            "\(path("request.json")): cannot read: the file has 48 bytes, over the input limit of 10 bytes (--max-input raises it)")
        XCTAssertEqual(cadence("sample", path("request.json"), "--max-input", "48").output, "{\"values\":[1]}\n")
    }

    /// Standard input is read up to the limit and one byte more, never to its end; the
    /// error is a message, not a Foundation error domain.
    func testStandardInputIsReadWithinTheLimit() {
        let console = RecordingConsole(bytes: [UInt8](repeating: 0x20, count: 10_000) + Array(request.utf8))
        XCTAssertEqual(CadenceCommand.run(arguments: ["sample", "-", "--max-input", "1K"], console: console), 2)
        XCTAssertEqual(console.error, "cadence: stdin: cannot read: standard input has more than 1 KiB, the input limit (--max-input raises it)\n")
        XCTAssertEqual(console.inputBytesRead, 1025)
        XCTAssertEqual(cadence(arguments: ["sample", "-", "--max-input", "48"], stdin: request).output, "{\"values\":[1]}\n")
    }

    /// The real standard input, endless (`cat /dev/zero | cadence sample -` read until the
    /// allocation failed, or reported a Foundation error domain): stopped at the limit with
    /// a message.
    func testEndlessStandardInputIsStoppedAtTheLimit() throws {
        let zero = try XCTUnwrap(FileHandle(forReadingAtPath: "/dev/zero"))
        let result = try cadenceProcess(["sample", "-", "--max-input", "1M"], input: zero)
        assertBadInput(result, "stdin: cannot read: standard input has more than 1 MiB, the input limit (--max-input raises it)")
        try write(request, to: "request.json")
        let file = try XCTUnwrap(FileHandle(forReadingAtPath: path("request.json")))
        XCTAssertEqual(try cadenceProcess(["sample", "-"], input: file).output, "{\"values\":[1]}\n")
    }

    /// A NUL inside a path is an error, not a shorter path (it cut `a.png\0x` to `a.png`).
    func testNULInAPathIsRefused() throws {
        try writePNG(width: 2, height: 2, to: "a.png")
        try assertSceneError(#"[{"contents": "a.png\u0000x"}]"#,
            #"layers[0].contents: a.png\u0000x (an unnamed layer): the path contains a NUL character"#, extraFiles: ["a.png"])
        assertBadInput(cadence("sample", path("a.png") + "\u{0}x"),
            #"\#(path("a.png"))\u0000x: the path contains a NUL character"#)
    }

    // MARK: Options

    func testSizeOptions() throws {
        XCTAssertEqual(try ResourceOptions.bytes("65536", location: "x"), 65_536)
        XCTAssertEqual(try ResourceOptions.bytes("512K", location: "x"), 512 << 10)
        XCTAssertEqual(try ResourceOptions.bytes("64MiB", location: "x"), 64 << 20)
        XCTAssertEqual(try ResourceOptions.bytes("1.5g", location: "x"), 3 << 29)
        XCTAssertEqual(try ResourceOptions.bytes("2GB", location: "x"), 2 << 30)
        assertBadInput(cadence(arguments: ["sample", "-", "--max-memory", "12X"], stdin: request),
            #"--max-memory: "12X" is not a size (a number of bytes, or with a unit: 512K, 64M, 2G)"#)
        assertBadInput(cadence(arguments: ["sample", "-", "--max-input", "0"], stdin: request), #"--max-input: "0" is less than 1 byte"#)
        assertBadInput(cadence(arguments: ["sample", "-", "--max-input", "-5"], stdin: request),
            #"--max-input: "-5" is not a size (a number of bytes, or with a unit: 512K, 64M, 2G)"#)
        assertBadInput(cadence(arguments: ["sample", "-", "--max-memory", "2000T"], stdin: request),
            #"--max-memory: "2000T" is more than the largest size accepted, 1024T"#)
    }

    // MARK: Contents images

    /// The header is judged before the body: a 16384² 16-bit image is refused by its
    /// memory (4 GiB to decode) from its first 33 bytes, although its body is garbage that
    /// decoding would have refused only after reading it.
    func testPNGHeaderIsCheckedBeforeTheBody() throws {
        var header: [UInt8] = []
        PNGEncoder.appendBigEndian(16_384, to: &header)
        PNGEncoder.appendBigEndian(16_384, to: &header)
        header += [16, 6, 0, 0, 0]
        var file = PNGDecoder.signature
        PNGEncoder.appendChunk("IHDR", header, to: &file)
        file += [UInt8](repeating: 0xAB, count: 4096)
        try Data(file).write(to: folder.appendingPathComponent("huge.png"))
        let info = try PNGDecoder.info(file)
        XCTAssertEqual(info.inflatedByteCount, 16_384 * (1 + 16_384 * 8))
        try assertSceneError(#"[{"contents": "huge.png"}]"#,
            "layers[0].contents: huge.png (an unnamed layer): decoding the 16384×16384 image would take 4.3 GiB, over the memory budget "
                + "of 2 GiB; 4.9 KiB already in use (--max-memory raises it)",
            extraFiles: ["huge.png"])
        // A header that is wrong is reported as decoding reports it.
        XCTAssertThrowsError(try PNGDecoder.info(Array(file[..<20]))) { XCTAssertEqual($0 as? PNGDecoder.Error, .truncated) }
        XCTAssertThrowsError(try PNGDecoder.info([1, 2, 3])) { XCTAssertEqual($0 as? PNGDecoder.Error, .notPNG) }
        var badCRC = file
        badCRC[30] ^= 1
        XCTAssertThrowsError(try PNGDecoder.info(badCRC)) { XCTAssertEqual($0 as? PNGDecoder.Error, .badCRC(chunk: "IHDR")) }
    }

    /// One file behind six spellings of its path (and a link) is decoded once: keyed by
    /// device and inode, not by the path string. With a budget that holds one decoded copy
    /// and not two, the scene renders (it was decoded six times).
    func testContentsAreDecodedOncePerFile() throws {
        try writePNG(width: 1024, height: 1024, to: "a.png")
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: path("link.png"), withDestinationPath: "a.png")
        let spellings = ["a.png", "./a.png", "sub/../a.png", ".//a.png", path("a.png"), "link.png"]
        let layers = spellings.map { #"{"contents": "\#($0)", "bounds": [0, 0, 8, 8]}"# }.joined(separator: ", ")
        let budget = MemoryBudget()
        var decoder = SceneDecoder(source: "scene.json", folder: folder.path, budget: budget)
        let decoded = try decoder.scene(try JSONParser.parse(#"{"canvas": {"width": 8, "height": 8}, "layers": [\#(layers)]}"#, source: "s"))
        XCTAssertEqual(decoder.images.count, 1)
        XCTAssertTrue(decoded.layers.allSatisfy { $0.contents?.width == 1024 })
        XCTAssertEqual(budget.used, spellings.count * SceneDecoder.layerCost + 4 * 1024 * 1024 / 3 * 4, "one image charged")
        // Through the command: a budget for one image (5.3 MiB kept, about 13 MiB to decode),
        // the six layers, a small canvas and its scratch, but not for six copies (32 MiB).
        let scenePath = try scene("[\(layers)]", canvas: #"{"width": 8, "height": 8}"#)
        let result = cadence("render", scenePath, "--time", "0", "--out", path("out.png"), "--max-memory", "24M")
        XCTAssertEqual(result.status, 0, result.error)
    }

    // MARK: Helpers

    /// Writes an opaque PNG of the given size into the test's folder.
    private func writePNG(width: Int, height: Int, to name: String) throws {
        let bitmap = try Bitmap(width: width, height: height, fill: SIMD4(10, 20, 30, 255))
        try Data(try PNGEncoder.encode(bitmap)).write(to: folder.appendingPathComponent(name))
    }
}

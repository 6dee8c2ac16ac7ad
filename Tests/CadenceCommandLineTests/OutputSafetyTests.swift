@testable import CadenceCommandLine
@testable import CadenceImageIO
import Cadence
import Foundation
import XCTest

/// Output files: a special file or a link is never replaced, a failed sequence changes
/// nothing that was there, and a signal leaves no temporary file.
final class OutputSafetyTests: RenderTestCase {
    private func fileType(_ path: String) -> mode_t {
        var status = stat()
        XCTAssertEqual(lstat(path, &status), 0, path)
        return status.st_mode & S_IFMT
    }

    private func curve(_ out: String) -> RunResult {
        cadence("curve", "linear", "--size", "16", "--out", out)
    }

    /// `/dev/null` is written into and stays the device (as root, it was replaced by a
    /// regular file); `/dev/full` reports its error instead of "succeeding".
    func testDevicesAreWrittenIntoNotReplaced() {
        let result = curve("/dev/null")
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output, "wrote /dev/null (16×16, linear)\n")
        XCTAssertEqual(fileType("/dev/null"), S_IFCHR)
        assertBadInput(curve("/dev/full"), "--out: cannot write /dev/full: No space left on device")
        XCTAssertEqual(fileType("/dev/full"), S_IFCHR)
    }

    /// A FIFO with a reader receives the PNG; one without a reader is refused at once
    /// rather than waited for. Either way it stays a FIFO.
    func testFIFOs() throws {
        let fifo = path("fifo")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        assertBadInput(curve(fifo), "--out: cannot write \(fifo): no process is reading the FIFO")
        let received = FIFOReader(path: fifo)
        let result = curve(fifo)
        XCTAssertEqual(result.status, 0, result.error)
        let bytes = received.wait()
        XCTAssertEqual(Array(bytes.prefix(8)), PNGDecoder.signature)
        XCTAssertEqual(try PNGDecoder.decode(bytes).width, 16)
        XCTAssertEqual(fileType(fifo), S_IFIFO)
    }

    /// A link to a regular file: the file it points to is replaced, the link stays. A link
    /// to nothing, to a folder or to a socket-like special file is refused; a link to a
    /// device is written into.
    func testSymbolicLinks() throws {
        try write("old", to: "target.png")
        try FileManager.default.createSymbolicLink(atPath: path("link.png"), withDestinationPath: "target.png")
        let result = curve(path("link.png"))
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(fileType(path("link.png")), S_IFLNK)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.png")), "target.png")
        XCTAssertEqual(try image(path("target.png")).width, 16)

        try FileManager.default.createSymbolicLink(atPath: path("dangling.png"), withDestinationPath: "nowhere/x.png")
        assertBadInput(curve(path("dangling.png")),
            "--out: cannot write \(path("dangling.png")): it is a symbolic link to nothing (a link is never replaced)")
        XCTAssertEqual(fileType(path("dangling.png")), S_IFLNK)

        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: path("folder.png"), withDestinationPath: "sub")
        assertBadInput(curve(path("folder.png")),
            "--out: cannot write \(path("folder.png")): it is a symbolic link to a folder (only files, character devices and FIFOs are written)")

        try FileManager.default.createSymbolicLink(atPath: path("null.png"), withDestinationPath: "/dev/null")
        XCTAssertEqual(curve(path("null.png")).status, 0)
        XCTAssertEqual(fileType(path("null.png")), S_IFLNK)
        XCTAssertEqual(fileType("/dev/null"), S_IFCHR)
        XCTAssertEqual(try contents(), ["dangling.png", "folder.png", "link.png", "null.png", "sub", "target.png"],
            "no temporary file is left")
    }

    /// The same rules hold for `render --time`, checked before the scene is drawn.
    func testRenderOutputIsCheckedFirst() throws {
        let scenePath = try scene()
        try FileManager.default.createSymbolicLink(atPath: path("dangling.png"), withDestinationPath: "nowhere")
        assertBadInput(cadence("render", scenePath, "--time", "0", "--out", path("dangling.png")),
            "--out: cannot write \(path("dangling.png")): it is a symbolic link to nothing (a link is never replaced)")
        XCTAssertEqual(cadence("render", scenePath, "--time", "0", "--out", "/dev/null").status, 0)
        XCTAssertEqual(fileType("/dev/null"), S_IFCHR)
    }

    /// A sequence that fails leaves the frames of an earlier run as they were (a failed run
    /// deleted `frame-0001.png` that existed before it), here when a frame's name is taken
    /// by a folder, which is found before anything is drawn.
    func testFailedSequenceKeepsEarlierFrames() throws {
        let scenePath = try scene()
        try FileManager.default.createDirectory(atPath: path("frames/frame-0003.png"), withIntermediateDirectories: true)
        try write("earlier frame", to: "frames/frame-0001.png")
        let result = cadence("render", scenePath, "--fps", "10", "--duration", "1", "--out", path("frames"))
        assertBadInput(result,
            "--out: cannot write \(path("frames/frame-0003.png")): it is a folder (a file of a sequence replaces only a regular file)")
        XCTAssertEqual(try contents("frames"), ["frame-0001.png", "frame-0003.png"])
        XCTAssertEqual(try String(contentsOfFile: path("frames/frame-0001.png"), encoding: .utf8), "earlier frame")
    }

    /// A failure after some frames are written (here thrown by the body) removes only the
    /// temporary files: a file that was there before is untouched.
    func testFailureMidSequenceChangesNothing() throws {
        struct Failure: Error {}
        try FileManager.default.createDirectory(atPath: path("run"), withIntermediateDirectories: false)
        try write("earlier", to: "run/a.png")
        XCTAssertThrowsError(try FrameFolder.writing(into: path("run"), location: "--out") { folder in
            _ = try folder.write([1], as: "a.png")
            _ = try folder.write([2], as: "b.png")
            throw Failure()
        })
        XCTAssertEqual(try contents("run"), ["a.png"])
        XCTAssertEqual(try String(contentsOfFile: path("run/a.png"), encoding: .utf8), "earlier")
        try FileManager.default.createSymbolicLink(atPath: path("run/c.png"), withDestinationPath: "a.png")
        XCTAssertThrowsError(try FrameFolder.writing(into: path("run"), location: "--out") { folder in
            _ = try folder.write([3], as: "c.png")
        })
        XCTAssertEqual(try String(contentsOfFile: path("run/a.png"), encoding: .utf8), "earlier", "not written through the link")
    }

    /// SIGTERM and SIGINT while a sequence is written: the process ends by the signal and
    /// leaves no temporary file and none of the folders it created (they were left).
    func testSignalsRemoveTemporaryFiles() throws {
        let executable = try cadenceExecutable()
        // Frames big enough to take a while in a debug build.
        let scenePath = try scene(#"[{"frame": [0, 0, 600, 600], "backgroundColor": [1, 0, 0, 0.5], "shadowOpacity": 1, "shadowRadius": 30}]"#,
            canvas: #"{"width": 600, "height": 600}"#)
        for signal in [SIGTERM, SIGINT] {
            let out = path("run-\(signal)/frames")
            let process = Process()
            process.executableURL = executable
            process.arguments = ["render", scenePath, "--fps", "100", "--duration", "100", "--out", out]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Wait until a temporary frame exists, then stop the process.
            let deadline = Date().addingTimeInterval(60)
            while (try? FileManager.default.contentsOfDirectory(atPath: out))?.contains(where: { $0.hasSuffix(".tmp") }) != true {
                XCTAssertLessThan(Date(), deadline, "no temporary frame appeared")
                if Date() > deadline { break }
                usleep(10_000)
            }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "signal \(signal)")
            XCTAssertEqual(process.terminationStatus, signal)
            XCTAssertEqual(try contents(), ["scene.json"], "signal \(signal): the run's folders and temporary files are gone")
        }
    }
}

/// Reads a FIFO to its end on a thread of its own (opening a FIFO for reading waits for a
/// writer).
private final class FIFOReader: @unchecked Sendable {
    private var bytes: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    init(path: String) {
        Thread {
            let descriptor = open(path, O_RDONLY)
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while descriptor >= 0 {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                self.bytes += chunk[..<count]
            }
            close(descriptor)
            self.done.signal()
        }.start()
        // Let the reader open the FIFO before the writer tries.
        usleep(200_000)
    }

    func wait() -> [UInt8] {
        done.wait()
        return bytes
    }
}

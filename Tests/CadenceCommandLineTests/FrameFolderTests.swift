@testable import CadenceCommandLine
import Foundation
import XCTest

/// `FrameFolder`: frame names, and removing what a failed run wrote.
final class FrameFolderTests: RenderTestCase {
    func testFrameNames() {
        XCTAssertEqual(FrameFolder.frameName(0), "frame-0000.png")
        XCTAssertEqual(FrameFolder.frameName(42), "frame-0042.png")
        XCTAssertEqual(FrameFolder.frameName(9_999), "frame-9999.png")
    }

    /// Folders created for a run are removed with its files when it fails; until the
    /// commit, a file is a hidden temporary file registered for removal on a signal.
    func testDiscardRemovesCreatedFolders() throws {
        var folder = try FrameFolder(path("a/b/c"), location: "--out")
        _ = try folder.write([1, 2, 3], as: "x.png")
        let staged = try contents("a/b/c")
        XCTAssertEqual(staged.count, 1)
        XCTAssertTrue(staged[0].hasPrefix(".x.png.") && staged[0].hasSuffix(".tmp"), "\(staged)")
        XCTAssertTrue(TemporaryFiles.shared.registered.files.contains(path("a/b/c/" + staged[0])))
        XCTAssertTrue(TemporaryFiles.shared.registered.folders.contains(path("a/b/c")))
        folder.discard()
        XCTAssertEqual(try contents(), [])
        XCTAssertFalse(TemporaryFiles.shared.registered.files.contains(path("a/b/c/" + staged[0])))
        XCTAssertFalse(TemporaryFiles.shared.registered.folders.contains(path("a")))
    }

    /// `writing(into:location:_:)` discards on a throw and keeps on success.
    func testWritingDiscardsOnFailure() throws {
        struct Failure: Error {}
        XCTAssertThrowsError(try FrameFolder.writing(into: path("run"), location: "--out") { folder in
            _ = try folder.write([1], as: "a.png")
            throw Failure()
        })
        XCTAssertEqual(try contents(), [])
        let written = try FrameFolder.writing(into: path("run"), location: "--out") { folder in
            try folder.write([1], as: "a.png")
        }
        XCTAssertEqual(written, path("run") + "/a.png")
        XCTAssertEqual(try contents("run"), ["a.png"])
    }
}

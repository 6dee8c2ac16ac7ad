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

    /// Folders created for a run are removed with its files when it fails.
    func testDiscardRemovesCreatedFolders() throws {
        var folder = try FrameFolder(path("a/b/c"), location: "--out")
        _ = try folder.write([1, 2, 3], as: "x.png")
        XCTAssertEqual(try contents("a/b/c"), ["x.png"])
        folder.discard()
        XCTAssertEqual(try contents(), [])
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

@testable import CadenceCommandLine
import Cadence
import Foundation
import XCTest

/// `cadence curve`: a timing function plotted as a PNG.
final class CurveCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try makeTemporaryFolder()
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// The width and height in a PNG's header, after checking its signature.
    private func pngSize(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> (Int, Int) {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], file: file, line: line)
        XCTAssertEqual(String(decoding: bytes[12..<16], as: UTF8.self), "IHDR", file: file, line: line)
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    /// The files in the test's folder (to check that nothing is left behind).
    private func folderContents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    // MARK: Success

    func testWritesAPNGAndSaysSo() throws {
        let out = path("curve.png")
        let result = cadence("curve", "easeInEaseOut", "--out", out)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output, "wrote \(out) (512×512, easeInEaseOut)\n")
        XCTAssertEqual(result.error, "")
        let (width, height) = try pngSize(out)
        XCTAssertEqual(width, 512)
        XCTAssertEqual(height, 512)
        XCTAssertEqual(try folderContents(), ["curve.png"], "no temporary file is left")
    }

    func testEveryNameAndSizeOption() throws {
        for name in TimingFunction.Name.allCases {
            let out = path("\(name.rawValue).png")
            let result = cadence("curve", name.rawValue, "--out", out, "--size", "64")
            XCTAssertEqual(result.output, "wrote \(out) (64×64, \(name.rawValue))\n")
            XCTAssertEqual(try pngSize(out).0, 64)
        }
    }

    func testControlPointsAreLabelledAsWritten() throws {
        let out = path("c.png")
        XCTAssertEqual(cadence("curve", "0.5,-1,0.5,2", "--out", out, "--size", "100").output,
            "wrote \(out) (100×100, 0.5,-1,0.5,2)\n")
        XCTAssertEqual(cadence("curve", " 0.42, 0 , 0.58,1.0", "--out", out, "--size", "100").output,
            "wrote \(out) (100×100, 0.42,0,0.58,1)\n")
    }

    func testReplacesAnExistingFile() throws {
        let out = path("curve.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: out))
        XCTAssertEqual(cadence("curve", "linear", "--out", out, "--size", "32").status, 0)
        XCTAssertEqual(try pngSize(out).0, 32)
    }

    // MARK: The picture

    /// White background, the curve dark where it passes, the handles' dots in their colour.
    func testPicture() throws {
        let plot = CurvePlot(.easeInEaseOut)
        XCTAssertEqual(plot.yRange, 0...1)
        let bitmap = try plot.render(size: 200)
        XCTAssertEqual(bitmap[0, 0], CurvePlot.background)
        XCTAssertEqual(bitmap[199, 199], CurvePlot.background)
        // The margin is 16 px; the plot 168 px. easeInEaseOut passes through (0.5, 0.5),
        // the centre; c1 = (0.42, 0) is on the bottom edge.
        XCTAssertEqual(bitmap[100, 99], CurvePlot.curveColor)
        XCTAssertEqual(bitmap[16 + Int(0.42 * 168), 184], CurvePlot.handleColor)
        // A grid line at x = 0.1, away from the curve.
        XCTAssertEqual(bitmap[Int(16 + 16.8), 60], CurvePlot.gridColor)
    }

    /// The y range widens to whole tenths to take in overshoot and the control points.
    func testRangeTakesInOvershootAndHandles() {
        XCTAssertEqual(CurvePlot(TimingFunction(controlPoints: 0.5, -1, 0.5, 2)).yRange, -1...2)
        XCTAssertEqual(CurvePlot(TimingFunction(controlPoints: 0.3, 1.25, 0.7, 1)).yRange, 0...1.3)
        XCTAssertEqual(CurvePlot(.default).yRange, 0...1)
        XCTAssertEqual(CurvePlot(.default).grid, CurvePlot.Grid(tenths: 1, steps: 0...10))
    }

    /// Tall ranges get a coarser grid (1, 2, 5, 10, 20, 50 … tenths), at most 40 lines.
    func testGridCoarsensForTallRanges() {
        XCTAssertEqual(CurvePlot(TimingFunction(controlPoints: 0.5, -1.4, 0.5, 2.5)).grid,
            CurvePlot.Grid(tenths: 1, steps: -14...25))
        XCTAssertEqual(CurvePlot(TimingFunction(controlPoints: 0.5, -1.5, 0.5, 2.5)).grid,
            CurvePlot.Grid(tenths: 2, steps: -8...13))
        XCTAssertEqual(CurvePlot(TimingFunction(controlPoints: 0.5, -100, 0.5, 100)).grid,
            CurvePlot.Grid(tenths: 100, steps: -10...10))
        XCTAssertEqual(CurvePlot(TimingFunction(controlPoints: 0.5, -9, 0.5, 1)).grid,
            CurvePlot.Grid(tenths: 5, steps: -18...2))
        // Beyond the limit the handles are clamped (the command rejects such curves).
        XCTAssertEqual(CurvePlot(TimingFunction(controlPoints: 0, 1e308, 1, -1e308)).grid.range, -100...100)
    }

    /// Every curve renders without trapping, however extreme.
    func testExtremeCurvesRender() throws {
        for points in [[0, 1e308, 1, -1e308], [1e-7, 1e300, 1, 1], [1, 0, 0, 1], [0, 1, 0, 1], [0.5, -100, 0.5, 100]] {
            XCTAssertNoThrow(try CurvePlot(TimingFunction(controlPoints: points[0], points[1], points[2], points[3])).render(size: 32))
        }
    }

    // MARK: Bad input

    func testUnknownName() {
        assertBadInput(cadence("curve", "bounce", "--out", path("x.png")),
            #"curve: unknown timing function "bounce" (expected "linear", "easeIn", "easeOut", "easeInEaseOut", "default" or four numbers c1x,c1y,c2x,c2y)"#)
        assertBadInput(cadence("curve", "EaseOut", "--out", path("x.png")),
            #"curve: unknown timing function "EaseOut" (did you mean "easeOut"?)"#)
        XCTAssertEqual(try folderContents(), [])
    }

    func testBadNumbers() throws {
        let out = path("x.png")
        assertBadInput(cadence("curve", "0.42,0,0.58", "--out", out), #"curve: expected 4 numbers c1x,c1y,c2x,c2y, got 3 in "0.42,0,0.58""#)
        assertBadInput(cadence("curve", "0.42,0,0.58,1,1", "--out", out), #"curve: expected 4 numbers c1x,c1y,c2x,c2y, got 5 in "0.42,0,0.58,1,1""#)
        assertBadInput(cadence("curve", "0.42,zero,0.58,1", "--out", out), #"curve: c1y: "zero" is not a number"#)
        assertBadInput(cadence("curve", "0.42,,0.58,1", "--out", out), #"curve: c1y: "" is not a number"#)
        assertBadInput(cadence("curve", "1.2,0,0.58,1", "--out", out), "curve: c1x: 1.2 is outside 0...1 (x control points must be in 0...1)")
        assertBadInput(cadence("curve", "0.42,0,-0.1,1", "--out", out), "curve: c2x: -0.1 is outside 0...1 (x control points must be in 0...1)")
        assertBadInput(cadence("curve", "0.42,nan,0.58,1", "--out", out), "curve: c1y: nan is not a finite number")
        assertBadInput(cadence("curve", "0.42,0,0.58,inf", "--out", out), "curve: c2y: inf is not a finite number")
        assertBadInput(cadence("curve", "0,1e308,1,-1e308", "--out", out),
            "curve: c1y: 1e+308 is too far from 0...1 to plot (the limit is -100...100)")
        assertBadInput(cadence("curve", "0,1,1,-100.5", "--out", out),
            "curve: c2y: -100.5 is too far from 0...1 to plot (the limit is -100...100)")
        XCTAssertEqual(try folderContents(), [], "no file is written on failure")
    }

    func testBadSize() throws {
        assertBadInput(cadence("curve", "linear", "--out", path("x.png"), "--size", "8"), "--size: 8 is outside 16...4096")
        assertBadInput(cadence("curve", "linear", "--out", path("x.png"), "--size", "5000"), "--size: 5000 is outside 16...4096")
        assertBadInput(cadence("curve", "linear", "--out", path("x.png"), "--size", "big"),
            "arguments: The value 'big' is invalid for '--size <size>' (see 'cadence help curve')")
        XCTAssertEqual(try folderContents(), [])
    }

    func testBadOutput() throws {
        assertBadInput(cadence("curve", "linear", "--out", ""), "--out: the path is empty")
        assertBadInput(cadence("curve", "linear", "--out", path("missing/x.png")),
            "--out: cannot write \(path("missing/x.png")): No such file or directory")
        assertBadInput(cadence("curve", "linear", "--out", folder.path + "/"),
            "--out: cannot write \(folder.path)/: it is a folder, not a file")
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: false)
        assertBadInput(cadence("curve", "linear", "--out", path("sub"), "--size", "16"),
            "--out: cannot write \(path("sub")): it is a folder, not a file")
        XCTAssertEqual(try folderContents(), ["sub"], "no temporary file is left")
        assertBadInput(cadence("curve", "linear"),
            "arguments: Missing expected argument '--out <file.png>' (see 'cadence help curve')")
    }

    /// A failing run leaves an existing output file as it was.
    func testFailureLeavesAnExistingFileUntouched() throws {
        let out = path("curve.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: out))
        assertBadInput(cadence("curve", "nope", "--out", out), startingWith: "curve: unknown timing function")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out)), Data("old".utf8))
    }
}

import Foundation
import XCTest

/// The root command: help, usage errors and exit statuses.
final class CadenceCommandTests: XCTestCase {
    func testHelpGoesToStandardOutputWithStatus0() {
        for arguments in [["--help"], ["help"], [], ["help", "sample"], ["sample", "--help"], ["curve", "-h"]] {
            let result = cadence(arguments: arguments)
            XCTAssertEqual(result.status, 0, "\(arguments)")
            XCTAssertEqual(result.error, "", "\(arguments)")
            XCTAssertTrue(result.output.contains("USAGE: cadence"), "\(arguments): \(result.output)")
        }
        XCTAssertTrue(cadence("--help").output.contains("sample"))
        XCTAssertTrue(cadence("--help").output.contains("curve"))
        XCTAssertTrue(cadence("help", "curve").output.contains("--size"))
    }

    /// ArgumentParser's usage errors exit with status 2 (not its default 64), one line.
    func testUsageErrorsExitWithStatus2OnOneLine() {
        assertBadInput(cadence("render"), "arguments: Missing expected argument '<scene>' (see 'cadence help render')")
        assertBadInput(cadence("sample"), "arguments: Missing expected argument '<file>' (see 'cadence help sample')")
        assertBadInput(cadence("sample", "a.json", "b.json"),
            "arguments: Unexpected argument 'b.json' (see 'cadence help sample')")
        assertBadInput(cadence("curve", "linear", "--out", "x.png", "--colour", "red"),
            startingWith: "arguments: Unknown option '--colour'")
    }

    /// A command that does not exist is a usage error.
    func testUnknownCommand() {
        assertBadInput(cadence("play"), "arguments: Unexpected argument 'play' (see 'cadence --help')")
    }
}

import Foundation
import XCTest

/// The usage examples in doc comments are compiled and run: each ```swift block of a doc
/// comment in `Sources/` must appear, line for line, in `Snippets/TypeExamples.swift`,
/// which `swift build` compiles and CI runs (it checks each example's stated result).
final class DocumentationExamplesTests: XCTestCase {
    /// The repository's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The code blocks of the doc comments in `text`, each without its `/// ` prefix.
    static func docExamples(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("///") else { current = nil; continue }
            let body = trimmed.dropFirst(3).drop { $0 == " " }.isEmpty ? "" : String(trimmed.dropFirst(4))
            if current == nil, body == "```swift" { current = []; continue }
            if body == "```", let block = current { blocks.append(block); current = nil; continue }
            current?.append(body)
        }
        return blocks
    }

    func testEveryDocCommentExampleIsCompiledAndRun() throws {
        let snippets = try String(contentsOf: Self.root.appendingPathComponent("Snippets/TypeExamples.swift"), encoding: .utf8)
        let compiled = snippets.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0)
        }
        let sources = Self.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        var examples = 0
        for file in files {
            for block in Self.docExamples(in: try String(contentsOf: file, encoding: .utf8)) {
                examples += 1
                let found = compiled.indices.contains { start in
                    start + block.count <= compiled.count && Array(compiled[start..<start + block.count]) == block
                }
                XCTAssertTrue(found, "\(file.lastPathComponent): the example starting \"\(block.first ?? "")\" is not in Snippets/TypeExamples.swift")
            }
        }
        XCTAssertGreaterThanOrEqual(examples, 8, "the main types' examples were found")
    }

    func testTheExtractorFindsBlocksAndOnlyThem() {
        let text = "/// Text.\n///\n/// ```swift\n/// let a = 1\n///\n/// let b = a\n/// ```\n/// ```\n/// not swift\n/// ```\nlet c = 2\n"
        XCTAssertEqual(Self.docExamples(in: text), [["let a = 1", "", "let b = a"]])
    }
}

import CadenceScene

extension FileAccess {
    /// The bytes of the document a command's argument names, and the document's name for
    /// error locations: the regular file at `path` (`InputFile`), or standard input for `-`
    /// (named `stdin`), at most `limit` bytes. The bytes are charged to `budget`. An empty
    /// path is an error at `location`.
    static func readDocument(
        _ path: String, console: Console, location: String, limit: Int, budget: MemoryBudget
    ) throws -> (bytes: [UInt8], source: String) {
        guard path != "-" else {
            // Read no more than both bounds allow, plus one byte to tell which one is passed.
            let room = Swift.min(limit, budget.limit - budget.used)
            let bytes = try console.readStandardInput(upTo: room + 1)
            guard bytes.count <= room else {
                guard room == limit else { throw budget.exceeded(room + 1, "reading standard input", at: "stdin") }
                throw InputError(
                    "stdin",
                    "cannot read: standard input has more than \(describe(bytes: limit)), the input limit (--max-input raises it)")
            }
            budget.add(bytes.count)
            return (bytes, "stdin")
        }
        guard !path.isEmpty else { throw InputError(location, "the file name is empty") }
        return (try readFile(path, limit: limit, budget: budget), path)
    }
}

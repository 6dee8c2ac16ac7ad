extension FileAccess {
    /// The bytes of the regular file at `path` (`InputFile`), at most `limit` bytes, charged
    /// to `budget`. Errors are located at the path (shortened and escaped as `MessageText`
    /// says).
    package static func readFile(_ path: String, limit: Int, budget: MemoryBudget) throws -> [UInt8] {
        let file = try InputFile(path, limit: limit, location: MessageText.path(path))
        try budget.charge(file.size, for: "reading the file", at: MessageText.path(path))
        let bytes = try file.readRest()
        budget.add(bytes.count - file.size)
        return bytes
    }
}

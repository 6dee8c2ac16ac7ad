extension FileAccess {
    /// The bytes of the document a command's argument names, and the document's name for
    /// error locations: the file at `path`, or standard input for `-` (named `stdin`).
    /// An empty path is an error at `location`.
    static func readDocument(_ path: String, console: Console, location: String) throws -> (bytes: [UInt8], source: String) {
        guard path != "-" else {
            do {
                return (try console.readStandardInput(), "stdin")
            } catch {
                throw InputError("stdin", "cannot read: \(error)")
            }
        }
        guard !path.isEmpty else { throw InputError(location, "the file name is empty") }
        return (try read(path), path)
    }
}

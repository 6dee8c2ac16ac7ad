#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
    #else
    Darwin.write(descriptor, buffer, count)
    #endif
}

/// Reading whole files, and writing them so that a reader never sees a partial file.
///
/// Errors are `InputError`s located at the name the user gave (a path or an option such
/// as `--out`), with the system's reason: `cannot read: No such file or directory`.
enum FileAccess {
    /// The bytes of the file at `path`.
    static func read(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw failure(path, "cannot read") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, "cannot read")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Writes `bytes` to `path` atomically: into a new temporary file in the same folder,
    /// which is then renamed over `path`. On any failure the temporary file is removed and
    /// `path` is left as it was. Errors are located at `location`.
    static func writeAtomically(_ bytes: [UInt8], to path: String, location: String) throws {
        guard !path.isEmpty else { throw InputError(location, "the path is empty") }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { throw InputError(location, "\(path) names a folder, not a file") }
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<8 {
            temporary = "\(folder).\(name).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw failure(location, "cannot write \(path)") }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let error = failure(location, "cannot write \(path)")
                close(descriptor)
                unlink(temporary)
                throw error
            }
            written += count
        }
        guard close(descriptor) == 0 else {
            let error = failure(location, "cannot write \(path)")
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = failure(location, "cannot write \(path)")
            unlink(temporary)
            throw error
        }
    }

    /// An error at `location` with the reason `errno` gives.
    private static func failure(_ location: String, _ what: String) -> InputError {
        InputError(location, "\(what): \(String(cString: strerror(errno)))")
    }
}

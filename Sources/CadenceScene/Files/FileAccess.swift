#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Contact with the file system: reading inputs with a bound (here, for scenes and their
/// contents), and writing outputs so that nothing is replaced that should not be (the
/// command line's extension of this type).
///
/// - **Reading** (`InputFile`): a path is opened without blocking, checked to be a regular
///   file, refused above the input limit (`--max-input`) before a byte is read, and read
///   with that bound (a file growing while it is read is refused too). The command line
///   reads standard input with the same bound (`Console.readStandardInput(upTo:)`).
/// - **Writing** (the command line's `FileAccess+Writing.swift`): a missing file or a regular file is written
///   atomically (a temporary file beside it, then a rename); a special file is written into
///   directly where that means something (`/dev/stdout`, a FIFO with a reader), never
///   replaced; a symbolic link is never replaced (the file it names is written instead).
///   Temporary files are registered with `TemporaryFiles`, which removes them when the
///   process is stopped by a signal.
///
/// Errors are `InputError`s located at the name the user gave (a path or an option such
/// as `--out`), with the system's reason: `cannot read: No such file or directory`.
package enum FileAccess {
    /// The default bound on one input file or standard input: 64 MiB.
    package static let defaultInputLimit = 64 << 20

    /// `path` as the system takes it; throws at `location` when it is empty or has a NUL
    /// character (which would cut the path short where the system reads it).
    package static func checkPath(_ path: String, location: String) throws {
        guard !path.isEmpty else { throw InputError(location, "the path is empty") }
        guard !path.utf8.contains(0) else { throw InputError(location, "the path contains a NUL character") }
    }

    /// An error at `location` with the reason `errno` gives.
    package static func failure(_ location: String, _ what: String) -> InputError {
        InputError(location, "\(what): \(String(cString: strerror(errno)))")
    }

    /// What kind of file `status` describes, for messages: `a folder`, `a FIFO`, ….
    package static func kind(of status: stat) -> String {
        switch status.st_mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a folder"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }

    /// `count` bytes as a person reads them: `512 bytes`, `64 MiB`, `1.5 GiB`.
    package static func describe(bytes count: Int) -> String {
        let units = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, unit) in units where count >= size {
            let value = Double(count) / Double(size)
            let text = value >= 100 || value == value.rounded() ? String(Int(value.rounded())) : String(format1: value)
            return "\(text) \(unit)"
        }
        return count == 1 ? "1 byte" : "\(count) bytes"
    }

    // MARK: System calls

    package static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    package static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
        #else
        Darwin.write(descriptor, buffer, count)
        #endif
    }

    /// Reads from `descriptor` until its end or until `limit` bytes, whichever is first;
    /// `nil` with `errno` set on a read error (interrupted reads are retried).
    package static func readAll(_ descriptor: Int32, limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        return readAll(descriptor, appendingTo: &bytes, upTo: limit, expected: 0) ? bytes : nil
    }

    /// Reads from `descriptor` into the end of `bytes` until the descriptor's end or until
    /// `bytes` holds `limit` bytes; false with `errno` set on a read error. The buffer
    /// grows to `expected + 1` bytes first (the size the caller knows of, and a byte to
    /// meet the end without growing again), then doubles, with exact capacity, so it never
    /// holds more than twice what was read (or `expected + 1`).
    package static func readAll(_ descriptor: Int32, appendingTo bytes: inout [UInt8], upTo limit: Int, expected: Int) -> Bool {
        var count = bytes.count
        while count < limit {
            if count == bytes.count {
                let grown = Swift.min(limit, Swift.max(expected + 1, 2 * bytes.count, 1 << 16))
                bytes.reserveCapacity(grown)
                bytes.append(contentsOf: repeatElement(0, count: grown - bytes.count))
            }
            let read = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read < 0 {
                if errno == EINTR { continue }
                bytes.removeSubrange(count...)
                return false
            }
            if read == 0 { break }
            count += read
        }
        bytes.removeSubrange(count...)
        return true
    }
}

extension String {
    /// `value` with one decimal: `1.5`.
    fileprivate init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}

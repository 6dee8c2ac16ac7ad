#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file opened for reading with a bound on its size.
///
/// `init` opens the path without blocking (a FIFO with no writer does not hang the open),
/// checks that it is a regular file (a FIFO, a device such as `/dev/zero`, a socket or a
/// folder is refused) and that its size is at most `limit` bytes, all before reading a
/// byte: a 3 GB sparse file costs one `fstat`. The reads then stop at `limit`, so a file
/// that grows while it is read is refused too. The file is identified by its device and
/// inode (`identity`), the same for every spelling of its path.
///
/// Errors are `InputError`s at `location`, with a message that starts with `prefix`
/// (`cannot read: Is a directory`, `request.json is a FIFO, not a regular file`).
final class InputFile {
    /// A file's identity: the same for `a.png`, `./a.png` and a link to it.
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    let path: String
    let identity: Identity
    /// The size `fstat` reported when the file was opened.
    let size: Int
    /// The most bytes the file may have.
    let limit: Int
    private let descriptor: Int32
    private let location: String

    /// Opens `path` for bounded reading (see the type's comment).
    init(_ path: String, limit: Int, location: String) throws {
        try FileAccess.checkPath(path, location: location)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw FileAccess.failure(location, "cannot read") }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = FileAccess.failure(location, "cannot read")
            close(descriptor)
            throw error
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            let kind = FileAccess.kind(of: status)
            let hint = status.st_mode & S_IFMT == S_IFDIR ? "" : " (give - to read standard input)"
            throw InputError(location, "cannot read: it is \(kind), not a regular file\(hint)")
        }
        self.path = path
        self.descriptor = descriptor
        self.location = location
        self.limit = limit
        size = Int(status.st_size)
        identity = Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        guard size <= limit else {
            // `deinit` closes the descriptor.
            throw tooLarge(size)
        }
    }

    deinit { close(descriptor) }

    /// The error for a file of `size` bytes (or more) when that is over the limit.
    private func tooLarge(_ size: Int, orMore: Bool = false) -> InputError {
        InputError(
            location,
            "cannot read: the file has \(orMore ? "more than " : "")\(FileAccess.describe(bytes: size)), over the "
                + "input limit of \(FileAccess.describe(bytes: limit)) (--max-input raises it)")
    }

    /// The next bytes of the file, at most `count` of them (fewer at its end).
    func read(upTo count: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        guard FileAccess.readAll(descriptor, appendingTo: &bytes, upTo: count, expected: Swift.min(count, size)) else {
            throw FileAccess.failure(location, "cannot read")
        }
        return bytes
    }

    /// Reads the rest of the file into the end of `bytes`, which holds what was read of it
    /// before; throws when the whole file would be over the limit (it grew since it was
    /// opened).
    func readRest(appendingTo bytes: inout [UInt8]) throws {
        guard FileAccess.readAll(descriptor, appendingTo: &bytes, upTo: limit + 1, expected: Swift.min(size, limit)) else {
            throw FileAccess.failure(location, "cannot read")
        }
        guard bytes.count <= limit else { throw tooLarge(limit, orMore: true) }
    }

    /// The rest of the file (all of it when nothing was read).
    func readRest() throws -> [UInt8] {
        var bytes: [UInt8] = []
        try readRest(appendingTo: &bytes)
        return bytes
    }
}

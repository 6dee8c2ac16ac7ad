import CadenceScene
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing an output file (`--out`) so that it never replaces what it should not.
///
/// What the path names now decides how it is written (`OutputTarget`):
/// - nothing, or a regular file: **atomically** — into a new temporary file beside it
///   (registered with `TemporaryFiles`), renamed over the path once complete; on a failure
///   the temporary file is removed and the path is left as it was;
/// - a symbolic link: the link is never replaced. A link to a regular file has that file
///   written atomically (beside it, where the link points); a link to a character device
///   or a FIFO is written into; a link to anything else, or to nothing, is refused;
/// - a character device or a FIFO (`/dev/null`, `/dev/tty`, a pipe a reader holds open):
///   **written into**, never replaced; a FIFO that no process reads is refused rather than
///   waited for; `/dev/full` reports its error;
/// - `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N`: the process's open
///   descriptor, written into whatever it is (a pipe, a terminal, a file the shell opened);
/// - a folder, a block device or a socket: refused.
extension FileAccess {
    /// How an output path is written.
    enum OutputTarget: Equatable {
        /// Atomically at `path` (absent, or a regular file; a link's target).
        case file(String)
        /// Into the character device or FIFO at `path`.
        case stream(String)
        /// Into the process's open descriptor `descriptor`.
        case descriptor(Int32)
    }

    /// How `path` is written now (see the extension's comment); throws at `location` for
    /// what is refused.
    static func outputTarget(_ path: String, location: String) throws -> OutputTarget {
        try checkPath(path, location: location)
        if let descriptor = descriptorAlias(path) { return .descriptor(descriptor) }
        let shown = MessageText.path(path)
        var status = stat()
        guard lstat(path, &status) == 0 else {
            guard errno == ENOENT else { throw failure(location, "cannot write \(shown)") }
            return .file(path)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file(path)
        case S_IFCHR, S_IFIFO: return .stream(path)
        case S_IFLNK: break
        case S_IFDIR: throw InputError(location, "cannot write \(shown): it is a folder, not a file")
        default: throw refusal(shown, kind(of: status), location: location)
        }
        // A symbolic link: what it names decides; the link itself stays.
        guard stat(path, &status) == 0 else {
            throw InputError(location, "cannot write \(shown): it is a symbolic link to nothing (a link is never replaced)")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard let resolved = realpath(path, nil) else { throw failure(location, "cannot write \(shown)") }
            defer { free(resolved) }
            return .file(String(cString: resolved))
        case S_IFCHR, S_IFIFO: return .stream(path)
        default: throw refusal(shown, "a symbolic link to \(kind(of: status))", location: location)
        }
    }

    /// The refusal of a path that is `kind`.
    private static func refusal(_ shown: String, _ kind: String, location: String) -> InputError {
        InputError(location, "cannot write \(shown): it is \(kind) (only files, character devices and FIFOs are written)")
    }

    /// The descriptor `path` names when it is `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or
    /// `/proc/self/fd/N`.
    static func descriptorAlias(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }

    /// Writes `line`, the summary of writing `path`, to standard output — unless `path`
    /// is standard output itself (`/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`), where the
    /// line would follow the file's bytes.
    static func summary(_ line: String, for path: String, to console: Console) throws {
        guard descriptorAlias(path) != 1 else { return }
        try console.writeOutput(line)
    }

    /// Writes `bytes` to `path` as `outputTarget` says. Errors are located at `location`.
    static func write(_ bytes: [UInt8], to path: String, location: String) throws {
        switch try outputTarget(path, location: location) {
        case .file(let file): try writeAtomically(bytes, to: file, location: location)
        case .stream(let stream): try writeDirectly(bytes, to: stream, location: location)
        case .descriptor(let descriptor):
            guard writeAll(bytes, to: descriptor) else { throw failure(location, "cannot write \(MessageText.path(path))") }
        }
    }

    /// Writes `bytes` to `path` (absent or a regular file) atomically: into a new temporary
    /// file in the same folder, registered with `TemporaryFiles`, which is then renamed
    /// over `path`. On any failure the temporary file is removed and `path` is left as it
    /// was. Errors are located at `location`.
    static func writeAtomically(_ bytes: [UInt8], to path: String, location: String) throws {
        let temporary = try writeTemporary(bytes, beside: path, location: location)
        guard rename(temporary, path) == 0 else {
            let error = failure(location, "cannot write \(MessageText.path(path))")
            unlink(temporary)
            TemporaryFiles.shared.unregister(file: temporary)
            throw error
        }
        TemporaryFiles.shared.unregister(file: temporary)
    }

    /// Writes `bytes` to a new temporary file in the folder of `path`, named after it
    /// (`.NAME.PID-RANDOM.tmp`) and registered with `TemporaryFiles`; returns its path.
    /// On a failure nothing is left behind.
    static func writeTemporary(_ bytes: [UInt8], beside path: String, location: String) throws -> String {
        let shown = MessageText.path(path)
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { throw InputError(location, "\(shown) names a folder, not a file") }
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<8 {
            temporary = "\(folder).\(name).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
            TemporaryFiles.shared.register(file: temporary)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 { break }
            let reason = errno
            TemporaryFiles.shared.unregister(file: temporary)
            errno = reason
            if reason != EEXIST { break }
        }
        guard descriptor >= 0 else { throw failure(location, "cannot write \(shown)") }
        let written = writeAll(bytes, to: descriptor)
        var reason = errno
        let closed = close(descriptor) == 0
        if written && !closed { reason = errno }
        guard written && closed else {
            errno = reason
            let error = failure(location, "cannot write \(shown)")
            unlink(temporary)
            TemporaryFiles.shared.unregister(file: temporary)
            throw error
        }
        return temporary
    }

    /// Writes `bytes` into the character device or FIFO at `path`: opened without
    /// creating, truncating or blocking (a FIFO without a reader is refused), checked to be
    /// what `outputTarget` saw, then written whole with ordinary blocking writes.
    static func writeDirectly(_ bytes: [UInt8], to path: String, location: String) throws {
        let shown = MessageText.path(path)
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENXIO { throw InputError(location, "cannot write \(shown): no process is reading the FIFO") }
            throw failure(location, "cannot write \(shown)")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(location, "cannot write \(shown)") }
        let type = status.st_mode & S_IFMT
        guard type == S_IFCHR || type == S_IFIFO else {
            throw InputError(location, "cannot write \(shown): it changed into \(kind(of: status)) while being opened")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        guard writeAll(bytes, to: descriptor) else { throw failure(location, "cannot write \(shown)") }
    }

    /// Writes all of `bytes` to `descriptor`; false (with `errno` set) on an error.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += count
        }
        return true
    }
}

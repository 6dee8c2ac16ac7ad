import Cadence
import CadenceScene
import Foundation

/// A folder that a command writes several files into (numbered frames, a contact sheet),
/// such that a failed run changes nothing that was there before and leaves nothing of its
/// own behind.
///
/// The folder and any missing parents are created on `init`. Each file is first written
/// to a temporary file in the folder (`FileAccess.writeTemporary`, registered for removal
/// on a signal); only when every file is written does `commit()` rename them into place,
/// in order. A file name that is already taken by anything but a regular file (a link, a
/// folder, a device) is refused before anything is written (`check`), so a regular file
/// is the only thing a run can replace. `discard()` — on any failure before the commit —
/// removes the temporary files and the folders this run created, so files of an earlier
/// run are left exactly as they were. (Should a rename itself fail part-way through the
/// commit, the files it already renamed that did not exist before are removed; those that
/// replaced an earlier file stay.)
struct FrameFolder {
    /// The folder as given.
    let path: String
    /// Where errors are located (`--out`).
    let location: String
    /// The folders `init` created, outermost first.
    private var created: [String] = []
    /// The files staged so far, in order: the temporary file, where it goes, and whether a
    /// file was there before.
    private var staged: [(temporary: String, file: String, existed: Bool)] = []

    /// Opens `path` as the output folder, creating it and its missing parents. Throws an
    /// `InputError` at `location` when a part of the path is a file, or a folder cannot
    /// be created.
    init(_ path: String, location: String) throws {
        try FileAccess.checkPath(path, location: location)
        self.path = path
        self.location = location
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: prefix, isDirectory: &isFolder) {
                guard isFolder.boolValue else {
                    discard()
                    throw InputError(location, "\(MessageText.path(prefix)) is a file, not a folder")
                }
            } else {
                TemporaryFiles.shared.register(folder: prefix)
                guard mkdir(prefix, 0o755) == 0 else {
                    let reason = String(cString: strerror(errno))
                    TemporaryFiles.shared.unregister(folder: prefix)
                    discard()
                    throw InputError(location, "cannot create the folder \(MessageText.path(prefix)): \(reason)")
                }
                created.append(prefix)
            }
            prefix += "/"
        }
    }

    /// Opens the folder `path` (as `init` does) and runs `body` with it, then commits what
    /// it wrote (`commit()`); when `body` or the commit throws, discards what this run
    /// wrote (`discard()`) and rethrows.
    static func writing<Result>(into path: String, location: String, _ body: (inout FrameFolder) throws -> Result) throws -> Result {
        var folder = try FrameFolder(path, location: location)
        do {
            let result = try body(&folder)
            try folder.commit()
            return result
        } catch {
            folder.discard()
            throw error
        }
    }

    /// The path of file `name` in the folder.
    func file(_ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }

    /// Throws when a file `name` in the folder exists as anything but a regular file; returns
    /// whether a regular file is there.
    func check(_ name: String) throws -> Bool {
        let file = file(name)
        var status = stat()
        guard lstat(file, &status) == 0 else {
            guard errno == ENOENT else { throw FileAccess.failure(location, "cannot write \(MessageText.path(file))") }
            return false
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw InputError(
                location,
                "cannot write \(MessageText.path(file)): it is \(FileAccess.kind(of: status)) (a file of a sequence "
                    + "replaces only a regular file)")
        }
        return true
    }

    /// Writes `bytes` as file `name` of the folder, to a temporary file until `commit()`;
    /// returns the file's path.
    mutating func write(_ bytes: [UInt8], as name: String) throws -> String {
        let file = file(name)
        let existed = try check(name)
        let temporary = try FileAccess.writeTemporary(bytes, beside: file, location: location)
        staged.append((temporary, file, existed))
        return file
    }

    /// Renames every staged file into place, in order, and keeps the folders created.
    mutating func commit() throws {
        for (index, entry) in staged.enumerated() {
            guard rename(entry.temporary, entry.file) == 0 else {
                let error = FileAccess.failure(location, "cannot write \(MessageText.path(entry.file))")
                for done in staged[..<index] where !done.existed { unlink(done.file) }
                staged.removeFirst(index)
                throw error
            }
            TemporaryFiles.shared.unregister(file: entry.temporary)
        }
        staged = []
        for folder in created { TemporaryFiles.shared.unregister(folder: folder) }
        created = []
    }

    /// Removes the temporary files of this run and the folders it created (a folder only
    /// if it is empty by then).
    mutating func discard() {
        for entry in staged.reversed() {
            unlink(entry.temporary)
            TemporaryFiles.shared.unregister(file: entry.temporary)
        }
        staged = []
        for folder in created.reversed() {
            rmdir(folder)
            TemporaryFiles.shared.unregister(folder: folder)
        }
        created = []
    }
}

// MARK: - Frames

extension FrameFolder {
    /// The name of frame `index`: `frame-0000.png` for 0, four digits, zero-padded.
    static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits + ".png"
    }

    /// Renders `scene` at each of `times` with `compositor` and writes the frames
    /// `frame-0000.png` … in order, PNG at `level`, with up to `framesInFlight` frames
    /// drawn and being encoded at once (`FramePipeline`); `each` sees every frame once it
    /// is drawn. Every frame name is checked (`check`) before the first frame is drawn.
    /// Returns one summary line per file — `wrote DIR/frame-0000.png (640×400, 0 s)` —
    /// and what the run took.
    mutating func writeFrames(
        of scene: Scene, at times: [Double], with compositor: Compositor = Compositor(),
        level: Int = PNGEncoder.fastLevel, framesInFlight: Int = 1, each: (Bitmap) -> Void = { _ in }
    ) throws -> (lines: String, timing: FramePipeline.Timing) {
        for index in times.indices { _ = try check(Self.frameName(index)) }
        let size = "\(scene.canvas.pixelWidth)×\(scene.canvas.pixelHeight)"
        var lines = ""
        let pipeline = FramePipeline(level: level, framesInFlight: framesInFlight)
        let timing = try pipeline.run(count: times.count, draw: { try scene.render(at: times[$0], with: compositor, into: &$1) },
                                      each: each) { index, file in
            let path = try write(file, as: Self.frameName(index))
            lines += "wrote \(MessageText.escaped(path, quotes: false)) (\(size), \(JSONValue.format(times[index])) s)\n"
        }
        return (lines, timing)
    }
}

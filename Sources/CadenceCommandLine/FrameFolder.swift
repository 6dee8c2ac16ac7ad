import Cadence
import Foundation

/// A folder that a command writes several files into (numbered frames, a contact sheet),
/// such that a failed run leaves nothing of its own behind.
///
/// The folder and any missing parents are created on `init`. Each file is written
/// atomically (`FileAccess.writeAtomically`: a temporary name, then a rename), so a file
/// appears only once it is complete. `discard()` removes the files this run wrote and the
/// folders it created, and leaves everything else as it was — including files of an
/// earlier run that this run overwrote, which are gone (the new frame replaced them).
struct FrameFolder {
    /// The folder as given.
    let path: String
    /// Where errors are located (`--out`).
    let location: String
    /// The folders `init` created, outermost first.
    private var created: [String] = []
    /// The files written so far, in order.
    private(set) var written: [String] = []

    /// Opens `path` as the output folder, creating it and its missing parents. Throws an
    /// `InputError` at `location` when a part of the path is a file, or a folder cannot
    /// be created.
    init(_ path: String, location: String) throws {
        guard !path.isEmpty else { throw InputError(location, "the path is empty") }
        self.path = path
        self.location = location
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: prefix, isDirectory: &isFolder) {
                guard isFolder.boolValue else {
                    discard()
                    throw InputError(location, "\(prefix) is a file, not a folder")
                }
            } else if mkdir(prefix, 0o755) == 0 {
                created.append(prefix)
            } else {
                let reason = String(cString: strerror(errno))
                discard()
                throw InputError(location, "cannot create the folder \(prefix): \(reason)")
            }
            prefix += "/"
        }
    }

    /// Opens the folder `path` (as `init` does) and runs `body` with it; when `body` throws,
    /// discards what this run wrote (`discard()`) and rethrows.
    static func writing<Result>(into path: String, location: String, _ body: (inout FrameFolder) throws -> Result) throws -> Result {
        var folder = try FrameFolder(path, location: location)
        do {
            return try body(&folder)
        } catch {
            folder.discard()
            throw error
        }
    }

    /// The path of file `name` in the folder.
    func file(_ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }

    /// Writes `bytes` as file `name` in the folder, atomically; returns its path.
    mutating func write(_ bytes: [UInt8], as name: String) throws -> String {
        let file = file(name)
        try FileAccess.writeAtomically(bytes, to: file, location: location)
        written.append(file)
        return file
    }

    /// Removes the files written and the folders created by this run (a folder only if it
    /// is empty by then).
    func discard() {
        for file in written.reversed() { unlink(file) }
        for folder in created.reversed() { rmdir(folder) }
    }
}

// MARK: - Frames

extension FrameFolder {
    /// The name of frame `index`: `frame-0000.png` for 0, four digits, zero-padded.
    static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits + ".png"
    }

    /// Renders `scene` at each of `times` (one `Compositor` for all) and writes the frames
    /// `frame-0000.png` … in order; `each` sees every frame once it is written. Returns
    /// one summary line per file: `wrote DIR/frame-0000.png (640×400, 0 s)`.
    mutating func writeFrames(of scene: Scene, at times: [Double], each: (Bitmap) -> Void = { _ in }) throws -> String {
        let compositor = Compositor()
        let size = "\(scene.canvas.pixelWidth)×\(scene.canvas.pixelHeight)"
        var lines = ""
        for (index, time) in times.enumerated() {
            let bitmap = try scene.render(at: time, with: compositor)
            let file = try write(try PNGEncoder.output(bitmap), as: Self.frameName(index))
            each(bitmap)
            lines += "wrote \(file) (\(size), \(JSONValue.format(time)) s)\n"
        }
        return lines
    }
}

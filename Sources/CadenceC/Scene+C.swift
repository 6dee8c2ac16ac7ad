import CCadence
import Cadence
import CadenceScene
import Synchronization

/// The object behind a `cadence_scene` handle: a decoded scene and the compositor that
/// keeps its scratch memory between frames. Layers and the compositor are not thread-safe,
/// so renders on one scene take its lock and run one at a time.
final class SceneObject: HandleObject {
    static let kind = "scene"

    /// The scene, its compositor and the frame it draws into, used under the lock (the
    /// compositor is made again when a render asks for another thread count; the frame is
    /// reused from the second render on).
    private struct Renderer: ~Copyable {
        let scene: Scene
        var compositor: Compositor
        var frame: Bitmap?
    }

    private let renderer: Mutex<Renderer>
    let pixelWidth: Int
    let pixelHeight: Int

    init(_ scene: sending Scene) {
        pixelWidth = scene.canvas.pixelWidth
        pixelHeight = scene.canvas.pixelHeight
        renderer = Mutex(Renderer(scene: scene, compositor: Compositor(), frame: nil))
    }

    /// Draws the frame at `time` in at most `threads` bands at once (0: one per active
    /// processor; the pixels do not depend on it) into the scene's reused bitmap and calls
    /// `read` with it, under the lock.
    func render<R>(at time: Double, threads: Int, _ read: (Bitmap) -> R) throws -> R {
        let count = threads == 0 ? Compositor.activeProcessorCount : Swift.min(threads, Compositor.maxThreadCount)
        return try renderer.withLock { renderer in
            if renderer.compositor.threadCount != count { renderer.compositor = Compositor(threadCount: count) }
            var frame = try renderer.frame.take() ?? Bitmap(width: 1, height: 1)
            defer { renderer.frame = frame }
            try renderer.scene.render(at: time, with: renderer.compositor, into: &frame)
            return read(frame)
        }
    }
}

@c @implementation
public func cadence_scene_create_json(
    _ json: UnsafePointer<CChar>?, _ length: Int, _ baseDirectory: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> cadence_status {
    APICall.run("cadence_scene_create_json") { call in
        let document = try call.document(json, length: length)
        let folder = baseDirectory == nil ? "" : try call.string(baseDirectory, "base_directory")
        let out = try call.required(out, "out")
        let scene = try Scene(document: document, source: "json", folder: folder)
        out.pointee = HandleTable.insert(SceneObject(scene))
    }
}

@c @implementation
public func cadence_scene_destroy(_ scene: OpaquePointer?) {
    HandleTable.remove(scene, as: SceneObject.self)
}

@c @implementation
public func cadence_scene_pixel_size(
    _ scene: OpaquePointer?, _ width: UnsafeMutablePointer<Int>?, _ height: UnsafeMutablePointer<Int>?
) -> cadence_status {
    APICall.run("cadence_scene_pixel_size") { call in
        let object = try HandleTable.object(scene, as: SceneObject.self, in: call, "scene")
        let (width, height) = (try call.required(width, "width"), try call.required(height, "height"))
        (width.pointee, height.pointee) = (object.pixelWidth, object.pixelHeight)
    }
}

@c @implementation
public func cadence_scene_render(
    _ scene: OpaquePointer?, _ time: Double, _ pixels: UnsafeMutablePointer<UInt8>?, _ width: Int, _ height: Int,
    _ stride: Int, _ size: Int, _ format: cadence_pixel_format, _ threads: Int
) -> cadence_status {
    APICall.run("cadence_scene_render") { call in
        let object = try HandleTable.object(scene, as: SceneObject.self, in: call, "scene")
        let premultiplied: Bool
        switch format {
        case CADENCE_PIXELS_RGBA: premultiplied = false
        case CADENCE_PIXELS_RGBA_PREMULTIPLIED: premultiplied = true
        default: throw call.failure(CADENCE_ERROR_INVALID_ARGUMENT, "format: \(format.rawValue) is not a cadence_pixel_format")
        }
        guard time.isFinite else { throw call.failure(CADENCE_ERROR_INVALID_ARGUMENT, "time: \(time) is not a finite number") }
        guard width == object.pixelWidth, height == object.pixelHeight else {
            throw call.failure(
                CADENCE_ERROR_INVALID_ARGUMENT,
                "\(UInt(bitPattern: width))×\(UInt(bitPattern: height)) is not the scene's size, \(object.pixelWidth)×\(object.pixelHeight)")
        }
        let rowBytes = 4 * width
        guard UInt(bitPattern: stride) >= UInt(rowBytes) else {
            throw call.failure(CADENCE_ERROR_INVALID_ARGUMENT, "stride: \(UInt(bitPattern: stride)) is less than 4 × \(width)")
        }
        // (height − 1) · stride + 4 · width, in unsigned arithmetic that cannot overflow
        // silently.
        let (rows, overflow) = UInt(height - 1).multipliedReportingOverflow(by: UInt(bitPattern: stride))
        let needed = overflow ? UInt.max : rows.addingReportingOverflow(UInt(rowBytes)).partialValue
        guard UInt(bitPattern: size) >= needed else {
            throw call.failure(CADENCE_ERROR_BUFFER_TOO_SMALL, "pixels holds \(UInt(bitPattern: size)) bytes, \(needed) needed")
        }
        let pixels = try call.required(pixels, "pixels")
        try object.render(at: time, threads: Int(clamping: UInt(bitPattern: threads))) { bitmap in
            bitmap.pixels.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    let from = y * bitmap.bytesPerRow, to = y * stride
                    if premultiplied {
                        (pixels + to).update(from: source.baseAddress! + from, count: rowBytes)
                        continue
                    }
                    PNGEncoder.unpremultiply(source.baseAddress! + from, count: width, into: pixels + to)
                }
            }
        }
    }
}

import CadenceGeometry
@testable import CadenceLayers

/// A layout manager that records its calls in a shared log and runs `body` on layout.
final class RecordingLayoutManager: LayoutManager {
    var log: [String] = []
    let tag: String
    let body: (Layer) -> Void
    var preferred: Size?
    var onLog: ((String) -> Void)?

    init(_ tag: String, preferred: Size? = nil, body: @escaping (Layer) -> Void = { _ in }) {
        self.tag = tag
        self.preferred = preferred
        self.body = body
    }

    private func record(_ entry: String) {
        log.append(entry)
        onLog?(entry)
    }

    func preferredSize(of layer: Layer) -> Size? { preferred }
    func invalidateLayout(of layer: Layer) { record("invalidate \(tag)") }
    func layoutSublayers(of layer: Layer) {
        record("layout \(tag)")
        body(layer)
    }
}

/// A delegate that records `layoutSublayers(of:)`.
final class RecordingLayoutDelegate: LayerDelegate {
    var log: [String] = []
    func layoutSublayers(of layer: Layer) { log.append("delegate \(layer.name ?? "?")") }
}

/// A layer at `frame` (anchor point at the centre), named.
func makeFramedLayer(_ name: String, _ frame: Rect, mask: AutoresizingMask = []) -> Layer {
    let layer = Layer()
    layer.name = name
    layer.frame = frame
    layer.autoresizingMask = mask
    return layer
}

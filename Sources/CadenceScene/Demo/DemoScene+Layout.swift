import CadenceAnimation
import CadenceGeometry
import CadenceLayers
import CadenceTiming

// The demo's fourth row: layout (autoresizing and constraints, as a container's model
// bounds change), scrolling and springs (`docs/layout.md`, `docs/animations.md`).

extension DemoScene {
    // MARK: Panels

    /// A window whose model bounds grow at 0 s and shrink back at 1.5 s (each change
    /// animated as an implicit action over 1.3 s): its title bar keeps its top and height
    /// and stretches, the content stretches both ways, the button keeps its bottom-right
    /// corner and the dot stays centred, each by its `autoresizingMask`.
    static func autoresizing(_ panel: Layer) -> [SceneSchedule.Change] {
        let window = box(x: 14, y: 30, width: small.width, height: small.height, color: rgb(0x202533), radius: 6)
        window.borderWidth = 1
        window.borderColor = rgb(0x4A5368)
        window.masksToBounds = true
        let parts: [(Rect, Color, AutoresizingMask)] = [
            (Rect(x: 0, y: 0, width: small.width, height: 12), blue, [.widthSizable, .maxYMargin]),
            (Rect(x: 6, y: 18, width: small.width - 12, height: small.height - 38), rgb(0x2E3547), [.widthSizable, .heightSizable]),
            (Rect(x: small.width - 26, y: small.height - 14, width: 20, height: 8), green, [.minXMargin, .minYMargin]),
            (Rect(x: small.width / 2 - 5, y: 18 + (small.height - 38) / 2 - 5, width: 10, height: 10), yellow,
             [.minXMargin, .maxXMargin, .minYMargin, .maxYMargin]),
        ]
        for (frame, color, mask) in parts {
            let part = box(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, color: color, radius: 2)
            part.autoresizingMask = mask
            add(part, to: window)
        }
        add(window, to: panel)
        return resizes(window)
    }

    /// The same resizing container laid out by a `ConstraintLayoutManager`: a sidebar
    /// pinned to the left edge (its height from two edges), a main area filling the rest
    /// of the top half, and a badge under it, centred on it and half as wide.
    static func constraints(_ panel: Layer) -> [SceneSchedule.Change] {
        let container = box(x: 14, y: 30, width: small.width, height: small.height, color: rgb(0x202533), radius: 6)
        container.borderWidth = 1
        container.borderColor = rgb(0x4A5368)
        container.layoutManager = ConstraintLayoutManager()
        func part(_ name: String, _ color: Color, width: Double, _ constraints: [Constraint]) {
            let layer = box(x: 0, y: 0, width: width, height: 10, color: color, radius: 3)
            layer.name = name
            layer.constraints = constraints
            add(layer, to: container)
        }
        typealias C = Constraint
        part("side", purple, width: 14, [
            C(attribute: .minX, relativeTo: "superlayer", attribute: .minX, offset: 6),
            C(attribute: .minY, relativeTo: "superlayer", attribute: .minY, offset: 6),
            C(attribute: .maxY, relativeTo: "superlayer", attribute: .maxY, offset: -6),
        ])
        part("main", orange, width: 0, [
            C(attribute: .minX, relativeTo: "side", attribute: .maxX, offset: 6),
            C(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX, offset: -6),
            C(attribute: .minY, relativeTo: "superlayer", attribute: .minY, offset: 6),
            C(attribute: .height, relativeTo: "superlayer", attribute: .height, scale: 0.5, offset: -9),
        ])
        part("badge", pink, width: 0, [
            C(attribute: .midX, relativeTo: "main", attribute: .midX),
            C(attribute: .width, relativeTo: "main", attribute: .width, scale: 0.5),
            C(attribute: .minY, relativeTo: "main", attribute: .maxY, offset: 6),
            C(attribute: .maxY, relativeTo: "superlayer", attribute: .maxY, offset: -6),
        ])
        add(container, to: panel)
        return resizes(container)
    }

    /// A vertical scroll layer over a list of ten rows: it scrolls down at 0.6 s, to the
    /// last row (a rectangle: the least move that shows it) at 1.4 s and back to the top
    /// at 2.3 s, each scroll animated over 0.6 s.
    static func scrolling(_ panel: Layer) -> [SceneSchedule.Change] {
        let list = Layer.scrollLayer(mode: .vertically)
        list.frame = Rect(x: 14, y: 30, width: panelWidth - 28, height: panelHeight - 44)
        list.backgroundColor = rgb(0x202533)
        list.cornerRadius = 6
        let colors = [blue, green, orange, purple, yellow, pink]
        let rowHeight = 26.0
        for row in 0..<10 {
            let y = 4 + Double(row) * rowHeight
            add(box(x: 4, y: y, width: list.bounds.width - 8, height: rowHeight - 4, color: rgb(0x2E3547), radius: 4), to: list)
            add(dot(x: 15, y: y + (rowHeight - 4) / 2, diameter: 10, color: colors[row % colors.count]), to: list)
            add(box(x: 26, y: y + 8, width: 30 + Double(row * 7 % 40), height: 6, color: rgb(0x4A5368), radius: 3), to: list)
        }
        add(list, to: panel)
        let last = Rect(x: 0, y: 4 + 9 * rowHeight, width: list.bounds.width, height: rowHeight)
        return [
            SceneSchedule.Change(time: 0.6, animationDuration: 0.6) { list.scroll(to: Point(x: 0, y: 90)) },
            SceneSchedule.Change(time: 1.4, animationDuration: 0.6) { list.scroll(to: last) },
            SceneSchedule.Change(time: 2.3, animationDuration: 0.6) { list.scroll(to: Point(x: 0, y: 0)) },
        ]
    }

    /// Three balls dropped on springs (`BasicAnimation.spring`) of the same stiffness and
    /// damping 5, 10 and 20: the under-damped ones overshoot and ring, the last settles
    /// almost at once; each restarts at every loop.
    static func springs(_ panel: Layer) {
        for (index, damping) in [5.0, 10, 20].enumerated() {
            let x = panelWidth * Double(index + 1) / 4
            add(box(x: x - 1, y: 34, width: 2, height: 112, color: railColor, radius: 1), to: panel)
            let ball = dot(x: x, y: 40, diameter: 18, color: [pink, yellow, green][index])
            ball.add(BasicAnimation<Double>(
                keyPath: "position.y", fromValue: 40, toValue: 120, timing: loop(duration),
                spring: Spring(stiffness: 100, damping: damping)), forKey: "drop")
            ball.position = Point(x: x, y: 120)
            add(ball, to: panel)
        }
    }

    // MARK: Helpers

    /// The resizing container's two sizes.
    static let small = Size(width: 70, height: 64), large = Size(width: panelWidth - 28, height: panelHeight - 44)

    /// `container` grows to `large` at 0 s and shrinks back to `small` at 1.5 s, each change
    /// of its model bounds animated over 1.3 s (its top-left corner stays).
    static func resizes(_ container: Layer) -> [SceneSchedule.Change] {
        func resize(to size: Size) {
            let origin = container.frame.origin
            container.bounds.size = size
            container.position = Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2)
        }
        return [
            SceneSchedule.Change(time: 0, animationDuration: 1.3) { resize(to: large) },
            SceneSchedule.Change(time: 1.5, animationDuration: 1.3) { resize(to: small) },
        ]
    }
}

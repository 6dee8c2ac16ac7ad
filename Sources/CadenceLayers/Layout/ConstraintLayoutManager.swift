import CadenceGeometry

/// Lays out a layer's sublayers by their `constraints` (Core Animation's
/// `CAConstraintLayoutManager`).
///
/// **Solving an axis.** For each sublayer and each axis that has constraints, every usable
/// constraint gives a value (`scale · source + offset`; the last one for an attribute
/// wins). The extent is the `width`/`height` value, else what two edges give (min and
/// max, else min and mid, else mid and max), else the current one; a negative extent
/// becomes 0. The minimum edge is then placed by the min value, else the mid, else the
/// max, else left where it is. So one edge keeps the size ("the layer's size in the same
/// axis will be used as the second relationship") and two edges set it. The sublayer's
/// `frame` is set along that axis only (through the setter: actions run); an axis with no
/// constraint is untouched.
///
/// **Sources.** `""` or `"superlayer"` is the superlayer, read from its bounds (even if a
/// sibling is named "superlayer"); any other name is the first sublayer (lowest index)
/// with that name, read from its frame. A name no sibling has, or a non-finite `scale` or
/// `offset`, and the constraint is ignored; so is one whose value is not finite.
///
/// **Order.** A sibling's axis is solved before the axes that read it (a depth-first walk
/// in sublayer order, x before y). A cycle (`a.minX` from `b`, `b.minX` from `a`, or a
/// layer read by its own axis) is cut where it closes: the layer whose axis is still
/// being solved is read as it stands at that moment. Every constraint is applied once per
/// layout, so a cycle never loops (Core Animation calls such systems undefined).
///
/// Cost: O(sublayers + constraints) per layout; no recursion (an explicit stack).
public struct ConstraintLayoutManager: LayoutManager, Sendable {
    public init() {}

    /// Solves every sublayer's constraints (see the type).
    public func layoutSublayers(of layer: Layer) {
        let sublayers = layer.sublayers
        guard sublayers.contains(where: { !$0.storage.constraints.isEmpty }) else { return }
        var system = ConstraintSystem(sublayers: sublayers, bounds: layer.bounds)
        system.solve()
    }
}

/// The constraints of one layer's sublayers, as nodes (one per sublayer and axis) with the
/// nodes they read.
private struct ConstraintSystem {
    enum State: UInt8 { case unvisited, solving, solved }

    let sublayers: [Layer]
    let bounds: Rect
    /// Per node (`2 · index + axis`, axis 0 = x): its usable constraints with their source
    /// layer (`nil`: the superlayer).
    var constraints: [[(constraint: Constraint, source: Int?)]]
    var state: [State]

    init(sublayers: [Layer], bounds: Rect) {
        self.sublayers = sublayers
        self.bounds = bounds
        var firstByName: [String: Int] = [:]
        for (index, layer) in sublayers.enumerated() {
            if let name = layer.name, firstByName[name] == nil { firstByName[name] = index }
        }
        constraints = Array(repeating: [], count: 2 * sublayers.count)
        for (index, layer) in sublayers.enumerated() {
            for constraint in layer.storage.constraints where constraint.isUsable {
                let source: Int?
                if constraint.isRelativeToSuperlayer {
                    source = nil
                } else if let sibling = firstByName[constraint.sourceName] {
                    source = sibling
                } else {
                    continue  // no such sibling: ignored
                }
                constraints[2 * index + (constraint.attribute.isHorizontal ? 0 : 1)].append((constraint, source))
            }
        }
        state = Array(repeating: .unvisited, count: constraints.count)
    }

    /// The node a constraint's source attribute is on (`nil` for the superlayer).
    static func sourceNode(_ entry: (constraint: Constraint, source: Int?)) -> Int? {
        entry.source.map { 2 * $0 + (entry.constraint.sourceAttribute.isHorizontal ? 0 : 1) }
    }

    /// Solves every node after the nodes it reads (depth first, in node order).
    mutating func solve() {
        var stack: [(node: Int, next: Int)] = []
        for start in constraints.indices where state[start] == .unvisited && !constraints[start].isEmpty {
            state[start] = .solving
            stack.append((start, 0))
            while let (node, next) = stack.last {
                if next < constraints[node].count {
                    stack[stack.count - 1].next += 1
                    // A source with constraints not yet solved goes first; one being solved
                    // (a cycle) or without constraints is read as it stands.
                    if let source = Self.sourceNode(constraints[node][next]), state[source] == .unvisited,
                       !constraints[source].isEmpty {
                        state[source] = .solving
                        stack.append((source, 0))
                    }
                } else {
                    stack.removeLast()
                    apply(node)
                    state[node] = .solved
                }
            }
        }
    }

    /// The value of `attribute` of sublayer `index`'s frame, or of the superlayer's bounds.
    func value(of attribute: Constraint.Attribute, source: Int?) -> Double {
        let r = source.map { sublayers[$0].frame } ?? bounds
        switch attribute {
        case .minX: return r.minX
        case .midX: return r.midX
        case .maxX: return r.maxX
        case .width: return r.width
        case .minY: return r.minY
        case .midY: return r.midY
        case .maxY: return r.maxY
        case .height: return r.height
        }
    }

    /// Sets one axis of one sublayer's frame from its constraints (see
    /// `ConstraintLayoutManager`).
    func apply(_ node: Int) {
        let layer = sublayers[node / 2]
        let horizontal = node % 2 == 0
        // min, mid, max, extent: the last usable value of each.
        var values: [Double?] = [nil, nil, nil, nil]
        for (constraint, source) in constraints[node] {
            let value = constraint.scale * self.value(of: constraint.sourceAttribute, source: source) + constraint.offset
            guard value.isFinite else { continue }
            values[constraint.attribute.rawValue % 4] = value
        }
        let frame = layer.frame
        let (currentMin, currentExtent) = horizontal ? (frame.minX, frame.width) : (frame.minY, frame.height)
        let (minEdge, mid, maxEdge) = (values[0], values[1], values[2])
        var extent = currentExtent
        if let given = values[3] {
            extent = given
        } else if let minEdge, let maxEdge {
            extent = maxEdge - minEdge
        } else if let minEdge, let mid {
            extent = 2 * (mid - minEdge)
        } else if let mid, let maxEdge {
            extent = 2 * (maxEdge - mid)
        }
        extent = Swift.max(0, extent)
        let start = minEdge ?? mid.map { $0 - extent / 2 } ?? maxEdge.map { $0 - extent } ?? currentMin
        guard start.isFinite, extent.isFinite else { return }
        let placed = horizontal
            ? Rect(x: start, y: frame.minY, width: extent, height: frame.height)
            : Rect(x: frame.minX, y: start, width: frame.width, height: extent)
        if placed != frame.standardized { layer.frame = placed }
    }
}

/// A tree of time spaces — layers, or animation groups around their children — and the
/// conversion of a time between any two of them (`CALayer`'s `convertTime:fromLayer:` and
/// `convertTime:toLayer:`).
///
/// Each node maps its parent's time to its own local time with stage 1 of its timing,
/// `t = (tp − beginTime) · speed + timeOffset`. Conversion walks up from the source node
/// to the common ancestor (inverting each map) and down to the target (applying each).
/// It is linear and never wraps repeats: for layers, whose duration is infinite, the two
/// stages agree. A `nil` node is the root (absolute) time space. Converting up through a
/// paused node (speed 0) has no inverse; that step returns the node's `beginTime`.
public struct TimeSpaceTree: Sendable {
    /// A node of the tree.
    public struct Node: Hashable, Sendable, Comparable {
        public let index: Int
        public static func < (a: Node, b: Node) -> Bool { a.index < b.index }
    }

    @usableFromInline var parents: [Int] = []
    @usableFromInline var depths: [Int] = []
    @usableFromInline var timings: [ResolvedTiming] = []

    public init() {}

    /// The number of nodes.
    public var count: Int { timings.count }

    /// Adds a node under `parent` (`nil`: directly under the root time space).
    ///
    /// `defaultDuration` is what a zero `duration` means for this node: infinite for a
    /// layer (the default here), 0.25 s for an animation group.
    @discardableResult
    public mutating func add(
        _ timing: MediaTiming, parent: Node? = nil,
        defaultDuration: Double = MediaTiming.defaultLayerDuration
    ) -> Node {
        let parentIndex = parent.map { $0.index } ?? -1
        precondition(parentIndex < timings.count, "parent is not a node of this tree")
        parents.append(parentIndex)
        depths.append(parentIndex < 0 ? 1 : depths[parentIndex] + 1)
        timings.append(ResolvedTiming(timing, defaultDuration: defaultDuration))
        return Node(index: timings.count - 1)
    }

    /// The resolved timing of `node`.
    public func timing(of node: Node) -> ResolvedTiming { timings[node.index] }

    /// Replaces the timing of `node` (its place in the tree stays).
    public mutating func setTiming(
        _ timing: MediaTiming, of node: Node,
        defaultDuration: Double = MediaTiming.defaultLayerDuration
    ) {
        timings[node.index] = ResolvedTiming(timing, defaultDuration: defaultDuration)
    }

    /// The parent of `node`, `nil` at the top.
    public func parent(of node: Node) -> Node? {
        let p = parents[node.index]
        return p < 0 ? nil : Node(index: p)
    }

    /// Converts `time` from the local time space of `source` to that of `target`
    /// (`nil`: the root time space). Exact to rounding, one map per node on the path;
    /// no allocation for paths up to 64 nodes down.
    public func convert(_ time: Double, from source: Node?, to target: Node?) -> Double {
        var a = source?.index ?? -1
        var b = target?.index ?? -1
        var depthA = a < 0 ? 0 : depths[a]
        let depthB = b < 0 ? 0 : depths[b]
        // Up from the source until level with the target.
        var t = time
        while depthA > depthB {
            t = timings[a].parentTime(fromLocal: t)
            a = parents[a]
            depthA -= 1
        }
        // The nodes on the target's side, below the common ancestor, top down.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: Swift.max(depthB, 1)) { path in
            var pathCount = 0
            var depth = depthB
            while depth > depthA {
                path[pathCount] = b
                pathCount += 1
                b = parents[b]
                depth -= 1
            }
            // Level now: climb both sides to the common ancestor.
            while a != b {
                t = timings[a].parentTime(fromLocal: t)
                a = parents[a]
                path[pathCount] = b
                pathCount += 1
                b = parents[b]
            }
            while pathCount > 0 {
                pathCount -= 1
                t = timings[path[pathCount]].localTime(fromParent: t)
            }
            return t
        }
    }

    /// The local time of `node` at root time `rootTime` (stage 1 down the whole chain).
    @inlinable
    public func localTime(atRootTime rootTime: Double, in node: Node) -> Double {
        convert(rootTime, from: nil, to: node)
    }

    /// The state of `node` at root time `rootTime`: its ancestors pass their active local
    /// time down (stage 1, as layers do), and the node's own timing gives its phase and
    /// position (both stages).
    public func state(atRootTime rootTime: Double, of node: Node) -> TimingState {
        let parentTime = parents[node.index] < 0
            ? rootTime : convert(rootTime, from: nil, to: Node(index: parents[node.index]))
        return timings[node.index].state(atParentTime: parentTime)
    }
}

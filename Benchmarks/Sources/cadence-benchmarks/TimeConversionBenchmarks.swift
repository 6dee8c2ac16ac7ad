import BenchmarkSupport
import CadenceTiming

// Time conversion: one timing's two stages, and conversion through a tree of time spaces.

/// Folds a state into 64 bits, so every field the benchmark computes is used.
@inline(__always)
func digest(_ s: TimingState) -> UInt64 {
    s.basicTime.bitPattern ^ s.progress.bitPattern ^ UInt64(bitPattern: Int64(s.iteration))
        ^ (s.isReversed ? 1 : 0) ^ (s.isInEffect ? 2 : 0)
}

func registerTimeConversionBenchmarks() {
    // 3. One timing. Parent times are uniform over the active interval.
    let simple = MediaTiming(duration: 2).resolved()
    let simpleTimes = Inputs(in: 0..<2, seed: 0xCADE_0002)
    registerBenchmark("ResolvedTiming(duration:2).state(atParentTime:) tp in [0,2)") { n in
        walk(n, through: simpleTimes) { tp in digest(simple.state(atParentTime: tp)) }
    }

    let repeating = MediaTiming(duration: 1, timeOffset: 0.3, repeatCount: 3.5, autoreverses: true).resolved()
    let repeatingTimes = Inputs(in: 0..<7, seed: 0xCADE_0003)
    registerBenchmark(
        "ResolvedTiming(duration:1,repeatCount:3.5,autoreverses,timeOffset:0.3).state(atParentTime:) tp in [0,7)"
    ) { n in
        walk(n, through: repeatingTimes) { tp in digest(repeating.state(atParentTime: tp)) }
    }

    let shifted = MediaTiming(beginTime: 0.5, speed: 1.5, timeOffset: 0.25).resolved()
    let parentTimes = Inputs(in: 0..<100, seed: 0xCADE_0004)
    registerBenchmark("ResolvedTiming(beginTime:0.5,speed:1.5,timeOffset:0.25).localTime(fromParent:)") { n in
        walk(n, through: parentTimes) { tp in shifted.localTime(fromParent: tp).bitPattern }
    }

    // 4. A tree: two chains of 8 nodes under the root time space, so a leaf is 8 levels
    // deep and leaf-to-leaf conversion climbs 8 nodes and descends 8.
    let depth = 8
    var tree = TimeSpaceTree()
    var leaves: [TimeSpaceTree.Node] = []
    for branch in 0..<2 {
        var previous: TimeSpaceTree.Node? = nil
        for level in 0..<depth {
            let i = Double(branch * depth + level)
            previous = tree.add(
                MediaTiming(beginTime: 0.125 * i, speed: level.isMultiple(of: 2) ? 1.25 : 0.75, timeOffset: 0.0625 * i),
                parent: previous)
        }
        leaves.append(previous!)
    }
    let (leaf, otherLeaf) = (leaves[0], leaves[1])
    let chains = tree
    let treeTimes = Inputs(in: 0..<100, seed: 0xCADE_0005)
    registerBenchmark("TimeSpaceTree depth \(depth): convert(t, from: nil, to: leaf)") { n in
        walk(n, through: treeTimes) { t in chains.convert(t, from: nil, to: leaf).bitPattern }
    }
    registerBenchmark(
        "TimeSpaceTree depth \(depth): convert(t, from: leaf, to: leaf in another branch) (\(depth) up, \(depth) down)"
    ) { n in
        walk(n, through: treeTimes) { t in chains.convert(t, from: leaf, to: otherLeaf).bitPattern }
    }
}

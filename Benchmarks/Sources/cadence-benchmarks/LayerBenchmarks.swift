import BenchmarkShim
import BenchmarkSupport
import CadenceAnimation
import CadenceGeometry
import CadenceLayers
import CadenceTiming

// Layers: a presentation snapshot of 10,000 layers with 3 animations each (and of 1,000,
// whose working set fits in the caches, to tell memory from computation), hit testing in
// the same tree, and point conversion through 16 levels.

func registerLayerBenchmarks() {
    let animatedTree = makeLayerTree(count: 10_000, animated: true)
    let times = Inputs.layerTimes()
    registerBenchmark("Layer.presentation(at:) 10,000 layers x 3 animations (position, opacity, transform)") { n in
        walk(n, through: times) { t in
            let snapshot = animatedTree.presentation(at: t)
            return snapshot.sublayers[3].sublayers[7].position.x.bitPattern
        }
    }
    let smallTree = makeLayerTree(count: 1_000, animated: true)
    registerBenchmark("Layer.presentation(at:) 1,000 layers x 3 animations (the same, fitting in cache)") { n in
        walk(n, through: times) { t in
            let snapshot = smallTree.presentation(at: t)
            return snapshot.sublayers[3].sublayers[7].position.x.bitPattern
        }
    }
    let staticTree = makeLayerTree(count: 10_000, animated: false)
    registerBenchmark("Layer.presentation(at:) 10,000 layers, no animations (baseline: the copy alone)") { n in
        walk(n, through: times) { t in staticTree.presentation(at: t).sublayers[3].position.x.bitPattern }
    }
    let xs = Inputs(in: 0..<2000, seed: 0xCADE_0502)
    let ys = Inputs(in: 0..<2000, seed: 0xCADE_0503)
    registerBenchmark("Layer.hitTest 10,000-layer tree") { n in
        var index = 0
        walk(n, through: xs) { x in
            index &+= 1
            let hit = staticTree.hitTest(Point(x: x, y: ys.base[index & ys.mask]))
            return UInt64(UInt(bitPattern: hit.map { ObjectIdentifier($0).hashValue } ?? 0))
        }
    }
    // A chain of 16 layers, each rotated, scaled and offset a little.
    var chain = [Layer()]
    for level in 1...16 {
        let layer = Layer()
        layer.bounds = Rect(x: 1, y: 2, width: 100, height: 80)
        layer.position = Point(x: 30 + Double(level), y: 20)
        layer.transform = Transform3D(rotationAngle: 0.1 * Double(level), x: 0, y: 0, z: 1).scaledBy(x: 1.05, y: 0.97, z: 1)
        try! chain[level - 1].addSublayer(layer)
        chain.append(layer)
    }
    let (top, leaf) = (chain[0], chain[16])
    registerBenchmark("Layer.convert(point, from: root) through 16 levels") { n in
        var index = 0
        walk(n, through: xs) { x in
            index &+= 1
            let p = leaf.convert(Point(x: x, y: ys.base[index & ys.mask]), from: top)
            return p.x.bitPattern ^ p.y.bitPattern
        }
    }
}

import CadenceAnimation
import CadenceGeometry
import CadenceLayers
import CadenceTiming

/// A tree of `count` layers: 100 groups of 99 leaves under one root, each leaf with a
/// position, opacity and transform animation (3 per layer) when `animated`.
public func makeLayerTree(count: Int, animated: Bool) -> Layer {
    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: 2000, height: 2000)
    var made = 1
    var groupIndex = 0
    while made < count {
        let group = Layer()
        group.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        group.position = Point(x: Double(groupIndex % 10) * 200 + 100, y: Double(groupIndex / 10) * 200 + 100)
        try! root.addSublayer(group)
        made += 1
        groupIndex += 1
        for i in 0..<99 where made < count {
            let leaf = Layer()
            leaf.bounds = Rect(x: 0, y: 0, width: 16, height: 16)
            leaf.position = Point(x: Double(i % 10) * 20 + 10, y: Double(i / 10) * 20 + 10)
            leaf.zPosition = Double(i % 3)
            if animated {
                let timing = MediaTiming(beginTime: Double(i % 7) * 0.01, duration: 2, repeatCount: .infinity, autoreverses: true)
                leaf.add(BasicAnimation<Point>(keyPath: "position", byValue: Point(x: 5, y: 3), timing: timing,
                                               timingFunction: .easeInEaseOut), forKey: "position")
                leaf.add(BasicAnimation<Double>(keyPath: "opacity", fromValue: 1, toValue: 0.2, timing: timing), forKey: "opacity")
                leaf.add(BasicAnimation<Double>(keyPath: "transform", fromValue: 0, toValue: 6.283, timing: timing,
                                                valueFunction: .rotateZ), forKey: "spin")
            }
            try! group.addSublayer(leaf)
            made += 1
        }
    }
    return root
}

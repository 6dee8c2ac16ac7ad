import CadenceAnimation
import CadenceGeometry
import CadenceTiming
@_spi(Testing) @testable import CadenceLayers
import XCTest

/// The specialised layer classes (`ShapeLayer`, `GradientLayer`, `ReplicatorLayer`,
/// `TransformLayer`): their defaults, their properties through the property table, and
/// that copies and presentation snapshots keep the class.
final class LayerClassTests: XCTestCase {
    // Core Animation's defaults (CAShapeLayer.h, CAGradientLayer.h, CAReplicatorLayer.h).
    func testDefaults() {
        let shape = ShapeLayer()
        XCTAssertEqual(shape.layerClass, .shape)
        XCTAssertNil(shape.path)
        XCTAssertEqual(shape.fillColor, .black)
        XCTAssertNil(shape.strokeColor)
        XCTAssertEqual(shape.fillRule, .nonZero)
        XCTAssertEqual(shape.lineWidth, 1)
        XCTAssertEqual(shape.miterLimit, 10)
        XCTAssertEqual(shape.lineCap, .butt)
        XCTAssertEqual(shape.lineJoin, .miter)
        XCTAssertNil(shape.lineDashPattern)
        XCTAssertEqual(shape.lineDashPhase, 0)
        XCTAssertEqual(shape.strokeStart, 0)
        XCTAssertEqual(shape.strokeEnd, 1)

        let gradient = GradientLayer()
        XCTAssertEqual(gradient.layerClass, .gradient)
        XCTAssertNil(gradient.colors)
        XCTAssertNil(gradient.locations)
        XCTAssertEqual(gradient.startPoint, Point(x: 0.5, y: 0))
        XCTAssertEqual(gradient.endPoint, Point(x: 0.5, y: 1))
        XCTAssertEqual(gradient.type, .axial)

        let replicator = ReplicatorLayer()
        XCTAssertEqual(replicator.layerClass, .replicator)
        XCTAssertEqual(replicator.instanceCount, 1)
        XCTAssertEqual(replicator.instanceDelay, 0)
        XCTAssertEqual(replicator.instanceTransform, .identity)
        XCTAssertEqual(replicator.instanceColor, .white)
        XCTAssertEqual(replicator.instanceRedOffset, 0)
        XCTAssertEqual(replicator.instanceAlphaOffset, 0)
        XCTAssertFalse(replicator.preservesDepth)

        XCTAssertEqual(TransformLayer().layerClass, .transform)
        XCTAssertEqual(Layer().layerClass, .layer)
        for layerClass in LayerClass.allCases {
            let layer = Layer.make(layerClass)
            XCTAssertEqual(layer.layerClass, layerClass)
            XCTAssertTrue(type(of: layer) == layerClass.type)
        }
        XCTAssertEqual(Layer.defaultValue(forKey: "strokeEnd"), .scalar(1))
        XCTAssertEqual(Layer.defaultValue(forKey: "instanceColor"), .color(.white))
    }

    // The class properties are key-value coded by their Core Animation names, refuse
    // non-finite numbers, and a copy is a copy of the same class with the same values.
    func testKeyValueCodingAndCopies() throws {
        let shape = ShapeLayer()
        try shape.setValue(.scalar(0.5), forKeyPath: "strokeEnd")
        try shape.setValue(.color(Color(red: 1, green: 0, blue: 0)), forKeyPath: "strokeColor")
        XCTAssertEqual(shape.strokeEnd, 0.5)
        XCTAssertEqual(shape.strokeColor, Color(red: 1, green: 0, blue: 0))
        XCTAssertThrowsError(try shape.setValue(.scalar(.nan), forKeyPath: "lineWidth"))
        shape.path = Path(ellipseIn: Rect(x: 0, y: 0, width: 10, height: 10))
        shape.lineDashPattern = [4, 2]

        let copy = shape.modelCopy()
        XCTAssertTrue(copy is ShapeLayer)
        XCTAssertEqual((copy as? ShapeLayer)?.strokeEnd, 0.5)
        XCTAssertEqual((copy as? ShapeLayer)?.path, shape.path)
        XCTAssertEqual((copy as? ShapeLayer)?.lineDashPattern, [4, 2])
        (copy as? ShapeLayer)?.strokeEnd = 0.75
        XCTAssertEqual(shape.strokeEnd, 0.5, "the copy's storage is its own")

        let replicator = ReplicatorLayer()
        try replicator.addSublayer(shape)
        let tree = replicator.modelTreeCopy()
        XCTAssertTrue(tree is ReplicatorLayer)
        XCTAssertTrue(tree.sublayers.first is ShapeLayer)

        replicator.instanceCount = 5
        XCTAssertEqual(replicator.value(forKeyPath: "instanceCount"), .scalar(5))
        try replicator.setValue(.scalar(3.9), forKeyPath: "instanceCount")
        XCTAssertEqual(replicator.instanceCount, 3, "a count reads truncated")
        try replicator.setValue(.scalar(-2.5), forKeyPath: "instanceCount")
        XCTAssertEqual(replicator.instanceCount, -2)
    }

    // A presentation snapshot is of the model's class, with the animated class properties
    // in place; the class properties have default actions (implicit animations).
    func testPresentationKeepsTheClass() throws {
        let root = Layer()
        let shape = ShapeLayer()
        let gradient = GradientLayer()
        try root.addSublayer(shape)
        try root.addSublayer(gradient)
        try root.addSublayer(TransformLayer())
        shape.add(BasicAnimation<Double>(keyPath: "strokeEnd", fromValue: 0, toValue: 1,
                                         timing: MediaTiming(duration: 1)), forKey: "draw")
        gradient.add(BasicAnimation<Point>(keyPath: "endPoint", fromValue: Point(x: 0, y: 0), toValue: Point(x: 1, y: 1),
                                           timing: MediaTiming(duration: 2)), forKey: "turn")
        let presented = root.presentation(at: 0.5)
        XCTAssertEqual(presented.layerClass, .layer)
        let presentedShape = try? XCTUnwrap(presented.sublayers[0] as? ShapeLayer)
        XCTAssertEqual(presentedShape?.strokeEnd, 0.5)
        XCTAssertEqual((presented.sublayers[1] as? GradientLayer)?.endPoint, Point(x: 0.25, y: 0.25))
        XCTAssertTrue(presented.sublayers[2] is TransformLayer)
        XCTAssertEqual(shape.strokeEnd, 1, "the model is untouched")
        XCTAssertTrue(Layer.defaultAction(forKey: "strokeEnd") is Animation)
        XCTAssertTrue(Layer.defaultAction(forKey: "instanceTransform") is Animation)
        XCTAssertNil(Layer.defaultAction(forKey: "preservesDepth"))
    }
}

import CadenceAnimation
import CadenceGeometry
@_spi(Testing) @testable import CadenceLayers
import CadenceTiming
import XCTest

/// `magnificationFilter`, `minificationFilter` and `minificationFilterBias` (`Layer.swift`,
/// `ContentsFilter.swift`): held, copied and reached as documented.
final class ContentsFilterTests: XCTestCase {
    func testDefaultsAndCopies() {
        XCTAssertEqual(ContentsFilter.allCases.map(\.rawValue), ["linear", "nearest", "trilinear"])
        let layer = Layer()
        XCTAssertEqual(layer.magnificationFilter, .linear)
        XCTAssertEqual(layer.minificationFilter, .linear)
        XCTAssertEqual(layer.minificationFilterBias, 0)
        layer.magnificationFilter = .nearest
        layer.minificationFilter = .trilinear
        layer.minificationFilterBias = -0.5
        for copy in [layer.modelCopy(), layer.modelTreeCopy(), layer.presentation(at: 0)] {
            XCTAssertEqual(copy.magnificationFilter, .nearest)
            XCTAssertEqual(copy.minificationFilter, .trilinear)
            XCTAssertEqual(copy.minificationFilterBias, -0.5)
        }
        // Copy-on-write: a copy's change leaves the original alone.
        let copy = layer.modelCopy()
        copy.minificationFilter = .nearest
        copy.minificationFilterBias = 2
        XCTAssertEqual(layer.minificationFilter, .trilinear)
        XCTAssertEqual(layer.minificationFilterBias, -0.5)
    }

    // The filters are strings on Core Animation, and through key-value coding (like
    // `contentsGravity`; `LayerKeyValueCodingTests` has the unknown names). The bias is a
    // number: a key like `contentsScale`, read from the style, refusing non-finite values.
    func testKeyValueCoding() throws {
        let layer = Layer()
        for key in ["magnificationFilter", "minificationFilter"] {
            XCTAssertEqual(layer.value(forKeyPath: key), .string("linear"))
            XCTAssertThrowsError(try layer.setValue(.scalar(1), forKeyPath: key)) {
                XCTAssertEqual($0 as? LayerError, .kindMismatch(keyPath: key, expected: .string, found: .scalar))
            }
            XCTAssertEqual(Layer.defaultValue(forKey: key), .string("linear"))
            try layer.setValue(.string("nearest"), forKeyPath: key)
            XCTAssertEqual(layer.value(forKeyPath: key), .string("nearest"))
        }
        XCTAssertEqual(layer.magnificationFilter, .nearest)
        XCTAssertEqual(layer.minificationFilter, .nearest)
        XCTAssertEqual(Layer.defaultValue(forKey: "minificationFilterBias"), .scalar(0))
        try layer.setValue(.scalar(1.5), forKeyPath: "minificationFilterBias")
        XCTAssertEqual(layer.minificationFilterBias, 1.5)
        XCTAssertEqual(layer.value(forKeyPath: "minificationFilterBias"), .scalar(1.5))
        XCTAssertThrowsError(try layer.setValue(.scalar(.nan), forKeyPath: "minificationFilterBias")) {
            XCTAssertEqual($0 as? LayerError, .nonFinite(keyPath: "minificationFilterBias"))
        }
        layer.minificationFilterBias = .infinity
        XCTAssertEqual(layer.minificationFilterBias, 1.5, "a non-finite value is refused")

        let styled = Layer()
        styled.style = LayerStyle(values: ["minificationFilterBias": .scalar(-1)])
        XCTAssertEqual(styled.minificationFilterBias, -1)
    }

    // Not animatable on Core Animation: no default action. An explicit animation still
    // folds into snapshots (typed track and reference alike).
    func testBiasAnimation() {
        let (context, _, layer) = makeAttachedLayer()
        layer.minificationFilterBias = 2
        context.flush()
        XCTAssertTrue(layer.animations.isEmpty)
        layer.add(BasicAnimation(keyPath: "minificationFilterBias", fromValue: 0.0, toValue: 1.0, timing: MediaTiming(duration: 1)),
                  forKey: "bias")
        XCTAssertEqual(layer.presentation(at: 0.25).minificationFilterBias, 0.25)
        XCTAssertEqual(layer.presentationReference(at: 0.25).minificationFilterBias, 0.25)
    }
}

import CadenceAnimation
import CadenceTiming
import XCTest

final class BasicAnimationTests: XCTestCase {
    func animation(from: Double? = nil, to: Double? = nil, by: Double? = nil) -> BasicAnimation<Double> {
        BasicAnimation(keyPath: "opacity", fromValue: from, toValue: to, byValue: by, timing: MediaTiming(duration: 1))
    }

    // CABasicAnimation reference: the seven from/to/by cases.
    func testTheSevenFromToByCases() {
        let model = 10.0
        XCTAssert(animation(from: 1, to: 3).endpoints(model: model) == (1, 3))
        XCTAssert(animation(from: 1, by: 3).endpoints(model: model) == (1, 4))
        XCTAssert(animation(to: 3, by: 1).endpoints(model: model) == (2, 3))
        XCTAssert(animation(from: 1).endpoints(model: model) == (1, 10))
        XCTAssert(animation(to: 3).endpoints(model: model) == (10, 3))
        XCTAssert(animation(by: 2).endpoints(model: model) == (10, 12))
        XCTAssert(animation().endpoints(model: model) == (10, 10))
        // All three: byValue is ignored.
        XCTAssert(animation(from: 1, to: 3, by: 100).endpoints(model: model) == (1, 3))
    }

    // A missing end is read from the model at every evaluation, not once.
    func testMissingEndReadsTheModelLive() {
        let a = animation(to: 0)
        XCTAssertEqual(a.value(atParentTime: 0.5, model: 10), 5)
        XCTAssertEqual(a.value(atParentTime: 0.5, model: 20), 10)
    }

    // A nil timing function is linear; a timing function paces the interpolation.
    func testTimingFunctionPacesTheValue() {
        var a = animation(from: 0, to: 100)
        XCTAssertEqual(a.value(atParentTime: 0.25, model: 0), 25)
        a.timingFunction = .easeIn
        XCTAssertEqual(a.value(atParentTime: 0.25, model: 0)!, 100 * TimingFunction.easeIn.progress(at: 0.25), accuracy: 1e-12)
    }

    // removedOnCompletion (default true) cuts a forwards fill off at the end; false keeps it.
    func testRemovedOnCompletionAndFill() {
        var a = animation(from: 0, to: 1)
        a.timing.fillMode = .forwards
        XCTAssertEqual(a.value(atParentTime: 1, model: 5), 1)
        XCTAssertNil(a.value(atParentTime: 2, model: 5))
        a.isRemovedOnCompletion = false
        XCTAssertEqual(a.value(atParentTime: 2, model: 5), 1)
        XCTAssertNil(animation(from: 0, to: 1).value(atParentTime: -1, model: 5))
    }

    // Additive adds to the model; cumulative adds the end value once per completed repeat.
    func testAdditiveAndCumulative() {
        var a = animation(from: 0, to: 2)
        a.isAdditive = true
        XCTAssertEqual(a.value(atParentTime: 0.5, model: 10), 11)
        var c = animation(from: 1, to: 3)
        c.isCumulative = true
        c.timing.repeatCount = 3
        XCTAssertEqual(c.value(atParentTime: 0.5, model: 0), 2)
        XCTAssertEqual(c.value(atParentTime: 1.5, model: 0), 4)
        XCTAssertEqual(c.value(atParentTime: 2.5, model: 0), 6)
        XCTAssertEqual(c.value(atParentTime: 3, model: 0), 7)
    }
}

final class BasicAnimationStackTests: XCTestCase {
    // An additive animation adds to the value below it, while its open ends still read the
    // model value.
    func testAdditiveAddsToTheValueBelow() {
        let additive = BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 2,
                                              timing: MediaTiming(duration: 1), isAdditive: true)
        let state = MediaTiming(duration: 1).state(atParentTime: 0.5)
        XCTAssertEqual(additive.value(in: state, model: 10), 11)
        XCTAssertEqual(additive.value(in: state, model: 10, below: 100), 101)
        let openEnded = BasicAnimation<Double>(keyPath: "opacity", toValue: 20, timing: MediaTiming(duration: 1))
        XCTAssertEqual(openEnded.value(in: state, model: 10, below: 100), 15)  // from the model, not the value below
    }
}

import CadenceAnimation
import CadenceGeometry
import XCTest

final class KeyPathValueTests: XCTestCase {
    // "Key Path Support for Structure Fields": points, sizes, rects.
    func testStructureFields() {
        let rect = KeyPathValue.rect(Rect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(rect.value(atField: "origin"), .point(Point(1, 2)))
        XCTAssertEqual(rect.value(atField: "origin.y"), .scalar(2))
        XCTAssertEqual(rect.value(atField: "size"), .size(Size(width: 3, height: 4)))
        XCTAssertEqual(rect.value(atField: "size.width"), .scalar(3))
        XCTAssertNil(rect.value(atField: "size.depth"))
        XCTAssertNil(rect.value(atField: "x"))
        XCTAssertEqual(rect.setting(field: "size.height", to: .scalar(9)), .rect(Rect(x: 1, y: 2, width: 3, height: 9)))
        XCTAssertEqual(rect.setting(field: "origin", to: .point(Point(7, 8))), .rect(Rect(x: 7, y: 8, width: 3, height: 4)))
        XCTAssertNil(rect.setting(field: "origin", to: .scalar(1)))  // wrong kind
        XCTAssertEqual(KeyPathValue.point(Point(1, 2)).setting(field: "x", to: .scalar(5)), .point(Point(5, 2)))
        XCTAssertEqual(KeyPathValue.size(Size(width: 1, height: 2)).value(atField: "height"), .scalar(2))
        XCTAssertNil(KeyPathValue.scalar(1).value(atField: "x"))
    }

    func testTransformFields() {
        let t = KeyPathValue.transform(Transform3D(translationX: 3, y: 4, z: 5))
        XCTAssertEqual(t.value(atField: "translation"), .size(Size(width: 3, height: 4)))
        XCTAssertEqual(t.value(atField: "translation.z"), .scalar(5))
        guard case .transform(let rotated)? = t.setting(field: "rotation.z", to: .scalar(0.5)),
              case .scalar(let angle)? = KeyPathValue.transform(rotated).value(atField: "rotation") else {
            return XCTFail()
        }
        XCTAssertEqual(angle, 0.5, accuracy: 1e-15)
        XCTAssertEqual(rotated.m41, 3, accuracy: 1e-12)
        XCTAssertNil(t.value(atField: "rotation.w"))
    }
}

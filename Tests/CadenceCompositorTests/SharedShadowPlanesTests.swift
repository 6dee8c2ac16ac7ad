import CadenceGeometry
import CadenceLayers
import CadencePixels
import XCTest

@_spi(Testing) @testable import CadenceCompositor

/// The bands of a frame share its shadows' blurred planes (`SharedShadowPlanes`): the
/// pixels are those of one thread and of bands that each blur their own, bit for bit,
/// and bands really read planes another band blurred.
final class SharedShadowPlanesTests: XCTestCase {
    /// Cards across the canvas, each reached by several bands: path shadows and shadows of
    /// the layer's alpha, two with the same frame, radius and offset (so the same plane
    /// rectangle and σ) but different shapes, a shadow of its alpha inside another, one
    /// clipped to its bounds, fractional and whole offsets; `variant` changes every radius,
    /// offset and colour.
    private func scene(variant: Int) -> Layer {
        let v = Double(variant)
        let root = makeLayer("root", frame: Rect(x: 0, y: 0, width: 160, height: 120),
                             background: Color(red: 0.9, green: 0.9, blue: 0.85))
        for k in 0..<4 {
            // Cards 0 and 1 share a frame: the same plane rectangle and σ, other shapes.
            let frame = Rect(x: k < 2 ? 8 : 78, y: k < 2 ? 6 : 16, width: 56, height: 90)
            let card = makeLayer("card \(k)", frame: frame,
                                 background: k < 2 ? Color(red: 0.2, green: 0.4 + 0.1 * v, blue: 0.8, alpha: 0.9) : nil)
            card.shadowOpacity = 0.5 + 0.1 * v
            card.shadowRadius = 3 + 2 * v
            card.shadowOffset = Size(width: 1.5 + v, height: k == 3 ? 2 : 2.25 - v)
            card.shadowColor = Color(red: 0.1 * Double(k), green: 0, blue: 0.3 * v, alpha: 1)
            if k == 0 { card.shadowPath = Path(roundedRect: card.bounds, cornerRadius: 9) }
            if k == 1 { card.shadowPath = Path(ellipseIn: card.bounds) }
            if k == 2 {
                // The alpha of a half-covering sublayer, with a shadowed sublayer of its own.
                let inner = makeLayer("inner", frame: Rect(x: 4, y: 10, width: 30, height: 60), background: red)
                inner.opacity = 0.7
                inner.shadowOpacity = 0.8
                inner.shadowRadius = 2 + v
                inner.shadowOffset = Size(width: -2, height: 3 + v)
                try! card.addSublayer(inner)
            }
            if k == 3 {
                let inner = makeLayer("inner", frame: Rect(x: 20, y: 4, width: 30, height: 70), background: blue)
                inner.cornerRadius = 8
                try! card.addSublayer(inner)
                card.masksToBounds = true
                card.cornerRadius = 5
            }
            try! root.addSublayer(card)
        }
        return root
    }

    /// Renders both variants, one after the other with each compositor (so a plane left
    /// from the first frame would show in the second), at threads that cut the canvas in 8,
    /// 12 and 32 bands, sharing and not, against one thread.
    private func assertSharedPlanesAreExact(_ what: String) throws {
        let canvas = Canvas(width: 160, height: 120)
        let one = Compositor(threadCount: 1)
        let expected = try (0..<2).map { try one.render([scene(variant: $0)], at: 0, on: canvas) }
        for threads in [2, 3, 8] {
            for shares in [true, false] {
                let compositor = Compositor(threadCount: threads)
                compositor.sharesShadowPlanes = shares
                var bitmap = try Bitmap(width: 1, height: 1)
                for round in 0..<2 {
                    for variant in 0..<2 {
                        try compositor.render([scene(variant: variant)], at: 0, on: canvas, into: &bitmap)
                        XCTAssertTrue(bitmap == expected[variant],
                                      "\(what), \(threads) threads, sharing \(shares), variant \(variant), round \(round)")
                    }
                }
                // Sharing: other bands' planes were read (so the pixels above came through them).
                if shares {
                    XCTAssertGreaterThan(compositor.sharedShadowPlaneReads, 0, "\(what), \(threads) threads")
                } else {
                    XCTAssertEqual(compositor.sharedShadowPlaneReads, 0, "\(what), \(threads) threads")
                }
            }
        }
    }

    func testSharedPlanesGiveTheSinglethreadedPixels() throws {
        try assertSharedPlanesAreExact("no delay")
    }

    /// The band that blurs a plane sleeps first, so the others reach it unfinished: they
    /// wait (a band that read it then would read the last frame's plane, another variant's).
    func testBandsWaitForAnUnfinishedPlane() throws {
        Compositor.sharedPlaneDelayForTests = 20_000
        defer { Compositor.sharedPlaneDelayForTests = 0 }
        try assertSharedPlanesAreExact("claimant delayed 20 ms")
    }

    /// A list with shadows is four bands a thread when the planes are shared, one when not.
    func testBandsPerThread() {
        let compositor = Compositor(threadCount: 1)
        let list = compositor.renderList([scene(variant: 0)], at: 0, on: Canvas(width: 160, height: 120))
        XCTAssertEqual(Compositor.bands(for: list, threads: 2).count, 2 * Compositor.bandsPerThread)
        XCTAssertEqual(Compositor.bands(for: list, threads: 2, sharingShadows: false).count, 2)
    }
}

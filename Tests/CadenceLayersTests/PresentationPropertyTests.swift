import CadenceLayers
import CadenceTesting
import Testing

/// Presentation's properties on the testing kit's runner.
@Suite struct PresentationPropertyTests {
    // Random small trees with animations of every kind, the animations then removed: the
    // presentation at any time is the model, property by property (the kit's law).
    @Test func presentationWithoutAnimationsIsTheModel() async {
        await PresentationLaws.presentationWithoutAnimationsIsTheModel().verify(over: Arbitrary.layerTrees, count: 60, seed: 0x9E5)
    }
}

// CadenceTesting: generators and laws for property-based tests, public so that an engine
// can test its own timing functions, media timing, transforms, keyframes and presentation
// against Cadence's (the reference), and so Cadence tests itself the same way.
//
// - Runner/: `Law` (a named check over one generated input), `Violation` (what a check
//   throws), `Counterexample` (the first failing input, its case and its seed), and the
//   seeded runner: `Law.counterexample(in:count:seed:)` searches without Swift Testing;
//   `Law.verify(over:count:seed:)` searches, then replays the failing case under
//   swift-property-based's `propertyCheck` so the report is its shrunk counterexample,
//   followed by the seed to replay it.
// - Generators/: `Arbitrary<Value>` generators (swift-property-based `Generator`s, with
//   shrinking) of the inputs, edge-biased as Cadence's conventions ask.
// - Laws/: the laws, each taking the implementation under test as a value of closures
//   (`…Implementation`) whose `.cadence` is Cadence's own.
//
// Imports Cadence (the umbrella), PropertyBased and Testing; no library target imports it.
@_exported import PropertyBased

import PropertyBased
import Testing

/// A property an implementation must have, as a named check over one generated input:
/// the check returns when the property holds and throws a `Violation` when it does not.
///
/// Laws come from the `…Laws` namespaces (`TimingFunctionLaws.exactEnds(of:)`, …), each
/// built over an implementation (Cadence's by default); a test builds its own the same way.
/// Run one with `verify(over:count:seed:sourceLocation:)` inside a Swift Testing `@Test`,
/// or with `counterexample(in:count:seed:)` anywhere.
///
/// ```swift
/// let law = TimingFunctionLaws.exactEnds()
/// let found = law.counterexample(in: Arbitrary.anyTimingCurves, count: 200, seed: 1)
/// // nil: Cadence's curves start at 0 and end at 1 exactly
/// ```
public struct Law<Input>: Sendable {
    /// What the law says, as a failure names it ("timing function: progress(0) = 0 …").
    public let name: String
    /// The check: returns when the law holds for the input, throws when it does not.
    public let body: @Sendable (Input) throws -> Void

    /// A law called `name` that `body` checks.
    public init(_ name: String, _ body: @escaping @Sendable (Input) throws -> Void) {
        self.name = name
        self.body = body
    }

    /// The violation for `input`, or `nil` when the law holds (an error other than a
    /// `Violation` becomes one with its description).
    public func check(_ input: Input) -> Violation? {
        do {
            try body(input)
            return nil
        } catch let violation as Violation {
            return violation
        } catch {
            return Violation(String(describing: error))
        }
    }

    /// The first of `count` inputs drawn from `inputs` for which the law fails, or `nil`.
    ///
    /// Deterministic: the inputs are drawn from a xoshiro256 generator seeded from `seed`
    /// (through SplitMix64), so the same seed and count give the same inputs on every run
    /// and machine. Needs no test framework (use it from XCTest). Cost: `count` draws and
    /// checks at most; no shrinking.
    public func counterexample<S>(in inputs: Generator<Input, S>, count: Int = 100, seed: UInt64 = 1) -> Counterexample<Input>? {
        var rng = Xoshiro(seed: Self.state(fromSeed: seed))
        for index in 0..<max(0, count) {
            let start = rng.currentState
            let input = inputs.run(using: &rng)
            if let violation = check(input) {
                return Counterexample(law: name, input: input, violation: violation, caseIndex: index, seed: seed, replayState: start)
            }
        }
        return nil
    }

    /// Checks the law on `count` inputs drawn from `inputs` (seeded as in
    /// `counterexample(in:count:seed:)`), recording Swift Testing issues when it fails.
    ///
    /// On a failure, the failing case is replayed under swift-property-based's
    /// `propertyCheck` with shrinking on, which records the violation for the shrunk input
    /// and "Failure occured with input … (shrunk down from … after N iterations)"; then one
    /// more issue names the law, the case and the seed to replay it. Must run inside a
    /// `@Test` (outside one, use `counterexample(in:count:seed:)`).
    public func verify<S>(
        over inputs: Generator<Input, S>, count: Int = 100, seed: UInt64 = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        guard let found = counterexample(in: inputs, count: count, seed: seed) else { return }
        guard let test = Test.current else {
            Issue.record("\(found)\n\(found.replayHint)", sourceLocation: sourceLocation)
            return
        }
        let (a, b, c, d) = found.replayState
        let name = name
        let law = self
        await FixedSeedTrait.fixedSeed(a, b, c, d, sourceLocation: sourceLocation).provideScope(
            for: test, testCase: Test.Case.current
        ) {
            try? await EnableShrinkTrait.shrinking(true).provideScope(for: test, testCase: Test.Case.current) {
                await propertyCheck(count: 1, input: inputs, perform: { input in
                    if let violation = law.check(input) {
                        Issue.record("\(name): \(violation)", sourceLocation: sourceLocation)
                    }
                }, sourceLocation: sourceLocation)
            }
        }
        Issue.record(
            "law \"\(name)\" fails at case \(found.caseIndex) of \(count) (seed \(seed)); \(found.replayHint)",
            sourceLocation: sourceLocation)
    }

    /// Checks the law on each of `examples` (the hard cases a test names), recording a
    /// Swift Testing issue for each that fails, with the example and its index.
    public func verify(on examples: [Input], sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, example) in examples.enumerated() {
            if let violation = check(example) {
                Issue.record("\(name): \(violation)\nexample \(index): \(example)", sourceLocation: sourceLocation)
            }
        }
    }

    /// xoshiro256's four words of state from one seed, by SplitMix64 (never all zero).
    static func state(fromSeed seed: UInt64) -> (UInt64, UInt64, UInt64, UInt64) {
        var s = SplitMix64(seed: seed)
        return (s.next(), s.next(), s.next(), s.next())
    }
}

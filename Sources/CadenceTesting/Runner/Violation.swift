/// What a law's check throws when its property does not hold for an input: a sentence
/// that says what was expected and what was found.
///
/// Any other error a check throws is reported through its description.
public struct Violation: Error, CustomStringConvertible, Hashable, Sendable {
    /// The message: what was expected, what was found, where.
    public var description: String

    /// A violation with the message `description`.
    public init(_ description: String) {
        self.description = description
    }

    /// Throws a violation with `message` unless `condition` holds.
    public static func unless(_ condition: Bool, _ message: @autoclosure () -> String) throws(Violation) {
        if !condition { throw Violation(message()) }
    }

    /// Throws unless `|found − expected| ≤ tolerance` (NaN is never close, except that two
    /// NaNs or two equal infinities are). The message names `what` and both values.
    public static func unlessClose(
        _ found: Double, _ expected: Double, within tolerance: Double, _ what: @autoclosure () -> String
    ) throws(Violation) {
        if found == expected || (found.isNaN && expected.isNaN) { return }
        if !(abs(found - expected) <= tolerance) {
            throw Violation("\(what()): \(found), expected \(expected) within \(tolerance)")
        }
    }
}

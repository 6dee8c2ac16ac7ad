/// What a timed object shows outside its active interval (`fillMode`).
///
/// | phase | removed | forwards | backwards | both |
/// | --- | --- | --- | --- | --- |
/// | before | — | — | frozen at the start | frozen at the start |
/// | after | — | frozen at the end | — | frozen at the end |
///
/// Core Animation's deprecated `frozen` mode is not offered.
public enum FillMode: String, CaseIterable, Hashable, Sendable, Codable {
    /// Not in effect outside the active interval (Core Animation's default).
    case removed
    /// Stays at its end state after the active interval.
    case forwards
    /// Shows its start state before the active interval.
    case backwards
    /// Both of the above.
    case both

    /// Whether the object is in effect before its active interval.
    @inlinable public var fillsBackwards: Bool {
        switch self {
        case .backwards, .both: true
        case .removed, .forwards: false
        }
    }
    /// Whether the object is in effect after its active interval.
    @inlinable public var fillsForwards: Bool {
        switch self {
        case .forwards, .both: true
        case .removed, .backwards: false
        }
    }
}

/// Why a `TransactionContext` refused a call. Each case names the key or the call involved.
public enum TransactionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `commit()` with no explicit transaction open (Core Animation raises). The implicit
    /// transaction is not committed by `commit()`: `flush()` or `tick()` commit it.
    case commitWithoutBegin
    /// `setValue(_:forKey:)` with a value of the wrong type for one of the keys the
    /// context types itself (`TransactionContext.Key`): `expected` and `found` are type
    /// names.
    case kindMismatch(key: String, expected: String, found: String)

    public var description: String {
        switch self {
        case .commitWithoutBegin:
            return "commit(): no explicit transaction is open (begin() was not called)"
        case let .kindMismatch(key, expected, found):
            return "transaction value '\(key)': expected a \(expected), got a \(found)"
        }
    }
}

/// Why a `TransactionContext` refused a call, or what it reports to its `logHandler`. Each
/// case names the key or the call involved.
public enum TransactionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `commit()` with no explicit transaction open: reported to `logHandler`, nothing
    /// changes (Core Animation logs it and carries on). The implicit transaction is not
    /// committed by `commit()`: `flush()` or `tick()` commit it.
    case commitWithoutBegin
    /// `unlock()` with no `lock()` to release: reported to `logHandler`, nothing changes.
    case unlockWithoutLock
    /// `setValue(_:forKey:)` with a value of the wrong type for one of the keys the
    /// context types itself (`TransactionContext.Key`): `expected` and `found` are type
    /// names.
    case kindMismatch(key: String, expected: String, found: String)

    public var description: String {
        switch self {
        case .commitWithoutBegin:
            return "commit(): no explicit transaction is open (begin() was not called)"
        case .unlockWithoutLock:
            return "unlock(): the transaction lock is not held (lock() was not called)"
        case let .kindMismatch(key, expected, found):
            return "transaction value '\(key)': expected a \(expected), got a \(found)"
        }
    }
}

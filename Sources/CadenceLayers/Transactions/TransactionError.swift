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
    /// A tree still needed layout after `passes` layout passes (`Layer.maxLayoutPasses`),
    /// in one commit or `layoutIfNeeded()` on `layer` (the root of the passes): a layout
    /// keeps marking layers (one that changes its own bounds each time, or two that undo
    /// each other). Reported to `logHandler`; the layers stay marked for the next commit.
    case layoutPassLimit(layer: String, passes: Int)
    /// A layer's drawing (`Layer.draw(in:)`, the delegate's `draw(_:in:)`) threw while it
    /// displayed: `layer` names it, `message` describes the error. Reported to `logHandler`;
    /// the layer keeps its previous content and is no longer marked.
    case drawFailed(layer: String, message: String)

    public var description: String {
        switch self {
        case .commitWithoutBegin:
            return "commit(): no explicit transaction is open (begin() was not called)"
        case .unlockWithoutLock:
            return "unlock(): the transaction lock is not held (lock() was not called)"
        case let .kindMismatch(key, expected, found):
            return "transaction value '\(key)': expected a \(expected), got a \(found)"
        case let .layoutPassLimit(layer, passes):
            return "layout of \(layer) still needed after \(passes) passes; left for the next commit"
        case let .drawFailed(layer, message):
            return "drawing \(layer) failed: \(message); its previous content is kept"
        }
    }
}

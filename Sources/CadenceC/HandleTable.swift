import CCadence
import Synchronization

/// An object behind a handle of the C API.
protocol HandleObject: AnyObject, Sendable {
    /// What the object is called in messages ("timing function").
    static var kind: String { get }
}

/// The live handles: each handle is its object's address, and the table holds the object
/// (its only strong reference) from its `create` to its `destroy`.
///
/// A lookup finds a handle only while it is live and of the kind asked for, so a destroyed,
/// foreign or mistyped handle is an error rather than a crash (unless a later object reuses
/// the address: then the handle names the new object). The table is guarded by one lock;
/// a lookup returns a strong reference, so an object stays alive for the rest of a call
/// even if another thread destroys its handle meanwhile. Cost: a lock, a hash lookup and a
/// reference count, about 40 ns per call.
enum HandleTable {
    private static let objects = Mutex<[UInt: any HandleObject]>([:])

    /// Registers `object` and returns its handle.
    static func insert(_ object: some HandleObject) -> OpaquePointer {
        let address = UInt(bitPattern: ObjectIdentifier(object))
        objects.withLock { $0[address] = object }
        return OpaquePointer(bitPattern: address)!  // an object's address is never 0
    }

    /// The object of kind `Object` behind `handle`, or a failure of `call`: NULL, or not a
    /// live handle of that kind.
    static func object<Object: HandleObject>(_ handle: OpaquePointer?, as _: Object.Type, in call: APICall, _ name: String)
        throws(APIFailure) -> Object
    {
        let address = UInt(bitPattern: try call.required(handle, name))
        guard let object = objects.withLock({ $0[address] }) as? Object else {
            throw call.failure(CADENCE_ERROR_INVALID_HANDLE, "\(name) is not a live \(Object.kind) handle")
        }
        return object
    }

    /// Releases the object of kind `Object` behind `handle`; does nothing for NULL or a
    /// handle that is not a live one of that kind (so a second destroy is harmless).
    static func remove<Object: HandleObject>(_ handle: OpaquePointer?, as _: Object.Type) {
        guard let handle else { return }
        let address = UInt(bitPattern: handle)
        let removed: (any HandleObject)? = objects.withLock { table in
            guard table[address] is Object else { return nil }
            return table.removeValue(forKey: address)
        }
        _ = removed  // released here, outside the lock
    }

    /// The number of live handles.
    static var liveCount: Int { objects.withLock { $0.count } }
}

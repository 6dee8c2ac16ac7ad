import CCadence
import Synchronization

/// An object behind a handle of the C API.
protocol HandleObject: AnyObject, Sendable {
    /// What the object is called in messages ("timing function").
    static var kind: String { get }
}

/// The live handles: a table of slots, each holding one object (its only strong reference)
/// from its `create` to its `destroy`.
///
/// A handle is not an address but the number `generation << 32 | (slot + 1)`: a slot's
/// generation changes when its object is destroyed, so a destroyed handle is always told
/// apart from the object that later reuses the slot (until one slot has been reused 2^31
/// times), and a pointer that was never a handle names no slot or the wrong generation. A
/// lookup also checks the kind, so a handle of another kind is an error rather than a
/// crash. The table is guarded by one lock; a lookup returns a strong reference, so an
/// object stays alive for the rest of a call even if another thread destroys its handle
/// meanwhile. Cost: a lock, a bounds check, two comparisons and a reference count.
enum HandleTable {
    /// A live object and its kind (its class), compared before the cast so that the cast
    /// needs no dynamic check.
    private struct Entry: Sendable {
        let kind: ObjectIdentifier
        let object: any HandleObject
    }

    private struct Slot: Sendable {
        /// Odd while the slot holds an object, even while it is free.
        var generation: UInt32 = 0
        var entry: Entry?
    }

    private struct Slots: Sendable {
        var slots: [Slot] = []
        var free: [Int] = []
        var live = 0
    }

    private static let table = Mutex(Slots())

    /// Registers `object` and returns its handle.
    static func insert<Object: HandleObject>(_ object: Object) -> OpaquePointer {
        let entry = Entry(kind: ObjectIdentifier(Object.self), object: object)
        let handle = table.withLock { table -> UInt in
            let index: Int
            if let reused = table.free.popLast() {
                index = reused
            } else {
                index = table.slots.count
                table.slots.append(Slot())
            }
            table.slots[index].generation &+= 1
            table.slots[index].entry = entry
            table.live += 1
            return UInt(table.slots[index].generation) << 32 | UInt(index + 1)
        }
        return OpaquePointer(bitPattern: handle)!  // the low half is at least 1
    }

    /// The slot and generation a handle names (`nil` for a value no handle can have).
    private static func decode(_ handle: OpaquePointer) -> (index: Int, generation: UInt32)? {
        let bits = UInt(bitPattern: handle)
        let low = bits & 0xFFFF_FFFF, high = bits >> 32
        guard low > 0, high <= UInt(UInt32.max) else { return nil }
        return (Int(low) - 1, UInt32(high))
    }

    /// The object of kind `Object` behind `handle`, or a failure of `call`: NULL, or not a
    /// live handle of that kind.
    static func object<Object: HandleObject>(_ handle: OpaquePointer?, as _: Object.Type, in call: APICall, _ name: String)
        throws(APIFailure) -> Object
    {
        let handle = try call.required(handle, name)
        let entry = decode(handle).flatMap { slot in
            table.withLock { table -> Entry? in
                guard slot.index < table.slots.count, table.slots[slot.index].generation == slot.generation else {
                    return nil
                }
                return table.slots[slot.index].entry
            }
        }
        guard let entry, entry.kind == ObjectIdentifier(Object.self) else {
            throw call.failure(CADENCE_ERROR_INVALID_HANDLE, "\(name) is not a live \(Object.kind) handle")
        }
        return unsafeDowncast(entry.object, to: Object.self)
    }

    /// Releases the object of kind `Object` behind `handle`; does nothing for NULL or a
    /// handle that is not a live one of that kind (so a second destroy is harmless).
    static func remove<Object: HandleObject>(_ handle: OpaquePointer?, as _: Object.Type) {
        guard let handle, let slot = decode(handle) else { return }
        let removed: Entry? = table.withLock { table in
            guard slot.index < table.slots.count, table.slots[slot.index].generation == slot.generation,
                let entry = table.slots[slot.index].entry, entry.kind == ObjectIdentifier(Object.self)
            else { return nil }
            table.slots[slot.index].entry = nil
            table.slots[slot.index].generation &+= 1
            table.free.append(slot.index)
            table.live -= 1
            return entry
        }
        _ = removed  // released here, outside the lock
    }

    /// The number of live handles.
    static var liveCount: Int { table.withLock { $0.live } }
}

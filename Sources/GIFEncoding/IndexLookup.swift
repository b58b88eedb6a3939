/// The per-pixel steps of showing a frame's colours and of relabelling it to a local table:
/// palette indices looked up in a table of at most 256 entries.
extension Array {
    /// The table (at most 256 entries) filled up with `beyond` to 256 slots, so that a loop
    /// looking index bytes up in it needs no bounds check: an index byte always names a slot.
    /// A table of 256 entries is itself, not a copy.
    func indexSlots(beyond: Element) -> [Element] {
        precondition(count <= 256, "an index table holds at most 256 entries")
        return count == 256 ? self : self + repeatElement(beyond, count: 256 - count)
    }
}

extension Array where Element == UInt8 {
    /// `table[index]` for every index, in order; an index past the table's end gives `beyond`.
    /// The table is looked up through its 256 slots (`indexSlots(beyond:)`).
    func mapped<Value>(through table: [Value], beyond: Value) -> [Value] {
        let slots = table.indexSlots(beyond: beyond)
        return withUnsafeBufferPointer { indices in
            slots.withUnsafeBufferPointer { slots in
                [Value](unsafeUninitializedCapacity: indices.count) { out, written in
                    for position in 0 ..< indices.count {
                        (out.baseAddress! + position).initialize(to: slots[Int(indices[position])])
                    }
                    written = indices.count
                }
            }
        }
    }

    /// For each of the 256 index values, whether it occurs.
    func usedIndices() -> [Bool] {
        var used = [Bool](repeating: false, count: 256)
        withUnsafeBufferPointer { indices in
            used.withUnsafeMutableBufferPointer { used in
                for index in indices { used[Int(index)] = true }
            }
        }
        return used
    }
}

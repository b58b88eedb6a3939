/// The per-pixel steps of showing a frame's colours and of relabelling it to a local table:
/// palette indices looked up in a table of at most 256 entries.
extension Array where Element == UInt8 {
    /// `table[index]` for every index, in order; an index past the table's end gives `beyond`.
    /// The table is first copied into 256 slots, so the loop over the pixels needs no bounds
    /// check: an index byte always names a slot.
    func mapped<Value>(through table: [Value], beyond: Value) -> [Value] {
        precondition(table.count <= 256, "an index table holds at most 256 entries")
        var slots = table
        slots.append(contentsOf: repeatElement(beyond, count: 256 - table.count))
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

/// Runs a few independent pieces of work on the machine's cores (`WorkerPool.shared`) and
/// returns their results in the order of the pieces, so what is computed never depends on the
/// scheduling: the quantizer's loops, the encoder's variants and candidate tables, the
/// pictures decoded at once, the HEIF decoder's halves of a batch of rows and a large JPEG's
/// decoding beside its colour conversion.
package enum ParallelWork {
    /// `work(0) ..< work(count)`, concurrently when `concurrently` is set and there is more
    /// than one piece. Each piece must touch only state of its own (its own scratch buffers,
    /// its own result).
    package static func map<T>(_ count: Int, concurrently: Bool, _ work: (Int) -> T) -> [T] {
        guard count > 1, concurrently else { return (0 ..< count).map(work) }
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let slots = buffer
            withoutActuallyEscaping(work) { work in
                nonisolated(unsafe) let piece = work
                WorkerPool.shared.perform(count) { index in
                    slots[index] = piece(index)
                }
            }
        }
        return results.map { $0! }
    }

    /// How many items make splitting a loop over them in two worth the threads' start.
    package static let itemsWorthSplitting = 4096

    /// The part of `0 ..< count` that piece `piece` of `pieces` takes: consecutive, about
    /// equal parts, together the whole range.
    package static func part(_ piece: Int, of pieces: Int, count: Int) -> Range<Int> {
        count * piece / pieces ..< count * (piece + 1) / pieces
    }
}

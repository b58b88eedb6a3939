import Dispatch

/// Runs a few pieces of work at once on the machine's cores, for the quantizer's loops.
enum PieceWork {
    /// `work(0) ..< work(count)`, on as many threads as there are pieces (the caller's among
    /// them) when there is more than one. Each piece must touch only state of its own.
    static func run(_ count: Int, _ work: (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { work(0) }
            return
        }
        withoutActuallyEscaping(work) { work in
            nonisolated(unsafe) let piece = work
            DispatchQueue.concurrentPerform(iterations: count) { index in piece(index) }
        }
    }
}

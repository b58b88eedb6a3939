import SafeFiles

/// Passes a GIF's bytes on to its destination while they stay within a budget, and counts
/// them. Once the count passes the budget it either stops the encoding (the attempt is lost
/// and a smaller step is tried) or, for the last attempt, which must say how small the
/// smallest file is, lets the encoding finish while passing nothing more on.
final class BudgetedSink: ByteSink {
    /// Thrown by `write` once the bytes pass the budget, when the sink stops encodings.
    struct OverBudget: Error {}

    /// The most bytes the destination may receive.
    let limit: Int
    /// Bytes written so far, those kept from the destination included.
    private(set) var count = 0
    private let destination: any ByteSink
    private let countsToTheEnd: Bool

    /// A sink for `destination` allowing `limit` bytes; `countsToTheEnd` keeps counting past
    /// the limit instead of throwing.
    init(_ destination: any ByteSink, limit: Int, countsToTheEnd: Bool) {
        self.destination = destination
        self.limit = limit
        self.countsToTheEnd = countsToTheEnd
    }

    /// True once more than `limit` bytes were written.
    var isOverBudget: Bool { count > limit }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        count += bytes.count
        guard count <= limit else {
            if countsToTheEnd { return }
            throw OverBudget()
        }
        try destination.write(bytes)
    }
}

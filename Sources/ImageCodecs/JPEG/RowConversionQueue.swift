import WorkThreads

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Batches of decoded rows on their way to sRGB, shared by the thread that decodes (the
/// producer) and one that only converts (the converter), so that libjpeg decodes the next
/// rows while the colour conversion converts the last ones.
///
/// The producer fills a free slot with rows and queues it; the converter converts the oldest
/// queued slot with its own transform; the producer hands converted slots on in row order
/// and, when no slot is free, converts the oldest queued one itself (it never waits for the
/// converter to start, only for a conversion already under way). Without a converter (no
/// helper thread) the producer therefore converts every batch alone. Each pixel is converted
/// by one whole call of one transform, so the pixels never depend on which thread did it.
final class RowConversionQueue: @unchecked Sendable {
    /// Rows a slot holds.
    static let rowsPerSlot = 16
    /// Slots in the queue: together as many rows as a single batch of 64.
    static let slotCount = 4

    private enum State { case free, filling, queued, converting, converted }

    private struct Slot {
        let pixels: UnsafeMutablePointer<UInt8>
        var state = State.free
        var firstRow = 0
        var rows = 0
    }

    private let monitor = Monitor(conditions: 2)
    /// The converter's condition: a slot was queued, or the producer finished.
    private static let workQueued = 0
    /// The producer's condition: a conversion finished.
    private static let conversionFinished = 1

    // Under `monitor`; set by `begin`, before any slot is queued.
    private var rowBytes = 0
    private var producerTransform: ColorProfileTransform?
    private var converterTransform: ColorProfileTransform?
    private var slots: [Slot] = []
    /// Slots not yet handed on, in row order.
    private var pending: [Int] = []
    private var producerFinished = false

    // The producer's own: the slot it is filling, its pixels, how many rows it holds, and
    // the row length (a copy of `rowBytes`, read without the monitor).
    private var filling: Int?
    private var fillingPixels: UnsafeMutablePointer<UInt8>?
    private var filledRows = 0
    private var producerRowBytes = 0

    /// An empty queue; the converter may wait on it before `begin`.
    init() {}

    deinit {
        for slot in slots { slot.pixels.deallocate() }
    }

    /// The producer, before its first row: rows of `width` pixels, converted by the producer
    /// with `producerTransform` and by the converter with `converterTransform` (a transform
    /// is used by one thread only).
    func begin(width: Int, producerTransform: ColorProfileTransform, converterTransform: ColorProfileTransform) {
        monitor.withLock {
            rowBytes = width * 4
            self.producerTransform = producerTransform
            self.converterTransform = converterTransform
            slots = (0 ..< Self.slotCount).map { _ in Slot(pixels: .allocate(capacity: width * 4 * Self.rowsPerSlot)) }
        }
        producerRowBytes = width * 4
    }

    /// The producer: copies row `y` at `rgba` into the queue; converted rows go to `handOn`
    /// in row order, during this call or a later one. Only taking a slot and queueing it take
    /// the monitor: a row in between is a copy.
    func add(_ rgba: UnsafePointer<UInt8>, y: Int, handOn: (UnsafePointer<UInt8>, Int) -> Void) {
        let pixels = fillingPixels ?? takeFreeSlot(firstRow: y, handOn: handOn)
        memcpy(pixels + filledRows * producerRowBytes, rgba, producerRowBytes)
        filledRows += 1
        if filledRows == Self.rowsPerSlot {
            queueFilling()
            handOnConverted(handOn)
        }
    }

    /// The producer, after the last row (or a failure): converts what is left, waits for the
    /// converter's last conversion, hands every row on and lets the converter stop.
    func finish(handOn: (UnsafePointer<UInt8>, Int) -> Void) {
        queueFilling()
        while convertOldestQueued(by: .producer) {}
        monitor.withLock {
            producerFinished = true
            monitor.broadcast(Self.workQueued)
            while slots.contains(where: { $0.state == .converting }) { monitor.wait(Self.conversionFinished) }
        }
        handOnConverted(handOn)
    }

    /// The converter: converts queued slots until the producer has finished.
    func convertUntilFinished() {
        while monitor.withLock({ () -> Bool in
            while !producerFinished && !pending.contains(where: { slots[$0].state == .queued }) {
                monitor.wait(Self.workQueued)
            }
            return !producerFinished
        }) {
            _ = convertOldestQueued(by: .converter)
        }
    }

    private enum Converting { case producer, converter }

    /// Converts the oldest queued slot with the transform of `thread`; false when none is queued.
    private func convertOldestQueued(by thread: Converting) -> Bool {
        let taken: (slot: Int, pixels: UnsafeMutablePointer<UInt8>, count: Int, transform: ColorProfileTransform?)? =
            monitor.withLock {
                guard let slot = pending.first(where: { slots[$0].state == .queued }) else { return nil }
                slots[slot].state = .converting
                return (slot, slots[slot].pixels, slots[slot].rows * rowBytes / 4,
                        thread == .producer ? producerTransform : converterTransform)
            }
        guard let taken else { return false }
        taken.transform?.convert(taken.pixels, count: taken.count)
        monitor.withLock {
            slots[taken.slot].state = .converted
            monitor.signal(Self.conversionFinished)
        }
        return true
    }

    /// Queues the slot being filled, if it holds rows (and frees it if not).
    private func queueFilling() {
        guard let slot = filling else { return }
        filling = nil
        fillingPixels = nil
        let rows = filledRows
        filledRows = 0
        monitor.withLock {
            guard rows > 0 else {
                slots[slot].state = .free
                return
            }
            slots[slot].rows = rows
            slots[slot].state = .queued
            pending.append(slot)
            monitor.signal(Self.workQueued)
        }
    }

    /// Takes a free slot to fill from row `firstRow` and returns its pixels: converts queued
    /// slots, or waits for a conversion under way, until one is handed on.
    private func takeFreeSlot(firstRow: Int, handOn: (UnsafePointer<UInt8>, Int) -> Void) -> UnsafeMutablePointer<UInt8> {
        while true {
            let free: (slot: Int, pixels: UnsafeMutablePointer<UInt8>)? = monitor.withLock {
                guard let slot = slots.indices.first(where: { slots[$0].state == .free }) else { return nil }
                slots[slot].state = .filling
                slots[slot].firstRow = firstRow
                return (slot, slots[slot].pixels)
            }
            if let free {
                filling = free.slot
                fillingPixels = free.pixels
                return free.pixels
            }
            if !convertOldestQueued(by: .producer) {
                monitor.withLock {
                    if let head = pending.first, slots[head].state == .converting { monitor.wait(Self.conversionFinished) }
                }
            }
            handOnConverted(handOn)
        }
    }

    /// Hands on the converted slots at the head of the row order and frees them.
    private func handOnConverted(_ handOn: (UnsafePointer<UInt8>, Int) -> Void) {
        while let head: (slot: Int, pixels: UnsafeMutablePointer<UInt8>, firstRow: Int, rows: Int, rowBytes: Int) =
            monitor.withLock({
                guard let slot = pending.first, slots[slot].state == .converted else { return nil }
                return (slot, slots[slot].pixels, slots[slot].firstRow, slots[slot].rows, rowBytes)
            }) {
            for k in 0 ..< head.rows { handOn(head.pixels + k * head.rowBytes, head.firstRow + k) }
            monitor.withLock {
                pending.removeFirst()
                slots[head.slot].state = .free
            }
        }
    }
}

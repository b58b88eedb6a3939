import Foundation
import Palette

/// The still tiles' colour tables planned so far, by tile and content, shared by every thread
/// that plans them: the encoder's `StillTileRefiner` and an `OpeningPlan` working ahead of it.
///
/// A table depends only on its tile's pixels and the refiner's settings, so whichever thread
/// plans it, it is the same table, and the bytes never depend on who did. A key is planned by
/// one thread at a time: the thread that claims it plans it and publishes the result, and a
/// thread that needs a table another thread is planning waits for it instead of planning it
/// twice. Each table comes with its tile's pixels mapped to it, so whichever thread planned
/// it also did that mapping. A reference type guarded by a lock; tables stay for the whole
/// animation (one per distinct tile content: 1 KB and a byte a pixel of the tile each).
final class StillTileTables: @unchecked Sendable {
    /// A tile's place and a hash of its true pixels.
    struct Key: Hashable, Sendable {
        var tile: Int
        var hash: UInt64
    }

    /// A tile's table and the tile's pixels mapped to it.
    struct PlannedTile: Equatable, Sendable {
        /// The table, its transparent slot included.
        var palette: IndexedPalette
        /// Each pixel of the tile, row by row, as its nearest entry of `palette` (no dithering).
        var indices: [UInt8]
    }

    /// What the store says of a key that must be had.
    enum Lookup {
        /// The table, planned by whichever thread.
        case known(PlannedTile)
        /// Nobody has planned it, or planning it failed: it is now claimed for the caller, who
        /// must plan it and `publish` the result.
        case claimed
    }

    private var tables: [Key: PlannedTile] = [:]
    private var planning: Set<Key> = []
    private let condition = NSCondition()

    /// Tables known so far.
    var count: Int { condition.withLock { tables.count } }

    /// The table of `key`, waiting while another thread plans it; `.claimed` when the caller
    /// is to plan it.
    func lookUp(_ key: Key) -> Lookup {
        condition.withLock {
            while planning.contains(key) { condition.wait() }
            if let table = tables[key] { return .known(table) }
            planning.insert(key)
            return .claimed
        }
    }

    /// Claims `key` for the caller when no thread has planned it or is planning it: for work
    /// done ahead, which should neither wait nor plan anything twice.
    func claimIfFree(_ key: Key) -> Bool {
        condition.withLock {
            guard tables[key] == nil, !planning.contains(key) else { return false }
            planning.insert(key)
            return true
        }
    }

    /// Whether some thread has claimed `key` and not yet published its table: asking for it
    /// now would wait.
    func isBeingPlanned(_ key: Key) -> Bool {
        condition.withLock { planning.contains(key) }
    }

    /// Whether the table of `key` is known (planned and published).
    func isKnown(_ key: Key) -> Bool {
        condition.withLock { tables[key] != nil }
    }

    /// Whether the table of `key` is known or some thread is planning it: asking for it again
    /// would plan nothing.
    func isKnownOrBeingPlanned(_ key: Key) -> Bool {
        condition.withLock { tables[key] != nil || planning.contains(key) }
    }

    /// Ends the caller's claim on `key` with its table, or with nil when planning failed (the
    /// next thread that needs it plans it again and meets the failure itself).
    func publish(_ key: Key, _ table: PlannedTile?) {
        condition.withLock {
            planning.remove(key)
            if let table { tables[key] = table }
            condition.broadcast()
        }
    }
}

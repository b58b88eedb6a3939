import WorkThreads

extension ColorQuantizer {
    /// For each centre its `listed` nearest other centres, nearest first, and their squared
    /// separations, found again on each Lloyd iteration into buffers kept for the whole
    /// refinement (a refinement makes one, so no iteration allocates).
    ///
    /// "Nearest" orders by a key holding the squared separation with its 16 lowest bits
    /// replaced by the other centre's index: keys are distinct and order by (separation, index)
    /// up to that truncation; the separations listed are the exact ones.
    ///
    /// Each finding after the first starts from what the last one found:
    /// - A centre that did not move, among others of which none moved, keeps its row.
    /// - A centre that did not move looks only at the centres that moved. Its listed
    ///   neighbours that stayed put keep their keys, and every centre it did not list keeps
    ///   a key above its last listed one; so when the stayers and the movers whose new key is
    ///   at most that last key number at least `listed`, the smallest keys are among them.
    ///   Late in a refinement few centres move, and this looks at those few.
    /// - A centre that moved, or whose row lost too many neighbours, computes the whole row;
    ///   it remembers a key a little above its last listed one and gathers the row's keys up
    ///   to it first, and when there are at least `listed` of them the smallest are among
    ///   them. Only a row that gathers too few is searched whole.
    /// Every path yields the same keys, so the lists are those of a search from scratch.
    final class NeighbourLists {
        let count: Int
        let listed: Int
        /// Row `c` at `c * listed`: the listed neighbours of centre `c`.
        let indices: UnsafeMutableBufferPointer<Int32>
        /// The squared separation of centre `c` from each of its listed neighbours, in the
        /// same places.
        let separations: UnsafeMutableBufferPointer<Double>
        /// How many pieces the rows are split into, each on a thread of its own.
        let pieces: Int
        /// Per piece, one row of keys (its own slot the largest key), and the keys gathered
        /// from it or from a row's stayers and movers (other centres, so `count` places).
        private let row: UnsafeMutableBufferPointer<UInt64>
        private let gathered: UnsafeMutableBufferPointer<UInt64>
        /// Per row, the key up to which to gather (0: none yet, search the whole row).
        private let limits: UnsafeMutableBufferPointer<UInt64>
        /// The centres' coordinates at the last finding, one array each, so a row's
        /// separations run as a plain loop over memory.
        private let xs: UnsafeMutableBufferPointer<Double>
        private let ys: UnsafeMutableBufferPointer<Double>
        private let zs: UnsafeMutableBufferPointer<Double>
        /// Per centre, whether it moved since the last finding; and the movers' indices.
        private let moved: UnsafeMutableBufferPointer<Bool>
        private let movers: UnsafeMutableBufferPointer<Int32>
        private var moverCount = 0
        /// Whether the rows hold a finding to start from.
        private var hasFinding = false

        init(count: Int, listed: Int, pieces: Int) {
            precondition(listed < count || listed <= 0, "a centre lists fewer neighbours than there are other centres")
            self.count = count
            self.listed = max(0, listed)
            self.pieces = pieces
            indices = .allocate(capacity: count * self.listed)
            separations = .allocate(capacity: count * self.listed)
            row = .allocate(capacity: count * pieces)
            gathered = .allocate(capacity: count * pieces)
            limits = .allocate(capacity: count)
            limits.initialize(repeating: 0)
            xs = .allocate(capacity: count)
            ys = .allocate(capacity: count)
            zs = .allocate(capacity: count)
            moved = .allocate(capacity: count)
            movers = .allocate(capacity: count)
        }

        deinit {
            indices.deallocate()
            separations.deallocate()
            row.deallocate()
            gathered.deallocate()
            limits.deallocate()
            xs.deallocate()
            ys.deallocate()
            zs.deallocate()
            moved.deallocate()
            movers.deallocate()
        }

        /// Lists the neighbours of `centres` (`count` of them).
        func find(_ centres: [SIMD3<Double>]) {
            precondition(centres.count == count && count <= 1 << 16, "a neighbour list's centres changed in number")
            guard listed > 0 else { return }
            moverCount = 0
            for (index, centre) in centres.enumerated() {
                // Bit for bit: a centre whose mean came out the same keeps its separations.
                let same = hasFinding && xs[index].bitPattern == centre.x.bitPattern
                    && ys[index].bitPattern == centre.y.bitPattern && zs[index].bitPattern == centre.z.bitPattern
                moved[index] = !same
                if !same {
                    movers[moverCount] = Int32(index)
                    moverCount += 1
                }
                xs[index] = centre.x
                ys[index] = centre.y
                zs[index] = centre.z
            }
            hasFinding = true
            guard moverCount > 0 else { return }
            _ = ParallelWork.map(pieces, concurrently: true) { piece in
                findRows(ParallelWork.part(piece, of: pieces, count: count), piece: piece)
            }
        }

        /// Lists the neighbours of the centres of `rows` (their coordinates in `xs`, `ys`,
        /// `zs`), with the scratch of `piece`.
        private func findRows(_ rows: Range<Int>, piece: Int) {
            let row = self.row.baseAddress! + piece * count
            let gathered = self.gathered.baseAddress! + piece * count
            for own in rows {
                if moved[own] || !updateFromMovers(own, into: gathered) {
                    findWholeRow(own, row: row, gathered: gathered)
                }
            }
        }

        /// The key of `other` in the row of a centre at squared separation `separation`.
        @inline(__always)
        private static func key(_ separation: Double, _ other: Int) -> UInt64 {
            // Non-negative doubles order like their bit patterns; the low bits hold the index.
            separation.bitPattern & ~UInt64(0xFFFF) | UInt64(other)
        }

        /// The squared separation of centres `own` and `other`: the same sum, in the same
        /// order, as `ColorQuantizer.distance` (whose SIMD sum starts from −0, which changes
        /// nothing), and the same for (own, other) as for (other, own), since a − b is
        /// exactly −(b − a).
        @inline(__always)
        private func separation(_ own: Int, _ other: Int) -> Double {
            let dx = xs[own] - xs[other], dy = ys[own] - ys[other], dz = zs[own] - zs[other]
            return dx * dx + dy * dy + dz * dz
        }

        /// Relists the row of `own`, which did not move, from its stayers and the movers;
        /// false (nothing written) when those leave fewer than `listed` keys at most its last
        /// listed key.
        private func updateFromMovers(_ own: Int, into gathered: UnsafeMutablePointer<UInt64>) -> Bool {
            let first = own * listed
            let last = Self.key(separations[first + listed - 1], Int(indices[first + listed - 1]))
            var kept = 0, changed = false
            for slot in first ..< first + listed {
                let other = Int(indices[slot])
                if moved[other] {
                    changed = true
                } else {
                    gathered[kept] = Self.key(separations[slot], other)
                    kept += 1
                }
            }
            // `own` stayed, so it is not among the movers.
            for position in 0 ..< moverCount {
                let other = Int(movers[position])
                let key = Self.key(separation(own, other), other)
                if key <= last {
                    gathered[kept] = key
                    kept += 1
                    changed = true
                }
            }
            guard changed else { return true }
            guard kept >= listed else { return false }
            Self.sortSmallest(listed, of: gathered, count: kept)
            write(own, smallest: gathered)
            return true
        }

        /// Lists the row of `own` from every other centre.
        private func findWholeRow(_ own: Int, row: UnsafeMutablePointer<UInt64>, gathered: UnsafeMutablePointer<UInt64>) {
            let xs = self.xs.baseAddress!, ys = self.ys.baseAddress!, zs = self.zs.baseAddress!
            let x = xs[own], y = ys[own], z = zs[own]
            for other in 0 ..< count {
                // `separation(own, other)`, written out so the loop runs over memory: the same
                // operations in the same order, so the same keys as the other paths.
                let dx = x - xs[other], dy = y - ys[other], dz = z - zs[other]
                row[other] = Self.key(dx * dx + dy * dy + dz * dz, other)
            }
            row[own] = .max
            // The `listed` smallest keys to the front of `gathered`, or of the row.
            var smallest = row
            let limit = limits[own]
            var kept = 0
            if limit > 0 {
                // Each key is stored and the count advanced by the comparison as 0 or 1, without
                // a branch: `? 1 : 0` compiled to a jump that mispredicted for about one key in
                // eight, two thirds of the row's time.
                for other in 0 ..< count {
                    let key = row[other]
                    gathered[kept] = key
                    kept &+= Int(flag: key <= limit)
                }
            }
            if kept >= listed {
                smallest = gathered
                Self.sortSmallest(listed, of: gathered, count: kept)
            } else {
                Self.sortSmallest(listed, of: row, count: count)
            }
            write(own, smallest: smallest)
            // Next time, gather up to a quarter more than this time's last separation.
            let last = Double(bitPattern: smallest[listed - 1] & ~UInt64(0xFFFF))
            limits[own] = (last * 1.25).bitPattern | 0xFFFF
        }

        /// Writes the `listed` keys at `smallest`, which come in ascending order, as the row of `own`.
        private func write(_ own: Int, smallest: UnsafeMutablePointer<UInt64>) {
            let first = own * listed
            for slot in 0 ..< listed {
                let other = Int(smallest[slot] & 0xFFFF)
                indices[first + slot] = Int32(other)
                separations[first + slot] = separation(own, other)
            }
        }

        /// Moves the `k` smallest of the `count` distinct values at `values` to its first `k`
        /// places, in ascending order (the rest are left in no particular order).
        ///
        /// The first `k` values are sorted by insertion; each later value smaller than the
        /// largest kept is then inserted in its place, pushing that largest out. Once the kept
        /// values are among the smallest few, most later values fail the one comparison, a
        /// branch the processor predicts, where a selection's partitioning mispredicted about
        /// every other comparison; and the kept values come out sorted, as a row is written.
        static func sortSmallest(_ k: Int, of values: UnsafeMutablePointer<UInt64>, count: Int) {
            precondition(k >= 1 && k <= count, "fewer values than are to be kept")
            for end in 1 ..< k { insert(values[end], below: end, into: values) }
            for position in k ..< count {
                let value = values[position]
                guard value < values[k - 1] else { continue }
                // The largest kept value leaves for this place; the new one goes in among the kept.
                values[position] = values[k - 1]
                insert(value, below: k - 1, into: values)
            }
        }

        /// Puts `value` among the sorted `values[0 ..< end]`, moving the larger ones up one
        /// place (the last into `end`), so that `values[0 ... end]` is sorted.
        @inline(__always)
        private static func insert(_ value: UInt64, below end: Int, into values: UnsafeMutablePointer<UInt64>) {
            var position = end
            while position > 0, values[position - 1] > value {
                values[position] = values[position - 1]
                position -= 1
            }
            values[position] = value
        }
    }
}

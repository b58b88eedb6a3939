/// A grid item's layout, from its data (ISO/IEC 23008-12, 6.6.2.3: version, flags, rows and
/// columns less one, the output size in 16 or 32 bits as the flags say).
struct HEIFGridLayout {
    let rows: Int
    let columns: Int
    let width: Int
    let height: Int

    /// The layout of the grid item `id` of `items`, or nil when its data cannot be read so far.
    init?(_ id: UInt32, of items: HEIFItems) {
        guard let layout = items.data(of: id, prefix: 12), layout.count >= 8 else { return nil }
        let wide = layout[1] & 1 != 0
        guard !wide || layout.count >= 12 else { return nil }
        var fields = HEIFCursor(layout, from: 4)
        guard let width = fields.read(wide ? 4 : 2), let height = fields.read(wide ? 4 : 2) else { return nil }
        rows = Int(layout[2]) + 1
        columns = Int(layout[3]) + 1
        self.width = width
        self.height = height
    }
}

/// How `PNGEncoder` compresses pixels: the zlib level and strategy and the PNG row filter.
///
/// Every setting is fixed per value, so equal images and options always give equal bytes. The
/// defaults (`.fast`) were chosen on render-gif frames (a white 750 x 1334 canvas with a thin
/// arc and five small photos): filter `sub` turns the flat white rows into zeros and keeps the
/// gradients small, and zlib level 2 with the standard strategy is within a few percent of
/// level 1's speed while making smaller files. Level 9 with `adaptive` filtering (`.smallest`)
/// makes the smallest files and takes several times longer.
struct PNGEncodingOptions: Equatable, Sendable {
    /// The filter applied to every row before compression (PNG's filter types 0 to 4).
    enum RowFilter: Equatable, Sendable, CaseIterable {
        /// Bytes as they are.
        case none
        /// Difference to the pixel on the left.
        case sub
        /// Difference to the pixel above.
        case up
        /// Difference to the mean of left and above.
        case average
        /// Difference to the Paeth predictor of left, above and upper left.
        case paeth
        /// libpng tries all five on each row and keeps the one that looks smallest (slower).
        case adaptive
    }

    /// zlib's compression strategy.
    enum Strategy: Equatable, Sendable, CaseIterable {
        /// zlib's default: repeated strings at any distance.
        case standard
        /// Favours short literal differences, as filtered rows produce.
        case filtered
        /// No string matching, only Huffman coding of the bytes.
        case huffmanOnly
        /// Only runs of one repeated byte (distance 1); fast on flat synthetic images.
        case runLength
    }

    /// zlib's level, 0 (stored, no compression) to 9 (smallest, slowest).
    var compressionLevel: Int
    /// The row filter.
    var filter: RowFilter
    /// The zlib strategy.
    var strategy: Strategy

    /// Options with the given settings; the defaults are `.fast`.
    init(compressionLevel: Int = 2, filter: RowFilter = .sub, strategy: Strategy = .standard) {
        self.compressionLevel = compressionLevel
        self.filter = filter
        self.strategy = strategy
    }

    /// The settings for animation frames: a few milliseconds per 750 x 1334 frame, small files.
    static let fast = PNGEncodingOptions()

    /// The smallest files libpng makes, at several times the time of `.fast`.
    static let smallest = PNGEncodingOptions(compressionLevel: 9, filter: .adaptive, strategy: .standard)

    /// Throws `.invalidInput` when `compressionLevel` is outside 0...9.
    func validate() throws(ImageCodecError) {
        guard (0 ... 9).contains(compressionLevel) else {
            throw .invalidInput(context: "PNG options",
                                problem: "compression level \(compressionLevel) is not in 0...9")
        }
    }

    /// The filter as libpng's mask of PNG_FILTER_* bits.
    var filterMask: Int32 {
        switch filter {
        case .none: return 0x08
        case .sub: return 0x10
        case .up: return 0x20
        case .average: return 0x40
        case .paeth: return 0x80
        case .adaptive: return 0xF8
        }
    }

    /// The strategy as zlib's Z_* value.
    var zlibStrategy: Int32 {
        switch strategy {
        case .standard: return 0
        case .filtered: return 1
        case .huffmanOnly: return 2
        case .runLength: return 3
        }
    }
}

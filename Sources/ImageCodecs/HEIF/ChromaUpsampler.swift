/// Brings a subsampled chroma plane (4:2:0 or 4:2:2) to the luma grid one luma row at a time,
/// with the triangle (bilinear) filter at the chroma siting HEVC and AV1 use by default in HEIF
/// and AVIF (H.273 chroma sample location type 0, MPEG-2's and H.264's):
/// - horizontally co-sited: luma column 2i takes chroma column i, column 2i + 1 the mean of
///   columns i and i + 1;
/// - vertically (4:2:0 only) midway between two luma rows: luma row 2j takes ¾ of chroma row j
///   and ¼ of row j − 1, row 2j + 1 ¾ of row j and ¼ of row j + 1.
/// Beyond the plane's edges the last column or row is repeated. The weights are kept as
/// integers: every output is `scale` (8, or 2 for 4:2:2) times its value, divided only by
/// `YCbCrMatrix` after the matrix (no rounding in between). 4:4:4 chroma is passed through at
/// scale 1.
struct ChromaUpsampler {
    /// How chroma is subsampled against luma.
    enum Subsampling: Equatable {
        case none, horizontal, horizontalAndVertical

        /// Luma samples per chroma sample across and down.
        var factors: (x: Int, y: Int) {
            switch self {
            case .none: (1, 1)
            case .horizontal: (2, 1)
            case .horizontalAndVertical: (2, 2)
            }
        }
    }

    let subsampling: Subsampling
    /// The luma plane's size.
    let width: Int
    let height: Int
    /// The chroma plane's size: half the luma's, rounded up, where subsampled.
    let chromaWidth: Int
    let chromaHeight: Int

    init(subsampling: Subsampling, width: Int, height: Int) {
        self.subsampling = subsampling
        self.width = width
        self.height = height
        let factors = subsampling.factors
        chromaWidth = (width + factors.x - 1) / factors.x
        chromaHeight = (height + factors.y - 1) / factors.y
    }

    /// How many times its value each output is.
    var scale: Int {
        switch subsampling {
        case .none: 1
        case .horizontal: 2
        case .horizontalAndVertical: 8
        }
    }

    /// The chroma rows luma row `y` is made of, and their weights (out of 4 vertically, or 1
    /// when not subsampled vertically).
    func rows(forLumaRow y: Int) -> (near: Int, far: Int, nearWeight: Int, farWeight: Int) {
        guard subsampling == .horizontalAndVertical else { return (y, y, 1, 0) }
        let near = y / 2
        let far = y % 2 == 0 ? max(0, near - 1) : min(chromaHeight - 1, near + 1)
        return (near, far, 3, 1)
    }

    /// Fills `output` (`width` values) with luma row `y`'s chroma, `scale` times its value,
    /// reading chroma row `r` through `sample(r, x)`.
    @inline(__always)
    func upsample(lumaRow y: Int, into output: UnsafeMutablePointer<Int32>, sample: (_ row: Int, _ column: Int) -> Int32) {
        let (near, far, nearWeight, farWeight) = rows(forLumaRow: y)
        @inline(__always) func vertical(_ column: Int) -> Int32 {
            Int32(nearWeight) * sample(near, column) + Int32(farWeight) * sample(far, column)
        }
        guard subsampling != .none else {
            for x in 0 ..< width { output[x] = sample(y, x) }
            return
        }
        var previous = vertical(0)
        for i in 0 ..< chromaWidth {
            let next = i + 1 < chromaWidth ? vertical(i + 1) : previous
            let current = previous
            output[2 * i] = 2 * current
            if 2 * i + 1 < width { output[2 * i + 1] = current + next }
            previous = next
        }
    }
}

import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a decoder's whole rows of straight RGBA8 pixels go: into the picture at its full
/// size, or through an area reducer when the layer needs fewer pixels (then the whole picture
/// never exists in RGBA8).
struct PictureRowSink {
    let width: Int
    let height: Int
    private var reducer: AreaReducer?
    private var whole: [UInt8] = []

    /// A sink for a `width` x `height` picture that comes out at `target` (no larger than the
    /// picture; the picture's own size means whole).
    init(width: Int, height: Int, target: (width: Int, height: Int)) {
        self.width = width
        self.height = height
        if target.width < width || target.height < height {
            reducer = AreaReducer(sourceWidth: width, sourceHeight: height,
                                  width: max(1, min(target.width, width)), height: max(1, min(target.height, height)))
        } else {
            whole = [UInt8](repeating: 0, count: width * height * 4)
        }
    }

    /// A sink whose rows go through `reducer` (one made for a picture decoded at a reduced
    /// scale): the picture is then `reducer.sourceWidth` x `reducer.sourceHeight` pixels.
    init(reducer: AreaReducer) {
        width = reducer.sourceWidth
        height = reducer.sourceHeight
        self.reducer = reducer
    }

    /// Takes row `y`: `width` straight RGBA pixels at `pixels`.
    mutating func add(_ pixels: UnsafePointer<UInt8>, y: Int) {
        add(pixels, y: y, firstColumn: 0, step: 1, count: width)
    }

    /// Takes `count` straight RGBA pixels of row `y` at `pixels`, for columns `firstColumn`,
    /// `firstColumn + step`, ... (a whole row, or one interlacing pass's part of it).
    mutating func add(_ pixels: UnsafePointer<UInt8>, y: Int, firstColumn: Int, step: Int, count: Int) {
        guard y >= 0, y < height else { return }
        if reducer != nil {
            reducer!.add(pixels, y: y, firstColumn: firstColumn, step: step, count: count)
            return
        }
        let rowStart = y * width * 4
        whole.withUnsafeMutableBufferPointer { target in
            if step == 1 {
                _ = memcpy(target.baseAddress! + rowStart + firstColumn * 4, pixels, count * 4)
                return
            }
            for k in 0 ..< count {
                let to = rowStart + (firstColumn + k * step) * 4
                for c in 0 ..< 4 { target[to + c] = pixels[4 * k + c] }
            }
        }
    }

    /// Whether rows go through an area reducer (the picture is never held whole).
    var reduces: Bool { reducer != nil }

    /// Takes what `other`, a reducing sink of the same sizes, has gathered from rows this one
    /// has not taken (`AreaReducer.absorb`).
    mutating func absorb(_ other: PictureRowSink) {
        guard let gathered = other.reducer else { preconditionFailure("PictureRowSink: only reductions can be joined") }
        precondition(reducer != nil, "PictureRowSink: only reductions can be joined")
        reducer!.absorb(gathered)
    }

    /// The picture: reduced and premultiplied, or whole and straight.
    func image() -> RGBAImage {
        if let reducer { return reducer.image() }
        return RGBAImage(width: width, height: height, pixels: whole, isPremultiplied: false)
    }
}

@testable import Palette
import Raster

/// Simple palettes the quantizer must beat, written independently of it.
enum ReferencePalettes {
    /// The 216 colours of a uniform 6x6x6 grid (0, 51, ..., 255 per channel).
    static let uniform6x6x6: [RGB8] = (0 ..< 216).map { (number: Int) -> RGB8 in
        let r: Int = number / 36 * 51, g: Int = number / 6 % 6 * 51, b: Int = number % 6 * 51
        return RGB8(UInt8(r), UInt8(g), UInt8(b))
    }

    /// Heckbert's median cut in sRGB: split the box with the longest side at its weighted
    /// median along that side until `count` boxes; each box gives its weighted mean colour.
    static func medianCut(_ histogram: ColorHistogram, count: Int) -> [RGB8] {
        let entries = histogram.entries
        func channel(_ entry: ColorHistogram.Entry, _ axis: Int) -> Int {
            axis == 0 ? Int(entry.color.r) : axis == 1 ? Int(entry.color.g) : Int(entry.color.b)
        }
        func longestSide(_ box: [ColorHistogram.Entry]) -> (axis: Int, length: Int) {
            (0 ..< 3).map { axis in
                let values = box.map { channel($0, axis) }
                return (axis, (values.max() ?? 0) - (values.min() ?? 0))
            }.max { $0.length < $1.length }!
        }
        var boxes = [entries]
        var sides = [longestSide(entries)]  // each box's, computed once
        while boxes.count < count {
            guard let index = boxes.indices.filter({ boxes[$0].count > 1 })
                .max(by: { sides[$0].length < sides[$1].length }) else { break }
            let axis = sides[index].axis
            let sorted = boxes[index].sorted { channel($0, axis) < channel($1, axis) }
            let half = sorted.reduce(0) { $0 + $1.weight } / 2
            var running = 0.0, cut = 1
            for (position, entry) in sorted.enumerated() {
                running += entry.weight
                if running >= half { cut = min(max(position + 1, 1), sorted.count - 1); break }
            }
            boxes[index] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
            sides[index] = longestSide(boxes[index])
            sides.append(longestSide(boxes[boxes.count - 1]))
        }
        return boxes.map { box in
            let total = box.reduce(0) { $0 + $1.weight }
            func mean(_ axis: Int) -> UInt8 {
                UInt8((box.reduce(0) { $0 + Double(channel($1, axis)) * $1.weight } / total).rounded())
            }
            return RGB8(mean(0), mean(1), mean(2))
        }
    }
}

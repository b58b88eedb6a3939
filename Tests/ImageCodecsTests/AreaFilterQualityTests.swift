import Foundation
@testable import Raster
import Testing
@testable import ImageCodecs

/// A large photograph-like picture drawn into an avatar layer matches the upright picture
/// area-averaged over each canvas pixel's footprint, at the layer's exact sub-pixel place, to
/// at least 30 dB PSNR inside the circle, for JPEG and PNG at scales 1 to 3. The reference is
/// computed here from the full-size picture with a summed-area table, independently of the
/// decoder's reduction and of the renderer's sampling.
@Suite enum AreaFilterQualityTests {
    static let width = 960, height = 720

    /// Smooth light, fine diagonal stripes about 3 pixels apart and sensor-like noise: the
    /// detail that aliases into speckle when a circle 50 to 150 pixels wide samples it directly.
    static let photo: [UInt8] = {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var state: UInt32 = 12345
        for y in 0 ..< height {
            for x in 0 ..< width {
                for c in 0 ..< 3 {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    let noise = Double(Int(state >> 24) - 128) / 128 * 28
                    let light = 120 + 70 * sin(Double(x) / 97 + Double(c)) * cos(Double(y) / 73 - Double(c))
                    let stripes = 45 * sin(Double(x) * 2.1 + Double(y) * 0.7 + Double(c) * 1.3)
                    pixels[(y * width + x) * 3 + c] = UInt8(max(0, min(255, (light + stripes + noise).rounded())))
                }
            }
        }
        return pixels
    }()

    static func encoded(_ format: String) throws -> [UInt8] {
        if format == "jpg" { return try Fixtures.jpeg(pixels: photo, width: width, height: height, components: 3, quality: 92) }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0 ..< width * height { for c in 0 ..< 3 { rgba[i * 4 + c] = photo[i * 3 + c] } }
        return [UInt8](try PNGEncoder.encode(RGBAImage(width: width, height: height, pixels: rgba, isPremultiplied: false)))
    }

    @Test(arguments: ["jpg", "png"], 1 ... 3)
    static func reducedPictureMatchesTheAreaAverage(format: String, scale: Int) throws {
        let bytes = try encoded(format)
        let side = 50.0 * Double(scale)
        let layer = CircularLayer(center: Point(x: side * 0.6 + 0.37, y: side * 0.6 + 0.71), radius: side / 2,
                                  borderWidth: 0, borderColor: .clear, contentsGravity: .resizeAspectFill)
        let full = try ImageFile.decode(bytes, path: "photo.\(format)")
        let reduced = try ImageFile.decode(bytes, path: "photo.\(format)",
                                           fit: PictureFit(side: side, preservesAspectRatio: true))
        #expect(reduced.height == Int(side), "the shorter side is reduced to the layer's \(side) pixels")
        let reference = AreaAverageReference(full)
        let reducedScore = reference.psnr(of: draw(reduced, layer), layer: layer)
        let straightScore = reference.psnr(of: draw(full, layer), layer: layer)
        #expect(reducedScore >= 30, "reduced: \(reducedScore) dB")
        #expect(straightScore < reducedScore - 3, "full size drawn straight: \(straightScore) dB, reduced \(reducedScore) dB")
    }

    static func draw(_ image: RGBAImage, _ layer: CircularLayer) -> RGBAImage {
        let layer = CircularLayer(center: layer.center, radius: layer.radius, borderWidth: layer.borderWidth,
                                  borderColor: layer.borderColor, backgroundColor: layer.backgroundColor,
                                  contents: image.premultiplied(),
                                  contentsGravity: layer.contentsGravity)
        let size = Int((layer.center.x + layer.radius).rounded(.up)) + 2
        var canvas = Canvas(width: size, height: size, color: PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255))
        canvas.draw(layer)
        return canvas.image
    }
}

/// The mean of an opaque picture over any axis-aligned rectangle of its pixel plane, from a
/// summed-area table (bilinear between its corners, which is exact for pixels of constant value).
struct AreaAverageReference {
    let image: RGBAImage
    private let table: [Double]  // (width + 1) x (height + 1) x 3

    init(_ image: RGBAImage) {
        self.image = image
        let w = image.width, h = image.height, stride = (w + 1) * 3
        var table = [Double](repeating: 0, count: stride * (h + 1))
        for y in 0 ..< h {
            var row = [0.0, 0.0, 0.0]
            for x in 0 ..< w {
                for c in 0 ..< 3 {
                    row[c] += Double(image.pixels[(y * w + x) * 4 + c])
                    table[(y + 1) * stride + (x + 1) * 3 + c] = table[y * stride + (x + 1) * 3 + c] + row[c]
                }
            }
        }
        self.table = table
    }

    /// The integral of channel `c` over [0, u] x [0, v].
    private func integral(_ u: Double, _ v: Double, _ c: Int) -> Double {
        let stride = (image.width + 1) * 3
        let x0 = min(Int(u), image.width - 1), y0 = min(Int(v), image.height - 1)
        let fx = u - Double(x0), fy = v - Double(y0)
        func at(_ x: Int, _ y: Int) -> Double { table[y * stride + x * 3 + c] }
        let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
        let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }

    /// PSNR in dB of the opaque `canvas` against the picture area-averaged over each canvas
    /// pixel's footprint, over the pixels whose centres lie at least 1.5 pixels inside the circle.
    func psnr(of canvas: RGBAImage, layer: CircularLayer) -> Double {
        let rect = ContentsGravity.resizeAspectFill.imageRect(imageWidth: image.width, imageHeight: image.height,
                                                              in: layer.frame)
        let sx = Double(image.width) / rect.width, sy = Double(image.height) / rect.height
        var squared = 0.0, count = 0
        for py in 0 ..< canvas.height {
            for px in 0 ..< canvas.width {
                let dx = Double(px) + 0.5 - layer.center.x, dy = Double(py) + 0.5 - layer.center.y
                guard (dx * dx + dy * dy).squareRoot() <= layer.radius - 1.5 else { continue }
                let u0 = max(0, (Double(px) - rect.x) * sx), u1 = min(Double(image.width), (Double(px + 1) - rect.x) * sx)
                let v0 = max(0, (Double(py) - rect.y) * sy), v1 = min(Double(image.height), (Double(py + 1) - rect.y) * sy)
                let area = (u1 - u0) * (v1 - v0)
                for c in 0 ..< 3 {
                    let sum = integral(u1, v1, c) - integral(u0, v1, c) - integral(u1, v0, c) + integral(u0, v0, c)
                    let error = Double(canvas.pixels[(py * canvas.width + px) * 4 + c]) - sum / area
                    squared += error * error
                    count += 1
                }
            }
        }
        return 10 * log10(255 * 255 / (squared / Double(count)))
    }
}

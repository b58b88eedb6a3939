import Foundation
import ImageCodecs
import Palette
import Raster
import WorkThreads

/// Loads the avatar images a render needs: the user's pictures where given, the built-in
/// pictures otherwise (button i beyond the fourth reuses picture i mod 4).
///
/// A user's picture is decoded for the layer it fills (diameter times scale pixels, with the
/// render's content gravity): upright, in sRGB, and reduced with an area filter when it is
/// larger, so a camera photograph neither aliases nor holds its full size in memory. The
/// built-in pictures are drawn from their full 256 px, as they always have been.
enum AvatarLoader {
    /// The images for `settings`, decoded and premultiplied, each picture file within `limits`
    /// (the memory a limit leaves for decoding, see `MemoryNeed`). With `concurrently`, and at
    /// least two picture files or none (the built-in pictures alone), the pictures are decoded
    /// on the machine's cores at once; the images, and the error thrown (the head's first,
    /// then the buttons' in order), are the same either way. This is the render's decoding
    /// stage: its errors are the codecs module's, converted once by the render job.
    static func images(for settings: Animation, limits: ImageLimits = .default,
                       concurrently: Bool = false) throws(ImageCodecError) -> SceneImages {
        let fit = layerFit(for: settings)
        var pictures = [(picture: settings.headImage, builtIn: DefaultAvatarData.head, name: "myHead")]
        for index in 0..<settings.buttonCount {
            pictures.append((settings.avatarImages[index], defaultButtons[index % defaultButtons.count],
                             "\(index % defaultButtons.count + 1)"))
        }
        // Every layer has the same fit, so a file shown on several layers is decoded once.
        let decodedAs = firstUses(pictures.map(\.picture?.path))
        let distinct = pictures.indices.filter { decodedAs[$0] == $0 }
        // One file beside the built-in pictures decodes alone: a large picture's decoder splits
        // its own work over the cores (JPEG rows, HEIF tiles), and inside a piece of this map
        // it did not (a 12 MP HEIC without thumbnail took 4.0 to 4.4 s instead of 2.6 to 2.9).
        // Two files or more, or the built-in pictures alone (256 px PNGs), decode one a core.
        let files = distinct.filter { pictures[$0].picture?.path != nil }.count
        let atOnce = concurrently && files != 1
        // The cores take pictures in the order given, so the largest files go first: a large
        // picture started last would leave one core decoding it alone.
        let order = atOnce ? largestFirst(distinct.map { pictures[$0].picture }).map { distinct[$0] } : distinct
        let decoded = ParallelWork.map(order.count, concurrently: atOnce) { j -> Result<RGBAImage, ImageCodecError> in
            let k = order[j]
            do throws(ImageCodecError) {
                return .success(try load(pictures[k].picture, default: pictures[k].builtIn, name: pictures[k].name,
                                         fit: fit, limits: limits))
            } catch {
                return .failure(error)
            }
        }
        var results = [Result<RGBAImage, ImageCodecError>?](repeating: nil, count: pictures.count)
        for (j, k) in order.enumerated() { results[k] = decoded[j] }
        var images: [RGBAImage] = []
        for k in pictures.indices { images.append(try results[decodedAs[k]]!.get()) }
        return SceneImages(head: images[0], buttons: Array(images.dropFirst()))
    }

    /// For each position, the first position with the same file path: itself for the first
    /// use of a path, and for what has no path (pictures in memory, the built-in ones).
    static func firstUses(_ paths: [String?]) -> [Int] {
        var first: [String: Int] = [:]
        return paths.enumerated().map { position, path in
            guard let path else { return position }
            if let earlier = first[path] { return earlier }
            first[path] = position
            return position
        }
    }

    /// The positions of `pictures` by the work their decoding takes, most first: files by
    /// their size in bytes (ties in the given order), then the pictures already in memory or
    /// built in, which take little.
    static func largestFirst(_ pictures: [Picture?]) -> [Int] {
        let bytes = pictures.map { picture -> Int in
            guard let path = picture?.path,
                  let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber else { return 0 }
            return size.intValue
        }
        return pictures.indices.sorted { bytes[$0] != bytes[$1] ? bytes[$0] > bytes[$1] : $0 < $1 }
    }

    /// The layer every avatar fills: a square of diameter x scale pixels.
    static func layerFit(for settings: Animation) -> PictureFit {
        PictureFit(side: settings.buttonDiameter * Double(settings.scale),
                   preservesAspectRatio: settings.contentGravity == .resizeAspectFill)
    }

    /// The built-in buttons' pictures, button i showing picture i mod 4.
    static let defaultButtons = [DefaultAvatarData.button1, DefaultAvatarData.button2,
                                         DefaultAvatarData.button3, DefaultAvatarData.button4]

    private static func load(_ picture: Picture?, default base64: String, name: String,
                             fit: PictureFit, limits: ImageLimits) throws(ImageCodecError) -> RGBAImage {
        switch picture?.source {
        case let .file(path): return try ImageFile.load(path: path, limits: limits, fit: fit)
        case let .pixels(image): return image
        case nil: return try builtIn(base64, name: name)
        }
    }

    /// Decodes one of the built-in pictures.
    static func builtIn(_ base64: String, name: String) throws(ImageCodecError) -> RGBAImage {
        let path = "built-in avatar \(name).png"
        guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else {
            throw .corrupt(path: path, message: "the embedded base64 text is damaged")
        }
        return try ImageFile.decode([UInt8](data), path: path)
    }
}

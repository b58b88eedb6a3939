import SafeFiles

/// What libheif 1.15 will do to decode one image item, worked out from the file's boxes
/// (`HEIFItems`) before anything is decoded, and checked against the limits.
///
/// libheif decodes a derived item (a `grid` of tiles, an `iovl` overlay, an `iden`) by
/// decoding every item it names, recursively, and an item's alpha plane (an `auxl` item) after
/// the item itself; it checks neither for cycles (a grid naming itself as a tile recursed
/// until threads or the stack ran out) nor the number or size of what a grid asks for. So
/// this walk refuses, before decoding:
/// - an item that is built from itself, through any chain of tiles, inputs and alpha planes;
/// - a grid whose layout cannot be read, whose tiles are not as many as its rows and columns,
///   or whose output size differs from its `ispe`; an overlay whose layout cannot be read;
/// - any item whose declared size (`ispe`, a grid's or overlay's output) or coded size (the
///   HEVC sequence parameter sets or AV1 sequence headers the decoder will allocate for) is
///   over the limits' sides, a coded item with more than one coded picture, a parameter set
///   that cannot be read;
/// - more than `maxImages` images, or more than twice the decoded-picture limit's pixels in
///   coded images, decoded for one picture (a grid may name one tile thousands of times);
/// and it estimates `peakBytes`, the most memory libheif's decoding holds until it hands out
/// its RGB 4:4:4 planes (their conversion here is what `HEIFDecoder.workingBytes` covers),
/// with libheif decoding the tiles one at a time on the calling thread:
/// - a coded image: the decoder's planes at the coded size (its own metadata, freed before
///   the conversion, within the rest), libheif's copy of the visible part and that copy's
///   conversion to RGB 4:4:4 planes (6 bytes a pixel at 8 bits 4:2:0; an 8192 x 8192 HEIC
///   took 6 bytes a pixel in all);
/// - a grid or overlay: its RGB 4:4:4 canvas, held while the largest of its inputs decodes;
/// - an alpha plane: decoded while the picture it belongs to is held.
struct HEIFDecodingPlan {
    /// The most memory libheif's decoding holds, estimated.
    private(set) var peakBytes = 0
    /// How many images are decoded: coded images, and the derived images made of them.
    private(set) var images = 0
    /// How many pixels they have together.
    private(set) var decodedPixels = 0

    /// The most images decoded for one picture: 16 x 16 tiles of 512 pixels (an 8192-pixel
    /// square; phones use 512-pixel tiles) with an alpha plane of as many, eight times over.
    /// (libde265 starts a decoder and its thread for each.)
    static let maxImages = 4096
    /// The deepest chain of derived items followed (a grid's tile being an overlay, ...).
    static let maxDepth = 8

    private let items: HEIFItems
    /// The coded items read so far.
    private var codedPictures: [UInt32: HEIFCodedPicture] = [:]
    private let limits: ImageLimits
    private let path: String
    /// The picture's shown size, for the errors about what it takes.
    private let shown: (width: Int, height: Int)

    /// The plan for decoding `item` of `items`, shown as `width` x `height`; throws when it
    /// breaks a limit or cannot be decoded as the file declares it.
    init(item: UInt32, of items: HEIFItems, width: Int, height: Int, limits: ImageLimits,
         path: String) throws(ImageCodecError) {
        self.items = items
        self.limits = limits
        self.path = path
        shown = (width, height)
        var route: [UInt32] = []
        peakBytes = try visit(item, route: &route).peak
    }

    /// What decoding one item holds: at its peak, and afterwards (its RGB 4:4:4 planes).
    private typealias Cost = (peak: Int, held: Int, sampleBytes: Int)

    /// The cost of decoding `id` (with its alpha plane), `route` holding the items whose
    /// decoding leads to it.
    private mutating func visit(_ id: UInt32, route: inout [UInt32]) throws(ImageCodecError) -> Cost {
        guard let item = items.items[id] else { throw corrupt("item \(id), which a picture is built from, does not exist") }
        if route.contains(id) {
            throw corrupt("item \(id) (\(item.type)) is built from itself" + (route.last == id ? "" : " through item \(route.last!)"))
        }
        guard route.count < Self.maxDepth else { throw corrupt("item \(id) is derived from more than \(Self.maxDepth) levels of items") }
        images += 1
        if images > Self.maxImages {
            throw tooLarge("\(Self.maxImages) images decoded for one picture (tiles, inputs, alpha planes; it takes more)")
        }
        route.append(id)
        defer { route.removeLast() }
        var cost: Cost
        switch item.type {
        case "grid": cost = try grid(id, route: &route)
        case "iovl": cost = try overlay(id, route: &route)
        case "iden":
            let inputs = items.referenced("dimg", from: id)
            guard inputs.count == 1 else { throw corrupt("the iden item \(id) names \(inputs.count) images, not one") }
            cost = try visit(inputs[0], route: &route)
        default: cost = try coded(id, type: item.type)
        }
        for alpha in alphaPlanes(of: id) {
            let plane = try visit(alpha, route: &route)
            cost.peak = max(cost.peak, cost.held + plane.peak)
        }
        return cost
    }

    /// A coded image (HEVC or AV1; any other type is refused), decoded again each time a
    /// grid names it.
    private mutating func coded(_ id: UInt32, type: String) throws(ImageCodecError) -> Cost {
        let coded: HEIFCodedPicture
        if let known = codedPictures[id] {
            coded = known
        } else {
            coded = try codedPicture(id, type: type)
            codedPictures[id] = coded
        }
        let allocated = coded.width * coded.height, visible = coded.visibleWidth * coded.visibleHeight
        decodedPixels += allocated
        if decodedPixels > 2 * (limits.maxDecodedBytes / 4) {
            throw tooLarge("\(2 * (limits.maxDecodedBytes / 4)) coded pixels decoded for one picture (it decodes more)")
        }
        let planes = coded.planeBytesPerPixel, rgb = 3 * coded.sampleBytes
        let peak = Double(allocated) * planes + Double(visible) * (planes + Double(rgb))
        return (Int(peak.rounded(.up)), visible * rgb, coded.sampleBytes)
    }

    /// The picture the coded item `id` decodes to, from its parameter sets, else its `ispe`
    /// (at 8 bits, 4:2:0).
    private func codedPicture(_ id: UInt32, type: String) throws(ImageCodecError) -> HEIFCodedPicture {
        let declared = try declaredSize(id)
        let data = items.data(of: id, maxBytes: limits.maxFileBytes)
        let found: HEIFCodedPicture.Found
        switch type {
        case "hvc1": found = HEIFCodedPicture.hevc(hvcC: items.property("hvcC", of: id).map { items.bytes[$0.body] }, data: data)
        case "av01": found = HEIFCodedPicture.av1(av1C: items.property("av1C", of: id).map { items.bytes[$0.body] }, data: data)
        default:
            // libheif 1.15 makes no image of another item type and asserts (ending the process)
            // when a derived image names one; pictures are HEVC or AV1 in every version.
            throw corrupt("item \(id) is a '\(DisplayText.value(type))' item, not an HEVC or AV1 picture")
        }
        guard !found.damaged else { throw corrupt("a parameter set of item \(id) (\(type)) cannot be read") }
        guard found.pictures <= 1 else { throw corrupt("item \(id) holds \(found.pictures) coded pictures, not one") }
        let picture = found.picture
        if let picture { try checkSides(picture.width, picture.height, of: "the coded image of item \(id)") }
        guard let coded = picture ?? declared.map({
            HEIFCodedPicture(width: $0.width, height: $0.height, visibleWidth: $0.width, visibleHeight: $0.height,
                             planeBytesPerPixel: 1.5, sampleBytes: 1)
        }) else { throw corrupt("item \(id) declares no size") }
        return coded
    }

    /// A grid: `rows` x `columns` tiles (named by `dimg`, row by row) joined and cropped to
    /// its output size.
    private mutating func grid(_ id: UInt32, route: inout [UInt32]) throws(ImageCodecError) -> Cost {
        guard let layout = HEIFGridLayout(id, of: items) else { throw corrupt("the layout of the grid item \(id) cannot be read") }
        let (rows, columns, width, height) = (layout.rows, layout.columns, layout.width, layout.height)
        try checkCanvas(id, kind: "grid", width: width, height: height)
        let tiles = items.referenced("dimg", from: id)
        guard tiles.count == rows * columns else {
            throw corrupt("the grid item \(id) has \(rows) x \(columns) tiles but names \(tiles.count)")
        }
        // libheif makes the canvas as deep as the grid's pixi property says, else as its tiles.
        let pixi = items.property("pixi", of: id).map { items.bytes[$0.body].dropFirst(5) } ?? []
        let deep = pixi.contains { bits in bits > 8 }
        return try canvas(width * height, inputs: tiles, sampleBytes: deep ? 2 : 1, route: &route)
    }

    /// An overlay: its inputs (named by `dimg`) drawn on a canvas of its output size.
    private mutating func overlay(_ id: UInt32, route: inout [UInt32]) throws(ImageCodecError) -> Cost {
        let inputs = items.referenced("dimg", from: id)
        guard let layout = items.data(of: id, prefix: 18 + 8 * inputs.count), layout.count >= 2, layout[0] == 0 else {
            throw corrupt("the layout of the overlay item \(id) cannot be read")
        }
        let field = layout[1] & 1 != 0 ? 4 : 2
        var fields = HEIFCursor(layout, from: 10)
        guard let width = fields.read(field), let height = fields.read(field), fields.remaining >= inputs.count * 2 * field else {
            throw corrupt("the layout of the overlay item \(id) cannot be read")
        }
        try checkCanvas(id, kind: "overlay", width: width, height: height)
        return try canvas(width * height, inputs: inputs, sampleBytes: 1, route: &route)
    }

    /// A canvas of `pixels` (RGB 4:4:4 planes of `sampleBytes`, or of the inputs' when
    /// larger) held while each of `inputs` decodes in turn.
    private mutating func canvas(_ pixels: Int, inputs: [UInt32], sampleBytes: Int,
                                 route: inout [UInt32]) throws(ImageCodecError) -> Cost {
        var largest = 0, sampleBytes = sampleBytes
        for input in inputs {
            let cost = try visit(input, route: &route)
            largest = max(largest, cost.peak)
            sampleBytes = max(sampleBytes, cost.sampleBytes)
        }
        let held = pixels * 3 * sampleBytes
        return (held + largest, held, sampleBytes)
    }

    /// The items libheif decodes as `id`'s alpha plane: `auxl` items naming it alone, with
    /// an alpha `auxC` type.
    private func alphaPlanes(of id: UInt32) -> [UInt32] {
        let alphaTypes = ["urn:mpeg:avc:2015:auxid:1", "urn:mpeg:hevc:2015:auxid:1", "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha"]
        return items.referring("auxl", to: id).filter { aux in
            guard items.referenced("auxl", from: aux) == [id], let auxC = items.property("auxC", of: aux) else { return false }
            let text = items.bytes[auxC.body].dropFirst(4).prefix { $0 != 0 }
            return alphaTypes.contains(String(decoding: text, as: UTF8.self))
        }
    }

    /// The `ispe` size of `id`, checked against the limits' sides; nil when it has none.
    private func declaredSize(_ id: UInt32) throws(ImageCodecError) -> (width: Int, height: Int)? {
        guard let ispe = items.property("ispe", of: id) else { return nil }
        var fields = HEIFCursor(items.bytes, ispe.body)
        guard fields.skip(4), let width = fields.read(4), let height = fields.read(4) else {
            throw corrupt("the ispe property of item \(id) cannot be read")
        }
        try checkSides(width, height, of: "item \(id)")
        return (width, height)
    }

    /// Checks a grid's or overlay's output size against the limits and its `ispe`.
    private func checkCanvas(_ id: UInt32, kind: String, width: Int, height: Int) throws(ImageCodecError) {
        try checkSides(width, height, of: "the \(kind) item \(id)")
        if let declared = try declaredSize(id), declared.width != width || declared.height != height {
            throw corrupt("the \(kind) item \(id) is \(declared.width) x \(declared.height) by its ispe property"
                + " but \(width) x \(height) by its layout")
        }
    }

    private func checkSides(_ width: Int, _ height: Int, of what: String) throws(ImageCodecError) {
        guard width > limits.maxWidth || height > limits.maxHeight else { return }
        throw .tooLarge(path: path, width: width, height: height, limit: "\(limits.maxWidth) x \(limits.maxHeight) for \(what)")
    }

    private func corrupt(_ message: String) -> ImageCodecError { .corrupt(path: path, message: message) }

    private func tooLarge(_ limit: String) -> ImageCodecError {
        .tooLarge(path: path, width: shown.width, height: shown.height, limit: limit)
    }
}

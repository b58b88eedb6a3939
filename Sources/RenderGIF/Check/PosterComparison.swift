import ImageCodecs
import SafeFiles

/// How an existing still compares with the rendered one: by what the PNG shows
/// (`PNGContent`), not by how zlib packed it, so that a still written on a machine with
/// another zlib build (zlib-ng, Apple's) or another compression level is up to date.
enum PosterComparison: Equatable {
    /// The same bytes.
    case identical
    /// The same picture stored with other compressed data (or other filters, or interlaced).
    case compressedDifferently
    /// What differs, as the clause after "'p.png' is out of date: ".
    case differs(String)

    /// Compares `existing`, the file `path`, with `rendered`, the still as render-gif writes it.
    init(existing: [UInt8], rendered: [UInt8], path: String) {
        guard existing != rendered else {
            self = .identical
            return
        }
        let new: PNGContent
        do {
            new = try PNGContent(rendered, path: "the rendering")
        } catch {
            self = .differs("the rendering cannot be read back: \(error)")
            return
        }
        let old: PNGContent
        do {
            old = try PNGContent(existing, path: path)
        } catch {
            self = .differs("the file (\(existing.count) bytes) is not a PNG that can be read: \(Self.reason(error)); "
                            + "the rendering is \(Self.describe(new))")
            return
        }
        if old == new {
            self = .compressedDifferently
        } else if old.picture != new.picture {
            self = .differs("the file is \(Self.describe(old)), the rendering \(Self.describe(new))")
        } else if old.appearance != new.appearance {
            self = .differs(Self.chunkDifference(old.appearance, new.appearance))
        } else {
            self = .differs(Self.pixelDifference(old.pixels, new.pixels, width: old.size.width))
        }
    }

    /// "750 x 1334 pixels, 8-bit RGBA".
    static func describe(_ content: PNGContent) -> String {
        let depth = Int(content.picture[8]), colourType = Int(content.picture[9])
        let kinds = [0: "grey", 2: "RGB", 3: "palette", 4: "grey and alpha", 6: "RGBA"]
        return "\(content.size.width) x \(content.size.height) pixels, \(depth)-bit \(kinds[colourType] ?? "colour type \(colourType)")"
    }

    /// "its sRGB chunk differs from the rendering's" when both have the same chunks, else
    /// "its colour chunks are gAMA, sRGB, the rendering's sRGB".
    static func chunkDifference(_ old: [PNGContent.Chunk], _ new: [PNGContent.Chunk]) -> String {
        func list(_ chunks: [PNGContent.Chunk]) -> String { chunks.isEmpty ? "none" : chunks.map(\.type).joined(separator: ", ") }
        guard old.map(\.type) == new.map(\.type), let changed = zip(old, new).first(where: { $0 != $1 }) else {
            return "its colour chunks are \(list(old)), the rendering's \(list(new))"
        }
        return "its \(DisplayText.printable(changed.0.type)) chunk differs from the rendering's"
    }

    /// "37 pixels differ, between (120, 400) and (131, 409); the first, (120, 400), is RGBA 255 0 0 255
    /// in the file and 254 0 0 255 in the rendering".
    static func pixelDifference(_ old: [UInt8], _ new: [UInt8], width: Int) -> String {
        var count = 0, first = -1
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for pixel in 0 ..< min(old.count, new.count) / 4 {
            let at = pixel * 4
            guard old[at] != new[at] || old[at + 1] != new[at + 1] || old[at + 2] != new[at + 2] || old[at + 3] != new[at + 3]
            else { continue }
            if first < 0 { first = pixel }
            count += 1
            let x = pixel % width, y = pixel / width
            (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
        }
        guard first >= 0 else { return "the pixels differ" }
        func rgba(_ bytes: [UInt8]) -> String { bytes[first * 4 ..< first * 4 + 4].map(String.init).joined(separator: " ") }
        let area = count == 1 ? "1 pixel differs" : "\(count) pixels differ, between (\(minX), \(minY)) and (\(maxX), \(maxY))"
        return "\(area); the first, (\(first % width), \(first / width)), is RGBA \(rgba(old)) in the file and \(rgba(new)) in the rendering"
    }

    /// The decoder's reason without the file name it starts with.
    private static func reason(_ error: ImageCodecError) -> String {
        if case let .corrupt(_, message) = error { return message }
        return "\(error)"
    }
}

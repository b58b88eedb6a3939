import GIFFile
import SafeFiles

/// Describes how an existing GIF differs from the one the settings render, in a person's
/// terms: size, frame count, length, how often it plays, and the first moment the pictures
/// differ, named by its time and by its frame number as the frames folder numbers frames.
///
/// A new palette shifts photo colours by a level or two in every frame, which no one would
/// call a different picture; so the first moment something visibly changes (a cell of the
/// coarse thumbnails moves by more than `visibleDifference` levels) is named first, and
/// colour-only differences are mentioned as such.
enum CheckReport {
    /// One clause list for an out-of-date message about `path`.
    ///
    /// `existing` is the file's content, `rendered` the new GIF; `firstDifferingByte` is
    /// where the bytes first differ (for a file whose pictures and timing are all the same).
    static func describe(path file: String, existing: [UInt8], rendered: [UInt8], fps: Int, firstDifferingByte: Int) -> String {
        let path = DisplayText.value(file)
        let new: GIFSummary
        do {
            new = try GIFSummary(bytes: rendered, path: "the rendering")
        } catch {
            return "'\(path)' is out of date: it differs from the rendering at byte \(firstDifferingByte)"
        }
        let old: GIFSummary
        do {
            old = try GIFSummary(bytes: existing, path: file)
        } catch {
            return "'\(path)' is out of date: the file has \(existing.count) bytes and is not a GIF that can be read (\(error)); "
                + "the rendering has \(summary(new))"
        }
        var clauses = ["the file has \(summary(old)); the rendering has \(summary(new))"]
        if old.width != new.width || old.height != new.height {
            clauses.append("the file is \(old.width) x \(old.height) pixels, the rendering \(new.width) x \(new.height)")
        }
        if old.loopCount != new.loopCount {
            clauses.append("the file plays \(plays(old.loopCount)), the rendering \(plays(new.loopCount))")
        }
        func moment(_ time: Int) -> String {
            "\((Double(time) / 100).shortDescription) s (frame \(frameIndex(atCentiseconds: time, fps: fps)))"
        }
        let exact = firstDifference(old, new) { $0.fingerprint == $1.fingerprint }
        let visible = firstDifference(old, new) { $0.thumbnail.count == $1.thumbnail.count && zip($0.thumbnail, $1.thumbnail).allSatisfy {
            abs(Int($0) - Int($1)) <= visibleDifference
        } }
        if let visible {
            let slight = exact.map { $0 < visible ? ", colours slightly from \(moment($0))" : "" } ?? ""
            clauses.append("the pictures first differ at \(moment(visible))\(slight)")
        } else if let exact {
            clauses.append("the pictures differ only slightly in colour, from \(moment(exact))")
        } else if old.loopCount == new.loopCount {
            clauses.append("pictures and timing are the same, the encoding differs from byte \(firstDifferingByte)")
        }
        return "'\(path)' is out of date: " + clauses.joined(separator: "; ")
    }

    /// "479502 bytes, 97 frames, 4.1 s".
    static func summary(_ gif: GIFSummary) -> String {
        let seconds = (Double(gif.durationCentiseconds) / 100).shortDescription
        return "\(gif.byteCount) bytes, \(gif.frameCount) \(gif.frameCount == 1 ? "frame" : "frames"), \(seconds) s"
    }

    /// "forever", "once", "3 times", from a NETSCAPE2.0 repeat count (nil: no loop block).
    static func plays(_ loopCount: Int?) -> String {
        guard let loopCount else { return "once" }
        return loopCount == 0 ? "forever" : "\(loopCount + 1) times"
    }

    /// The most a thumbnail cell's mean may change, in levels, without counting as a
    /// visible difference.
    static let visibleDifference = 4

    /// A frame as the comparison sees it.
    typealias Picture = (fingerprint: UInt64, thumbnail: [UInt8])

    /// The first time, in centiseconds, at which the two GIFs show pictures that are not
    /// `same` (one having ended counts as different), or nil when they agree all through.
    static func firstDifference(_ a: GIFSummary, _ b: GIFSummary, same: (Picture, Picture) -> Bool) -> Int? {
        let times = Set(a.frameStarts + b.frameStarts + [a.durationCentiseconds, b.durationCentiseconds]).sorted()
        for time in times {
            switch (shown(a, at: time), shown(b, at: time)) {
            case (nil, nil): continue
            case let (pictureA?, pictureB?): if !same(pictureA, pictureB) { return time }
            default: return time
            }
        }
        return nil
    }

    /// The picture `gif` shows at `time`, or nil once it has ended.
    private static func shown(_ gif: GIFSummary, at time: Int) -> Picture? {
        guard time < gif.durationCentiseconds || (gif.durationCentiseconds == 0 && time == 0),
              let index = gif.frameStarts.lastIndex(where: { $0 <= time }) else { return nil }
        return (gif.frameFingerprints[index], gif.frameThumbnails[index])
    }

    /// The first frame k (showing t = k / fps) whose start, in whole centiseconds as the GIF
    /// stores it, is at or after `time`.
    static func frameIndex(atCentiseconds time: Int, fps: Int) -> Int {
        var k = max(0, (time - 1) * fps / 100)
        while (Double(100 * k) / Double(fps)).rounded() < Double(time) { k += 1 }
        return k
    }
}

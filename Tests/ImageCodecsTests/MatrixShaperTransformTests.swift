import CLCMS
import Foundation
@testable import ImageCodecs
@testable import Raster
import SharedTestSupport
import Testing

/// The project's own matrix-shaper conversion: its tables against the standards' formulas in
/// doubles (Foundation's pow, not the project's), its pixels against the exact conversion and
/// against Little CMS's, and the profiles it takes and leaves to Little CMS.
@Suite enum MatrixShaperTransformTests {
    /// sRGB's encoding curve, from IEC 61966-2-1's formula: linear light to 0 ... 1.
    static func sRGBEncoded(_ linear: Double) -> Double {
        linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }

    @Test static func theEncodingTableRoundsSRGBsCurve() {
        let table = MatrixShaperTransform.encodeTable
        #expect(table.count == MatrixShaperTransform.one + 1)
        var mismatches = 0
        for k in 0 ... MatrixShaperTransform.one {
            let exact = 255 * sRGBEncoded(Double(k) / Double(MatrixShaperTransform.one))
            // Values within a hair of a rounding boundary may go either way.
            guard abs(exact - exact.rounded(.down) - 0.5) > 1e-9 else { continue }
            if Int(table[k]) != Int(exact.rounded()) { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(table.first == 0 && table.last == 255)
    }

    /// The red, green and blue colorants (XYZ) Little CMS holds for `profile`, one column each.
    static func littleCMSColorants(_ profile: cmsHPROFILE) throws -> [[Double]] {
        try [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag].map { tag in
            let xyz = try #require(cmsReadTag(profile, tag)).assumingMemoryBound(to: cmsCIEXYZ.self).pointee
            return [xyz.X, xyz.Y, xyz.Z]
        }
    }

    /// Whether `ours` (a matrix whose columns are colorants) has `theirs`' columns within 1e-6.
    static func sameColorants(_ ours: Matrix3, _ theirs: [[Double]]) -> Bool {
        (0 ..< 3).allSatisfy { column in (0 ..< 3).allSatisfy { abs(ours.rows[$0][column] - theirs[column][$0]) < 1e-6 } }
    }

    @Test static func sRGBsColorantsAreLittleCMSs() throws {
        // Little CMS's built-in sRGB profile holds its D50 colorants; they were computed apart.
        let sRGB = try #require(cmsCreate_sRGBProfile())
        defer { cmsCloseProfile(sRGB) }
        #expect(sameColorants(MatrixShaperTransform.sRGBColorants, try littleCMSColorants(sRGB)))
    }

    /// Colours to convert: every grey, every value of each channel with the others at 0 or
    /// 255, and random colours from the shared seeded generator.
    static func colours(random count: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        for value in 0 ... 255 {
            let v = UInt8(value)
            pixels += [v, v, v, 255]
            for other: UInt8 in [0, 255] { pixels += [v, other, other, 255, other, v, other, 255, other, other, v, 255] }
        }
        var random = SeededGenerator(seed: 0x1CC)
        for _ in 0 ..< count {
            pixels += [UInt8.random(in: 0 ... 255, using: &random), UInt8.random(in: 0 ... 255, using: &random),
                       UInt8.random(in: 0 ... 255, using: &random), UInt8.random(in: 0 ... 255, using: &random)]
        }
        return pixels
    }

    /// The exact conversion of `pixels` from a profile with `colorants` and `decode` to sRGB
    /// (0 ... 255, unrounded), with sRGB's colorants as Little CMS holds them.
    static func exact(_ pixels: [UInt8], colorants: [[Double]], decode: (Double) -> Double) throws -> [Double] {
        let sRGB = try #require(cmsCreate_sRGBProfile())
        defer { cmsCloseProfile(sRGB) }
        let shown = try littleCMSColorants(sRGB)
        let toSRGB = try #require(Matrix3(rows: (0 ..< 3).map { r in shown.map { $0[r] } }).inverse)
            * Matrix3(rows: (0 ..< 3).map { r in colorants.map { $0[r] } })
        var out: [Double] = []
        for start in stride(from: 0, to: pixels.count, by: 4) {
            let linear = (0 ..< 3).map { decode(Double(pixels[start + $0]) / 255) }
            for row in toSRGB.rows {
                let mixed = min(max(zip(row, linear).reduce(0) { $0 + $1.0 * $1.1 }, 0), 1)
                out.append(255 * sRGBEncoded(mixed))
            }
        }
        return out
    }

    /// The largest distance, in 8-bit steps, between `converted` pixels and `exact` values.
    static func largestError(_ converted: [UInt8], _ exact: [Double]) -> Double {
        var worst = 0.0
        for pixel in 0 ..< converted.count / 4 {
            for channel in 0 ..< 3 { worst = max(worst, abs(Double(converted[4 * pixel + channel]) - exact[3 * pixel + channel])) }
        }
        return worst
    }

    static func converted(_ pixels: [UInt8], profile: [UInt8]) throws -> [UInt8] {
        let transform = try #require(ColorProfileTransform(profile: profile))
        #expect(transform.isMatrixShaper)
        var out = pixels
        out.withUnsafeMutableBufferPointer { transform.convert($0.baseAddress!, count: $0.count / 4) }
        return out
    }

    @Test static func displayP3IsTheExactConversionRounded() throws {
        let pixels = colours(random: 50_000)
        let out = try converted(pixels, profile: ICCProfileBytes.profile())
        let expected = try exact(pixels, colorants: ICCProfileBytes.displayP3, decode: SRGBEquivalenceTests.sRGBDecoded)
        // Rounding, plus linear light held in 2^16 steps and the colorants' s15Fixed16 steps.
        #expect(largestError(out, expected) <= 0.55)
        // Alpha is kept.
        #expect(stride(from: 3, to: out.count, by: 4).allSatisfy { out[$0] == pixels[$0] })
    }

    @Test static func itAgreesWithLittleCMS() throws {
        // Little CMS's own exact pipeline (no precomputed table) on the same profile: both
        // are the exact conversion rounded, so they differ by a step at most, rarely.
        let profile = ICCProfileBytes.profile()
        let pixels = colours(random: 50_000)
        let ours = try converted(pixels, profile: profile)
        let theirs = try SRGBEquivalenceTests.littleCMSExact(pixels, profile: profile)
        let differing = zip(ours, theirs).filter { $0 != $1 }
        #expect(differing.allSatisfy { abs(Int($0.0) - Int($0.1)) <= 1 })
        #expect(differing.count * 100 < pixels.count, "\(differing.count) of \(pixels.count) channels")
    }

    @Test static func gammaAndTabulatedCurvesAreFollowed() throws {
        let pixels = colours(random: 5_000)
        // Adobe RGB's colorants at D50 with its 563/256 gamma, stored as a u8Fixed8 curv.
        let adobe: [[Double]] = [[0.609741, 0.311111, 0.019470], [0.205276, 0.625671, 0.060867], [0.149185, 0.063217, 0.744568]]
        let gamma = 563.0 / 256
        let out = try converted(pixels, profile: ICCProfileBytes.profile(colorants: adobe, curves: [ICCProfileBytes.curv([563])]))
        #expect(largestError(out, try exact(pixels, colorants: adobe, decode: { pow($0, gamma) })) <= 0.55)
        // A 1024-entry table of sRGB's curve: interpolated between entries.
        let table = (0 ..< 1024).map { UInt16((SRGBEquivalenceTests.sRGBDecoded(Double($0) / 1023) * 65535).rounded()) }
        let tabulated = try converted(pixels, profile: ICCProfileBytes.profile(curves: [ICCProfileBytes.curv(table)]))
        func interpolated(_ x: Double) -> Double {
            let position = x * 1023, low = min(Int(position), 1022)
            let a = Double(table[low]) / 65535, b = Double(table[low + 1]) / 65535
            return a + (b - a) * (position - Double(low))
        }
        #expect(largestError(tabulated, try exact(pixels, colorants: ICCProfileBytes.displayP3, decode: interpolated)) <= 0.55)
    }

    @Test static func parametricCurvesFollowTheirFormulas() throws {
        func curve(_ tag: [UInt8]) throws -> ICCToneCurve { try #require(ICCToneCurve(tag: ICCBytes(bytes: tag[...]))) }
        let xs = stride(from: 0.0, through: 1.0, by: 1.0 / 64)
        func close(_ c: ICCToneCurve, _ formula: (Double) -> Double) -> Bool {
            xs.allSatisfy { abs(c.value(at: $0) - min(max(formula($0), 0), 1)) < 1e-12 }
        }
        // The parameters are whole multiples of 2^-16 so the stored values are exact.
        let g = 2.5, a = 0.75, b = 0.25, c = 0.125, d = 0.5, e = 0.0625, f = 0.03125
        #expect(close(try curve(ICCProfileBytes.para(0, [g])), { pow($0, g) }))
        #expect(close(try curve(ICCProfileBytes.para(1, [g, a, -b])), { $0 >= b / a ? pow(a * $0 - b, g) : 0 }))
        #expect(close(try curve(ICCProfileBytes.para(2, [g, a, -b, c])), { $0 >= b / a ? pow(a * $0 - b, g) + c : c }))
        #expect(close(try curve(ICCProfileBytes.para(3, [g, a, b, c, d])), { $0 >= d ? pow(a * $0 + b, g) : c * $0 }))
        #expect(close(try curve(ICCProfileBytes.para(4, [g, a, b, c, d, e, f])), { $0 >= d ? pow(a * $0 + b, g) + e : c * $0 + f }))
        // A base at or below 0 gives the offset alone, even with a negative exponent.
        let negative = try curve(ICCProfileBytes.para(4, [-1, 1, -0.5, 0, 0, 0.0625, 0]))
        #expect(negative.value(at: 0.25) == 0.0625 && negative.value(at: 0.5) == 0.0625)
        #expect(try curve(ICCProfileBytes.curv([])) == .identity)
        #expect(close(try curve(ICCProfileBytes.curv([])), { $0 }))
    }

    @Test static func damagedCurvesAreRefused() {
        func refused(_ tag: [UInt8]) -> Bool { ICCToneCurve(tag: ICCBytes(bytes: tag[...])) == nil }
        #expect(refused(Array(ICCProfileBytes.curv([1, 2, 3]).dropLast(2))))  // an entry short
        #expect(refused(Array(ICCProfileBytes.para(3, [2.4, 1, 0, 1, 0]).dropLast(1))))  // a parameter short
        #expect(refused(ICCProfileBytes.para(5, [1, 1, 1, 1, 1, 1, 1, 1])))  // no such function type
        #expect(refused(ICCProfileBytes.para(1, [2.2, 0, 0])))  // a = 0
        #expect(refused(Array("sf32".utf8) + [UInt8](repeating: 0, count: 16)))  // another type
        var short = ICCProfileBytes.curv([1, 2])
        short.replaceSubrange(8 ..< 12, with: ICCProfileBytes.bigEndian32(100))  // 100 entries, 2 stored
        #expect(refused(short))
        var huge = ICCProfileBytes.curv([1, 2])
        huge.replaceSubrange(8 ..< 12, with: ICCProfileBytes.bigEndian32(UInt32.max))  // more entries than bytes
        #expect(refused(huge))
    }

    @Test static func otherProfilesAreLeftToLittleCMS() throws {
        let lookup = Array("mft2".utf8) + [UInt8](repeating: 0, count: 48)
        // With a lookup table a colour engine prefers, not RGB, not XYZ-connected, a tag short:
        // not a matrix-shaper profile for this transform.
        #expect(ICCMatrixShaperProfile(profile: ICCProfileBytes.profile(extra: [("A2B0", lookup)])) == nil)
        #expect(ICCMatrixShaperProfile(profile: ICCProfileBytes.profile(space: "CMYK")) == nil)
        #expect(ICCMatrixShaperProfile(profile: ICCProfileBytes.profile(deviceClass: "link")) == nil)
        #expect(ICCMatrixShaperProfile(profile: ICCProfileBytes.profile(deviceClass: "abst")) == nil)
        #expect(ICCMatrixShaperProfile(profile: ICCProfileBytes.profile(deviceClass: "scnr")) != nil)
        // A tag table longer than the profile's bytes could hold is refused before it is read.
        var oneMore = ICCProfileBytes.profile()
        oneMore.replaceSubrange(128 ..< 132, with: ICCProfileBytes.bigEndian32(UInt32((oneMore.count - 132) / 12 + 1)))
        #expect(ICCMatrixShaperProfile(profile: oneMore) == nil)
        // A signature listed twice: the first entry counts (here a broken second rXYZ).
        var twice = ICCProfileBytes.profile(extra: [("rXYZ", Array("XYZ ".utf8) + [0, 0, 0, 0])])
        #expect(ICCMatrixShaperProfile(profile: twice) != nil)
        twice = ICCProfileBytes.profile()
        twice.replaceSubrange(132 ..< 136, with: Array("gXYZ".utf8))  // rXYZ's entry renamed: no rXYZ
        #expect(ICCMatrixShaperProfile(profile: twice) == nil)
        #expect(ICCMatrixShaperProfile(profile: ICCProfileBytes.profile(connection: "Lab ")) == nil)
        var missing = ICCProfileBytes.profile()
        missing.replaceSubrange(128 ..< 132, with: ICCProfileBytes.bigEndian32(5))  // the last TRC unlisted
        #expect(ICCMatrixShaperProfile(profile: missing) == nil)
        var beyond = ICCProfileBytes.profile()
        beyond.replaceSubrange(136 ..< 140, with: ICCProfileBytes.bigEndian32(UInt32(beyond.count)))  // rXYZ past the end
        #expect(ICCMatrixShaperProfile(profile: beyond) == nil)
        var tooManyTags = ICCProfileBytes.profile()
        tooManyTags.replaceSubrange(128 ..< 132, with: ICCProfileBytes.bigEndian32(UInt32.max))
        #expect(ICCMatrixShaperProfile(profile: tooManyTags) == nil)
        #expect(ICCMatrixShaperProfile(profile: Array(ICCProfileBytes.profile().prefix(100))) == nil)
        // The plain profile is read, with its colorants as stored.
        let read = try #require(ICCMatrixShaperProfile(profile: ICCProfileBytes.profile()))
        #expect(abs(read.colorants.rows[0][0] - 0.515121) < 1e-5 && abs(read.colorants.rows[2][2] - 0.784073) < 1e-5)
        // A profile lcms makes with a sampled curve (how it writes one) is read too.
        let saved = try SRGBEquivalenceTests.profile(primaries: cmsCIExyYTRIPLE(Red: cmsCIExyY(x: 0.68, y: 0.32, Y: 1),
                                                                                Green: cmsCIExyY(x: 0.265, y: 0.69, Y: 1),
                                                                                Blue: cmsCIExyY(x: 0.15, y: 0.06, Y: 1)),
                                                     entries: 256, curve: SRGBEquivalenceTests.sRGBDecoded)
        #expect(try #require(ColorProfileTransform(profile: saved)).isMatrixShaper)
    }

    @Test static func outlandishColorantsAreRefused() {
        let flat = ICCMatrixShaperProfile(profile: ICCProfileBytes.profile(colorants: [[0.5, 0.5, 0.5], [0.5, 0.5, 0.5], [0.5, 0.5, 0.5]]))
        // A singular profile matrix still converts (only sRGB's is inverted); enormous
        // coefficients do not.
        #expect(flat.flatMap(MatrixShaperTransform.init(profile:)) != nil)
        let huge = ICCMatrixShaperProfile(profile: ICCProfileBytes.profile(colorants: [[30000, 0, 0], [0, 1, 0], [0, 0, 1]]))
        #expect(huge != nil && huge.flatMap(MatrixShaperTransform.init(profile:)) == nil)
    }

    /// Display P3 as an nclx description gives it: primaries code point 12, transfer 13 (sRGB).
    static func displayP3Description(transfer: Int = 13) -> HEIFColorDescription {
        HEIFColorDescription(primaries: 12, transfer: transfer, red: .init(x: 0.680, y: 0.320), green: .init(x: 0.265, y: 0.690),
                             blue: .init(x: 0.150, y: 0.060), white: .init(x: 0.3127, y: 0.3290))
    }

    @Test static func colourDescriptionsOfEightBitPicturesUseTheOwnConversion() throws {
        #expect(try #require(displayP3Description().transform(sixteenBitInput: false)).isMatrixShaper)
        #expect(try #require(displayP3Description(transfer: 4).transform(sixteenBitInput: false)).isMatrixShaper)
        // 16-bit samples, and PQ's curve, stay with Little CMS.
        #expect(try #require(displayP3Description().transform(sixteenBitInput: true)).isMatrixShaper == false)
        #expect(try #require(displayP3Description(transfer: 16).transform(sixteenBitInput: false)).isMatrixShaper == false)
        // The colorants computed from the chromaticities are those Little CMS computes for them.
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var triple = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: 0.68, y: 0.32, Y: 1), Green: cmsCIExyY(x: 0.265, y: 0.69, Y: 1),
                                     Blue: cmsCIExyY(x: 0.15, y: 0.06, Y: 1))
        let profile = try #require(cmsCreateRGBProfile(&white, &triple, nil))
        defer { cmsCloseProfile(profile) }
        let ours = try #require(MatrixShaperTransform.colorants(red: (0.68, 0.32), green: (0.265, 0.69), blue: (0.15, 0.06),
                                                                 white: (0.3127, 0.3290)))
        #expect(sameColorants(ours, try littleCMSColorants(profile)))
        // Collinear primaries are no colour space.
        #expect(MatrixShaperTransform.colorants(red: (0.2, 0.2), green: (0.3, 0.3), blue: (0.4, 0.4), white: (0.3127, 0.329)) == nil)
    }
}

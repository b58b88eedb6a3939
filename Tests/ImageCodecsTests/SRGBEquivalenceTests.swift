import CLCMS
import Foundation
@testable import ImageCodecs
import Testing

/// A profile is taken for sRGB itself only where keeping every 8-bit colour is as close to the
/// exact conversion as `SRGBEquivalence.tolerance`. Checked on probe colours against Little
/// CMS's own exact pipeline (no precomputed table), where every probe comes back for the
/// profiles built from sRGB's primaries and some probe moves for each profile that is not
/// sRGB, and against the conversion computed here in doubles.
@Suite enum SRGBEquivalenceTests {
    /// sRGB's primaries and white (IEC 61966-2-1), as chromaticities.
    static let primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: 0.64, y: 0.33, Y: 1),
                                           Green: cmsCIExyY(x: 0.30, y: 0.60, Y: 1),
                                           Blue: cmsCIExyY(x: 0.15, y: 0.06, Y: 1))
    static let d65 = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)

    /// The sRGB decoding curve, from the standard's formula.
    static func sRGBDecoded(_ value: Double) -> Double {
        value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// The bytes of an RGB matrix-shaper profile with `primaries` and D65 white, whose three
    /// tone curves are `curve` sampled at `entries` points (16-bit, as most embedded profiles
    /// store them).
    static func profile(primaries: cmsCIExyYTRIPLE, entries: Int, curve: (Double) -> Double) throws -> [UInt8] {
        let table = (0 ..< entries).map { UInt16((curve(Double($0) / Double(entries - 1)) * 65535).rounded()) }
        let tone = try #require(table.withUnsafeBufferPointer { cmsBuildTabulatedToneCurve16(nil, cmsUInt32Number(entries), $0.baseAddress) })
        defer { cmsFreeToneCurve(tone) }
        var white = d65, chromaticities = primaries
        var curves: [OpaquePointer?] = [tone, tone, tone]
        let made = try #require(curves.withUnsafeMutableBufferPointer { cmsCreateRGBProfile(&white, &chromaticities, $0.baseAddress) })
        defer { cmsCloseProfile(made) }
        return try bytes(of: made)
    }

    static func bytes(of profile: cmsHPROFILE) throws -> [UInt8] {
        var size: cmsUInt32Number = 0
        #expect(cmsSaveProfileToMem(profile, nil, &size) != 0)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        #expect(cmsSaveProfileToMem(profile, &bytes, &size) != 0)
        return bytes
    }

    /// Probes: every value of each channel with the other two at 0 or 255 in all four ways
    /// (where a matrix's leak between channels is largest); every grey; and a 16-step grid.
    static let probes: [(UInt8, UInt8, UInt8)] = {
        var colours: [(UInt8, UInt8, UInt8)] = []
        for value in 0 ... 255 {
            let v = UInt8(value)
            for first: UInt8 in [0, 255] {
                for second: UInt8 in [0, 255] { colours += [(v, first, second), (first, v, second), (first, second, v)] }
            }
            colours.append((v, v, v))
        }
        let steps = stride(from: 0, through: 255, by: 17).map(UInt8.init)
        for r in steps { for g in steps { for b in steps { colours.append((r, g, b)) } } }
        return colours
    }()

    /// RGBA8 `pixels` converted from `profile` to sRGB by Little CMS's exact pipeline (no
    /// precomputed table), relative colorimetric, alpha copied.
    static func littleCMSExact(_ pixels: [UInt8], profile: [UInt8]) throws -> [UInt8] {
        let source = try #require(profile.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) })
        defer { cmsCloseProfile(source) }
        let sRGB = try #require(cmsCreate_sRGBProfile())
        defer { cmsCloseProfile(sRGB) }
        let format = cmsUInt32Number(render_gif_lcms_rgba8)
        let transform = try #require(cmsCreateTransform(source, format, sRGB, format, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC),
                                                        cmsUInt32Number(cmsFLAGS_NOOPTIMIZE | cmsFLAGS_COPY_ALPHA)))
        defer { cmsDeleteTransform(transform) }
        var output = [UInt8](repeating: 0, count: pixels.count)
        cmsDoTransform(transform, pixels, &output, cmsUInt32Number(pixels.count / 4))
        return output
    }

    /// How many probes Little CMS's exact pipeline moves when converting from `profile` to sRGB.
    static func movedProbes(_ profile: [UInt8]) throws -> Int {
        let input: [UInt8] = probes.flatMap { probe -> [UInt8] in [probe.0, probe.1, probe.2, 255] }
        let output = try littleCMSExact(input, profile: profile)
        var moved = 0
        for start in stride(from: 0, to: input.count, by: 4) {
            let same = input[start] == output[start] && input[start + 1] == output[start + 1] && input[start + 2] == output[start + 2]
            if !same { moved += 1 }
        }
        return moved
    }

    static func holds(_ profile: [UInt8]) throws -> Bool {
        SRGBEquivalence.holds(for: try #require(ICCMatrixShaperProfile(profile: profile)))
    }

    static func builtInSRGB() throws -> [UInt8] {
        let profile = try #require(cmsCreate_sRGBProfile())
        defer { cmsCloseProfile(profile) }
        return try bytes(of: profile)
    }

    @Test static func littleCMSsOwnSRGBIsSRGB() throws {
        let profile = try builtInSRGB()
        #expect(try holds(profile))
        #expect(try movedProbes(profile) == 0)
        #expect(ColorProfileTransform(profile: profile) == nil)
        // 16-bit input is converted still: the proof covers 8-bit values only.
        #expect(ColorProfileTransform(profile: profile, sixteenBitInput: true) != nil)
    }

    /// The form cameras and editors embed: sRGB's colorants and a 1024-entry curve table.
    @Test(arguments: [1024, 4096])
    static func tabulatedSRGBIsSRGB(entries: Int) throws {
        let profile = try profile(primaries: primaries, entries: entries, curve: sRGBDecoded)
        #expect(try holds(profile))
        #expect(try movedProbes(profile) == 0)
    }

    /// Near-sRGB profiles that move some colours: a pure 2.2 gamma (dark values differ by up
    /// to several steps), a red primary off by 0.002 in x, and the Display P3 and Adobe RGB
    /// profiles of the test pictures.
    @Test static func profilesThatMoveColoursAreConverted() throws {
        var redOff = primaries
        redOff.Red.x += 0.002
        var candidates = [
            ("gamma 2.2", try profile(primaries: primaries, entries: 1024) { pow($0, 2.2) }),
            ("red off by 0.002", try profile(primaries: redOff, entries: 1024, curve: sRGBDecoded)),
        ]
        for space in ["display-p3", "adobe-rgb"] {
            let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: ColorProfileTests.path("\(space)-patches.jpg"))))
            candidates.append((space, try #require(JPEGMetadata(file).iccProfile)))
        }
        for (name, profile) in candidates {
            #expect(try !holds(profile), "\(name)")
            #expect(try movedProbes(profile) > 0, "\(name)")
            #expect(ColorProfileTransform(profile: profile) != nil, "\(name)")
        }
    }

    /// The colorants of the "sRGB IEC61966-2.1" profile most cameras and editors embed, as
    /// its rXYZ, gXYZ and bXYZ tags store them: about 1e-4 from sRGB's own, so that green leaks
    /// into red by half a step where red is 0.
    static let embeddedColorants = [cmsCIEXYZ(X: 0.43606567, Y: 0.2224884, Z: 0.01391602),
                                    cmsCIEXYZ(X: 0.38514709, Y: 0.71687317, Z: 0.09707642),
                                    cmsCIEXYZ(X: 0.14306641, Y: 0.06060791, Z: 0.71409607)]

    /// A tabulated sRGB profile with `colorants` written over the ones its primaries give.
    static func profile(colorants: [cmsCIEXYZ]) throws -> [UInt8] {
        let base = try profile(primaries: primaries, entries: 1024, curve: sRGBDecoded)
        let opened = try #require(base.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) })
        defer { cmsCloseProfile(opened) }
        for (tag, colorant) in zip([cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag], colorants) {
            var value = colorant
            #expect(cmsWriteTag(opened, tag, &value) != 0)
        }
        return try bytes(of: opened)
    }

    /// The largest distance, in 8-bit steps, between a probe and its exact conversion,
    /// computed here in doubles with the standard's curve and the colorants as a matrix.
    static func idealDistance(colorants: [cmsCIEXYZ]) throws -> Double {
        let sRGB = try #require(cmsCreate_sRGBProfile())
        defer { cmsCloseProfile(sRGB) }
        let shown = [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag].map {
            cmsReadTag(sRGB, $0)!.assumingMemoryBound(to: cmsCIEXYZ.self).pointee
        }
        func columns(_ c: [cmsCIEXYZ]) -> Matrix3 { Matrix3(rows: [c.map(\.X), c.map(\.Y), c.map(\.Z)]) }
        let toSRGB = try #require(columns(shown).inverse) * columns(colorants)
        func encoded(_ linear: Double) -> Double {
            let v = min(max(linear, 0), 1)
            return 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055)
        }
        var farthest = 0.0
        for probe in probes {
            let stored = [probe.0, probe.1, probe.2].map(Double.init)
            let linear = stored.map { sRGBDecoded($0 / 255) }
            for c in 0 ..< 3 {
                let out = encoded((0 ..< 3).reduce(0) { $0 + toSRGB.row(c)[$1] * linear[$1] })
                farthest = max(farthest, abs(out - stored[c]))
            }
        }
        return farthest
    }

    /// The embedded profile's values lie about half a step from their exact conversion at
    /// most, and it is taken as sRGB; green's X raised by 0.0002 (a leak of two steps) is not.
    @Test static func theCommonlyEmbeddedProfileIsSRGB() throws {
        let distance = try idealDistance(colorants: embeddedColorants)
        #expect(distance > 0.5 && distance < SRGBEquivalence.tolerance, "\(distance)")
        #expect(try holds(profile(colorants: embeddedColorants)))
        var leaky = embeddedColorants
        leaky[1].X += 0.0002
        #expect(try idealDistance(colorants: leaky) > 1.5)
        #expect(try !holds(profile(colorants: leaky)))
    }

    /// A red primary off by 0.00002 in x still gives every colour back: the test measures
    /// what the conversion does, not whether the numbers are sRGB's to the last digit.
    @Test static func aNegligibleDifferenceIsStillSRGB() throws {
        var redNudged = primaries
        redNudged.Red.x += 0.00002
        let profile = try profile(primaries: redNudged, entries: 1024, curve: sRGBDecoded)
        #expect(try holds(profile))
        #expect(try movedProbes(profile) == 0)
    }

    /// A JPEG tagged with an sRGB profile decodes to the values of the same JPEG untagged, at
    /// a small size and at one large enough for the conversion queue.
    @Test(arguments: [(64, 48), (1024, 1024)])
    static func anSRGBTaggedJPEGKeepsItsValues(width: Int, height: Int) throws {
        let pixels = JPEGScaleTests.pixels(.photo, width: width, height: height, components: 3)
        let plain = try Fixtures.jpeg(pixels: pixels, width: width, height: height, components: 3)
        let profile = try profile(primaries: primaries, entries: 1024, curve: sRGBDecoded)
        let tagged = try JPEGDecoder.decode(JPEGRowCollectorTests.tagged(plain, profile: profile), path: "tagged.jpg")
        let untagged = try JPEGDecoder.decode(plain, path: "plain.jpg")
        let same = tagged.pixels == untagged.pixels
        #expect(same)
    }

    @Test static func singularColorantsAreNoMatrix() {
        #expect(Matrix3(rows: [[1, 2, 3], [2, 4, 6], [0, 0, 1]]).inverse == nil)
        let m = Matrix3(rows: [[2, 0, 1], [1, 3, 0], [0, 1, 4]])
        let product = (m * m.inverse!).rows.flatMap { $0 }
        let identity: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]
        #expect(zip(product, identity).allSatisfy { abs($0 - $1) < 1e-12 })
    }
}

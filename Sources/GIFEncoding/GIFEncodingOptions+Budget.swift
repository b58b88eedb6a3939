import Palette

/// Smaller files for a size budget: the ordered steps an encoder walks down when a GIF must
/// fit under a number of bytes.
extension GIFEncodingOptions {
    /// LZW tolerances (sRGB code values) the ladder tries, in order, above the options' own.
    static let budgetLZWTolerances: [Double] = [16, 32, 64]
    /// Palette sizes the ladder tries, in order, below the options' own.
    static let budgetColorCounts = [128, 64, 32, 16, 8, 4]

    /// The options from these, the best, down to the smallest files render-gif makes.
    ///
    /// The first step is exactly `self`, so a budget the file already fits changes nothing.
    /// Each later step keeps the previous step's changes and adds one: dithering off (when
    /// it was on), a larger `lzwTolerance`, then fewer `colors`. Steps equal to the one
    /// before are left out.
    ///
    /// The order is by measured cost. Bytes and content PSNR (pixels that are not the white
    /// background), on the default animation (750 x 1334 px, 390 frames) / with five
    /// photographs as avatars:
    /// - defaults (planner's choice: 128 / 256 colours): 475,307 B 35.65 dB / 1,264,887 B 35.05 dB
    /// - LZW tolerance 16: 455,599 B 35.55 dB / 1,130,371 B 34.74 dB
    /// - LZW tolerance 32: 421,165 B 35.19 dB / 988,831 B 33.98 dB
    /// - LZW tolerance 64: 383,524 B 34.30 dB / 832,071 B 32.40 dB
    /// - and 128 colours: the same file (the planner already took 128) / 714,438 B 30.54 dB
    /// - and 64 colours: 335,724 B 30.81 dB / 607,171 B 28.34 dB
    /// - and 32 colours: 296,199 B 26.59 dB / 504,260 B 25.56 dB
    /// - and 16 colours: 259,345 B 20.77 dB / 419,326 B 21.46 dB
    /// - and 8 colours: 216,971 B 12.76 dB / not measured
    /// - and 4 colours: 154,127 B 9.64 dB / 213,415 B 8.18 dB
    /// The tolerance goes first because it is the cheaper lever: at 64 it saves 19 % (34 % with
    /// photographs) for 1.4 dB (2.7 dB), where 64 colours alone save 15 % (31 %) for 4.1 dB
    /// (5.3 dB). Dithering costs bytes and PSNR at every size measured (ordered: 534,665 B
    /// 33.07 dB; diffusion: 515,019 B 33.23 dB on the default animation), so it goes first.
    /// Below 16 colours the interface colours and their anti-aliasing ramps crowd out the
    /// pictures; those steps exist so that a tight budget still gets a file.
    public var sizeLadder: [GIFEncodingOptions] {
        var steps = [self]
        func add(_ change: (inout GIFEncodingOptions) -> Void) {
            var next = steps[steps.count - 1]
            change(&next)
            if next != steps[steps.count - 1] { steps.append(next) }
        }
        if dither != .none { add { $0.dither = .none } }
        for tolerance in Self.budgetLZWTolerances where tolerance > lzwTolerance {
            add { $0.lzwTolerance = tolerance }
        }
        for count in Self.budgetColorCounts where count < colors {
            add { $0.colors = count }
        }
        return steps
    }

    /// True when these options and `other` write the same bytes from the same planned
    /// palette: they differ at most in `colors`, which only caps the planner's choice. A
    /// budget walk skips a step whose palette came out as the previous step's.
    public func encodesLike(_ other: GIFEncodingOptions) -> Bool {
        var aligned = self
        aligned.colors = other.colors
        return aligned == other
    }
}

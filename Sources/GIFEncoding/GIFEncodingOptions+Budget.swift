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
    /// it was on, and the refinement of still tiles with it, which dithering had kept off), a
    /// larger `lzwTolerance`, no refinement of still tiles, then fewer `colors`.
    /// Steps equal to the one before are left out.
    ///
    /// The order is by measured cost. Bytes and content PSNR (mean over the frames, pixels that
    /// are not the white background), on the default animation (750 x 1334 px, 390 frames) /
    /// with five photographs as avatars:
    /// - defaults: 709,270 B 45.12 dB / 1,488,809 B 38.88 dB
    /// - LZW tolerance 16: 679,530 B 44.84 dB / 1,354,255 B 38.42 dB
    /// - LZW tolerance 32: 642,184 B 44.05 dB / 1,212,951 B 37.38 dB
    /// - LZW tolerance 64: 601,904 B 42.49 dB / 1,055,884 B 35.50 dB
    /// - and no refined still tiles: 456,514 B 36.96 dB / 832,088 B 32.40 dB
    /// - and 128 colours: 383,522 B 34.30 dB / 714,374 B 30.54 dB
    /// - and 64 colours: 335,724 B 30.81 dB / 607,204 B 28.35 dB
    /// - and 32 colours: 296,199 B 26.59 dB / 504,184 B 25.56 dB
    /// - and 16 colours: 259,333 B 20.77 dB / 419,324 B 21.46 dB
    /// - and 8 colours: 216,941 B 12.76 dB / 326,320 B 9.58 dB
    /// - and 4 colours: 154,135 B 9.64 dB / 213,327 B 8.18 dB
    /// The tolerance goes first because it is the cheapest lever (LZW 64 saves 15 % / 29 % for
    /// 2.6 / 3.4 dB); the refinement of still tiles is the next (21 % / 21 % for 5.5 / 3.1 dB,
    /// where 64 colours with refinement save 32 % / 33 % for 8.5 / 5.7 dB). Dithering costs
    /// content PSNR at every size measured and turns the refinement off, so it goes first.
    /// Below 16 colours the interface colours and their anti-aliasing ramps crowd out the
    /// pictures; those steps exist so that a tight budget still gets a file.
    public var sizeLadder: [GIFEncodingOptions] {
        var steps = [self]
        func add(_ change: (inout GIFEncodingOptions) -> Void) {
            var next = steps[steps.count - 1]
            change(&next)
            if next != steps[steps.count - 1] { steps.append(next) }
        }
        // Refinement only works without dithering; turning it on here would make this step
        // larger than the dithered one, so a dithered request keeps it off.
        if dither != .none {
            add {
                $0.dither = .none
                $0.refinesStillTiles = false
            }
        }
        for tolerance in Self.budgetLZWTolerances where tolerance > lzwTolerance {
            add { $0.lzwTolerance = tolerance }
        }
        add { $0.refinesStillTiles = false }
        for count in Self.budgetColorCounts where count < colors {
            add { $0.colors = count }
        }
        return steps
    }

    /// True when these options and `other` write the same bytes from the same planned
    /// palette: they differ at most in `colors`, and only where `colors` merely caps the
    /// planner's choice, that is without the refinement of still tiles (whose tables it also
    /// caps). A budget walk skips a step whose palette came out as the previous step's.
    public func encodesLike(_ other: GIFEncodingOptions) -> Bool {
        var aligned = self
        aligned.colors = other.colors
        return aligned == other && (colors == other.colors || !refinesStillTilesInEffect)
    }

    /// Whether the encoder refines still tiles with these options (never with dithering).
    var refinesStillTilesInEffect: Bool { refinesStillTiles && dither == .none }
}

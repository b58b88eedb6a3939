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
    /// The order is by cost: the LZW tolerance goes first because it saves bytes for the least
    /// content PSNR, the refinement of still tiles next (it saves more bytes per dB lost than
    /// fewer colours do), then the colours. Dithering costs content PSNR at every size and turns
    /// the refinement off, so it goes first.
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

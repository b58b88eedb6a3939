import ArcScene

/// The checks of an animation's values: each property against its rule, then the checks
/// that need several properties at once, in the library's words (property names).
extension Animation {
    /// The largest frame side in pixels (width or height times scale).
    static let maxFrameSide = 8192

    /// Throws `.invalidSetting` for the first value out of its range (by the rules scene files
    /// and the command check their values by as they arrive) or the first inconsistency,
    /// naming the property to change.
    package func validate() throws(RenderGIFError) {
        if let invalid = firstValueOutOfRange() ?? firstInconsistency() { throw .invalidSetting(invalid) }
    }

    /// The numeric properties with their values, in the order they are checked.
    private var numbers: [(Property, Double?)] {
        [(.width, width), (.height, height), (.scale, Double(scale)), (.fps, Double(fps)), (.hold, hold),
         (.oneStepDuration, oneStepDuration), (.perStepDuration, perStepDuration), (.buttonCount, Double(buttonCount)),
         (.marginDegrees, marginDegrees), (.buttonDiameter, buttonDiameter), (.borderWidth, borderWidth),
         (.arcLineWidth, arcLineWidth), (.colors, Double(colors)), (.loop, Double(loop)), (.maxBytes, maxBytes.map(Double.init)),
         (.touchDiameter, touchDiameter), (.touchOpacity, touchOpacity), (.touchPress, touchPress), (.touchFade, touchFade)]
    }

    /// The first property whose value alone is unacceptable.
    private func firstValueOutOfRange() -> InvalidSetting? {
        for case let (property, value?) in numbers {
            if let problem = property.numberRule?.problem(with: value) {
                return InvalidSetting(property: property, value: value.exactDescription, problem: problem)
            }
        }
        if taps.count > Setting.maxTaps {
            return InvalidSetting(property: .taps, value: tapsText, problem: "must hold at most \(Setting.maxTaps) taps")
        }
        if case let .cubicBezier(x1, y1, x2, y2) = timing, !Setting.isAcceptedBezier([x1, y1, x2, y2]) {
            return InvalidSetting(property: .timing, value: [x1, y1, x2, y2].map(\.exactDescription).joined(separator: ","),
                                  problem: "must be \(Setting.timingExpectation)")
        }
        if let posterTime, !(posterTime.isFinite && posterTime >= 0) {
            return InvalidSetting(property: .posterTime, value: posterTime.exactDescription, problem: "must be a number of seconds from 0")
        }
        return nil
    }

    /// The first value that does not fit the others.
    private func firstInconsistency() -> InvalidSetting? {
        let buttons = "(buttons are 0 to \(buttonCount - 1))"
        if let tap = taps.first(where: { $0 < 0 || $0 >= buttonCount }) {
            return InvalidSetting(property: .taps, value: tapsText, problem: "button \(tap) does not exist \(buttons)")
        }
        if let index = avatarImages.keys.sorted().first(where: { $0 < 0 || $0 >= buttonCount }) {
            return InvalidSetting(property: .avatarImages, value: nil, problem: "button \(index) does not exist \(buttons)")
        }
        if borderWidth > buttonDiameter / 2 {
            return InvalidSetting(property: .borderWidth, value: borderWidth.shortDescription,
                                  problem: "must be at most half the diameter (\((buttonDiameter / 2).shortDescription))")
        }
        let side = max(width, height) * Double(scale)
        if side > Double(Animation.maxFrameSide) {
            return InvalidSetting(property: .scale, value: "\(scale)",
                                  problem: "frames would be \(Int(side.rounded(.up))) pixels on a side, over the limit of \(Animation.maxFrameSide)")
        }
        // A timeline that cannot be built is reported when the render builds it.
        if let posterTime, let total = try? SceneSetup.timeline(for: self).totalDuration,
           posterTime > total + Timeline.boundaryTolerance {
            return InvalidSetting(property: .posterTime, value: posterTime.shortDescription,
                                  problem: "must be a time within the animation, from 0 to \(total.shortDescription) s")
        }
        return nil
    }

    /// The taps as messages show them: "1,3,0".
    private var tapsText: String { taps.map(String.init).joined(separator: ",") }
}

extension Double {
    /// The number as short as it reads, but never rounded to another value: `shortDescription`
    /// when that is the same number, otherwise every digit ("4096.0004", not "4096"), for
    /// messages that quote a value set in code.
    var exactDescription: String {
        let short = shortDescription
        return Double(short) == self ? short : String(self)
    }

    /// The number rounded for people to at most three decimals, as a user would write it:
    /// "26" rather than "26.0", "2850.6" rather than "2850.599999999839".
    var shortDescription: String {
        guard isFinite, abs(self) < 1e15 else { return String(self) }
        let thousandths = Int64((abs(self) * 1000).rounded())
        let whole = String(thousandths / 1000)
        var fraction = String(thousandths % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = self < 0 && thousandths != 0 ? "-" : ""
        return sign + whole + (fraction.isEmpty ? "" : "." + fraction)
    }
}

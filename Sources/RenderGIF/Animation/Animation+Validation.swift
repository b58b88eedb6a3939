import ArcScene

/// Checks that need several settings at once; single values were checked as they arrived.
extension Animation {
    /// The largest frame side in pixels (width or height times scale).
    static let maxFrameSide = 8192

    /// Throws the first value out of its range (by the option table's rules, the ones flags
    /// and scene files are checked by as they arrive) or the first inconsistency, naming the
    /// setting to change.
    func validate() throws(RenderGIFError) {
        for setting in Setting.allCases {
            guard let value = setting.value(in: self) else { continue }
            var copy = self
            do {
                try setting.apply(.json(value), to: &copy)
            } catch {
                throw .invalidSetting(flag: setting.flag, value: setting.defaultText(self), problem: error.message)
            }
        }
        for tap in taps where tap >= buttonCount {
            throw .invalidSetting(flag: Setting.taps.flag, value: taps.map(String.init).joined(separator: ","),
                                  problem: "button \(tap) does not exist (buttons are 0 to \(buttonCount - 1))")
        }
        for index in avatarImages.keys.sorted() where index >= buttonCount {
            throw .invalidSetting(flag: Setting.avatar.flag, value: nil,
                                  problem: "button \(index) does not exist (buttons are 0 to \(buttonCount - 1))")
        }
        if borderWidth > buttonDiameter / 2 {
            throw .invalidSetting(flag: Setting.borderWidth.flag, value: borderWidth.shortDescription,
                                  problem: "must be at most half the diameter (\((buttonDiameter / 2).shortDescription))")
        }
        let side = max(width, height) * Double(scale)
        if side > Double(Animation.maxFrameSide) {
            throw .invalidSetting(flag: Setting.scale.flag, value: "\(scale)",
                                  problem: "frames would be \(Int(side.rounded(.up))) pixels on a side, over the limit of \(Animation.maxFrameSide)")
        }
        // A timeline that cannot be built is reported when the render builds it.
        if let posterTime, let total = try? SceneSetup.timeline(for: self).totalDuration,
           posterTime > total + Timeline.boundaryTolerance {
            throw .invalidSetting(flag: Setting.posterTime.flag, value: posterTime.shortDescription,
                                  problem: "must be a time within the animation, from 0 to \(total.shortDescription) s")
        }
    }

    /// The settings a cross-check also depends on: when the setting an error names kept its
    /// default, the one of these that was given is the one to change.
    static func relatedSettings(of setting: Setting) -> [Setting] {
        switch setting {
        case .taps, .avatar: return [.buttons]
        case .borderWidth: return [.diameter]
        case .scale: return [.width, .height]
        case .posterTime: return [.taps, .hold, .oneStepDuration, .perStepDuration]
        default: return []
        }
    }
}

extension Double {
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

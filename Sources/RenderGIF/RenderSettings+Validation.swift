/// Checks that need several settings at once; single values were checked as they arrived.
extension RenderSettings {
    /// The largest frame side in pixels (width or height times scale).
    public static let maxFrameSide = 8192

    /// Throws the first inconsistency, naming the flag to change.
    public func validate() throws(RenderGIFError) {
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
        if side > Double(RenderSettings.maxFrameSide) {
            throw .invalidSetting(flag: Setting.scale.flag, value: "\(scale)",
                                  problem: "frames would be \(Int(side.rounded(.up))) pixels on a side, over the limit of \(RenderSettings.maxFrameSide)")
        }
    }
}

extension Double {
    /// The number as a user would write it: "26" rather than "26.0".
    var shortDescription: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}

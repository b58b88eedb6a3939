/// The touch indicators of a timeline drawn with touches (see `TouchTiming`).
extension Timeline {
    /// The indicators showing at `t` seconds, in tap order (a later tap's above an earlier
    /// one's); empty without touches and outside every tap's window.
    func touchIndicators(at t: Double) -> [TouchIndicator] {
        guard let touchTiming, !taps.isEmpty else { return [] }
        var shown: [TouchIndicator] = []
        // Lifts never decrease: skip the taps whose fade ended before t, stop at the first
        // whose press has not begun.
        for tap in taps[firstTap(liftingAfter: t - touchTiming.fade - Self.boundaryTolerance)...] {
            if tap.lift - touchTiming.press > t + Self.boundaryTolerance { break }
            if let presence = touchTiming.presence(at: t, touchDown: tap.touchDown(press: touchTiming.press), lift: tap.lift) {
                shown.append(TouchIndicator(button: tap.button, center: buttonCenters[tap.button], presence: presence))
            }
        }
        return shown
    }

    /// The index of the first tap lifting at or after `time` (the tap count when none does).
    private func firstTap(liftingAfter time: Double) -> Int {
        var low = 0, high = taps.count
        while low < high {
            let middle = (low + high) / 2
            if taps[middle].lift < time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Every tap's window [touch-down, end of the fade] in seconds, in tap order; empty
    /// without touches. Outside them every frame is the frame of the same render without
    /// touches.
    public var touchWindows: [ClosedRange<Double>] {
        guard let touchTiming else { return [] }
        return taps.map { $0.touchDown(press: touchTiming.press) ... $0.lift + touchTiming.fade }
    }
}

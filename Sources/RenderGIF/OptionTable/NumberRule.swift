/// The values a numeric setting accepts, written once: the check, the text of its error and
/// the range its help shows all come from here.
package struct NumberRule: Sendable {
    /// The accepted values.
    package let range: ClosedRange<Double>
    /// True when only whole numbers are accepted.
    let whole: Bool
    /// What the value is, to follow "must be": "a number of points", "an integer".
    let noun: String
    /// The upper end as said in words, when it is not simply the range's upper bound.
    let upperText: String?
    /// True when the help line states the range.
    package let inHelp: Bool

    /// An integer setting from `range`.
    static func integer(_ range: ClosedRange<Int>, inHelp: Bool = true) -> NumberRule {
        NumberRule(range: Double(range.lowerBound)...Double(range.upperBound), whole: true, noun: "an integer",
                   upperText: nil, inHelp: inHelp)
    }

    /// A number of `unit` from `range`.
    static func number(_ range: ClosedRange<Double>, of unit: String, inHelp: Bool = false) -> NumberRule {
        NumberRule(range: range, whole: false, noun: "a number of \(unit)", upperText: nil, inHelp: inHelp)
    }

    /// "32 to 4096", "0 to below 30".
    package var rangeText: String {
        "\(range.lowerBound.shortDescription) to \(upperText ?? range.upperBound.shortDescription)"
    }

    /// "a number of points from 32 to 4096", the words after "must be".
    var expectation: String { "\(noun) from \(rangeText)" }

    /// Nil when `value` is accepted, otherwise why not ("must be an integer from 1 to 4").
    func problem(with value: Double) -> String? {
        guard value.isFinite, range.contains(value), !whole || value.rounded() == value else { return "must be \(expectation)" }
        return nil
    }

    /// Checks `input` against the rule.
    func value(of input: SettingInput) throws(SettingInput.Problem) -> Double {
        if whole { return Double(try input.integer(in: Int(range.lowerBound)...Int(range.upperBound), expectation)) }
        return try input.number(in: range, expectation)
    }
}

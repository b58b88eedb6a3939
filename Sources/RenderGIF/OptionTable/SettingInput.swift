/// A setting's raw value as it arrived: the text after a flag, or a value in a scene file.
/// Conversions accept both forms, so the text `1,3,0` and the scene entry
/// `"taps": [1, 3, 0]` go through the same checks.
package enum SettingInput: Sendable {
    case text(String)
    case json(JSONValue)

    /// Why a value is not acceptable, phrased to follow "must be" or a type clash.
    package struct Problem: Error, Equatable {
        package let message: String
        init(_ message: String) { self.message = message }
    }

    /// A plain decimal number (digits, an optional sign, point and exponent); nil for hex
    /// ("0x190"), "inf", "nan" and anything else `Double(_:)` would also accept.
    static func decimal(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ c in
            (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
                || c == UInt8(ascii: "+") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
        }) else { return nil }
        return Double(trimmed)
    }

    /// A finite number within `range`.
    func number(in range: ClosedRange<Double>, _ expectation: String) throws(Problem) -> Double {
        let value: Double
        switch self {
        case let .text(text):
            guard let parsed = SettingInput.decimal(text), parsed.isFinite else { throw Problem("must be \(expectation)") }
            value = parsed
        case let .json(.number(number)): value = number
        case let .json(other): throw Problem("must be \(expectation), not \(other.typeName)")
        }
        guard range.contains(value) else { throw Problem("must be \(expectation)") }
        return value
    }

    /// A whole number within `range`.
    func integer(in range: ClosedRange<Int>, _ expectation: String) throws(Problem) -> Int {
        let value = try number(in: Double(range.lowerBound)...Double(range.upperBound), expectation)
        guard value.rounded() == value else { throw Problem("must be \(expectation)") }
        return Int(value)
    }

    /// A string; from a flag, the text itself.
    func string(_ expectation: String) throws(Problem) -> String {
        switch self {
        case let .text(text): return text
        case let .json(.string(text)): return text
        case let .json(other): throw Problem("must be \(expectation), not \(other.typeName)")
        }
    }

    /// The value of one of a fixed set of names.
    func choice<T>(_ choices: [(name: String, value: T)]) throws(Problem) -> T {
        let expectation = "one of " + choices.map(\.name).joined(separator: ", ")
        let text = try string(expectation)
        guard let chosen = choices.first(where: { $0.name == text }) else { throw Problem("must be \(expectation)") }
        return chosen.value
    }

    /// A list of numbers: comma-separated text from a flag, an array in a scene file.
    func numbers(_ expectation: String) throws(Problem) -> [Double] {
        switch self {
        case let .text(text):
            if text.trimmingSpaces.isEmpty { return [] }
            var values: [Double] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let value = SettingInput.decimal(String(part)), value.isFinite else { throw Problem("must be \(expectation)") }
                values.append(value)
            }
            return values
        case let .json(.array(elements)):
            var values: [Double] = []
            for element in elements {
                guard case let .number(value) = element else { throw Problem("must be \(expectation), not an array holding \(element.typeName)") }
                values.append(value)
            }
            return values
        case let .json(other): throw Problem("must be \(expectation), not \(other.typeName)")
        }
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}

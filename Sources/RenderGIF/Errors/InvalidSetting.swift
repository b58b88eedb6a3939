/// A setting of an `Animation` whose value cannot be rendered: the property, the value as
/// written in a message, and what is wrong, in words that follow the property's name.
public struct InvalidSetting: Sendable, Equatable {
    /// The property to change.
    public var property: Animation.Property
    /// The value it holds, as a message shows it ("1000", "1,3,7"); nil when no single value
    /// says it (an avatar image for a button that does not exist).
    public var value: String?
    /// What is wrong: "must be a number of points from 0 to 500", "button 7 does not exist
    /// (buttons are 0 to 3)".
    public var problem: String

    /// The accepted range of a numeric property, nil for the others.
    public var allowedRange: ClosedRange<Double>? { property.numberRule?.range }

    public init(property: Animation.Property, value: String?, problem: String) {
        self.property = property
        self.value = value
        self.problem = problem
    }
}

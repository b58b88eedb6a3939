import GIFEncoding

extension ThreadStart {
    /// A starter that refuses every thread, as a system out of threads does.
    package static let refusing: Starter = { _, _, _ in false }
}

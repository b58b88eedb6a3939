import SharedTestSupport
import Testing
@testable import RenderGIF

/// The Levenshtein distance behind "did you mean" suggestions for scene-file keys and flags.
@Suite enum EditDistanceTests {
    @Test(arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("a", "a", 0), ("a", "b", 1),
        ("kitten", "sitting", 3), ("flaw", "lawn", 2), ("--fps", "--fsp", 2), ("--colours", "--colors", 1),
        ("café", "cafe", 1), ("日本", "日本語", 1), ("abc", "cba", 2), ("intention", "execution", 5),
    ])
    static func knownDistances(a: String, b: String, expected: Int) {
        #expect(Setting.editDistance(a, b) == expected)
        #expect(Setting.editDistance(b, a) == expected)
    }

    /// The textbook definition, written as plainly as possible: the cheapest of deleting,
    /// inserting or replacing at the front of the strings, memoised by suffix lengths.
    private static func reference(_ a: [Character], _ b: [Character]) -> Int {
        var memo: [Int: Int] = [:]
        func distance(_ i: Int, _ j: Int) -> Int {
            if i == a.count { return b.count - j }
            if j == b.count { return a.count - i }
            let key = i * 1000 + j
            if let known = memo[key] { return known }
            let result = a[i] == b[j]
                ? distance(i + 1, j + 1)
                : 1 + min(distance(i + 1, j), distance(i, j + 1), distance(i + 1, j + 1))
            memo[key] = result
            return result
        }
        return distance(0, 0)
    }

    @Test static func agreesWithTheDefinitionOnSeededStrings() {
        var generator = SeededGenerator(seed: 0xED17)
        let alphabet: [Character] = ["a", "b", "c", "-", "é"]
        for _ in 0..<500 {
            let a = (0..<Int(generator.next() % 9)).map { _ in alphabet[Int(generator.next() % 5)] }
            let b = (0..<Int(generator.next() % 9)).map { _ in alphabet[Int(generator.next() % 5)] }
            #expect(Setting.editDistance(String(a), String(b)) == reference(a, b), "\(String(a)) / \(String(b))")
        }
    }

    @Test static func triangleInequalityOnKeys() {
        let keys = Setting.allCases.map(\.key)
        for a in keys.prefix(8) {
            for b in keys {
                for c in keys.suffix(8) {
                    let ab = Setting.editDistance(a, b)
                    let bc = Setting.editDistance(b, c)
                    #expect(Setting.editDistance(a, c) <= ab + bc)
                }
            }
        }
    }
}

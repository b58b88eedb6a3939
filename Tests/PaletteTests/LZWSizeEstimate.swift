/// The byte count GIF's LZW would produce for an index stream (code bits, sub-block lengths),
/// for comparing palettes and dithering modes in the benchmark; it writes nothing.
enum LZWSizeEstimate {
    static func bytes(_ indices: [UInt8], tableSize: Int) -> Int {
        var minimumCodeSize = 2
        while 1 << minimumCodeSize < tableSize { minimumCodeSize += 1 }
        let clear = 1 << minimumCodeSize
        var codeSize = minimumCodeSize + 1
        var nextCode = clear + 2
        var dictionary: [Int: Int] = [:]
        var bits = codeSize  // the opening clear code
        guard var prefix = indices.first.map(Int.init) else { return 0 }
        for index in indices.dropFirst() {
            let key = prefix << 8 | Int(index)
            if let code = dictionary[key] { prefix = code; continue }
            bits += codeSize
            if nextCode == 4096 {
                bits += codeSize  // clear
                dictionary.removeAll(keepingCapacity: true)
                codeSize = minimumCodeSize + 1
                nextCode = clear + 2
            } else {
                dictionary[key] = nextCode
                if nextCode == 1 << codeSize && codeSize < 12 { codeSize += 1 }
                nextCode += 1
            }
            prefix = Int(index)
        }
        bits += 2 * codeSize  // last prefix and end of information
        let dataBytes = (bits + 7) / 8
        return dataBytes + (dataBytes + 254) / 255 + 2
    }
}

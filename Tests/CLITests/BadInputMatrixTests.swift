import Foundation
import Testing

/// Bad files, flags, scene files and outputs: each gives one exact error line, the right exit
/// status, no output file, and leaves an existing output as it was (see `BadInputCase.check`).
@Suite enum BadInputMatrixTests {
    /// A small, fast render, so that a case that gets past the checks costs little.
    static let small = CommandRunner.smallRender

    static let imageCases: [BadInputCase] = [
        BadInputCase(label: "missing image", arguments: small + ["--head", "missing.png"],
                     status: 1, message: "cannot read 'missing.png': No such file or directory"),
        BadInputCase(label: "image is a folder", arguments: small + ["--head", "pictures.png"],
                     files: [("pictures.png", .folder)], status: 1, message: "cannot read 'pictures.png': is a folder"),
        BadInputCase(label: "empty image", arguments: small + ["--head", "empty.png"],
                     files: [("empty.png", .empty)], status: 1, message: "'empty.png' is not a valid image: the file is empty"),
        BadInputCase(label: "PNG cut inside its signature", arguments: small + ["--head", "cut.png"],
                     files: [("cut.png", .truncatedPNG(bytes: 4))], status: 1,
                     message: "'cut.png' is not a valid image: the file ends inside the PNG signature"),
        BadInputCase(label: "PNG signature only", arguments: small + ["--head", "cut.png"],
                     files: [("cut.png", .truncatedPNG(bytes: 8))], status: 1,
                     message: "'cut.png' is not a valid image: read beyond end of data"),
        BadInputCase(label: "truncated PNG", arguments: small + ["--avatar", "2=cut.png"],
                     files: [("cut.png", .truncatedPNG(bytes: 2000))], status: 1,
                     message: "'cut.png' is not a valid image: read beyond end of data"),
        BadInputCase(label: "PNG with a wrong IDAT CRC", arguments: small + ["--head", "crc.png"],
                     files: [("crc.png", .crcCorruptedPNG)], status: 1,
                     message: "'crc.png' is not a valid image: IDAT: CRC error"),
        BadInputCase(label: "PNG claiming 100000 x 100000", arguments: small + ["--head", "huge.png"],
                     files: [("huge.png", .claimedSizePNG(width: 100_000, height: 100_000))], status: 1,
                     message: "'huge.png' is 100000 x 100000 pixels, over the limit of 16384 x 16384"),
        BadInputCase(label: "PNG one pixel too wide", arguments: small + ["--avatar", "0=wide.png"],
                     files: [("wide.png", .claimedSizePNG(width: 16385, height: 1))], status: 1,
                     message: "'wide.png' is 16385 x 1 pixels, over the limit of 16384 x 16384"),
        BadInputCase(label: "PNG over 256 MB decoded", arguments: small + ["--head", "big.png"],
                     files: [("big.png", .claimedSizePNG(width: 16384, height: 4097))], status: 1,
                     message: "'big.png' is 16384 x 4097 pixels, over the limit of 256 MB of decoded RGBA pixels"),
        BadInputCase(label: "random bytes", arguments: small + ["--head", "noise.png"],
                     files: [("noise.png", .randomBytes(count: 4096))], status: 1,
                     message: "'noise.png' is not a PNG, JPEG, GIF, WebP, HEIC/HEIF or AVIF image"),
        BadInputCase(label: "BMP named .png", arguments: small + ["--head", "photo.png"],
                     files: [("photo.png", .raw(Array("BM".utf8) + [70, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0]))],
                     status: 1,
                     message: "'photo.png' is a BMP image; render-gif reads PNG, JPEG, GIF, WebP, HEIC/HEIF or AVIF pictures"),
        BadInputCase(label: "text named .png", arguments: small + ["--avatar", "1=notes.png"],
                     files: [("notes.png", .text("not a picture\n"))], status: 1,
                     message: "'notes.png' is not a PNG, JPEG, GIF, WebP, HEIC/HEIF or AVIF image"),
        BadInputCase(label: "truncated JPEG", arguments: small + ["--head", "cut.jpg"],
                     files: [("cut.jpg", .truncatedJPEG(bytes: 200))], status: 1,
                     message: "'cut.jpg' is not a valid image: Premature end of JPEG file"),
        BadInputCase(label: "JPEG signature only", arguments: small + ["--head", "cut.jpg"],
                     files: [("cut.jpg", .truncatedJPEG(bytes: 3))], status: 1,
                     message: "'cut.jpg' is not a valid image: Premature end of JPEG file"),
        BadInputCase(label: "JPEG claiming 65000 x 65000", arguments: small + ["--head", "huge.jpg"],
                     files: [("huge.jpg", .claimedSizeJPEG(width: 65000, height: 65000))], status: 1,
                     message: "'huge.jpg' is 65000 x 65000 pixels, over the limit of 16384 x 16384"),
    ]

    static let flagCases: [BadInputCase] = [
        BadInputCase(label: "tap list with a hole", arguments: small + ["--taps", "1,,2"], status: 64,
                     message: "invalid value '1,,2' for '--taps': must be a comma-separated list of button indices"),
        BadInputCase(label: "negative tap", arguments: small + ["--taps", "-1"], status: 64,
                     message: "invalid value '-1' for '--taps': must be a comma-separated list of button indices (whole numbers from 0)"),
        BadInputCase(label: "fractional tap", arguments: small + ["--taps", "1.5"], status: 64,
                     message: "invalid value '1.5' for '--taps': must be a comma-separated list of button indices (whole numbers from 0)"),
        BadInputCase(label: "NaN tap", arguments: small + ["--taps", "nan"], status: 64,
                     message: "invalid value 'nan' for '--taps': must be a comma-separated list of button indices"),
        BadInputCase(label: "tap past the buttons", arguments: small + ["--taps", "1,4"], status: 64,
                     message: "invalid value '1,4' for '--taps': button 4 does not exist (buttons are 0 to 3)"),
        BadInputCase(label: "tap past fewer buttons", arguments: small + ["--buttons", "2", "--taps", "0,1,2"], status: 64,
                     message: "invalid value '0,1,2' for '--taps': button 2 does not exist (buttons are 0 to 1)"),
        BadInputCase(label: "10001 taps", arguments: small + ["--taps", tooManyTaps], status: 64,
                     message: "invalid value '\(tooManyTaps.prefix(40))...' for '--taps': must hold at most 10000 taps"),
        BadInputCase(label: "avatar past the buttons", arguments: small + ["--avatar", "9=x.png"], status: 64,
                     message: "invalid value for '--avatar': button 9 does not exist (buttons are 0 to 3)"),
        BadInputCase(label: "avatar without '='", arguments: small + ["--avatar", "x.png"], status: 64,
                     message: "invalid value 'x.png' for '--avatar': must be <i>=<file>, a button index, '=' and an image path"),
        BadInputCase(label: "avatar without an index", arguments: small + ["--avatar", "=x.png"], status: 64,
                     message: "invalid value '=x.png' for '--avatar': must start with a button index from 0, not ''"),
        BadInputCase(label: "avatar without a file", arguments: small + ["--avatar", "0="], status: 64,
                     message: "invalid value '0=' for '--avatar': must be <i>=<file>, with a file after '='"),
        // Control characters from the input are escaped: the error stays one line.
        BadInputCase(label: "newline in a value", arguments: small + ["--fps", "1\n2"], status: 64,
                     message: #"invalid value '1\n2' for '--fps': must be an integer from 1 to 50"#),
        BadInputCase(label: "newline in a file name", arguments: small + ["--head", "a\nb.png"], status: 1,
                     message: #"cannot read 'a\nb.png': No such file or directory"#),
        BadInputCase(label: "unknown flag", arguments: small + ["--frobnicate"], status: 64,
                     message: "Unknown option '--frobnicate'."),
        BadInputCase(label: "misspelt flag", arguments: small + ["--widht", "400"], status: 64,
                     message: "Unknown option '--widht'. Did you mean '--width'?"),
        BadInputCase(label: "unknown short flag", arguments: small + ["-x"], status: 64, message: "Unknown option '-x'."),
        BadInputCase(label: "flag without its value", arguments: small + ["--fps"], output: nil, status: 64,
                     message: "Missing value for '--fps'."),
        BadInputCase(label: "missing output", arguments: small, output: nil, status: 64,
                     message: "Missing expected argument '<output>'."),
        BadInputCase(label: "timing with x1 past 1", arguments: small + ["--timing", "2,0,0,1"], status: 64,
                     message: "invalid value '2,0,0,1' for '--timing': must be one of linear, easeIn, easeOut, easeInEaseOut, default, or four numbers x1,y1,x2,y2 with x1 and x2 from 0 to 1"),
        BadInputCase(label: "frames over 8192 pixels", arguments: small + ["--width", "4096", "--scale", "4"], status: 64,
                     message: "invalid value '4' for '--scale': frames would be 16384 pixels on a side, over the limit of 8192"),
        BadInputCase(label: "scale 4 at 2049 points", arguments: small + ["--height", "2049", "--scale", "4"], status: 64,
                     message: "invalid value '4' for '--scale': frames would be 8196 pixels on a side, over the limit of 8192"),
        // 3600 s of hold and no taps at 50 fps: 180,000 frames.
        BadInputCase(label: "over 100,000 frames", arguments: ["--quiet", "--hold", "3600", "--taps", ""], status: 1,
                     message: "the animation would last 3600 s, 180000 frames at 50 fps, over the limit of 100000 frames"),
        BadInputCase(label: "border over half the diameter", arguments: small + ["--diameter", "10", "--border-width", "6"], status: 64,
                     message: "invalid value '6' for '--border-width': must be at most half the diameter (5)"),
    ]

    /// "0,1,2,3,0,1,..." with 10,001 taps, one over the limit.
    static let tooManyTaps = (0...10_000).map { String($0 % 4) }.joined(separator: ",")

    static let outputCases: [BadInputCase] = [
        BadInputCase(label: "output in a missing folder", arguments: small, output: "missing/out.gif", status: 1,
                     message: "cannot write 'missing/out.gif': no such folder 'missing'"),
        BadInputCase(label: "output is a folder", arguments: small, output: "folder.gif", files: [("folder.gif", .folder)],
                     status: 1, message: "cannot write 'folder.gif': is a folder"),
        BadInputCase(label: "output inside a file", arguments: small, output: "notes.txt/out.gif",
                     files: [("notes.txt", .text("keep"))], status: 1,
                     message: "cannot write 'notes.txt/out.gif': 'notes.txt' is not a folder"),
        BadInputCase(label: "frames folder is a file", arguments: small + ["--frames", "notes.txt"],
                     files: [("notes.txt", .text("keep"))], status: 1,
                     message: "cannot write 'notes.txt': exists and is not a folder"),
        BadInputCase(label: "frames folder in a missing folder", arguments: small + ["--frames", "a/b"], status: 1,
                     message: "cannot write 'a/b': its parent folder does not exist"),
        BadInputCase(label: "frames folder with a bad output", arguments: small + ["--frames", "frames"],
                     output: "missing/out.gif", status: 1,
                     message: "cannot write 'missing/out.gif': no such folder 'missing'"),
    ]

    @Test(arguments: imageCases) static func badImage(_ badInput: BadInputCase) throws { try badInput.check() }
    @Test(arguments: flagCases) static func badFlag(_ badInput: BadInputCase) throws { try badInput.check() }
    @Test(arguments: outputCases) static func badOutput(_ badInput: BadInputCase) throws { try badInput.check() }
}

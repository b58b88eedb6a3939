"""The HEIF and AVIF test pictures for the decoder's own Y'CbCr conversion (run by
picture_files.py, or alone: python3 ycbcr_files.py FOLDER), made by heif-enc without Pillow:

- coded-420.heic, coded-420.avif: 13 x 9 planes defined here by formulas (`luma`, `cb`, `cr`,
  which Tests/ImageCodecsTests/CodedPlaneTests.swift writes out again), written as 8-bit 4:2:0
  Y4M (the only kind heif-enc 1.15 reads) and coded losslessly, so that a test can work out
  every pixel from the planes and H.273's formulas; heif-enc codes the odd size a sample
  larger and crops it with a clap box;
- patches-*.heic, patches-420.avif: the sixteen 8 x 8 colour patches (`PATCHES`, the tests'
  PictureFiles.patches) coded losslessly from RGB at the chroma format and depth named, with
  the range and colour description given to x265 for the HEVC VUI (`x265`; the AV1 one
  carries heif-enc's BT.601 full range in its color_config and a colr box); chroma is flat
  inside each patch, so that away from patch edges every upsampling filter gives the same
  value."""

import os
import struct
import subprocess
import sys
import tempfile
import zlib

WIDTH, HEIGHT = 13, 9
PATCHES = [(80, 160, 80), (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255), (255, 0, 255),
           (128, 128, 128), (20, 20, 20), (240, 240, 240), (200, 120, 60), (60, 90, 200), (250, 200, 180),
           (30, 120, 110), (180, 30, 90), (255, 255, 255)]


def luma(x, y):
    return 16 + (x * 37 + y * 11) % 220


def cb(i, j):
    return 40 + (i * 53 + j * 29) % 180


def cr(i, j):
    return 30 + (i * 71 + j * 43) % 190


def y4m(path):
    cw, ch = (WIDTH + 1) // 2, (HEIGHT + 1) // 2
    with open(path, "wb") as f:
        f.write(b"YUV4MPEG2 W%d H%d F25:1 Ip A1:1 C420jpeg\nFRAME\n" % (WIDTH, HEIGHT))
        f.write(bytes(luma(x, y) for y in range(HEIGHT) for x in range(WIDTH)))
        for plane in (cb, cr):
            f.write(bytes(plane(i, j) for j in range(ch) for i in range(cw)))


def png(path, grey=False, sixteen=False):
    """The patches as a 32 x 32 PNG: RGB or grey (the patches' green), 8 or 16 bits."""
    rows = []
    for y in range(32):
        row = bytearray([0])
        for x in range(32):
            colour = PATCHES[(y // 8) * 4 + x // 8]
            for value in (colour[1:2] if grey else colour):
                row += struct.pack(">H", value * 257) if sixteen else bytes([value])
        rows.append(bytes(row))
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", 32, 32, 16 if sixteen else 8, 0 if grey else 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows)))
                + chunk(b"IEND", b""))


def x265(*settings):
    """heif-enc options handing `settings` to x265 after libheif's own: libheif 1.15 writes
    the nclx options of heif-enc into no HEVC stream (it codes with BT.601 in full range and
    says so), so these set the VUI's range and colour description directly. The samples stay
    BT.601's: the pictures show other colours than the patches, the same for every decoder."""
    return [option for setting in settings for option in ("-p", "x265:" + setting)]


def write(folder):
    scratch = tempfile.mkdtemp(prefix="ycbcr-files-")
    planes = os.path.join(scratch, "planes.y4m")
    y4m(planes)
    rgb, grey, deep = (os.path.join(scratch, name) for name in ("patches.png", "grey.png", "deep.png"))
    png(rgb)
    png(grey, grey=True)
    png(deep, sixteen=True)
    files = [
        ("coded-420.heic", planes, []),
        ("coded-420.avif", planes, ["--avif"]),
        ("patches-444.heic", rgb, ["-p", "chroma=444", *x265("range=limited", "colormatrix=bt709", "colorprim=bt709",
                                                         "transfer=iec61966-2-1")]),
        ("patches-422.heic", rgb, ["-p", "chroma=422", *x265("range=limited", "colormatrix=bt2020nc")]),
        ("patches-420-ten-bit.heic", deep, ["-b", "10", "-p", "chroma=420", *x265("colormatrix=bt470bg")]),
        ("patches-grey.heic", grey, x265("range=limited")),
        ("patches-420.avif", rgb, ["--avif", "-p", "chroma=420"]),
    ]
    for name, source, options in files:
        subprocess.run(["heif-enc", "-L", *options, "-o", os.path.join(folder, name), source], check=True,
                       stdout=subprocess.DEVNULL)
    return [name for name, _, _ in files]


if __name__ == "__main__":
    print("wrote " + ", ".join(write(sys.argv[1])))

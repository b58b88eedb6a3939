"""The HEIF, AVIF, WebP and GIF test pictures (run by scripts/make-picture-files, which says
what each file is for). Each file is made by the format's own encoder from pixels defined
here; the expectations the tests hold are computed independently of render-gif (the colour
formulas in icc_profile.py, numpy for the transformations)."""

import io
import os
import struct
import subprocess
import sys
import tempfile
import zlib

import numpy as np
from PIL import Image

import heif_boxes
import icc_profile
import ycbcr_files

files = sys.argv[1]
folder = os.path.join(files, "Pictures")
scratch = tempfile.mkdtemp(prefix="picture-files-")
written = []

COLOURS = [(200, 40, 40), (40, 180, 60), (50, 60, 200), (230, 230, 230)]
LOSSLESS = ["-L", "-p", "chroma=444", "--matrix_coefficients=0"]


def quadrants(width, height):
    picture = np.zeros((height, width, 3), np.uint8)
    for index, colour in enumerate(COLOURS):
        top, left = (index // 2) * height // 2, (index % 2) * width // 2
        picture[top:top + height // 2, left:left + width // 2] = colour
    return picture


def scratch_png(array, name, **options):
    path = os.path.join(scratch, name)
    Image.fromarray(array).save(path, **options)
    return path


def run(*command):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def out(name):
    written.append(name)
    return os.path.join(folder, name)


def heif_enc(source, name, *options):
    target = out(name) if name else os.path.join(scratch, "edit-me.heic")
    run("heif-enc", *options, "-o", target, *([source] if isinstance(source, str) else source))
    return target


def edit(path, name, change):
    f = heif_boxes.HeifFile(open(path, "rb").read())
    change(f)
    with open(out(name), "wb") as target:
        target.write(f.bytes())


UPRIGHT = quadrants(64, 32)
upright_png = scratch_png(UPRIGHT, "upright.png")

# --- whole and reduced -----------------------------------------------------------------------
heif_enc(upright_png, "quadrants.heic", "-q", "90")
heif_enc(upright_png, "quadrants.avif", "-q", "90")
run("cwebp", "-quiet", "-q", "95", upright_png, "-o", out("quadrants.webp"))
run("cwebp", "-quiet", "-lossless", upright_png, "-o", out("quadrants-lossless.webp"))
Image.fromarray(UPRIGHT).save(out("quadrants.gif"), interlace=False)
Image.fromarray(UPRIGHT).save(out("interlaced.gif"), interlace=True)


# --- orientation: stored as a camera stores it, turned upright by irot and imir --------------
def apply(steps, picture):
    for kind, value in steps:
        picture = np.rot90(picture, value) if kind == "irot" else (picture[::-1] if value == 0 else picture[:, ::-1])
    return picture


T = Image.Transpose
UNDO = {1: None, 2: T.FLIP_LEFT_RIGHT, 3: T.ROTATE_180, 4: T.FLIP_TOP_BOTTOM, 5: T.TRANSPOSE, 6: T.ROTATE_90,
        7: T.TRANSVERSE, 8: T.ROTATE_270}
CANDIDATES = [[]] + [[("irot", k)] for k in (1, 2, 3)] + [[("imir", a)] for a in (0, 1)] + \
    [[("irot", k), ("imir", a)] for k in (1, 2, 3) for a in (0, 1)]
for value, operation in UNDO.items():
    stored = UPRIGHT if operation is None else np.asarray(Image.fromarray(UPRIGHT).transpose(operation))
    steps = next(c for c in CANDIDATES if apply(c, stored).shape == UPRIGHT.shape and (apply(c, stored) == UPRIGHT).all())
    encoded = heif_enc(scratch_png(np.ascontiguousarray(stored), "stored.png"), None, *LOSSLESS)

    def transform(f, steps=steps):
        for kind, amount in steps:
            f.add_property(f.primary, heif_boxes.irot(amount) if kind == "irot" else heif_boxes.imir(amount))
    edit(encoded, "orientation-%d.heic" % value, transform)
    if value == 6:
        exif = Image.Exif()
        exif[0x0112] = 6
        jpeg = os.path.join(scratch, "stored-6.jpg")
        Image.fromarray(np.ascontiguousarray(stored)).save(jpeg, quality=100, subsampling=0, exif=exif.tobytes())
        with_exif = heif_enc(jpeg, None, "-q", "95")
        edit(with_exif, "exif-and-irot.heic", transform)
        edit(with_exif, "exif-only.heic", lambda f: None)
        exif_file = os.path.join(scratch, "exif.bin")
        with open(exif_file, "wb") as target:
            target.write(exif.tobytes())
        plain = os.path.join(scratch, "stored-6.webp")
        run("cwebp", "-quiet", "-lossless", scratch_png(np.ascontiguousarray(stored), "stored-6.png"), "-o", plain)
        run("webpmux", "-set", "exif", exif_file, plain, "-o", out("orientation-6.webp"))

# --- colour ----------------------------------------------------------------------------------
patches = np.asarray(Image.open(os.path.join(files, "display-p3-patches.png")).convert("RGB"))
patches_png = scratch_png(patches, "patches.png")
p3_png = os.path.join(files, "display-p3-patches.png")
heif_enc(p3_png, "p3-icc.heic", *LOSSLESS)
run("cwebp", "-quiet", "-lossless", "-metadata", "icc", p3_png, "-o", out("p3-icc.webp"))


def with_nclx(primaries, transfer, matrix, full_range):
    """Adds the colr nclx box that heif-enc 1.15 leaves out (it writes the description into
    the coded stream only), as libavif and cameras write it."""
    return lambda f: f.add_property(f.primary, heif_boxes.nclx(primaries, transfer, matrix, full_range), essential=False)


nclx_options = ["--colour_primaries=12", "--transfer_characteristic=13"]
edit(heif_enc(patches_png, None, *LOSSLESS, *nclx_options), "p3-nclx.heic", with_nclx(12, 13, 0, True))
# libavif's encoder for the AVIF: heif-enc 1.15 codes AV1 losslessly as Y'CbCr while its
# stream says identity (RGB), which libheif then shows in false colours.
run("avifenc", "--lossless", "--jobs", "1", "--cicp", "12/13/0", "--ignore-icc", patches_png, out("p3-nclx.avif"))
limited = ["-L", "-p", "chroma=444", "--matrix_coefficients=6", "--full_range_flag=0", "--colour_primaries=1",
           "--transfer_characteristic=13"]
edit(heif_enc(patches_png, None, *limited), "limited-range.heic", with_nclx(1, 13, 6, False))
edit(heif_enc(patches_png, None, *limited), "limited-range-in-stream.heic", lambda f: None)

icc_profile.SPACES["bt2020"] = ((0.708, 0.292), (0.170, 0.797), (0.131, 0.046), (0.3127, 0.3290), 1.0, "BT.2020")
srgb_linear = icc_profile.decode("srgb", patches.astype(float) / 255)
bt2020_linear = np.clip(srgb_linear @ (np.linalg.inv(icc_profile.rgb_to_xyz("bt2020")) @ icc_profile.rgb_to_xyz("srgb")).T, 0, 1)


def pq_encode(linear_at_reference_white):
    luminance = linear_at_reference_white * 203.0 / 10000.0
    m1, m2, c1, c2, c3 = 2610 / 16384, 2523 / 4096 * 128, 3424 / 4096, 2413 / 4096 * 32, 2392 / 4096 * 32
    p = np.power(luminance, m1)
    return np.power((c1 + c2 * p) / (1 + c3 * p), m2)


def hlg_encode(linear_at_reference_white):
    a, b = 0.17883277, 1 - 4 * 0.17883277
    c = 0.5 - a * np.log(4 * a)
    scene = linear_at_reference_white * ((np.exp((0.75 - c) / a) + b) / 12)
    return np.where(scene <= 1 / 12, np.sqrt(3 * scene), a * np.log(np.maximum(12 * scene - b, 1e-12)) + c)


def sixteen_bit_png(encoded, name):
    """A 16-bit RGB PNG (Pillow writes those from raw big-endian 16-bit data)."""
    values = np.round(np.clip(encoded, 0, 1) * 1023).astype(np.uint32)
    words = (values << 6 | values >> 4).astype(">u2")
    height, width = words.shape[:2]
    path = os.path.join(scratch, name)
    raw = b"".join(b"\0" + words[y].tobytes() for y in range(height))
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    with open(path, "wb") as target:
        target.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 16, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    return path


edit(heif_enc(sixteen_bit_png(pq_encode(bt2020_linear), "pq.png"), None, "-b", "10", *LOSSLESS,
              "--colour_primaries=9", "--transfer_characteristic=16"), "pq-bt2020.heic", with_nclx(9, 16, 0, True))
edit(heif_enc(sixteen_bit_png(hlg_encode(bt2020_linear), "hlg.png"), None, "-b", "10", *LOSSLESS,
              "--colour_primaries=9", "--transfer_characteristic=18"), "hlg-bt2020.heic", with_nclx(9, 18, 0, True))
ramp = np.repeat(((np.arange(64) * 16 + 5) / 1023.0).reshape(1, 64, 1), 3, axis=2).repeat(8, axis=0)
heif_enc(sixteen_bit_png(ramp, "ramp.png"), "ten-bit.heic", "-b", "10", *LOSSLESS)
heif_enc(sixteen_bit_png(ramp, "ramp.png"), "twelve-bit.heic", "-b", "12", *LOSSLESS)


def damage_colour(kind):
    def change(f):
        for index, property_box in enumerate(f.ipco):
            if property_box[4:8] == b"colr" and property_box[8:12] == kind:
                f.ipco[index] = heif_boxes.box("colr", kind + (b"\x01\x02garbage" * 20 if kind == b"prof" else
                                                               struct.pack(">HHHB", 255, 255, 0, 0x80)))
    return change


edit(os.path.join(folder, "p3-icc.heic"), "bad-icc.heic", damage_colour(b"prof"))
edit(os.path.join(folder, "p3-nclx.heic"), "bad-nclx.heic", damage_colour(b"nclx"))
for name, kind in (("bad-icc.heic", b"prof"), ("bad-nclx.heic", b"nclx")):
    data = open(os.path.join(folder, name), "rb").read()
    assert b"garbage" in data or struct.pack(">HHH", 255, 255, 0) in data, name

# --- alpha -----------------------------------------------------------------------------------
ALPHAS = [255, 128, 0, 200]
alpha = np.zeros((32, 32, 4), np.uint8)
for index, (colour, opacity) in enumerate(zip(COLOURS, ALPHAS)):
    top, left = (index // 2) * 16, (index % 2) * 16
    alpha[top:top + 16, left:left + 16] = colour + (opacity,)
alpha_png = scratch_png(alpha, "alpha.png")
heif_enc(alpha_png, "alpha.heic", *LOSSLESS)
heif_enc(alpha_png, "alpha.avif", *LOSSLESS)
run("cwebp", "-quiet", "-lossless", "-exact", alpha_png, "-o", out("alpha.webp"))
indexed = Image.fromarray(alpha[:, :, :3]).quantize(colors=4, method=Image.Quantize.MAXCOVERAGE)
transparent_index = indexed.getpixel((0, 16))
indexed.save(out("alpha.gif"), transparency=transparent_index)

# --- animations: the first frame is the quadrant picture ---------------------------------------
second = 255 - UPRIGHT
run("img2webp", "-lossless", upright_png, "-d", "200", scratch_png(second, "second.png"), "-o", out("animated.webp"))
Image.fromarray(UPRIGHT).save(out("animated.gif"), save_all=True, append_images=[Image.fromarray(second)],
                              duration=200, loop=0, interlace=False)
assert Image.open(os.path.join(folder, "animated.gif")).n_frames == 2
run("avifenc", "--lossless", "--jobs", "1", upright_png, scratch_png(second, "second.png"), "-o", out("animated.avif"))
assert open(os.path.join(folder, "animated.avif"), "rb").read()[8:12] == b"avis"

# --- grids: four tiles encoded apart, joined by a grid item -----------------------------------
tiles = []
for index, colour in enumerate(COLOURS):
    tile = np.zeros((64, 64, 3), np.uint8)
    tile[:, :] = colour
    tile[28:36, 28:36] = 255 - np.array(colour)  # a mark at each tile's centre
    tiles.append(scratch_png(tile, "tile-%d.png" % index))
tiled = heif_enc(tiles, None, *LOSSLESS)


def grid(f):
    f.make_grid(f.item_ids()[:4], 2, 2, 120, 100)


edit(tiled, "grid.heic", grid)
edit(tiled, "grid-rotated.heic", lambda f: (grid(f), f.add_property(f.primary, heif_boxes.irot(3))))

# --- a thumbnail beside the picture: the inverse colours, so the tests can tell which was shown --
with_thumbnail = heif_enc([upright_png, scratch_png(np.ascontiguousarray(second[::2, ::2]), "thumbnail.png")], None,
                          *LOSSLESS)


def thumbnail(f):
    shown = [item for item in f.item_ids() if f.item_type(item) == "grid"]
    f.add_reference("thmb", shown[1], [shown[0]])


edit(with_thumbnail, "thumbnail.heic", thumbnail)

# --- pictures with known coded planes, and with the signal given to the coded stream --------------
written += ycbcr_files.write(folder)

# Each still HEIF file holds the codec its name says: AV1 in .avif, HEVC in .heic.
for name in written:
    data = open(os.path.join(folder, name), "rb").read()
    if name.endswith(".avif") and data[8:12] == b"avif":
        assert b"av01" in data and b"hvc1" not in data, name + " is not coded with AV1"
    elif name.endswith(".heic"):
        assert b"hvc1" in data and b"av01" not in data, name + " is not coded with HEVC"

print("wrote " + ", ".join(written))

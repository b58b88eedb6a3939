"""Small matrix/TRC ICC profiles (version 4 layout: D50 white point, Bradford-adapted
colorants, parametric sRGB or gamma curves) for RGB spaces Pillow's ImageCms cannot create:
Display P3, as phones write it, and Adobe RGB (1998), as cameras write it.

    python icc_profile.py display-p3 OUT.icc"""

import struct
import sys

import numpy as np

D50 = np.array([0.9642, 1.0, 0.8249])
BRADFORD = np.array([[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])
SRGB_CURVE = (2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)

SPACES = {
    # name: (red, green, blue primaries as xy, white xy, curve: parametric tuple or gamma)
    "display-p3": ((0.680, 0.320), (0.265, 0.690), (0.150, 0.060), (0.3127, 0.3290), SRGB_CURVE, "Display P3"),
    "adobe-rgb": ((0.640, 0.330), (0.210, 0.710), (0.150, 0.060), (0.3127, 0.3290), 563 / 256, "Adobe RGB (1998)"),
    "srgb": ((0.640, 0.330), (0.300, 0.600), (0.150, 0.060), (0.3127, 0.3290), SRGB_CURVE, "sRGB"),
}


def xyz(xy):
    x, y = xy
    return np.array([x / y, 1.0, (1 - x - y) / y])


def rgb_to_xyz(name):
    """The space's linear RGB to XYZ matrix for its own white (columns are the primaries)."""
    red, green, blue, white = SPACES[name][:4]
    primaries = np.column_stack([xyz(red), xyz(green), xyz(blue)])
    return primaries * np.linalg.solve(primaries, xyz(white))


def to_d50(name):
    """rgb_to_xyz adapted to the D50 profile connection space with the Bradford transform."""
    source = BRADFORD @ xyz(SPACES[name][3])
    target = BRADFORD @ D50
    return np.linalg.inv(BRADFORD) @ np.diag(target / source) @ BRADFORD @ rgb_to_xyz(name)


def s15(value):
    return struct.pack(">i", int(round(value * 65536)))


def xyz_tag(values):
    return b"XYZ " + b"\0" * 4 + b"".join(s15(v) for v in values)


def curve_tag(curve):
    if isinstance(curve, tuple):
        return b"para" + b"\0" * 4 + struct.pack(">HH", 3, 0) + b"".join(s15(v) for v in curve)
    return b"para" + b"\0" * 4 + struct.pack(">HH", 0, 0) + s15(curve)


def text_tag(text):
    encoded = text.encode("utf-16-be")
    return b"mluc" + b"\0" * 4 + struct.pack(">II", 1, 12) + b"enUS" + struct.pack(">II", len(encoded), 28) + encoded


def profile(name):
    """The ICC profile bytes of one of SPACES."""
    matrix = to_d50(name)
    curve = curve_tag(SPACES[name][4])
    tags = [(b"desc", text_tag(SPACES[name][5])), (b"cprt", text_tag("No copyright, use freely")),
            (b"wtpt", xyz_tag(D50)), (b"rXYZ", xyz_tag(matrix[:, 0])), (b"gXYZ", xyz_tag(matrix[:, 1])),
            (b"bXYZ", xyz_tag(matrix[:, 2])), (b"rTRC", curve), (b"gTRC", curve), (b"bTRC", curve)]
    table = struct.pack(">I", len(tags))
    body = b""
    offset = 128 + 4 + 12 * len(tags)
    for signature, data in tags:
        while len(data) % 4:
            data += b"\0"
        table += signature + struct.pack(">II", offset + len(body), len(data))
        body += data
    size = offset + len(body)
    header = (struct.pack(">I", size) + b"lcms" + struct.pack(">I", 0x04300000) + b"mntr" + b"RGB " + b"XYZ "
              + struct.pack(">6H", 2024, 1, 1, 0, 0, 0) + b"acsp" + b"APPL" + struct.pack(">I", 0) + b"\0" * 8
              + b"\0" * 8 + struct.pack(">I", 0) + s15(D50[0]) + s15(D50[1]) + s15(D50[2]) + b"\0" * 4)
    header += b"\0" * (128 - len(header))
    return header + table + body


def encode(name, linear):
    """Linear-light values (0...1) encoded with the space's transfer curve."""
    curve = SPACES[name][4]
    linear = np.clip(linear, 0, 1)
    if not isinstance(curve, tuple):
        return linear ** (1 / curve)
    return np.where(linear <= 0.0031308, linear * 12.92, 1.055 * linear ** (1 / 2.4) - 0.055)


def decode(name, encoded):
    """Encoded values (0...1) to linear light with the space's transfer curve."""
    curve = SPACES[name][4]
    if not isinstance(curve, tuple):
        return encoded ** curve
    return np.where(encoded <= 0.04045, encoded / 12.92, ((encoded + 0.055) / 1.055) ** 2.4)


def convert_analytic(name, rgb8, target="srgb"):
    """8-bit values of space `name` converted to `target` by the colorimetric formulas alone
    (relative colorimetric: whites map to whites, out-of-gamut values clip), as floats 0...255."""
    linear = decode(name, np.asarray(rgb8, dtype=float) / 255)
    matrix = np.linalg.inv(to_d50(target)) @ to_d50(name)
    return encode(target, linear @ matrix.T) * 255


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in SPACES:
        sys.exit("usage: icc_profile.py {%s} OUT.icc" % ",".join(SPACES))
    with open(sys.argv[2], "wb") as out:
        out.write(profile(sys.argv[1]))

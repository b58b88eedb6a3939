"""Bench rows for hostile inputs: the slowest 1 MiB scene file among those built to be slow
(wide objects, many escapes, long keys and strings, huge arrays and numbers), and the largest
progressive JPEG the decoding limits admit as an avatar, and the largest HEIC, WebP (still and
animated) and GIF they admit (time and peak RSS of the render), each with one just over the
limit, which is refused before decoding.

Run alone: python3 scripts/bench-support/hostile_inputs.py --bin <render-gif> --work <folder>
(Pillow is needed for the pictures, heif-enc, cwebp and img2webp for HEIC and WebP; the
bench's virtual environment and scripts/setup provide them.)
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

import measure

MIB = 1 << 20
# ImageLimits.maxWorkingBytes: libjpeg's memory plus the pixels it returns.
WORKING_BYTES = 160 << 20


def slow_scenes():
    """(name, bytes) of scene files of at most 1 MiB, each aimed at one part of the parser."""
    def fill(unit, prefix, suffix, separator=""):
        count = (MIB - len(prefix) - len(suffix)) // (len(unit) + len(separator))
        return (prefix + separator.join([unit] * count) + suffix).encode()

    keys, size, index = [], 2, 0
    while True:
        member = '"k%d":0' % index
        if size + len(member) + 1 > MIB:
            break
        keys.append(member)
        size += len(member) + 1
        index += 1
    return [
        ("60,000 distinct keys", ("{" + ",".join(keys) + "}").encode()),
        ("350,000 escapes in a string", fill("a\\n", '{"head":"', '"}')),
        ("175,000 unicode escapes", fill("\\u00e9", '{"head":"', '"}')),
        ("a 1 MiB key", fill("k", '{"', '":1}')),
        ("a 1 MiB path", fill("p", '{"head":"', '.png"}')),
        ("500,000 taps", fill("1", '{"taps":[', "]}", ",")),
        ("a 1 MiB number", fill("1", '{"width":', "}")),
        ("1 MiB of newlines before an error", fill("\n", "{", '"x":}')),
    ]


def timed(command, cwd):
    """(seconds, peak RSS in KiB, exit status, first stderr line) of one run."""
    with tempfile.NamedTemporaryFile(prefix="bench-rss-", suffix=".txt") as rss:
        start = time.perf_counter()
        done = subprocess.run([measure.TIME_TOOL, "-f", "%M", "-o", rss.name] + command, cwd=cwd,
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        seconds = time.perf_counter() - start
        peak = int(open(rss.name).read().strip().splitlines()[-1])
    line = done.stderr.decode("utf-8", "replace").strip().splitlines()
    return seconds, peak, done.returncode, (line[0] if line else "")


def largest_progressive_side():
    """The side of the largest square 4:2:0 progressive JPEG within the working-memory cap, by
    the decoder's estimate: 1.5 components' worth of 2-byte coefficients a pixel, the pixels
    decoded at 1/8 scale (4 bytes each), 1 MiB of pools and the rows."""
    side = int(((WORKING_BYTES - 2 * MIB) / (3 + 4 / 64)) ** 0.5)
    return side - side % 16


def write_progressive_jpeg(path, side):
    from PIL import Image
    # A smooth gradient with a little texture: realistic entropy, quick to make.
    gradient = Image.linear_gradient("L").resize((side, side))
    picture = Image.merge("RGB", (gradient, gradient.rotate(90), gradient.rotate(180)))
    picture.save(path, "JPEG", quality=90, progressive=True, subsampling="4:2:0")


# What each decoder holds per pixel at its peak when the picture is reduced to the layer (its
# workingBytes): libheif 6 (8-bit 4:2:0 planes twice, then RGB), libwebp's animation decoder 8
# (two canvases), the GIF canvas 4; a still WebP is decoded at the layer's size.
WORKING_BYTES_PER_PIXEL = {"heic": 6, "animated-webp": 8, "gif": 4}


def largest_side(kind):
    """The side of the largest square picture of `kind` within the working-memory cap."""
    side = int((WORKING_BYTES / WORKING_BYTES_PER_PIXEL[kind]) ** 0.5)
    return side - side % 16


def gradient(side, turn=0):
    from PIL import Image
    picture = Image.linear_gradient("L").resize((side, side))
    return Image.merge("RGB", (picture, picture.rotate(90), picture.rotate(180))).rotate(turn)


def write_picture(kind, path, side, folder):
    """A `side` x `side` smooth picture of `kind`, by the format's own encoder."""
    png = os.path.join(folder, "picture.png")
    gradient(side).save(png, compress_level=1)
    if kind == "heic":
        subprocess.run(["heif-enc", "-q", "50", png, "-o", path], check=True, stdout=subprocess.DEVNULL)
    elif kind == "webp":
        subprocess.run(["cwebp", "-quiet", "-q", "80", png, "-o", path], check=True)
    elif kind == "animated-webp":
        second = os.path.join(folder, "picture-2.png")
        gradient(side, turn=90).save(second, compress_level=1)
        # img2webp reports the file it wrote on stderr, which would break the table's output.
        subprocess.run(["img2webp", "-lossy", "-q", "80", png, second, "-o", path], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    else:
        gradient(side).convert("P", palette=1).save(path)


def picture_rows(binary, folder, runs):
    """The largest square picture of each format the limits admit as the avatar, and one just
    over them: the working-memory cap for HEIC, animated WebP and GIF, the decoded-picture limit
    (8192 x 8192) for a still WebP, which is decoded at the layer's size."""
    rows = []
    for kind, shown, name, side in [("heic", "HEIC", "big.heic", largest_side("heic")),
                                    ("webp", "still WebP", "big.webp", 8192),
                                    ("animated-webp", "animated WebP", "big-animated.webp", largest_side("animated-webp")),
                                    ("gif", "GIF", "big.gif", largest_side("gif"))]:
        path = os.path.join(folder, name)
        command = [binary, "--quiet", "--head", name, "--taps", "1", "--hold", "0.2", "out.gif"]
        write_picture(kind, path, side, folder)
        seconds, peak, status, line = min((timed(command, folder) for _ in range(runs)), key=lambda run: run[0])
        rows.append({"label": "largest admitted %s as the avatar: %d x %d, %d bytes" % (shown, side, side, os.path.getsize(path)),
                     "seconds": round(seconds, 3), "max_rss_kib": peak, "exit": status, "message": line[:120]})
        over = side + 16
        write_picture(kind, path, over, folder)
        seconds, peak, status, line = timed(command, folder)
        rows.append({"label": "%s over the limit: %d x %d (refused)" % (("an " if shown[0] in "aeiou" else "a ") + shown, over, over),
                     "seconds": round(seconds, 3), "max_rss_kib": peak, "exit": status, "message": line[:120]})
    return rows


def measure_all(binary, work, runs=3):
    rows = []
    folder = os.path.join(work, "hostile")
    os.makedirs(folder, exist_ok=True)
    slowest = None
    for label, data in slow_scenes():
        path = os.path.join(folder, "scene.json")
        with open(path, "wb") as scene:
            scene.write(data)
        best = min((timed([binary, "--quiet", "--scene", "scene.json", "out.gif"], folder) for _ in range(runs)),
                   key=lambda run: run[0])
        if slowest is None or best[0] > slowest[1][0]:
            slowest = (label, best, len(data))
    label, (seconds, peak, status, line), size = slowest
    rows.append({"label": "slowest 1 MiB scene file: %s (%d bytes)" % (label, size), "seconds": round(seconds, 3),
                 "max_rss_kib": peak, "exit": status, "message": line[:120]})

    jpeg = os.path.join(folder, "progressive.jpg")
    command = [binary, "--quiet", "--head", "progressive.jpg", "--taps", "1", "--hold", "0.2", "out.gif"]
    side = largest_progressive_side()
    # Step down by one MCU until the limit admits it (the estimate above is the decoder's, so
    # this takes a step or two at most).
    for _ in range(8):
        write_progressive_jpeg(jpeg, side)
        if timed(command, folder)[2] == 0:
            break
        side -= 16
    seconds, peak, status, line = min((timed(command, folder) for _ in range(runs)), key=lambda run: run[0])
    rows.append({"label": "largest admitted progressive JPEG as the avatar: %d x %d, %d bytes" % (side, side, os.path.getsize(jpeg)),
                 "seconds": round(seconds, 3), "max_rss_kib": peak, "exit": status, "message": line[:120]})
    over = side + 512
    write_progressive_jpeg(jpeg, over)
    seconds, peak, status, line = timed(command, folder)
    rows.append({"label": "a progressive JPEG over the limit: %d x %d (refused)" % (over, over),
                 "seconds": round(seconds, 3), "max_rss_kib": peak, "exit": status, "message": line[:120]})
    rows.extend(picture_rows(binary, folder, runs))
    return rows


def table(rows):
    lines = ["| hostile input | time | peak RSS | outcome |", "|---|---|---|---|"]
    for row in rows:
        outcome = "accepted" if row["exit"] == 0 else "refused: " + row["message"]
        lines.append("| %s | %.3f s | %.1f MiB | %s |" % (row["label"], row["seconds"], row["max_rss_kib"] / 1024, outcome))
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--time", default="/usr/bin/time")
    arguments = parser.parse_args()
    measure.TIME_TOOL = arguments.time
    print(table(measure_all(os.path.abspath(arguments.bin), arguments.work, arguments.runs)))
    sys.exit(0)

"""The picture formats' rows: a phone's HEIC against the same picture as a JPEG, and every
format's picture of one photograph against the PNG of it.

- phone HEIC: the 12-megapixel portrait of phone_photo.py stored as an iPhone stores it,
  4032 x 3024 in 48 tiles of 512 x 512 (heif-enc, quality 75) joined by a grid item, Display
  P3 by nclx, turned upright by irot, with a 320 x 240 thumbnail; as --head beside the phone
  JPEG (the time target: at most 1.5x, and peak RSS under 96 MiB), and the same file without
  its thumbnail (the whole grid decoded; the same targets);
- JPEG avatars: the astronaut photograph resized to 100 to 4000 px a side, as a quality-95 JPEG
  in 4:4:4 and in 4:2:0, each as --head against the same JPEG decoded whole by libjpeg
  (Pillow's) and given as PNG; the stills must agree to 45 dB over the head's pixels;
- fidelity: the astronaut photograph (512 x 512) as PNG, JPEG, HEIC, AVIF and WebP at high
  quality, and as a 256-colour GIF, each as --head; the still (--poster at t = 0) is compared
  over the head's pixels with the still of the ideal, the photograph area-reduced to the
  layer's 100 x 100 pixels by Pillow's box filter (for the GIF, its own 256-colour picture
  reduced so). Each format must come within 1 dB of the PNG's PSNR.

    python format_bench.py --bin RENDER_GIF --work FOLDER [--runs N] [--budget S]
runs these rows alone and prints them; bench.py calls measure_all, targets and table."""

import argparse
import io
import math
import os
import subprocess
import sys

import numpy as np
from PIL import Image, ImageCms

import heif_boxes
import icc_profile
import measure
import phone_photo
import sample_photos

MIB = 1024.0
TIME_RATIO_TARGET = 1.5
RSS_TARGET_MIB = 96.0
JPEG_SIDES = (100, 130, 200, 350, 500, 800, 1600, 4000)
JPEG_SUBSAMPLING = (("4:4:4", 0), ("4:2:0", 2))
JPEG_TARGET_DB = 45.0
FIDELITY_TARGET_DB = 1.0
TILE = 512
THUMBNAIL = (320, 240)
QUALITY = 75  # about the bytes per pixel of a phone's HEIC (and of the phone JPEG at quality 90)
LAYER = 100  # the default avatar: 50 points at scale 2


def phone_heics(source_path, folder):
    """Writes phone-portrait.heic (with a 320 x 240 thumbnail, as phones store it) and
    phone-portrait-no-thumbnail.heic (once) and returns their paths."""
    paths = [os.path.join(folder, "phone-portrait.heic"), os.path.join(folder, "phone-portrait-no-thumbnail.heic")]
    if all(os.path.isfile(path) for path in paths):
        return paths
    upright = phone_photo.upright_picture(source_path)
    p3 = ImageCms.ImageCmsProfile(io.BytesIO(icc_profile.profile("display-p3")))
    in_p3 = ImageCms.profileToProfile(upright, ImageCms.createProfile("sRGB"), p3,
                                      renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    stored_image = in_p3.transpose(Image.Transpose.ROTATE_90)  # irot 3 turns it back
    stored = np.asarray(stored_image)
    height, width = stored.shape[:2]
    rows, columns = math.ceil(height / TILE), math.ceil(width / TILE)
    padded = np.pad(stored, ((0, rows * TILE - height), (0, columns * TILE - width), (0, 0)), mode="edge")
    tiles = []
    for row in range(rows):
        for column in range(columns):
            tile = os.path.join(folder, "phone-tile-%02d.png" % len(tiles))
            Image.fromarray(padded[row * TILE:(row + 1) * TILE, column * TILE:(column + 1) * TILE]).save(tile)
            tiles.append(tile)
    small = os.path.join(folder, "phone-thumbnail.png")
    stored_image.resize(THUMBNAIL, Image.BOX).save(small)
    joined = paths[0] + ".tiles"
    subprocess.run(["heif-enc", "-q", str(QUALITY), "--colour_primaries=12", "--transfer_characteristic=13",
                    "--matrix_coefficients=6", "-o", joined] + tiles + [small], check=True, stdout=subprocess.DEVNULL)
    data = open(joined, "rb").read()
    for path, with_thumbnail in zip(paths, (True, False)):
        f = heif_boxes.HeifFile(data)
        tile_ids = f.item_ids()[:len(tiles)]
        thumbnail = max(f.item_ids())  # the last input's item (heif-enc numbers them in order)
        grid = f.make_grid(tile_ids, rows, columns, width, height)
        for item in (grid, thumbnail):
            f.add_property(item, heif_boxes.nclx(12, 13, 6, True), essential=False)
            f.add_property(item, heif_boxes.irot(3))
        if with_thumbnail:
            f.add_reference("thmb", thumbnail, [grid])
        else:
            f.hide(thumbnail)
        with open(path + ".part", "wb") as out:
            out.write(f.bytes())
        os.replace(path + ".part", path)
    for tile in tiles + [joined, small]:
        os.remove(tile)
    return paths


def fidelity_files(source_path, folder):
    """The photograph in every format, and the two ideals (of the original, of the GIF's
    picture), in folder; returns ({format: path}, {format: ideal path})."""
    original = Image.open(source_path).convert("RGB")
    paths = {name: os.path.join(folder, "fidelity." + name) for name in ("png", "jpg", "heic", "avif", "webp", "gif")}
    original.save(paths["png"])
    original.save(paths["jpg"], quality=95)
    for kind in ("heic", "avif"):
        subprocess.run(["heif-enc", "-q", "95", "-o", paths[kind], paths["png"]], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cwebp", "-quiet", "-q", "95", paths["png"], "-o", paths["webp"]], check=True)
    original.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(paths["gif"])
    ideal = os.path.join(folder, "fidelity-ideal.png")
    original.resize((LAYER, LAYER), Image.BOX).save(ideal)
    gif_ideal = os.path.join(folder, "fidelity-gif-ideal.png")
    Image.open(paths["gif"]).convert("RGB").resize((LAYER, LAYER), Image.BOX).save(gif_ideal)
    flats = []
    for value in (0, 255):
        flat = os.path.join(folder, "fidelity-flat-%d.png" % value)
        Image.new("RGB", (LAYER, LAYER), (value, value, value)).save(flat)
        flats.append(flat)
    return paths, {name: gif_ideal if name == "gif" else ideal for name in paths}, flats


def jpeg_avatars(source_path, folder, binary, work, mask):
    """For each side and subsampling, the PSNR of the still with the JPEG as --head against
    the still with the same JPEG decoded whole and given as PNG."""
    original = Image.open(source_path).convert("RGB")
    entries = []
    for side in JPEG_SIDES:
        resized = original.resize((side, side), Image.LANCZOS)
        for name, subsampling in JPEG_SUBSAMPLING:
            jpeg = os.path.join(folder, "avatar-%d-%s.jpg" % (side, name.replace(":", "")))
            resized.save(jpeg, quality=95, subsampling=subsampling)
            whole = jpeg + ".png"
            Image.open(jpeg).convert("RGB").save(whole)
            db = psnr(poster(binary, jpeg, work), poster(binary, whole, work), mask)
            entries.append({"side": side, "subsampling": name, "psnr_db": round(db, 3)})
            os.remove(whole)
    return entries


def poster(binary, head, work):
    """The still at t = 0 with `head` as the moving avatar, as an array."""
    still = os.path.join(work, "fidelity-still.png")
    subprocess.run([binary, "--quiet", "--head", head, "--poster", still, "--poster-time", "0",
                    os.path.join(work, "fidelity.gif")], check=True)
    return np.asarray(Image.open(still).convert("RGB"), dtype=np.float64)


def psnr(shown, ideal, mask):
    mse = float(np.mean((shown[mask] - ideal[mask]) ** 2))
    return 99.0 if mse == 0 else 10 * math.log10(255.0 ** 2 / mse)


def measure_all(binary, work, runs, budget):
    """Makes the pictures in work/photos, runs the rows, returns their figures."""
    folder = os.path.join(work, "photos")
    photos = sample_photos.fetch(folder)
    jpeg, _ = phone_photo.make(photos[0], folder)
    heic, bare_heic = phone_heics(photos[0], folder)
    out = os.path.join(work, "formats.gif")
    rows = []
    for label, path in (("phone JPEG (12 MP) as --head", jpeg), ("phone HEIC (12 MP grid, P3, irot) as --head", heic),
                        ("the HEIC without its thumbnail as --head", bare_heic)):
        measured = measure.repeat(label, [binary, "--quiet", "--head", path, out], runs, budget,
                                  before_each=measure.remover(out))
        rows.append(dict(measured.to_json(), label=label, bytes=os.path.getsize(path)))

    paths, ideals, flats = fidelity_files(photos[0], folder)
    dark, light = (poster(binary, flat, work) for flat in flats)
    mask = np.any(dark != light, axis=2)
    references = {path: poster(binary, path, work) for path in set(ideals.values())}
    fidelity = [{"format": name, "bytes": os.path.getsize(path),
                 "psnr_db": round(psnr(poster(binary, path, work), references[ideals[name]], mask), 3)}
                for name, path in paths.items()]
    return {"rows": rows, "fidelity": fidelity, "head_pixels": int(mask.sum()),
            "jpeg_avatars": jpeg_avatars(photos[0], folder, binary, work, mask)}


def targets(results):
    """The time, memory and fidelity targets, in report.targets' form."""
    jpeg, heic, bare = results["rows"]
    ratio = heic["seconds_median"] / jpeg["seconds_median"]
    rss = heic["max_rss_kib_median"] / MIB
    bare_ratio, bare_rss = bare["seconds_median"] / jpeg["seconds_median"], bare["max_rss_kib_median"] / MIB
    worst_jpeg = min(results["jpeg_avatars"], key=lambda e: e["psnr_db"])
    png = next(entry["psnr_db"] for entry in results["fidelity"] if entry["format"] == "png")
    worst = min((entry for entry in results["fidelity"] if entry["format"] != "png"), key=lambda e: e["psnr_db"])
    gap = png - worst["psnr_db"]
    return [
        {"name": "12 MP HEIC --head / same as JPEG", "value": round(ratio, 4), "pass": ratio <= TIME_RATIO_TARGET,
         "text": "%.2fx, %.3f s vs %.3f s (target <= %.1fx)" % (ratio, heic["seconds_median"], jpeg["seconds_median"],
                                                                TIME_RATIO_TARGET)},
        {"name": "peak RSS, 12 MP HEIC as --head", "value": round(rss, 2), "pass": rss < RSS_TARGET_MIB,
         "text": "%.1f MiB (target < %.0f MiB)" % (rss, RSS_TARGET_MIB)},
        {"name": "12 MP HEIC, no thumbnail / same as JPEG", "value": round(bare_ratio, 4),
         "pass": bare_ratio <= TIME_RATIO_TARGET and bare_rss < RSS_TARGET_MIB,
         "text": "%.2fx, %.1f MiB (targets <= %.1fx, < %.0f MiB)" % (bare_ratio, bare_rss, TIME_RATIO_TARGET,
                                                                     RSS_TARGET_MIB)},
        {"name": "JPEG avatars vs the same decoded whole", "value": worst_jpeg["psnr_db"],
         "pass": worst_jpeg["psnr_db"] >= JPEG_TARGET_DB,
         "text": "worst %.2f dB at %d px %s (target >= %.0f dB)" % (worst_jpeg["psnr_db"], worst_jpeg["side"],
                                                                    worst_jpeg["subsampling"], JPEG_TARGET_DB)},
        {"name": "every format vs PNG of the photograph", "value": round(gap, 3), "pass": gap <= FIDELITY_TARGET_DB,
         "text": "worst %s %.2f dB below PNG's %.2f dB (target <= %.0f dB)" % (worst["format"], gap, png,
                                                                                FIDELITY_TARGET_DB)},
    ]


def table(results):
    """The rows and the targets as text."""
    lines = ["", "10. Picture formats (phone HEIC: 4032 x 3024 in 512 px tiles, Display P3 by nclx, irot)",
             "   %-46s %9s  %10s  %11s  %4s" % ("case", "time", "peak RSS", "file bytes", "runs")]
    for row in results["rows"]:
        lines.append("   %-46s %7.3f s  %6.1f MiB  %11s  %4d" % (
            row["label"], row["seconds_median"], row["max_rss_kib_median"] / MIB, "{:,}".format(row["bytes"]), row["runs"]))
    lines.append("   the astronaut photograph as --head, still at t = 0 against the area-reduced ideal (%d head pixels):"
                 % results["head_pixels"])
    for entry in results["fidelity"]:
        lines.append("   %-46s %7.2f dB  %11s bytes" % (entry["format"], entry["psnr_db"], "{:,}".format(entry["bytes"])))
    lines.append("   JPEG avatars against the same JPEG decoded whole and given as PNG (dB, 4:4:4 / 4:2:0):")
    by_side = {}
    for entry in results["jpeg_avatars"]:
        by_side.setdefault(entry["side"], {})[entry["subsampling"]] = entry["psnr_db"]
    lines.append("   " + "  ".join("%d px %.1f / %.1f" % (side, values["4:4:4"], values["4:2:0"])
                                   for side, values in sorted(by_side.items())))
    for target in targets(results):
        lines.append("   %-4s  %-46s %s" % ("PASS" if target["pass"] else "MISS", target["name"], target["text"]))
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--budget", type=float, default=20.0)
    parser.add_argument("--time", default="/usr/bin/time")
    args = parser.parse_args()
    measure.TIME_TOOL = args.time
    print(table(measure_all(args.bin, args.work, args.runs, args.budget)))

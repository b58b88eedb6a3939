"""Large photographs as avatars: the two cost targets for phone-sized pictures (the sample
photographs at their own size are measured by bench_photos.py).

- a phone-camera portrait (phone_photo.py: 4032 x 3024 JPEG, Exif Orientation 6, Display P3)
  as --head, against the same picture shrunk to 100 px by Pillow (the time target: at most
  1.5x), and on every avatar (the memory target: peak RSS under 64 MiB), again beside the
  100 px picture, which shows what the large files themselves cost.

    python photo_bench.py --bin RENDER_GIF --work FOLDER [--runs N] [--budget S]
runs these rows alone and prints them; bench.py calls measure_all, targets and table."""

import argparse
import os

import measure
import phone_photo
import sample_photos

MIB = 1024.0
BUTTONS = 4
TIME_RATIO_TARGET = 1.5
RSS_TARGET_MIB = 64.0


def _every_avatar(head, buttons):
    arguments = ["--head", head]
    for index, path in enumerate(buttons):
        arguments += ["--avatar", "%d=%s" % (index, path)]
    return arguments


def measure_all(binary, work, runs, budget):
    """Fetches and makes the pictures in work/photos, runs the rows, returns their figures."""
    photos = sample_photos.fetch(os.path.join(work, "photos"))
    phone, small = phone_photo.make(photos[0], os.path.join(work, "photos"))
    out = os.path.join(work, "photos.gif")
    cases = [
        ("phone JPEG shrunk to 100 px as --head", ["--head", small]),
        ("phone JPEG (12 MP) as --head", ["--head", phone]),
        ("phone JPEG shrunk to 100 px on every avatar", _every_avatar(small, [small] * BUTTONS)),
        ("phone JPEG (12 MP) on every avatar", _every_avatar(phone, [phone] * BUTTONS)),
    ]
    rows = []
    for label, arguments in cases:
        measured = measure.repeat(label, [binary, "--quiet"] + arguments + [out], runs, budget, before_each=measure.remover(out))
        rows.append(dict(measured.to_json(), label=label, bytes=os.path.getsize(out)))
    return {"phone_photo": os.path.basename(phone), "phone_bytes": os.path.getsize(phone), "rows": rows}


def _row(photos, label):
    return next(row for row in photos["rows"] if row["label"] == label)


def targets(photos):
    """The time and memory targets for a 12-megapixel picture, in report.targets' form."""
    large, small = _row(photos, "phone JPEG (12 MP) as --head"), _row(photos, "phone JPEG shrunk to 100 px as --head")
    ratio = large["seconds_median"] / small["seconds_median"]
    rss = _row(photos, "phone JPEG (12 MP) on every avatar")["max_rss_kib_median"] / MIB
    small_rss = _row(photos, "phone JPEG shrunk to 100 px on every avatar")["max_rss_kib_median"] / MIB
    return [
        {"name": "12 MP JPEG --head / same at 100 px", "value": round(ratio, 4), "pass": ratio <= TIME_RATIO_TARGET,
         "text": "%.2fx, %.3f s vs %.3f s (target <= %.1fx)" % (ratio, large["seconds_median"], small["seconds_median"],
                                                                TIME_RATIO_TARGET)},
        {"name": "peak RSS, 12 MP JPEG on every avatar", "value": round(rss, 2), "pass": rss < RSS_TARGET_MIB,
         "text": "%.1f MiB, at 100 px %.1f MiB (target < %.0f MiB)" % (rss, small_rss, RSS_TARGET_MIB)},
    ]


def table(photos):
    """The rows and the two targets as text."""
    lines = ["", "9. Large photographs as avatars (phone JPEG: %s, %s bytes, 4032 x 3024, Orientation 6, Display P3)" % (
        photos["phone_photo"], "{:,}".format(photos["phone_bytes"])),
        "   %-46s %9s  %10s  %11s  %4s" % ("case", "time", "peak RSS", "bytes", "runs")]
    for row in photos["rows"]:
        lines.append("   %-46s %7.3f s  %6.1f MiB  %11s  %4d" % (
            row["label"], row["seconds_median"], row["max_rss_kib_median"] / MIB, "{:,}".format(row["bytes"]), row["runs"]))
    for target in targets(photos):
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

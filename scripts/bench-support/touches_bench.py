"""Touch indicators (--touches): what showing every tap costs in size and picture quality.

For the default animation with the built-in avatars and with the five sample photographs, the
GIF with --touches is compared with the same render without (size: at most 1.15x), and with
its own PNG frames (content PSNR, as gif_quality measures it: at least 40 dB over the
animation and 38 dB in every frame with the built-in avatars; the photographs' figures are
reported beside them).

    python touches_bench.py --bin RENDER_GIF --work FOLDER
runs these rows alone and prints them; bench.py calls measure_all, targets and table."""

import argparse
import os
import shutil

import bench_photos
import gif_quality
import measure
import report
import sample_photos

FPS = 50
SIZE_RATIO_TARGET = 1.15
CASES = [("built-in avatars", False), ("photographs", True)]


def measure_all(binary, work):
    """Renders each case with and without touches in work/touches; returns their figures."""
    folder = os.path.join(work, "touches")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    rows = []
    for label, photos in CASES:
        extra = bench_photos.photo_arguments(sample_photos.fetch(os.path.join(work, "photos"))) if photos else []
        stem = os.path.join(folder, "photos" if photos else "default")
        plain, touched, frames = stem + ".gif", stem + "-touches.gif", stem + "-frames"
        measure.run_once("render-gif " + label, [binary, "--quiet"] + extra + [plain])
        run = measure.run_once("render-gif --touches " + label,
                               [binary, "--quiet", "--touches", "--frames", frames] + extra + [touched])
        quality = gif_quality.compare(touched, gif_quality.Reference(frames), FPS)
        shutil.rmtree(frames)
        rows.append({"label": label, "bytes_without": os.path.getsize(plain), "bytes": os.path.getsize(touched),
                     "seconds_with_frames": round(run.seconds, 3), "quality": quality})
    return {"rows": rows}


def targets(touches):
    """The size ratio in both cases and the content PSNR with the built-in avatars."""
    found = []
    for row in touches["rows"]:
        ratio = row["bytes"] / row["bytes_without"]
        suffix = " (--touches, %s)" % row["label"]
        found.append(report.target("size with / without touches" + suffix, ratio, ratio <= SIZE_RATIO_TARGET,
                                   "%.3fx, %d vs %d bytes (target <= %.2fx)" % (
                                       ratio, row["bytes"], row["bytes_without"], SIZE_RATIO_TARGET)))
        if row["label"] == "built-in avatars":
            found += report.content_targets(row, suffix)
    return found


def table(touches):
    """The rows and the targets as text."""
    lines = ["", "11. Touch indicators (--touches on the default animation; PSNR against its own frames)",
             "   %-20s %11s %11s %7s  %13s %15s" % ("", "without", "with", "ratio", "whole frame", "content"),
             "   %-20s %11s %11s %7s  %6s %6s  %7s %6s" % ("", "bytes", "bytes", "", "mean", "worst", "mean", "worst")]
    for row in touches["rows"]:
        q = row["quality"]
        lines.append("   %-20s %11s %11s %6.3fx  %6.2f %6.2f  %7.2f %6.2f" % (
            row["label"], "{:,}".format(row["bytes_without"]), "{:,}".format(row["bytes"]),
            row["bytes"] / row["bytes_without"], q["psnr_mean_db"], q["psnr_min_db"],
            q["content_psnr_mean_db"], q["content_psnr_min_db"]))
    for target in targets(touches):
        lines.append("   %-4s  %-58s %s" % ("PASS" if target["pass"] else "MISS", target["name"], target["text"]))
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--time", default="/usr/bin/time")
    args = parser.parse_args()
    measure.TIME_TOOL = args.time
    print(table(measure_all(args.bin, args.work)))

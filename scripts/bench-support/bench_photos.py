"""The benchmark's rows with real photographs (five public-domain and CC0 pictures, see
sample_photos.py: the head, then one per button), and the content quality of the default job.

render-gif and the skia-python + ffmpeg pipeline draw the same pictures; the giflib floor is
measured on render-gif's own frames of this animation. Called by bench.py; its targets and
table lines join the others."""

import os

import numpy as np

import content_quality
import floor_input
import gif_quality
import measure
import sample_photos

FPS = 50
MIB = 1024.0


def photo_arguments(paths):
    """render-gif's flags for the head and the buttons."""
    arguments = ["--head", paths[0]]
    for index, path in enumerate(paths[1:]):
        arguments += ["--avatar", "%d=%s" % (index, path)]
    return arguments


def floor(floor_bin, reference, gif, work, name, repetitions):
    """The giflib floor on `reference`'s changed rectangles with `gif`'s palette."""
    raw = os.path.join(work, name + ".bin")
    out = os.path.join(work, name + ".gif")
    frames, pixels = floor_input.write(reference.frames, FPS, floor_input.global_palette(gif), raw)
    run = measure.run_once("giflib floor " + name, [floor_bin, raw, out, str(repetitions)])
    times = [float(line.split()[1]) for line in run.stderr.splitlines() if line.startswith("floor: ")]
    if not times:
        raise RuntimeError("the giflib floor printed no times")
    return {"frames": frames, "pixels": pixels, "ms_median": float(np.median(times)), "bytes": os.path.getsize(out)}


def run(args, work, runs, budget, python, support, remover):
    """Measures the photograph rows; returns their results."""
    photos = sample_photos.fetch(os.path.join(args.work, "photos"))
    extra = photo_arguments(photos)
    gif = os.path.join(work, "photos.gif")
    ours = measure.repeat("render-gif photographs", [args.bin, "--quiet", "--timings"] + extra + [gif],
                          runs, budget, before_each=remover(gif))
    result = {"photos": [os.path.basename(path) for path in photos],
              "ours": dict(ours.to_json(), bytes=os.path.getsize(gif))}

    frames = os.path.join(work, "photo-frames")
    measure.run_once("render-gif photographs --frames", [args.bin, "--quiet", "--frames", frames] + extra +
                     [os.path.join(work, "photos-with-frames.gif")])
    reference = gif_quality.Reference(frames)
    result["ours"]["quality"] = content_quality.compare(gif, reference, FPS)
    result["floor"] = floor(args.floor_bin, reference, gif, work, "photo-floor", max(runs, 20))
    del reference

    skia_gif = os.path.join(work, "skia-ffmpeg-photos.gif")
    competent = measure.repeat(
        "skia-python + ffmpeg photographs",
        [python, os.path.join(support, "skia_pipeline.py"), "--assets", os.path.join(args.root, "Assets"),
         "--images", ",".join(photos), "--out", skia_gif, "--ffmpeg", args.ffmpeg],
        runs, budget, before_each=remover(skia_gif))
    result["competent"] = dict(competent.to_json(), bytes=os.path.getsize(skia_gif))
    return result


def _target(name, value, passed, text):
    return {"name": name, "value": round(value, 4), "pass": bool(passed), "text": text}


def targets(results):
    """The photograph targets: floor, the Python pipeline, photographs against built-in
    avatars, memory."""
    photos, default = results["photos"], results["ours"]
    seconds = photos["ours"]["seconds_median"]
    floor_ratio = seconds * 1000.0 / photos["floor"]["ms_median"]
    speed = photos["competent"]["seconds_median"] / seconds
    versus_default = seconds / default["seconds_median"]
    rss = photos["ours"]["max_rss_kib_median"] / MIB
    return [
        _target("time vs giflib floor (photographs)", floor_ratio, floor_ratio <= 4,
                "%.1fx the floor's %.1f ms (target <= 4x)" % (floor_ratio, photos["floor"]["ms_median"])),
        _target("speed vs skia-python + ffmpeg (photographs)", speed, speed >= 30,
                "%.1fx faster (target >= 30x)" % speed),
        _target("time photographs / built-in avatars", versus_default, versus_default <= 1.3,
                "%.2fx (target <= 1.3x)" % versus_default),
        _target("peak RSS with photographs", rss, rss < 64, "%.1f MiB (target < 64 MiB)" % rss),
    ]


def table(results):
    """The photograph section's lines."""
    photos, default = results["photos"], results["ours"]
    ours, quality = photos["ours"], photos["ours"]["quality"]
    lines = [
        "",
        "7. Real photographs (%s; the head first)" % ", ".join(photos["photos"]),
        "   %-40s %9.3f s  peak RSS %6.1f MiB  %11s bytes  (runs: %d)" % (
            "render-gif with photographs", ours["seconds_median"], ours["max_rss_kib_median"] / MIB,
            "{:,}".format(ours["bytes"]), ours["runs"]),
        "   %-40s %9.3f s  %11s bytes  (runs: %d)" % (
            "skia-python + ffmpeg, same pictures", photos["competent"]["seconds_median"],
            "{:,}".format(photos["competent"]["bytes"]), photos["competent"]["runs"]),
        "   %-40s %9.3f ms %11s bytes  %d frames, %s pixels" % (
            "giflib floor on these frames", photos["floor"]["ms_median"], "{:,}".format(photos["floor"]["bytes"]),
            photos["floor"]["frames"], "{:,}".format(photos["floor"]["pixels"])),
        "",
        "8. Quality (PSNR in dB; content = pixels that are not the screen background)",
        "   %-40s %8s %8s %10s %10s" % ("", "mean", "worst", "content", "worst"),
    ]
    for label, q in (("built-in avatars", default.get("content_quality")), ("photographs", quality)):
        if q:
            lines.append("   %-40s %8.2f %8.2f %10.2f %10.2f" % (
                label, q["psnr_mean_db"], q["psnr_min_db"], q["content_psnr_mean_db"], q["content_psnr_min_db"]))
    return lines

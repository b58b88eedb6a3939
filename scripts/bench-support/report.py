"""The benchmark's verdicts (targets, each PASS or MISS with its ratio) and the table that
shows every figure, both computed from the results dictionary that bench.py collects."""

MIB = 1024.0


def _target(name, value, passed, text):
    return {"name": name, "value": round(value, 4), "pass": bool(passed), "text": text}


def targets(results):
    """The list of targets with their measured values."""
    ours = results["ours"]
    seconds = ours["seconds_median"]
    quality = ours["quality"]["psnr_mean_db"]
    encoders = {entry["key"]: entry for entry in results["encoders"]}
    bayer, gifsicle = encoders["ffmpeg_bayer"], encoders["imagemagick_gifsicle"]
    scaling = {entry["label"]: entry for entry in results["scaling"]}
    one, five, fifty = scaling["taps 1"], scaling["taps 5"], scaling["taps 50"]
    one_x, three_x = scaling["scale 1"], scaling["scale 3"]

    speed = results["competent"]["seconds_median"] / seconds
    smallest = min(bayer["bytes"], gifsicle["bytes"])
    size = ours["bytes"] / smallest
    floor = seconds * 1000.0 / results["floor"]["ms_median"]
    linearity = per_tap(five, fifty) / per_tap(one, five)
    scale = three_x["seconds_median"] / one_x["seconds_median"]
    rss = fifty["max_rss_kib_median"] / five["max_rss_kib_median"]
    default_rss = ours["max_rss_kib_median"] / MIB
    return [
        _target("speed vs skia-python + ffmpeg", speed, speed >= 20,
                "%.1fx faster (target >= 20x)" % speed),
        _target("size vs min(ffmpeg bayer, ImageMagick + gifsicle)", size, size <= 0.8,
                "%.2f of %d bytes (target <= 0.80)" % (size, smallest)),
        _target("PSNR vs ffmpeg bayer", quality - bayer["quality"]["psnr_mean_db"],
                quality >= bayer["quality"]["psnr_mean_db"],
                "%.2f dB vs %.2f dB (target ours >= peer)" % (quality, bayer["quality"]["psnr_mean_db"])),
        _target("PSNR vs ImageMagick + gifsicle", quality - gifsicle["quality"]["psnr_mean_db"],
                quality >= gifsicle["quality"]["psnr_mean_db"],
                "%.2f dB vs %.2f dB (target ours >= peer)" % (quality, gifsicle["quality"]["psnr_mean_db"])),
        _target("PSNR absolute", quality, quality >= 38, "%.2f dB (target >= 38 dB)" % quality),
        _target("time vs giflib floor", floor, floor <= 3,
                "%.1fx the floor's %.1f ms (target <= 3x)" % (floor, results["floor"]["ms_median"])),
        _target("time linear in taps", linearity, linearity <= 1.33,
                "time per added tap, 5->50 / 1->5 = %.2f (target <= 1.33)" % linearity),
        _target("time scale 3 / scale 1", scale, scale <= 9, "%.2fx (target <= 9x)" % scale),
        _target("peak RSS 50 taps / 5 taps", rss, abs(rss - 1) <= 0.10, "%.3f (target within 10%%)" % rss),
        _target("peak RSS at the defaults", default_rss, default_rss < 64,
                "%.1f MiB (target < 64 MiB)" % default_rss),
    ]


def per_tap(fewer, more):
    """Seconds each added tap costs between two scaling cases: the slope of time over taps,
    which leaves out the fixed cost every render pays once."""
    return (more["seconds_median"] - fewer["seconds_median"]) / (more["taps"] - fewer["taps"])


def _bytes(count):
    return "{:,}".format(int(count))


def _quality(entry):
    q = entry.get("quality")
    if not q:
        return ""
    return "%6.2f %6.2f  %4d %5d" % (q["psnr_mean_db"], q["psnr_min_db"], q["gif_frames"], q["duration_cs"])


def table(results, extra=()):
    """The human-readable report; `extra` lines (further sections) come before the targets."""
    ours = results["ours"]
    machine, settings = results["machine"], results["settings"]
    lines = [
        "",
        "render-gif bench: %s, %d cores, load %s at start" % (
            machine["cpu"], machine["cores"], " ".join("%.2f" % x for x in machine["load_average_at_start"])),
        "up to %d runs per row, %.0f s budget per row; times are medians of wall time" % (
            settings["runs"], settings["budget_seconds"]),
        "",
        "1. Default job: 750x1334 px, %d frames at %d fps" % (settings["frames"], settings["fps"]),
        "   %-40s %9.3f s  peak RSS %6.1f MiB  %11s bytes  (runs: %d)" % (
            "render-gif out.gif", ours["seconds_median"], ours["max_rss_kib_median"] / MIB, _bytes(ours["bytes"]),
            ours["runs"]),
        "   byte-identical with --frames: %s" % ("yes" if ours.get("identical_with_frames") else "NO"),
        "",
        "2. Competent Python pipeline: skia-python draws every frame, ffmpeg palettegen/paletteuse",
    ]
    competent = results["competent"]
    lines.append("   %-40s %9.3f s  %11s bytes  PSNR %.2f dB vs our frames  (runs: %d)" % (
        "skia-python + ffmpeg", competent["seconds_median"], _bytes(competent["bytes"]),
        competent["quality"]["psnr_mean_db"], competent["runs"]))
    lines.append("   theirs / ours: %.1fx" % (competent["seconds_median"] / ours["seconds_median"]))
    lines += [
        "",
        "3. Encoders on render-gif's PNG frames (PSNR per displayed 1/%d s sample vs the RGBA frames)" % settings["fps"],
        "   %-38s %9s  %8s  %11s  %5s  %6s %6s  %4s %5s  %4s" % (
            "encoder", "time", "peak RSS", "bytes", "/ours", "PSNR", "min", "imgs", "cs", "runs"),
    ]
    rows = [dict(ours, label="render-gif (renders too)")] + results["encoders"]
    for entry in rows:
        lines.append("   %-38s %9.3f s %5.0f MiB %11s  %5.2f  %s  %4d" % (
            entry["label"], entry["seconds_median"], entry["max_rss_kib_median"] / MIB, _bytes(entry["bytes"]),
            entry["bytes"] / ours["bytes"], _quality(entry), entry["runs"]))
    lines.append("   (ImageMagick + gifsicle: time of both, peak RSS of gifsicle; gifsicle alone %.3f s)" % next(
        e["gifsicle_seconds_median"] for e in results["encoders"] if e["key"] == "imagemagick_gifsicle"))
    floor = results["floor"]
    lines += [
        "",
        "4. Floor: giflib alone LZW-encoding the changed rectangles (pre-quantized, in memory)",
        "   %-40s %9.3f ms %11s bytes  %d frames, %s pixels, %d repetitions" % (
            "giflib EGifPutLine", floor["ms_median"], _bytes(floor["bytes"]), floor["frames"], _bytes(floor["pixels"]),
            floor["repetitions"]),
        "   ours / floor: %.1fx" % (ours["seconds_median"] * 1000.0 / floor["ms_median"]),
        "",
        "5. Scaling",
        "   %-20s %6s %6s %9s  %9s  %10s  %11s  %4s" % ("case", "taps", "frames", "time", "ms/frame", "peak RSS",
                                                      "bytes", "runs"),
    ]
    for entry in results["scaling"]:
        lines.append("   %-20s %6d %6d %9.3f s %9.3f  %6.1f MiB  %11s  %4d" % (
            entry["label"], entry["taps"], entry["frames"], entry["seconds_median"],
            entry["seconds_median"] * 1000.0 / entry["frames"], entry["max_rss_kib_median"] / MIB,
            _bytes(entry["bytes"]), entry["runs"]))
    by_label = {entry["label"]: entry for entry in results["scaling"]}
    lines.append("   time per added tap: %.1f ms from 1 to 5 taps, %.1f ms from 5 to 50 taps" % (
        1000.0 * per_tap(by_label["taps 1"], by_label["taps 5"]), 1000.0 * per_tap(by_label["taps 5"], by_label["taps 50"])))
    lines += ["", "6. Where the time goes (render-gif --timings, medians)"]
    stages = results["stages_ms"]
    total = stages.get("total") or sum(v for k, v in stages.items() if k != "total") or 1.0
    for name, value in stages.items():
        lines.append("   %-40s %9.1f ms  %5.1f%%" % (name, value, 100.0 * value / total))
    lines += list(extra)
    lines += ["", "Targets"]
    for target in results["targets"]:
        lines.append("   %-4s  %-50s %s" % ("PASS" if target["pass"] else "MISS", target["name"], target["text"]))
    met = sum(1 for target in results["targets"] if target["pass"])
    lines.append("   %d of %d targets met" % (met, len(results["targets"])))
    return "\n".join(lines)

"""The benchmark's rows with real photographs (five public-domain and CC0 pictures, see
sample_photos.py: the head, then one per button), and the quality summary of both animations.

render-gif and the skia-python + ffmpeg pipeline draw the same pictures; the other encoders
and the giflib floor work on render-gif's own PNG frames of this animation. Called by
bench.py; its targets and table lines join the others."""

import os

import floor_input
import gif_quality
import measure
import one_table_bound
import peer_encoders
import report
import sample_photos
import skia_pipeline

FPS = 50
MIB = 1024.0


def photo_arguments(paths):
    """render-gif's flags for the head and the buttons."""
    arguments = ["--head", paths[0]]
    for index, path in enumerate(paths[1:]):
        arguments += ["--avatar", "%d=%s" % (index, path)]
    return arguments


def run(args, work, runs, budget):
    """Measures the photograph rows; returns their results."""
    photos = sample_photos.fetch(os.path.join(args.work, "photos"))
    extra = photo_arguments(photos)
    gif = os.path.join(work, "photos.gif")
    ours = measure.repeat("render-gif photographs", [args.bin, "--quiet", "--timings"] + extra + [gif],
                          runs, budget, before_each=measure.remover(gif))
    result = {"photos": [os.path.basename(path) for path in photos],
              "ours": dict(ours.to_json(), label="render-gif (renders too)", bytes=os.path.getsize(gif), path=gif)}

    frames = os.path.join(work, "photo-frames")
    measure.run_once("render-gif photographs --frames", [args.bin, "--quiet", "--frames", frames] + extra +
                     [os.path.join(work, "photos-with-frames.gif")])

    skia_gif = os.path.join(work, "skia-ffmpeg-photos.gif")
    competent = measure.repeat("skia-python + ffmpeg photographs",
                               skia_pipeline.command(args.root, args.ffmpeg, skia_gif, photos),
                               runs, budget, before_each=measure.remover(skia_gif))
    result["competent"] = dict(competent.to_json(), label="skia-python + ffmpeg (draws too)",
                               bytes=os.path.getsize(skia_gif), path=skia_gif)
    result["encoders"] = peer_encoders.run(args, frames, work, "photos-", FPS, runs, budget, pillow=False)

    reference = gif_quality.Reference(frames)
    gif_quality.compare_all([result["ours"], result["competent"]] + result["encoders"], reference, FPS)
    result["best_one_table"] = one_table_bound.measure(reference.frames[0])
    result["floor"] = floor_input.measure_floor(args.floor_bin, reference.frames, gif, FPS, work, "photo-floor",
                                                max(runs, 20))
    return result


def targets(results):
    """The photograph targets: floor, the Python pipeline, photographs against built-in
    avatars, memory, content quality and size against the peers."""
    photos, paired = results["photos"], results["paired"]
    # The speed ratios from rounds that run both sides one after the other (paired_timings).
    floor_ratio = paired["photos_floor"]
    speed = paired["photos_pipeline"]
    versus_default = paired["photos_over_default"]
    rss = photos["ours"]["max_rss_kib_median"] / MIB
    return [
        report.target("time vs giflib floor (photographs)", floor_ratio, floor_ratio <= 4,
                      "%.1fx the floor, side by side (its %.1f ms alone; target <= 4x)" % (
                          floor_ratio, photos["floor"]["ms_median"])),
        report.target("speed vs skia-python + ffmpeg (photographs)", speed, speed >= 30,
                      "%.1fx faster, side by side (target >= 30x)" % speed),
        report.target("time photographs / built-in avatars", versus_default, versus_default <= 1.3,
                      "%.2fx, side by side (target <= 1.3x)" % versus_default),
        report.target("peak RSS with photographs", rss, rss < 64, "%.1f MiB (target < 64 MiB)" % rss),
    ] + report.content_targets(photos["ours"], " (photographs)") + [
        report.size_target(photos["ours"], photos["encoders"], 1.0, " (photographs)")]


def table(results):
    """The photograph section's lines and the quality summary."""
    photos = results["photos"]
    floor = photos["floor"]
    lines = [
        "",
        "7. Real photographs (%s; the head first)" % ", ".join(photos["photos"]),
        "   encoders on render-gif's PNG frames of this animation, and the two renderers",
    ]
    lines += report.gif_rows([photos["ours"], photos["competent"]] + photos["encoders"], photos["ours"]["bytes"])
    lines += [
        "   %-38s %9.3f ms %11s bytes  %d frames, %s pixels" % (
            "giflib floor on these frames", floor["ms_median"], "{:,}".format(floor["bytes"]), floor["frames"],
            "{:,}".format(floor["pixels"])),
        "",
        "8. Quality of render-gif's GIFs (PSNR in dB; content = pixels that are not the screen background)",
        "   %-44s %13s %15s  %11s" % ("", "whole frame", "content", "first frame"),
        "   %-44s %6s %6s  %7s %6s  %11s" % ("", "mean", "worst", "mean", "worst", "content"),
    ]
    counts = []
    for label, section in (("built-in avatars", results), ("photographs", photos)):
        q, bound = section["ours"]["quality"], section["best_one_table"]
        lines.append("   %-44s %6.2f %6.2f  %7.2f %6.2f  %11.2f" % (
            label + ", render-gif", q["psnr_mean_db"], q["psnr_min_db"], q["content_psnr_mean_db"],
            q["content_psnr_min_db"], q["content_psnr_first_db"]))
        lines.append("   %-44s %6s %6s  %7s %6s  %11.2f" % (
            "  best one-table first frame (k-means 256)", "", "", "", "", bound["content_psnr_db"]))
        counts.append("%s %s pixels in %s colours" % (
            label, "{:,}".format(bound["content_pixels"]), "{:,}".format(bound["distinct_colours"])))
    lines += [
        "   (k-means 256: white held, 255 colours fitted to the content pixels of frame-00000.png; best of %d" % (
            photos["best_one_table"]["starts"]),
        "    seeded k-means++ starts, Lloyd iterations until no colour changes cluster;",
        "    %s)" % ", ".join(counts),
    ]
    return lines

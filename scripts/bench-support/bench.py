"""The render-gif benchmark: speed, memory, size and fidelity against other ways of making
the same animation. scripts/bench installs the tools, builds everything and runs this file
with the benchmark's virtualenv; see docs/performance.md for what each line means."""

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import time

import numpy as np
import PIL
import skia

import bench_photos
import floor_input
import format_bench
import gif_quality
import hostile_inputs
import measure
import one_table_bound
import paired_timings
import peer_encoders
import photo_bench
import report
import skia_pipeline
import touches_bench
from skia_pipeline import Scene

FPS = 50
DEFAULT_TAPS = [1, 3, 0, 2, 1]
# Rounds of the side-by-side ratios (at least; `--runs` more), and of those with the Python
# pipeline (at most; each of its runs takes seconds).
PAIRED_ROUNDS = 15
PIPELINE_ROUNDS = 3


STARTED = time.monotonic()


def log(text):
    print("bench: [%4.0f s] %s" % (time.monotonic() - STARTED, text), file=sys.stderr, flush=True)


def first_line(command):
    try:
        output = subprocess.run(command, capture_output=True, text=True, check=False)
        lines = (output.stdout or output.stderr).strip().splitlines()
        return lines[0] if lines else "unknown"
    except OSError:
        return "unknown"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def frame_count(taps):
    return Scene(375.0, 667.0, taps, 0.6).frame_count(FPS)


def parse_timings(stderr):
    """{stage: milliseconds} from render-gif's "timings: <stage> <ms> ms" lines."""
    stages = {}
    for line in stderr.splitlines():
        if not line.startswith("timings: ") or not line.endswith(" ms"):
            continue
        body = line[len("timings: "):-len(" ms")].rstrip()
        name, _, value = body.rpartition(" ")
        try:
            stages[name.strip()] = float(value)
        except ValueError:
            continue
    return stages


def median_stages(measurement):
    per_run = [parse_timings(run.stderr) for run in measurement.runs]
    names = [name for name in per_run[0]] if per_run else []
    return {name: float(np.median([stages.get(name, 0.0) for stages in per_run])) for name in names}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for name in ("root", "bin", "floor-bin", "work", "ffmpeg", "convert", "gifsicle", "time"):
        parser.add_argument("--" + name, required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--budget", type=float, default=20.0)
    args = parser.parse_args()
    runs, budget = args.runs, args.budget
    measure.TIME_TOOL = args.time
    work = os.path.join(args.work, "work")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    ours_gif = os.path.join(work, "ours.gif")
    frames = os.path.join(work, "frames")

    results = {
        "machine": {
            "cpu": cpu_model(), "cores": os.cpu_count(), "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
            "render_gif": first_line([args.bin, "--version"]), "ffmpeg": first_line([args.ffmpeg, "-version"]),
            "imagemagick": first_line([args.convert, "-version"]), "gifsicle": first_line([args.gifsicle, "--version"]),
            "skia_python": skia.__version__, "pillow": PIL.__version__, "numpy": np.__version__,
        },
        "settings": {"runs": runs, "budget_seconds": budget, "fps": FPS, "taps": DEFAULT_TAPS,
                     "frames": frame_count(DEFAULT_TAPS)},
    }

    log("1. the default job")
    default = measure.repeat("render-gif out.gif", [args.bin, "--quiet", "--timings", ours_gif],
                             runs, budget, before_each=measure.remover(ours_gif))
    results["ours"] = dict(default.to_json(), label="render-gif (renders too)", bytes=os.path.getsize(ours_gif),
                           path=ours_gif)
    results["stages_ms"] = median_stages(default)

    log("reference frames: render-gif --frames (not timed)")
    frames_gif = os.path.join(work, "ours-with-frames.gif")
    measure.run_once("render-gif --frames", [args.bin, "--quiet", "--frames", frames, frames_gif])
    with open(ours_gif, "rb") as a, open(frames_gif, "rb") as b:
        results["ours"]["identical_with_frames"] = a.read() == b.read()

    log("2. the competent Python pipeline (skia-python + ffmpeg)")
    skia_gif = os.path.join(work, "skia-ffmpeg.gif")
    competent = measure.repeat("skia-python + ffmpeg", skia_pipeline.command(args.root, args.ffmpeg, skia_gif),
                               runs, budget, before_each=measure.remover(skia_gif))
    results["competent"] = dict(competent.to_json(), label="skia-python + ffmpeg (draws too)",
                                bytes=os.path.getsize(skia_gif), path=skia_gif)

    log("3. encoders on render-gif's PNG frames")
    results["encoders"] = peer_encoders.run(args, frames, work, "", FPS, runs, budget)

    log("quality against the reference frames")
    reference = gif_quality.Reference(frames)
    gif_quality.compare_all([results["ours"], results["competent"]] + results["encoders"], reference, FPS)
    results["best_one_table"] = one_table_bound.measure(reference.frames[0])

    log("4. the giflib floor")
    results["floor"] = floor_input.measure_floor(args.floor_bin, reference.frames, ours_gif, FPS, work, "floor",
                                                 max(runs, 20))
    del reference

    log("7. real photographs")
    results["photos"] = bench_photos.run(args, work, runs, budget)

    log("5. scaling")
    scaling = []
    cycle = [1, 0]  # every tap moves one step, so each tap adds the same work
    cases = [("taps 1", ["--taps", "1"], [1], 2)]
    for count in (5, 50):
        taps = (cycle * count)[:count]
        cases.append(("taps %d" % count, ["--taps", ",".join(map(str, taps))], taps, 2))
    cases += [("scale 1", ["--scale", "1"], DEFAULT_TAPS, 1),
              ("scale 2 (default)", None, DEFAULT_TAPS, 2),
              ("scale 3", ["--scale", "3"], DEFAULT_TAPS, 3)]
    for label, extra, taps, scale in cases:
        if extra is None:
            entry = {key: value for key, value in results["ours"].items() if key not in ("quality", "label")}
        else:
            out = os.path.join(work, "scaling.gif")
            entry = dict(measure.repeat("render-gif " + label, [args.bin, "--quiet"] + extra + [out],
                                        runs, budget, before_each=measure.remover(out)).to_json(),
                         bytes=os.path.getsize(out))
        entry.update(label=label, taps=len(taps), tap_list=taps, scale=scale, frames=frame_count(taps))
        scaling.append(entry)
    results["scaling"] = scaling

    log("9. large photographs from a phone camera")
    results["large_photos"] = photo_bench.measure_all(args.bin, args.work, runs, budget)

    log("10. picture formats")
    results["formats"] = format_bench.measure_all(args.bin, args.work, runs, budget)

    log("11. touch indicators")
    results["touches"] = touches_bench.measure_all(args.bin, args.work)

    log("12. hostile inputs: the slowest 1 MiB scene file, the largest admitted progressive JPEG")
    results["hostile"] = hostile_inputs.measure_all(args.bin, args.work)

    log("13. the speed ratios side by side")
    photo_paths = [os.path.join(args.work, "photos", name) for name in results["photos"]["photos"]]
    sides = {
        "default": [args.bin, "--quiet", "--timings", os.path.join(work, "paired.gif")],
        "photos": [args.bin, "--quiet", "--timings"] + bench_photos.photo_arguments(photo_paths)
                  + [os.path.join(work, "paired-photos.gif")],
        "pipeline": skia_pipeline.command(args.root, args.ffmpeg, os.path.join(work, "paired-skia.gif")),
        "photos_pipeline": skia_pipeline.command(args.root, args.ffmpeg, os.path.join(work, "paired-skia-photos.gif"),
                                                 photo_paths),
        "floor": [args.floor_bin, os.path.join(work, "floor.bin")],
        "photos_floor": [args.floor_bin, os.path.join(work, "photo-floor.bin")],
    }
    results["paired"] = paired_timings.measure_all(sides, os.path.join(work, "paired-floor.gif"),
                                                   max(runs, PAIRED_ROUNDS), min(runs, PIPELINE_ROUNDS))

    results["targets"] = (report.targets(results) + bench_photos.targets(results)
                          + photo_bench.targets(results["large_photos"]) + format_bench.targets(results["formats"])
                          + touches_bench.targets(results["touches"]))
    results["bench_seconds"] = round(time.monotonic() - STARTED, 1)
    path = os.path.join(args.work, "results.json")
    with open(path, "w") as out:
        json.dump(results, out, indent=2)
        out.write("\n")
    print(report.table(results, extra=bench_photos.table(results)))
    print(photo_bench.table(results["large_photos"]))
    print(format_bench.table(results["formats"]))
    print(touches_bench.table(results["touches"]))
    print("\n12. Hostile inputs (a Markdown table)")
    print(hostile_inputs.table(results["hostile"]))
    print("\n".join(paired_timings.table(results["paired"])))
    print("results: %s; measuring took %.0f s (after set-up and the release build)" % (
        os.path.relpath(path, os.getcwd()), results["bench_seconds"]))


if __name__ == "__main__":
    try:
        main()
    except measure.CommandFailed as error:
        sys.exit("bench: " + str(error))

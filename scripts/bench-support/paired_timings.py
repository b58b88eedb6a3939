"""The speed targets' ratios measured side by side.

A machine's speed drifts during a bench run: on a shared two-core machine the same render
took 170 ms in one quarter of an hour and 245 ms in the next, and runs a minute apart differ
by a fifth. A ratio of two medians measured minutes apart (render-gif at the start, the floor
after the quality pass, the photographs later still) moves with that drift. Here each round
runs both sides of every ratio one right after the other, and a ratio is the median of the
rounds' own ratios. Both sides of a ratio are thus measured in the same minutes, at the end
of the run, rather than minutes apart; whether a slow stretch of the machine then slows both
sides of a round alike depends on how long the stretch lasts (in one run the two sides'
times did not move together from round to round), so the rounds' spread is printed too.

Sides: the default job and the five-photograph job (with `--timings`, as sections 1 and 7 run
them), giflib's floor on each job's frames (its input files written by
floor_input.measure_floor, timed inside giflib_floor, the median of a few repetitions per
round, timed as section 4 times it), and, in fewer rounds since one takes seconds, the skia-python + ffmpeg pipeline
drawing each animation. Called by bench.py after every side has been measured once on its
own; its figures replace the ratios of medians in the targets. Its outputs are removed."""

import statistics

import floor_input
import measure


FLOOR_REPETITIONS = 3


def seconds(label, command):
    """One run of a job, in seconds; its output, the command's last argument, removed first."""
    measure.remover(command[-1])()
    return measure.run_once(label, command).seconds


def measure_all(sides, floor_out, rounds, pipeline_rounds):
    """The ratios of `rounds` rounds, the pipeline's of the first `pipeline_rounds` (at most
    `rounds`). `sides` holds the commands, each writing the file its last argument names:
    "default" and "photos" (render-gif), "pipeline" and "photos_pipeline" (the Python
    pipeline), and "floor" and "photos_floor" (giflib_floor and its input, to which the output
    `floor_out` and the repetitions are added)."""
    assert 0 < pipeline_rounds <= rounds, "the pipeline's rounds are some of the rounds"
    per_round = {"floor": [], "photos_floor": [], "photos_over_default": [], "pipeline": [], "photos_pipeline": []}
    times = {"default_s": [], "photos_s": [], "floor_ms": [], "photos_floor_ms": [], "pipeline_s": [],
             "photos_pipeline_s": []}

    def floor_ms(key):
        floor_bin, raw = sides[key]
        return statistics.median(floor_input.timed_runs(floor_bin, raw, floor_out, FLOOR_REPETITIONS))

    for round_number in range(rounds):
        default = seconds("render-gif (paired)", sides["default"])
        floor = floor_ms("floor")
        photos = seconds("render-gif photographs (paired)", sides["photos"])
        photos_floor = floor_ms("photos_floor")
        for key, value in (("default_s", default), ("floor_ms", floor), ("photos_s", photos),
                           ("photos_floor_ms", photos_floor)):
            times[key].append(round(value, 4))
        per_round["floor"].append(default * 1000.0 / floor)
        per_round["photos_floor"].append(photos * 1000.0 / photos_floor)
        per_round["photos_over_default"].append(photos / default)
        if round_number < pipeline_rounds:
            pipeline = seconds("skia-python + ffmpeg (paired)", sides["pipeline"])
            photos_pipeline = seconds("skia-python + ffmpeg photographs (paired)", sides["photos_pipeline"])
            times["pipeline_s"].append(round(pipeline, 4))
            times["photos_pipeline_s"].append(round(photos_pipeline, 4))
            per_round["pipeline"].append(pipeline / default)
            per_round["photos_pipeline"].append(photos_pipeline / photos)
    measure.remover(floor_out, *(sides[key][-1] for key in ("default", "photos", "pipeline", "photos_pipeline")))()
    result = {"rounds": rounds, "pipeline_rounds": pipeline_rounds, "times": times,
              "medians": {key: round(statistics.median(values), 4) for key, values in times.items()}}
    for key, ratios in per_round.items():
        result[key] = round(statistics.median(ratios), 4)
        result[key + "_all"] = [round(ratio, 4) for ratio in ratios]
    return result


def table(paired):
    """The section's lines: each ratio's median over the rounds, with its smallest and largest,
    and each side's median time over the rounds."""
    medians = paired["medians"]

    def row(label, key):
        values = paired[key + "_all"]
        return "   %-52s %7.2f  (%.2f to %.2f over %d rounds)" % (label, paired[key], min(values), max(values),
                                                                len(values))
    return [
        "",
        "13. Speed ratios measured side by side (median of each round's ratio; every round runs both sides)",
        row("default job / giflib floor on its frames", "floor"),
        row("photographs / giflib floor on their frames", "photos_floor"),
        row("photographs / default job", "photos_over_default"),
        row("skia-python + ffmpeg / default job (times faster)", "pipeline"),
        row("skia-python + ffmpeg photographs / photographs", "photos_pipeline"),
        "   medians of the rounds: default %.3f s, its floor %.1f ms, photographs %.3f s, their floor %.1f ms;"
        % (medians["default_s"], medians["floor_ms"], medians["photos_s"], medians["photos_floor_ms"]),
        "   skia-python + ffmpeg %.3f s, with photographs %.3f s" % (
            medians["pipeline_s"], medians["photos_pipeline_s"]),
    ]

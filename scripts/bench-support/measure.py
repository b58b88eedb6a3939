"""Running a command and measuring it: wall time with the monotonic clock and the peak
resident set size of that one process in KiB. Repetitions stop at a count or when a time
budget is spent, whichever comes first; the median of the runs is what gets reported.

The peak RSS comes from GNU time (`-f %M`), which forks the command from its own small
process. Taking ru_maxrss from wait4 here would be wrong once this process has grown: Linux
keeps the high-water mark of the memory a child had between fork and exec, which is this
whole Python process with every reference frame loaded."""

import os
import shutil
import statistics
import tempfile
import subprocess
import sys
import time


TIME_TOOL = "/usr/bin/time"


class CommandFailed(Exception):
    """A measured command exited with a non-zero status."""

    def __init__(self, label, command, status, stderr):
        self.label = label
        self.command = command
        self.status = status
        self.stderr = stderr
        tail = stderr.strip().splitlines()[-5:]
        super().__init__("%s failed (exit status %d): %s\n  %s" % (
            label, status, " ".join(command), "\n  ".join(tail)))


class Run:
    """One run of a command: seconds, peak RSS in KiB, and what it printed on stderr."""

    def __init__(self, seconds, max_rss_kib, stderr):
        self.seconds = seconds
        self.max_rss_kib = max_rss_kib
        self.stderr = stderr


def run_once(label, command, env=None, cwd=None):
    """Runs `command` once, stdout discarded, stderr collected; raises CommandFailed on a
    non-zero exit."""
    with tempfile.NamedTemporaryFile(prefix="bench-rss-", suffix=".txt") as rss_file:
        wrapped = [TIME_TOOL, "-f", "%M", "-o", rss_file.name] + list(command)
        seconds, status, text = _timed(wrapped, env, cwd)
        rss_lines = open(rss_file.name).read().strip().splitlines()
    if status != 0:
        raise CommandFailed(label, command, status, text)
    try:
        max_rss_kib = int(rss_lines[-1])
    except (IndexError, ValueError):
        raise CommandFailed(label, command, status, "GNU time reported no peak RSS: %r" % rss_lines)
    return Run(seconds, max_rss_kib, text)


def _timed(command, env, cwd):
    """(seconds, exit status, stderr text) of one run of `command`."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env=env, cwd=cwd)
    stderr = process.stderr.read()
    process.stderr.close()
    status = process.wait()
    seconds = time.perf_counter() - start
    return seconds, status, stderr.decode("utf-8", "replace")


class Measurement:
    """The runs of one command and their medians."""

    def __init__(self, label, runs):
        self.label = label
        self.runs = runs

    @property
    def seconds(self):
        return statistics.median(run.seconds for run in self.runs)

    @property
    def max_rss_kib(self):
        return statistics.median(run.max_rss_kib for run in self.runs)

    def to_json(self):
        return {
            "runs": len(self.runs),
            "seconds_median": round(self.seconds, 4),
            "seconds_min": round(min(run.seconds for run in self.runs), 4),
            "seconds_all": [round(run.seconds, 4) for run in self.runs],
            "max_rss_kib_median": int(self.max_rss_kib),
        }


def repeat(label, command, runs, budget, env=None, cwd=None, before_each=None):
    """Runs `command` up to `runs` times, stopping early once `budget` seconds have been
    spent (always at least once). `before_each` is called before every run (for example to
    delete the previous output) and is not timed."""
    done = []
    spent = 0.0
    while len(done) < runs and (not done or spent < budget):
        if before_each is not None:
            before_each()
        run = run_once(label, command, env=env, cwd=cwd)
        done.append(run)
        spent += run.seconds
    note = "%d run%s" % (len(done), "" if len(done) == 1 else "s")
    print("bench:   %-34s %8.3f s median, %s" % (label, statistics.median(r.seconds for r in done), note),
          file=sys.stderr, flush=True)
    return Measurement(label, done)


def remover(*paths):
    """A before_each for repeat: deletes the files and folders at `paths` that exist."""
    def remove():
        for path in paths:
            if os.path.isdir(path):
                shutil.rmtree(path)
            elif os.path.exists(path):
                os.remove(path)
    return remove

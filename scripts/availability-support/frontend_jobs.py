"""The package's files type-checked again, each module with the flags SwiftPM built it with,
to dump their ASTs as JSON (swift-frontend -dump-ast -dump-ast-format json).

The driver is asked (-###) for the frontend command it would run for the module's first
file; that command, with every file of the module as input and a batch of them as primary
files (one JSON output each), is run for each batch, up to one batch per core at a time.
A batch type-checks its primary files fully and the others only as far as they need."""

import os
import re
import shlex
import subprocess
import tempfile
import time

# Driver options that write outputs or choose a build mode the dump has no use for.
DROPPED = frozenset(("-c", "-emit-module", "-emit-dependencies", "-incremental", "-enable-batch-mode",
                     "-serialize-diagnostics", "-parseable-output", "-emit-objc-header",
                     "-emit-executable", "-emit-library", "-whole-module-optimization", "-wmo",
                     "-emit-module-interface", "-emit-private-module-interface"))
DROPPED_WITH_VALUE = frozenset(("-o", "-emit-module-path", "-output-file-map", "-index-store-path",
                                "-emit-objc-header-path", "-emit-dependencies-path",
                                "-serialize-diagnostics-path", "-emit-module-interface-path",
                                "-emit-private-module-interface-path", "-num-threads"))
BATCH_FILES = 64


class DumpError(Exception):
    pass


class Job(object):
    def __init__(self, module, command, outputs, cost):
        self.module = module
        self.command = command
        self.outputs = outputs  # [(source, json path)]
        self.cost = cost


def jobs_for(module, sources, scratch):
    """The dump jobs of one package_setup.Module for these of its files, in batches."""
    if not sources:
        return []
    base = _frontend_base(module)
    own = set(sources)
    batches = [sources[start:start + BATCH_FILES] for start in range(0, len(sources), BATCH_FILES)]
    jobs = []
    for number, batch in enumerate(batches):
        primary = set(batch)
        inputs = []
        outputs = []
        for source in module.all_sources:
            if source in primary:
                inputs += ["-primary-file", source]
                output = os.path.join(scratch, "%s-%d-%d.json" % (module.name, number, len(outputs)))
                outputs.append((source, output))
            else:
                inputs.append(source)
        command = base + inputs
        for _, output in outputs:
            command += ["-o", output]
        cost = sum(os.path.getsize(source) for source in batch if source in own)
        jobs.append(Job(module, command, outputs, cost))
    return jobs


def _frontend_base(module):
    driver = module.driver
    kept = [driver[0]]
    sources = set(module.all_sources)
    index = 1
    while index < len(driver):
        argument = driver[index]
        if argument in DROPPED or re.match(r"-j[0-9]+$", argument):
            index += 1
        elif argument in DROPPED_WITH_VALUE:
            index += 2
        elif argument == "-Xfrontend" and index + 1 < len(driver) and driver[index + 1] in DROPPED_WITH_VALUE:
            index += 4  # -Xfrontend -flag -Xfrontend value
        elif argument.startswith("@") or argument in sources:
            index += 1
        else:
            kept.append(argument)
            index += 1
    first = module.all_sources[0]
    probe = kept + ["-dump-ast", "-dump-ast-format", "json", first, "-###"]
    result = subprocess.run(probe, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    lines = [line for line in result.stdout.decode().splitlines() if "-dump-ast" in line]
    if result.returncode != 0 or not lines:
        raise DumpError("%s: the driver gave no frontend command:\n%s" % (module.name, result.stderr.decode(errors="replace")))
    frontend = shlex.split(lines[0])
    base = []
    index = 0
    while index < len(frontend):
        argument = frontend[index]
        if argument in ("-primary-file", "-o"):
            index += 2
        elif argument == first:
            index += 1
        else:
            base.append(argument)
            index += 1
    return base


def run(jobs, workers, finished):
    """Runs the jobs, the costliest first, up to `workers` at once; calls finished(job) for
    each as it succeeds (while the others keep running)."""
    waiting = sorted(jobs, key=lambda job: -job.cost)
    running = []
    try:
        while waiting or running:
            while waiting and len(running) < workers:
                job = waiting.pop(0)
                errors = tempfile.TemporaryFile()
                process = subprocess.Popen(job.command, stdout=subprocess.DEVNULL, stderr=errors)
                running.append((job, process, errors))
            done = [entry for entry in running if entry[1].poll() is not None]
            if not done:
                time.sleep(0.02)
                continue
            for entry in done:
                running.remove(entry)
                job, process, errors = entry
                if process.returncode != 0:
                    errors.seek(0)
                    text = errors.read().decode(errors="replace").splitlines()
                    raise DumpError("type-checking %s failed (exit %d):\n%s"
                                    % (job.module.name, process.returncode, "\n".join(text[-40:])))
                errors.close()
                finished(job)
    finally:
        for _, process, _ in running:
            if process.poll() is None:
                process.kill()
                process.wait()

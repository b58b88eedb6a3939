"""Fails when the package's own code uses a declaration of the standard library or Foundation
that is newer than the package's macOS minimum. scripts/check-availability runs this file;
its header says what is checked and what is not.

Exit status: 0 when no use is newer, 1 when some are (each named with its file and line),
2 when the check could not run."""

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

import frontend_jobs
import package_setup
import symbol_table
import uses as package_uses
import versions


def main():
    parser = argparse.ArgumentParser(prog="scripts/check-availability")
    parser.add_argument("--package", required=True, help="the package's root folder")
    parser.add_argument("--no-build", action="store_true",
                        help="use the build as it is instead of running `swift build --build-tests` first")
    parser.add_argument("--minimum", metavar="VERSION",
                        help="check against this macOS version instead of Package.swift's")
    parser.add_argument("--every-file", action="store_true",
                        help="type-check every file again, not only those whose index names a newer declaration")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="type-checking jobs at once")
    parser.add_argument("--verbose", action="store_true", help="say what each step took")
    options = parser.parse_args()
    try:
        return check(options)
    except (package_setup.SetupError, frontend_jobs.DumpError, subprocess.CalledProcessError, OSError,
            ValueError) as error:
        print("availability: %s" % error, file=sys.stderr)
        return 2


def check(options):
    root = os.path.realpath(options.package)
    build_folder = os.path.join(root, ".build")
    own_folder = os.path.join(build_folder, "availability")
    os.makedirs(own_folder, exist_ok=True)
    clock = Clock(options.verbose)
    swift = shutil.which("swift")
    if swift is None:
        raise package_setup.SetupError("swift is not on PATH")
    if not options.no_build:
        package_setup.build(root, swift, os.path.join(own_folder, "build.log"))
        clock.lap("swift build --build-tests")
    if options.minimum:
        minimum, origin = versions.parse(options.minimum), "--minimum"
    else:
        minimum, origin = package_setup.macos_minimum(root, swift)
    modules = package_setup.swift_modules(root, build_folder)
    if not modules:
        raise package_setup.SetupError("no Swift module of the package in %s/debug.yaml" % build_folder)
    swiftc = modules[0].driver[0]
    target, sdk = target_and_sdk(swiftc, modules[0].driver)
    table = symbol_table.load(tool(swiftc, "swift-symbolgraph-extract"), target, sdk, own_folder, options.jobs)
    clock.lap("symbol table of %s" % ", ".join(table.modules))

    uses = package_uses.Uses(root, minimum)
    selected = package_uses.select_files(modules, table, minimum, uses, options.every_file, clock)
    scratch = tempfile.mkdtemp(prefix="dump-", dir=own_folder)
    try:
        jobs = []
        for module in modules:
            jobs.extend(frontend_jobs.jobs_for(module, [source for source in module.sources if source in selected],
                                               scratch))
        frontend_jobs.run(jobs, max(1, options.jobs), uses.read)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    clock.lap("%d of %d files type-checked again and read" % (uses.files, sum(len(module.sources) for module in modules)))

    checked, findings = uses.resolve(table, tool(swiftc, "swift-demangle"))
    clock.lap("uses resolved")
    used_modules = set(declaration.module for declaration in checked.values())
    against = "macOS %s" % versions.text(minimum)
    if origin != "Package.swift":
        against += " (%s)" % origin
    summary = "availability: %d uses of %d modules' declarations checked against %s" % (
        len(checked), len(used_modules), against)
    if not findings:
        print(summary + ": none newer")
        return 0
    print("availability: %d uses need more than %s:" % (len(findings), against))
    for (path, line, _), (declaration, floor, labels) in sorted(
            findings.items(), key=lambda item: (item[0][0], item[0][1], item[1][0].name())):
        print("  %s:%d: %s" % (path, line, describe(declaration, floor, labels, minimum, table)))
    print(summary + ": %d newer" % len(findings))
    return 1


def describe(declaration, floor, labels, minimum, table):
    text = "%s (%s)" % (declaration.name(), declaration.module)
    if declaration.unavailable:
        text += " is unavailable on macOS"
    else:
        text += " needs macOS %s" % versions.text(declaration.introduced)
    if floor != minimum:
        text += " (macOS %s is guaranteed here)" % versions.text(floor)
    older = table.older_overloads(declaration, floor, labels)
    if older:
        # The overloads share a name: their declarations tell them apart. The types decide
        # which of them macOS would take; the most alike are named.
        text = text.replace(" (%s)" % declaration.module, " (%s: %s)" % (declaration.module, declaration.signature), 1)
        alike = sorted(set(other.signature for other in older),
                       key=lambda signature: (-_shared_words(signature, declaration.signature), signature))
        text += "; macOS may pick one of %d older overloads instead, such as %s" % (len(alike), " or ".join(alike[:2]))
    return text


def _shared_words(one, other):
    """How alike two declarations read: the share of their words (names, labels, types, a
    failable init's "?") that both have."""
    first = set(re.findall(r"\w+|\?", one))
    second = set(re.findall(r"\w+|\?", other))
    return len(first & second) / float(len(first | second) or 1)


def target_and_sdk(swiftc, driver):
    """The compile command's -target and -sdk; swiftc -print-target-info's when it names none."""
    target = sdk = None
    for index, argument in enumerate(driver[:-1]):
        if argument == "-target":
            target = driver[index + 1]
        elif argument == "-sdk":
            sdk = driver[index + 1]
    if target is None or (sdk is None and "apple" in target):
        info = json.loads(subprocess.run([swiftc, "-print-target-info"] + (["-target", target] if target else []),
                                         stdout=subprocess.PIPE, check=True).stdout.decode())
        target = target or info["target"]["triple"]
        sdk = sdk or info.get("paths", {}).get("sdkPath")
    return target, sdk


def tool(swiftc, name):
    """A toolchain program beside the swiftc SwiftPM used, else the one on PATH."""
    beside = os.path.join(os.path.dirname(os.path.realpath(swiftc)), name)
    if os.access(beside, os.X_OK):
        return beside
    found = shutil.which(name)
    if found is None:
        raise package_setup.SetupError("%s is not in the toolchain" % name)
    return found


class Clock(object):
    def __init__(self, verbose):
        self.verbose = verbose
        self.start = self.last = time.time()

    def lap(self, what):
        now = time.time()
        if self.verbose:
            own = resource.getrusage(resource.RUSAGE_SELF)
            tools = resource.getrusage(resource.RUSAGE_CHILDREN)
            print("availability: %.1f s %s (%.1f s in all; processor time so far: %.1f s here, %.1f s in tools)"
                  % (now - self.last, what, now - self.start, own.ru_utime + own.ru_stime,
                     tools.ru_utime + tools.ru_stime), file=sys.stderr)
        self.last = now


if __name__ == "__main__":
    sys.exit(main())

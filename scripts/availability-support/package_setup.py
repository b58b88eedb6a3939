"""What the check needs from SwiftPM: the package's macOS minimum, and the swiftc command
lines it used for each of the package's Swift modules (from .build/debug.yaml, the llbuild
manifest `swift build` writes, and for command plugins from the state file SwiftPM keeps
beside each compiled plugin)."""

import glob
import json
import os
import re
import shlex
import subprocess

import versions

# SwiftPM's deployment target for macOS when Package.swift names none (tools 5.9 and later).
SWIFTPM_DEFAULT_MACOS = (10, 13)
# The folders whose Swift files are the package's own code.
OWN_FOLDERS = ("Sources", "Tests", "Examples", "Plugins")


class SetupError(Exception):
    pass


def macos_minimum(root, swift):
    """(version, where it comes from): Package.swift's `.macOS(...)` in `platforms:` as SwiftPM
    reads it (`swift package dump-package`, so `.v13`, `"13.0"` and any other spelling
    agree), else SwiftPM's default."""
    result = subprocess.run([swift, "package", "dump-package"], cwd=root,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if result.returncode != 0:
        raise SetupError("swift package dump-package failed:\n" + result.stderr.decode(errors="replace"))
    manifest = json.loads(result.stdout.decode())
    for platform in manifest.get("platforms") or ():
        if platform.get("platformName") == "macos":
            return versions.parse(platform["version"]), "Package.swift"
    return SWIFTPM_DEFAULT_MACOS, "SwiftPM's default: Package.swift names no macOS"


def build(root, swift, log_path):
    """`swift build --build-tests`, so that the manifest and the modules the package's files
    import are those of the current sources."""
    with open(log_path, "wb") as log:
        result = subprocess.run([swift, "build", "--build-tests"], cwd=root, stdout=log, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        with open(log_path, "rb") as log:
            tail = log.read().decode(errors="replace").splitlines()[-30:]
        raise SetupError("swift build --build-tests failed:\n" + "\n".join(tail))


class Module(object):
    def __init__(self, name, driver, all_sources, sources):
        self.name = name                # the module name, as swiftc's -module-name
        self.driver = driver            # the swiftc command line SwiftPM ran
        self.all_sources = all_sources  # every file of the module, in the driver's order
        self.sources = sources          # the package's own files among them


def swift_modules(root, build_folder):
    """Every Swift module of the package's targets and plugins that has files of its own
    (the generated test runners, which have none, are left out)."""
    manifest = os.path.join(build_folder, "debug.yaml")
    if not os.path.exists(manifest):
        raise SetupError("%s is missing: run `swift build --build-tests` first" % manifest)
    with open(manifest) as stream:
        text = stream.read()
    modules = []
    for name, body in _commands(text):
        # The -tool copies are the same targets built for the host's plugin tools.
        if not name.endswith(".module") or name.endswith("-tool.module"):
            continue
        arguments = _field(body, "args")
        if not arguments or not os.path.basename(arguments[0]).startswith("swiftc"):
            continue
        module = _module(root, arguments)
        if module is not None:
            modules.append(module)
    for state in sorted(glob.glob(os.path.join(build_folder, "plugins", "cache", "*-state.json"))):
        with open(state) as stream:
            arguments = json.load(stream).get("commandLine") or []
        if arguments and os.path.basename(arguments[0]).startswith("swiftc"):
            name = os.path.basename(state)[:-len("-state.json")]
            module = _module(root, arguments, name)
            if module is not None:
                modules.append(module)
    return modules


def _commands(text):
    """(name, body) of each command of the llbuild manifest's `commands:` map."""
    section = text.split("\ncommands:\n", 1)
    if len(section) != 2:
        return []
    entries = re.split(r'\n  "([^"\n]+)":\n', "\n" + section[1])
    return list(zip(entries[1::2], entries[2::2]))


def _field(body, key):
    match = re.search(r"^    %s: (.*)$" % re.escape(key), body, re.M)
    if match is None:
        return None
    try:
        return json.loads(match.group(1))
    except ValueError:
        return None


def _module(root, arguments, fallback_name=None):
    name = fallback_name
    sources = []
    for index, argument in enumerate(arguments):
        if argument == "-module-name" and index + 1 < len(arguments):
            name = arguments[index + 1]
        elif argument.startswith("@") and os.path.exists(argument[1:]):
            with open(argument[1:]) as stream:
                for line in stream:
                    sources.extend(word for word in shlex.split(line) if word.endswith(".swift"))
        elif argument.endswith(".swift") and not argument.startswith("-"):
            sources.append(argument)
    own = [source for source in sources if _is_own(root, source)]
    if not own or name is None:
        return None
    return Module(name, arguments, sources, own)


def _is_own(root, path):
    relative = os.path.relpath(os.path.realpath(path), os.path.realpath(root))
    return relative.split(os.sep)[0] in OWN_FOLDERS

"""The toolchain modules' declarations and their macOS availability, keyed by USR.

swift-symbolgraph-extract loads each module as the compiler does when it builds the package
(the stdlib modules' .swiftmodule or .swiftinterface, Foundation's binary .swiftmodule on
Linux, the SDK's interfaces on macOS) and writes every public declaration with the USR the
compiler gives it (the same string the AST dump names a reference by, so an overload is
matched exactly, never by name) and with its availability: the declaration's own
@available(macOS N, ...) or, when it has none, that of the nearest enclosing extension or
type, as the compiler applies it. The interfaces spell availability with literal versions
(`@available(macOS 15.0, iOS 18.0, ...)`, no SwiftStdlib macros, no @_originallyDefinedIn);
Foundation's binary modules were compiled with its availability macros already expanded, so
a symbol graph gives the same numbers from either. @backDeployed declarations carry the
older version they are usable from, which is what the macOS compiler checks.

The table is cached under the build folder, keyed by the extractor, the target and the SDK."""

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile

import versions

# The standard library, its companions, Foundation and Swift Testing: the modules whose
# macOS availability the check knows. Those the target's toolchain or SDK lacks are skipped.
MODULES = ("Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Synchronization",
           "Observation", "Distributed", "Dispatch", "Foundation", "FoundationEssentials",
           "FoundationInternationalization", "FoundationNetworking", "FoundationXML", "Testing")
TYPE_KINDS = frozenset(("swift.struct", "swift.class", "swift.enum", "swift.protocol",
                        "swift.typealias", "swift.actor"))
SCHEMA = 2


class Declaration(object):
    __slots__ = ("usr", "module", "extended", "path", "kind", "introduced", "unavailable",
                 "signature", "constrained")

    def __init__(self, usr, module, extended, path, kind, introduced, unavailable, signature, constrained):
        self.usr = usr
        self.module = module        # where it is declared
        self.extended = extended    # the module of the type it extends, else its own
        self.path = path            # ["String", "init(validating:as:)"]
        self.kind = kind
        self.introduced = introduced  # a version tuple, or None: any macOS
        self.unavailable = unavailable  # @available(macOS, unavailable)
        self.signature = signature  # the declaration as the interface spells it
        self.constrained = constrained  # in an extension with a where clause

    def name(self):
        return ".".join(self.path)


class Table(object):
    def __init__(self, modules, declarations):
        self.modules = modules  # the modules found
        self.by_usr = {}
        self.types = {}
        self.by_parent = {}
        for declaration in declarations:
            self.by_usr[declaration.usr] = declaration
            parent = (declaration.extended,) + tuple(declaration.path[:-1])
            self.by_parent.setdefault(parent, []).append(declaration)
            if declaration.kind in TYPE_KINDS:
                self.types[declaration.extended + "." + declaration.name()] = declaration

    def types_in(self, demangled):
        """The checked modules' types named in a demangled type, nested ones with their
        enclosing ones (`Swift.Unicode.UTF8` gives Unicode and Unicode.UTF8)."""
        found = []
        for name in _QUALIFIED.findall(_EXTENSION.sub("", demangled)):
            parts = name.split(".")
            for end in range(2, len(parts) + 1):
                declaration = self.types.get(".".join(parts[:end]))
                if declaration is not None:
                    found.append(declaration)
        return found

    def same_declaration_usable(self, declaration, floor):
        """Another declaration usable at floor with this one's name, enclosing type and
        signature, in an unconstrained extension: the default implementation of a protocol
        requirement added later (FixedWidthInteger's `&*` is a requirement since macOS 15
        and has had a default implementation all along). Linux resolves the call to the
        requirement; the macOS compiler, which ranks a declaration the deployment target
        lacks below an identical one it has, resolves the same call to the default, so the
        use is no error there."""
        for other in self._siblings(declaration, floor):
            if other.path[-1] == declaration.path[-1] and other.signature == declaration.signature \
                    and not other.constrained:
                return other
        return None

    def older_overloads(self, declaration, floor, labels=None):
        """Overloads usable at floor that the same use might also resolve to: the same base
        name and, for a call, argument labels that take every label the call writes in that
        order (defaulted arguments may be left out); for any other use, the same labels. The
        macOS compiler ranks a declaration the deployment target lacks below one it has, so
        it may pick one of these where Linux picked the newer one; whether the types fit too
        only that compiler can tell, so the use is still reported, with these named."""
        base, own_labels = _split_title(declaration.path[-1])
        found = []
        for other in self._siblings(declaration, floor):
            other_base, other_labels = _split_title(other.path[-1])
            if other_base != base:
                continue
            if labels is not None and other_labels is not None:
                if _takes(other_labels, labels):
                    found.append(other)
            elif other_labels == own_labels:
                found.append(other)
        return found

    def _siblings(self, declaration, floor):
        parent = (declaration.extended,) + tuple(declaration.path[:-1])
        for other in self.by_parent.get(parent, ()):
            if other is declaration or other.unavailable:
                continue
            if other.introduced is not None and other.introduced > floor:
                continue
            yield other


_QUALIFIED = re.compile(r"[A-Za-z_][A-Za-z_0-9]*(?:\.[A-Za-z_][A-Za-z_0-9]*)+")
_EXTENSION = re.compile(r"\(extension in [^)]*\):")


def _split_title(title):
    """("init", ["validating", "as"]) for "init(validating:as:)"; (name, None) for a
    property or type."""
    if "(" not in title or not title.endswith(")"):
        return title, None
    base, _, rest = title.partition("(")
    return base, [label for label in rest[:-1].split(":") if label != ""]


def _takes(parameters, written):
    """Whether a declaration with these argument labels can take a call writing these (in
    order, each parameter's label at most once; parameters left over need defaults)."""
    position = 0
    for label in written:
        while position < len(parameters) and parameters[position] != label:
            position += 1
        if position == len(parameters):
            return False
        position += 1
    return True


def load(extractor, target, sdk, cache_folder, jobs):
    """The Table for this target, from the cache or from fresh symbol graphs."""
    key = _cache_key(extractor, target, sdk)
    cache = os.path.join(cache_folder, "symbols-%s.json" % key)
    if os.path.exists(cache):
        with open(cache) as stream:
            stored = json.load(stream)
    else:
        stored = _extract(extractor, target, sdk, cache_folder, jobs)
        os.makedirs(cache_folder, exist_ok=True)
        temporary = cache + ".partial"
        with open(temporary, "w") as stream:
            json.dump(stored, stream)
        os.replace(temporary, cache)
    declarations = [Declaration(usr, module, extended, path, kind, tuple(introduced) if introduced else None,
                                unavailable, signature, constrained)
                    for usr, module, extended, path, kind, introduced, unavailable, signature, constrained
                    in stored["declarations"]]
    return Table(stored["modules"], declarations)


def _cache_key(extractor, target, sdk):
    facts = [SCHEMA, extractor, os.path.getmtime(extractor), target, sdk or "", list(MODULES)]
    if sdk and os.path.exists(sdk):
        facts.append(os.path.getmtime(sdk))
    return hashlib.sha1(json.dumps(facts).encode()).hexdigest()[:16]


def _extract(extractor, target, sdk, cache_folder, jobs):
    scratch = tempfile.mkdtemp(prefix="render-gif-availability-")
    try:
        running = []
        found = []
        failures = {}
        pending = list(MODULES)
        while pending or running:
            while pending and len(running) < jobs:
                module = pending.pop(0)
                output = os.path.join(scratch, module)
                os.makedirs(output)
                command = [extractor, "-module-name", module, "-target", target, "-output-dir", output,
                           "-minimum-access-level", "public", "-skip-synthesized-members",
                           "-include-spi-symbols", "-allow-availability-platforms", "macOS",
                           "-module-cache-path", os.path.join(cache_folder, "ModuleCache")]
                if sdk:
                    command += ["-sdk", sdk]
                process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                running.append((module, output, process))
            module, output, process = running.pop(0)
            _, errors = process.communicate()
            if process.returncode == 0:
                found.append((module, output))
            else:
                failures[module] = errors.decode(errors="replace")
        declarations = []
        for module, output in found:
            for file_name in sorted(os.listdir(output)):
                declarations.extend(_declarations(os.path.join(output, file_name), file_name))
        return {"modules": [module for module, _ in found],
                "missing": sorted(failures),
                "declarations": declarations}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _declarations(path, file_name):
    """Rows of one NAME.symbols.json (the module's own declarations) or NAME@OTHER.symbols.json
    (its extensions of OTHER's types)."""
    stem = file_name[:-len(".symbols.json")]
    module, _, extended = stem.partition("@")
    extended = extended or module
    with open(path) as stream:
        graph = json.load(stream)
    rows = []
    for symbol in graph.get("symbols", ()):
        introduced = None
        unavailable = False
        for entry in symbol.get("availability") or ():
            if entry.get("domain") != "macOS":
                continue
            if entry.get("isUnconditionallyUnavailable"):
                unavailable = True
            if entry.get("introduced"):
                version = versions.from_symbol_graph(entry["introduced"])
                introduced = version if introduced is None else max(introduced, version)
        signature = "".join(fragment.get("spelling", "") for fragment in symbol.get("declarationFragments") or ())
        constrained = bool((symbol.get("swiftExtension") or {}).get("constraints"))
        rows.append([symbol["identifier"]["precise"], module, extended, symbol.get("pathComponents") or [],
                     symbol.get("kind", {}).get("identifier", ""), list(introduced) if introduced else None,
                     unavailable, signature, constrained])
    return rows

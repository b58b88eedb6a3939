"""The package's uses of the checked modules' declarations: from the ASTs of the files
type-checked again, and from the index store for the others; which of them are findings."""

import bisect
import json
import os
import subprocess

import ast_walk
import index_store
import package_setup


def select_files(modules, table, minimum, uses, every_file, clock):
    """The files to type-check again: those whose references in the build's index store
    include a declaration newer than the minimum (the AST then tells which of those uses
    their place allows), and those the index does not cover (no unit, or one older than the
    file, or the plugin, which SwiftPM does not index). The other files' index references
    are what the count of uses counts. A file the index shows using nothing newer has no finding:
    the AST can only find references the index also records (the index records implicit
    ones too) or inferred types, which are no references of the code's own."""
    files = [source for module in modules for source in module.sources]
    stores = set()
    for module in modules:
        for index, argument in enumerate(module.driver[:-1]):
            if argument == "-index-store-path":
                stores.add(module.driver[index + 1])
    library = index_store.library_path(modules[0].driver[0])
    references = None
    if library is not None and len(stores) == 1:
        references = index_store.references(library, stores.pop(), files)
    if references is None:
        return set(files)
    selected = set()
    for source in files:
        usrs = references.get(source)
        if usrs is not None:
            uses.add_indexed(source, usrs)
        if every_file or usrs is None or any(is_newer(table.by_usr.get(usr), minimum, table) for usr in usrs):
            selected.add(source)
    clock.lap("index store read: %d of %d files use something newer or are not indexed" % (len(selected), len(files)))
    return selected


def is_newer(declaration, floor, table):
    """Whether a use of this declaration where floor is guaranteed is a finding."""
    if declaration is None:
        return False
    if declaration.unavailable:
        return True
    if declaration.introduced is None or declaration.introduced <= floor:
        return False
    return table.same_declaration_usable(declaration, floor) is None


class Uses(object):
    """The uses in the files type-checked again, {(path, line, USR or mangled type): (the
    lowest guaranteed version among that line's uses of it, the labels of its call if it is
    called)}; and every indexed file's references, {path: {(line, USR)}}, which are what the
    summary counts (the same for every minimum, whichever files are type-checked again)."""

    def __init__(self, root, minimum):
        self.root = root
        self.minimum = minimum
        self.declarations = {}
        self.types = {}
        self.indexed = {}
        self.files = 0

    def read(self, job):
        for source, output in job.outputs:
            with open(output) as stream:
                document = json.load(stream)
            os.remove(output)
            with open(source, "rb") as stream:
                text = stream.read()
            starts = [0]
            position = text.find(b"\n")
            while position != -1:
                starts.append(position + 1)
                position = text.find(b"\n", position + 1)
            path = os.path.relpath(source, self.root)
            for use in ast_walk.uses_in(document, text, self.minimum):
                line = bisect.bisect_right(starts, use.offset)
                into = self.declarations if use.kind == "decl" else self.types
                key = (path, line, use.value)
                known = into.get(key)
                if known is None or use.floor < known[0]:
                    into[key] = (use.floor, use.labels)
            self.files += 1

    def add_indexed(self, source, usrs):
        """An indexed file's references, {USR: lines}."""
        self.indexed[os.path.relpath(source, self.root)] = set(
            (line, usr) for usr, lines in usrs.items() for line in lines)

    def resolve(self, table, demangler):
        """({(path, line, USR): declaration} of every use of a checked module's declaration
        (from the index where it covers the file),
        {(path, line, USR): (declaration, floor, call labels)} of those newer than their place
        allows).
        A newer protocol requirement with an identical older default implementation is no
        finding: see symbol_table.Table.same_declaration_usable."""
        mangled = sorted(set(key[2] for key in self.types))
        named = dict(zip(mangled, demangle(demangler, mangled)))
        floors = {}
        for (path, line, usr), (floor, labels) in self.declarations.items():
            declaration = table.by_usr.get(usr)
            if declaration is not None:
                floors[(path, line, usr)] = (declaration, floor, labels)
        for (path, line, value), (floor, _) in self.types.items():
            for declaration in table.types_in(named[value]):
                key = (path, line, declaration.usr)
                if key not in floors or floor < floors[key][1]:
                    floors[key] = (declaration, floor, None)
        checked = {}
        findings = {}
        for key, (declaration, floor, labels) in floors.items():
            if key[0] not in self.indexed:
                checked[key] = declaration
            if is_newer(declaration, floor, table):
                findings[key] = (declaration, floor, labels)
        for path, references in self.indexed.items():
            for line, usr in references:
                declaration = table.by_usr.get(usr)
                if declaration is not None:
                    checked[(path, line, usr)] = declaration
        return checked, findings


def demangle(demangler, names):
    if not names:
        return []
    result = subprocess.run([demangler], input="\n".join(names).encode() + b"\n",
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    lines = result.stdout.decode(errors="replace").splitlines()
    if result.returncode != 0 or len(lines) != len(names):
        raise package_setup.SetupError("swift-demangle gave %d lines for %d names" % (len(lines), len(names)))
    return lines

"""The uses in one source file's type-checked AST (swift-frontend -dump-ast -dump-ast-format
json), each with the macOS version that its place guarantees.

A use is either a declaration reference resolved by the compiler (its USR, exactly the
overload the type checker chose) or a type written or inferred in a declaration or a type
expression (its mangled name, to be demangled later). The guaranteed version starts at the
package's minimum and rises, as the compiler's own availability checking does, inside:
  - declarations (and extensions) marked @available(macOS N, ...);
  - the then-branch of `if #available(macOS N, *)`, the body of `while #available(...)`,
    the statements after `guard #available(macOS N, *) else { ... }`;
  - the else-branch of `if #unavailable(macOS N)`, the else-body of `guard #unavailable`.
Code marked @available(macOS, unavailable) or @available(*, unavailable) never runs on
macOS and is not looked at.

Left out on purpose:
  - what the compiler writes itself: implicit functions, initializers and deinitializers
    (derived ==, hash(into:), Codable, memberwise initializers) and the types of implicit
    nodes (a top-level variable's inferred @MainActor, the base of `.seconds(1)`): they are
    not references the code makes, and the macOS compiler writes them for its own target;
  - code from macro expansions (nodes whose range names a macro buffer): it is the macro's
    own code, written against the macOS versions its library supports; the arguments the
    package's code passes to a macro are type-checked where they are written and are kept;
  - the `next()` call the compiler synthesizes for a `for ... in` loop (its `next_call`):
    on Linux it picks `next(isolation:)` (macOS 15), on macOS it picks `next()` when the
    deployment target is older, so that choice is the compiler's and never an error."""

import re

import versions

# Keys whose string value is a mangled type (interface types of declarations, written
# types of casts and coercions, extended types of extensions; generic requirements are
# read with their signature).
TYPE_KEYS = ("interface_type", "result", "thrown_type", "extended_type", "written_type",
             "cast_to", "raw_type", "superclass")
# Node kinds whose "type" is a type the code names (`Mutex<Int>(0)`, `let d: Duration`,
# `typealias`, property wrappers and result builders).
NAMED_TYPE_KINDS = frozenset(("type_expr", "pattern_typed", "typealias", "custom_attr", "pattern_is"))
# Subtrees with nothing to find in them (bookkeeping the dumper prints for every reference).
SKIPPED_KEYS = frozenset(("range", "function_ref", "substitutions", "conformance", "context",
                          "name", "names", "base_name", "default_args_owner", "captures",
                          "implicit_self_decl", "rewritten", "next_call", "parsed_sequence",
                          "generic_signature"))
CONDITION_STATEMENTS = frozenset(("if_stmt", "guard_stmt", "while_stmt"))
# Between a call and the reference to what it calls.
CALLEE_WRAPPERS = frozenset(("dot_syntax_call_expr", "constructor_ref_call_expr", "function_conversion_expr",
                             "paren_expr", "covariant_function_conversion_expr", "unsafe_expr"))
# Declarations the compiler writes when they are implicit: derived conformances (==,
# hash(into:), Codable), memberwise and default initializers, deinitializers. (An implicit
# accessor stays: a computed property's getter is one, with the package's own body.)
SYNTHESIZED_KINDS = frozenset(("func_decl", "constructor_decl", "destructor_decl"))


class Use(object):
    __slots__ = ("offset", "kind", "value", "floor", "labels")

    def __init__(self, offset, kind, value, floor, labels=None):
        self.offset = offset  # byte offset in the file
        self.kind = kind      # "decl" (value is a USR) or "type" (value is a mangled type)
        self.value = value
        self.floor = floor    # the macOS version guaranteed here
        self.labels = labels  # for the callee of a call: the labels written ("_" for none)


def uses_in(document, source, minimum):
    """Every Use in one source_file document; source is the file's bytes."""
    return _Walk(source).run(document, minimum)


class _Walk(object):
    def __init__(self, source):
        self.source = source
        self.found = []
        self.stack = []
        self.call_labels = {}  # id(decl_ref node) -> the labels its call wrote

    def run(self, document, minimum):
        stack = self.stack
        stack.append((document, minimum, 0, frozenset()))
        while stack:
            node, floor, offset, outer = stack.pop()
            if isinstance(node, list):
                self._push_list(node, floor, offset, outer)
            elif isinstance(node, dict):
                self._visit(node, floor, offset, outer)
        return self.found

    def _visit(self, node, floor, offset, outer):
        where = node.get("range")
        if where is not None:
            if "buffer_id" in where:
                return
            offset = where.get("start", offset)
        kind = node.get("_kind")
        implicit = node.get("implicit", False)
        if implicit and kind in SYNTHESIZED_KINDS:
            return
        attrs = node.get("attrs")
        if attrs:
            floor, never = refined_by_attributes(attrs, floor)
            if never:
                return
        if kind == "decl_ref":
            usr = node.get("decl_usr")
            if usr:
                self.found.append(Use(offset, "decl", usr, floor, self.call_labels.get(id(node))))
            return
        if kind == "call_expr":
            self._note_call_labels(node)
        if not implicit:
            self._collect_types(node, kind, offset, floor)
        signature = node.get("generic_signature")
        if signature:
            outer = self._note_requirements(signature, offset, floor, outer)
        if kind == "inheritance":
            for conformance in node.get("conformances", ()):
                protocol = conformance.get("protocol")
                if protocol and conformance.get("source_kind") == "explicit":
                    self.found.append(Use(offset, "decl", protocol, floor))
        if kind in CONDITION_STATEMENTS:
            self._push_condition_statement(node, kind, floor, offset, outer)
            return
        for key, value in node.items():
            if key in SKIPPED_KEYS or not isinstance(value, (dict, list)):
                continue
            if key == "original_init" and "processed_init" in node:
                continue  # the same initializer before type checking finished
            self.stack.append((value, floor, offset, outer))

    def _note_requirements(self, signature, offset, floor, outer):
        """The protocols a generic signature requires (`<C: Clock>`, `where T: P`, `some P`)
        are uses where the declaration states them; a signature repeats its enclosing
        declarations' requirements, which were counted there. Returns the requirements in
        force inside."""
        required = set(outer)
        for requirement in signature.get("generic_reqs") or ():
            if not isinstance(requirement, dict):
                continue
            protocol = requirement.get("protocol")
            other = requirement.get("second_type")
            identity = (requirement.get("kind"), requirement.get("first_type"), other, protocol)
            if identity in outer:
                continue
            required.add(identity)
            if protocol:
                self.found.append(Use(offset, "decl", protocol, floor))
            if isinstance(other, str) and other.startswith("$s"):
                self.found.append(Use(offset, "type", other, floor))
        return frozenset(required)

    def _note_call_labels(self, call):
        """Remembers, for the declaration a call calls, the argument labels the call writes:
        the type-checked argument list also holds the defaulted arguments, which are left
        out."""
        arguments = (call.get("args") or {}).get("args") or ()
        labels = tuple(argument.get("label") or "_" for argument in arguments
                       if (argument.get("expr") or {}).get("_kind") != "default_argument_expr")
        callee = call.get("fn")
        while isinstance(callee, dict) and callee.get("_kind") in CALLEE_WRAPPERS:
            callee = callee.get("fn") or callee.get("sub_expr")
        if isinstance(callee, dict) and isinstance(callee.get("decl"), dict):
            self.call_labels[id(callee["decl"])] = labels

    def _collect_types(self, node, kind, offset, floor):
        for key in TYPE_KEYS:
            value = node.get(key)
            if isinstance(value, str) and value.startswith("$s"):
                self.found.append(Use(offset, "type", value, floor))
        if kind in NAMED_TYPE_KINDS:
            value = node.get("type")
            if isinstance(value, str) and value.startswith("$s"):
                self.found.append(Use(offset, "type", value, floor))

    def _push_list(self, items, floor, offset, outer):
        """The items of a statement list or member list, in order: after a guard #available
        the rest of the list runs with the refined version; a pattern binding (`@available(...)
        var x = f()`) takes the attributes of the variables declared right after it in the
        dump."""
        current = floor
        for index, item in enumerate(items):
            if not isinstance(item, dict):
                if isinstance(item, list):
                    self.stack.append((item, current, offset, outer))
                continue
            item_floor = current
            # In a main.swift the binding sits in a top_level_code_decl of its own.
            if item.get("_kind") in ("pattern_binding_decl", "top_level_code_decl"):
                never = False
                for follower in items[index + 1:]:
                    if not isinstance(follower, dict) or follower.get("_kind") != "var_decl":
                        break
                    item_floor, follower_never = refined_by_attributes(follower.get("attrs") or (), item_floor)
                    never = never or follower_never
                if never:
                    continue
            self.stack.append((item, item_floor, offset, outer))
            for guard in _guards(item):
                refinement = self._condition_refinement(guard, guard.get("body"))
                if refinement is not None and refinement[0] == "available":
                    current = max(current, refinement[1])

    def _push_condition_statement(self, node, kind, floor, offset, outer):
        first_body = node.get("then_stmt") if kind == "if_stmt" else node.get("body")
        refinement = self._condition_refinement(node, first_body)
        available = floor
        unavailable = floor
        if refinement is not None:
            if refinement[0] == "available":
                available = max(floor, refinement[1])
            else:
                unavailable = max(floor, refinement[1])
        push = self.stack.append
        if node.get("conditions"):
            push((node["conditions"], available, offset, outer))
        if kind == "if_stmt":
            if node.get("then_stmt") is not None:
                push((node["then_stmt"], available, offset, outer))
            if node.get("else_stmt") is not None:
                push((node["else_stmt"], unavailable, offset, outer))
        elif kind == "while_stmt":
            if node.get("body") is not None:
                push((node["body"], available, offset, outer))
        elif node.get("body") is not None:
            # A guard's else-body; the statements after the guard are _push_list's.
            push((node["body"], unavailable, offset, outer))

    def _condition_refinement(self, node, first_body):
        """("available", version) for `#available(macOS N, *)` among the statement's
        conditions, ("unavailable", version) for `#unavailable(macOS N)`, None when it names
        no macOS version. The JSON dump spells both as "#available", so the word is read from
        the source between the statement's start and its first body; a statement that has
        both refines nothing."""
        version = None
        for condition in node.get("conditions") or ():
            if not isinstance(condition, dict) or condition.get("_kind") != "#available":
                continue
            for query in condition.get("queries") or ():
                if query.get("domain") == "macOS" and query.get("version"):
                    query_version = versions.parse(query["version"])
                    version = query_version if version is None else max(version, query_version)
        if version is None:
            return None
        start = (node.get("range") or {}).get("start")
        end = ((first_body or {}).get("range") or {}).get("start")
        if start is None or end is None:
            return None
        words = set(match.group(1) or b"" for match in _SPELLING.finditer(self.source, start, end))
        if words == {b"un"}:
            return "unavailable", version
        if words == {b""}:
            return "available", version
        return None


def _guards(item):
    """The guard statements whose refinement holds for the items after this one: the item
    itself, or in a main.swift the guards of its top-level code."""
    kind = item.get("_kind")
    if kind == "guard_stmt":
        return [item]
    if kind == "top_level_code_decl":
        body = item.get("body") or {}
        return [element for element in body.get("elements") or ()
                if isinstance(element, dict) and element.get("_kind") == "guard_stmt"]
    return []


_SPELLING = re.compile(rb"#(un)?available\s*\(")


def refined_by_attributes(attrs, floor):
    """(the version guaranteed inside a declaration with these attributes, whether it never
    runs on macOS)."""
    never = False
    for attr in attrs:
        if not isinstance(attr, dict) or attr.get("_kind") != "available_attr":
            continue
        domain = attr.get("domain")
        if domain not in ("macOS", "*"):
            continue
        if attr.get("unavailable"):
            never = True
        if domain == "macOS" and attr.get("introduced"):
            floor = max(floor, versions.parse(attr["introduced"]))
    return floor, never

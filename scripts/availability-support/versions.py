"""macOS version numbers as tuples, so that "10.15.4" < "13" < "13.0.1" < "15.0" compare as
the compiler compares them: missing trailing components count as zero."""


def parse(text):
    """(13, 0) for "13.0", "13" or "v13"; (10, 15, 4) for "10.15.4" or "v10_15_4"."""
    text = str(text).strip().lstrip("v").replace("_", ".")
    parts = tuple(int(part) for part in text.split(".") if part != "")
    if not parts:
        raise ValueError("not a version: %r" % text)
    return normalized(parts)


def from_symbol_graph(value):
    """A symbol graph's {"major": 15, "minor": 0, "patch": 1} as (15, 0, 1)."""
    parts = (value.get("major", 0), value.get("minor", 0), value.get("patch", 0))
    return normalized(parts)


def normalized(parts):
    """At least two components, trailing zeros beyond the second dropped: (13,) and
    (13, 0, 0) are both (13, 0)."""
    parts = list(parts)
    while len(parts) > 2 and parts[-1] == 0:
        parts.pop()
    while len(parts) < 2:
        parts.append(0)
    return tuple(parts)


def text(version):
    """ "13.0", "10.15.4"."""
    return ".".join(str(part) for part in version)

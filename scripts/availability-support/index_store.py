"""What the build's index store (written by `swift build` in debug builds, through the
toolchain's libIndexStore) says each of the package's files references: {file: {USR: set of
lines}}. It is the compiler's own resolution, from the build that just ran, and costs no
type checking; the check uses it to choose the files worth type-checking again (see
check_availability.py) and to count uses.

Returns None when the library or the store cannot be read; then every file is
type-checked again."""

import ctypes
import os


class _String(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    def text(self):
        return ctypes.string_at(self.data, self.length).decode("utf-8", "replace") if self.length else ""


_UNIT_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, _String)
_DEPENDENCY_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)
_OCCURRENCE_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)
_RECORD_DEPENDENCY = 2


def library_path(swiftc):
    """libIndexStore beside the toolchain swiftc belongs to (usr/bin/swiftc,
    usr/lib/libIndexStore.so or .dylib)."""
    lib = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swiftc))), "lib")
    for name in ("libIndexStore.so", "libIndexStore.dylib"):
        if os.path.exists(os.path.join(lib, name)):
            return os.path.join(lib, name)
    return None


def references(library, store_path, files):
    """{file: {USR: set of lines}} for those of `files` (absolute paths) that have a unit in
    the store no older than the file itself; a file without one is left out."""
    try:
        api = _load(library)
    except (OSError, AttributeError):
        return None
    error = ctypes.c_void_p()
    store = api.indexstore_store_create(store_path.encode(), ctypes.byref(error))
    if not store:
        return None
    wanted = set(files)
    found = {}
    try:
        units = []
        api.indexstore_store_units_apply_f(store, 0, None, _UNIT_APPLIER(lambda _, name: units.append(name.text()) or True))
        for unit in units:
            _read_unit(api, store, unit, wanted, found)
    finally:
        api.indexstore_store_dispose(store)
    return dict((path, usrs) for path, (fresh, usrs) in found.items() if fresh)


def _read_unit(api, store, unit, wanted, found):
    error = ctypes.c_void_p()
    reader = api.indexstore_unit_reader_create(store, unit.encode(), ctypes.byref(error))
    if not reader:
        return
    try:
        main = api.indexstore_unit_reader_get_main_file(reader).text()
        if main not in wanted or api.indexstore_unit_reader_is_system_unit(reader):
            return
        seconds = ctypes.c_int64()
        nanoseconds = ctypes.c_int64()
        api.indexstore_unit_reader_get_modification_time(reader, ctypes.byref(seconds), ctypes.byref(nanoseconds))
        # A unit written before the file last changed says nothing about its present text.
        fresh = seconds.value + nanoseconds.value / 1e9 >= os.path.getmtime(main)
        records = []

        def dependency(_, handle):
            if api.indexstore_unit_dependency_get_kind(handle) == _RECORD_DEPENDENCY \
                    and api.indexstore_unit_dependency_get_filepath(handle).text() == main:
                records.append(api.indexstore_unit_dependency_get_name(handle).text())
            return True

        api.indexstore_unit_reader_dependencies_apply_f(reader, None, _DEPENDENCY_APPLIER(dependency))
    finally:
        api.indexstore_unit_reader_dispose(reader)
    known_fresh, usrs = found.get(main, (True, {}))
    found[main] = (known_fresh and fresh and bool(records), usrs)
    for record in records:
        _read_record(api, store, record, usrs)


def _read_record(api, store, record, usrs):
    error = ctypes.c_void_p()
    reader = api.indexstore_record_reader_create(store, record.encode(), ctypes.byref(error))
    if not reader:
        return
    line = ctypes.c_uint()
    column = ctypes.c_uint()

    def occurrence(_, handle):
        symbol = api.indexstore_occurrence_get_symbol(handle)
        api.indexstore_occurrence_get_line_col(handle, ctypes.byref(line), ctypes.byref(column))
        usrs.setdefault(api.indexstore_symbol_get_usr(symbol).text(), set()).add(line.value)
        return True

    try:
        api.indexstore_record_reader_occurrences_apply_f(reader, None, _OCCURRENCE_APPLIER(occurrence))
    finally:
        api.indexstore_record_reader_dispose(reader)


def _load(library):
    api = ctypes.CDLL(library)
    signatures = {
        "indexstore_store_create": (ctypes.c_void_p, [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]),
        "indexstore_store_dispose": (None, [ctypes.c_void_p]),
        "indexstore_store_units_apply_f": (ctypes.c_bool, [ctypes.c_void_p, ctypes.c_uint, ctypes.c_void_p, _UNIT_APPLIER]),
        "indexstore_unit_reader_create": (ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]),
        "indexstore_unit_reader_dispose": (None, [ctypes.c_void_p]),
        "indexstore_unit_reader_get_main_file": (_String, [ctypes.c_void_p]),
        "indexstore_unit_reader_is_system_unit": (ctypes.c_bool, [ctypes.c_void_p]),
        "indexstore_unit_reader_get_modification_time": (None, [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int64),
                                                               ctypes.POINTER(ctypes.c_int64)]),
        "indexstore_unit_reader_dependencies_apply_f": (ctypes.c_bool, [ctypes.c_void_p, ctypes.c_void_p, _DEPENDENCY_APPLIER]),
        "indexstore_unit_dependency_get_kind": (ctypes.c_int, [ctypes.c_void_p]),
        "indexstore_unit_dependency_get_filepath": (_String, [ctypes.c_void_p]),
        "indexstore_unit_dependency_get_name": (_String, [ctypes.c_void_p]),
        "indexstore_record_reader_create": (ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]),
        "indexstore_record_reader_dispose": (None, [ctypes.c_void_p]),
        "indexstore_record_reader_occurrences_apply_f": (ctypes.c_bool, [ctypes.c_void_p, ctypes.c_void_p, _OCCURRENCE_APPLIER]),
        "indexstore_occurrence_get_symbol": (ctypes.c_void_p, [ctypes.c_void_p]),
        "indexstore_occurrence_get_line_col": (None, [ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]),
        "indexstore_symbol_get_usr": (_String, [ctypes.c_void_p]),
    }
    for name, (result, arguments) in signatures.items():
        function = getattr(api, name)
        function.restype = result
        function.argtypes = arguments
    return api

"""Edits the boxes of a HEIF file that heif-enc wrote, for the transformations and layouts
heif-enc itself cannot write: rotation (irot) and mirroring (imir) properties, an image grid
made of separately encoded tiles (as phones store photographs), and damaged colour
descriptions. The coded pictures are heif-enc's, untouched; only the item and property boxes
change, and the item locations are moved with the data they point at.

    f = HeifFile(open("in.heic", "rb").read())
    f.add_transform(f.primary, irot(1)); open("out.heic", "wb").write(f.bytes())"""

import struct


def box(kind, body):
    return struct.pack(">I4s", 8 + len(body), kind.encode("latin1")) + body


def full_box(kind, version, flags, body):
    return box(kind, struct.pack(">I", version << 24 | flags) + body)


def irot(quarter_turns_anticlockwise):
    """The rotation property: the picture turned anticlockwise by 90 degrees times the count."""
    return box("irot", bytes([quarter_turns_anticlockwise & 3]))


def imir(mode):
    """The mirroring property: mode 0 exchanges top and bottom, mode 1 left and right (the
    field's meaning as HEIF's second amendment settled it, and as iPhones and libheif use it;
    the 2017 text called it an axis, which was read both ways)."""
    return box("imir", bytes([mode & 1]))


def nclx(primaries, transfer, matrix, full_range):
    """An nclx colour description (colr box)."""
    return box("colr", b"nclx" + struct.pack(">HHHB", primaries, transfer, matrix, 0x80 if full_range else 0))


def _boxes(data, start, end):
    """(kind, header size, body start, end) of each box in data[start:end]."""
    at, found = start, []
    while at + 8 <= end:
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        header = 8
        if size == 1:
            size, header = struct.unpack(">Q", data[at + 8:at + 16])[0], 16
        elif size == 0:
            size = end - at
        found.append((kind.decode("latin1"), header, at + header, at + size))
        at += size
    return found


class _Reader:
    def __init__(self, data):
        self.data, self.at = data, 0

    def read(self, size):
        if size == 0:
            return 0
        value = int.from_bytes(self.data[self.at:self.at + size], "big")
        self.at += size
        return value


class HeifFile:
    """The parsed item boxes of a HEIF file with its meta box before its mdat box."""

    def __init__(self, data):
        top = _boxes(data, 0, len(data))
        self.before, self.after, self.meta_children = [], [], []
        meta_seen = False
        for kind, header, body, end in top:
            if kind == "meta":
                meta_seen = True
                self.meta_full = data[body:body + 4]
                self.old_meta_end = end
                for child in _boxes(data, body + 4, end):
                    self.meta_children.append([child[0], data[child[2]:child[3]]])
            elif meta_seen:
                self.after.append(data[body - header:end])
            else:
                self.before.append(data[body - header:end])
        self._parse_iloc()
        self._parse_ipco_ipma()
        self._parse_iinf()

    def _child(self, kind):
        return next((c for c in self.meta_children if c[0] == kind), None)

    # --- items -----------------------------------------------------------------------------
    @property
    def primary(self):
        body = self._child("pitm")[1]
        return struct.unpack(">H", body[4:6])[0] if body[0] == 0 else struct.unpack(">I", body[4:8])[0]

    def set_primary(self, item):
        self._child("pitm")[1] = full_box("pitm", 0, 0, struct.pack(">H", item))[8:]

    def _parse_iinf(self):
        body = self._child("iinf")[1]
        version = body[0]
        start = 6 if version == 0 else 8
        self.infe = [body[b - h:e] for _, h, b, e in _boxes(body, start, len(body))]
        self.iinf_version = version

    def item_ids(self):
        return [struct.unpack(">H", infe[12:14])[0] for infe in self.infe]

    def item_type(self, item):
        for infe in self.infe:
            if struct.unpack(">H", infe[12:14])[0] == item:
                return infe[16:20].decode("latin1")
        return None

    def hide(self, item):
        for index, infe in enumerate(self.infe):
            if struct.unpack(">H", infe[12:14])[0] == item:
                self.infe[index] = infe[:11] + bytes([infe[11] | 1]) + infe[12:]

    def _parse_iloc(self):
        reader = _Reader(self._child("iloc")[1])
        self.iloc_version = reader.read(1)
        reader.read(3)
        sizes = reader.read(1)
        self.offset_size, self.length_size = sizes >> 4, sizes & 15
        sizes = reader.read(1)
        self.base_size, self.index_size = sizes >> 4, (sizes & 15 if self.iloc_version in (1, 2) else 0)
        count = reader.read(2 if self.iloc_version < 2 else 4)
        self.locations = []
        for _ in range(count):
            item = reader.read(2 if self.iloc_version < 2 else 4)
            method = reader.read(2) & 15 if self.iloc_version in (1, 2) else 0
            reference = reader.read(2)
            base = reader.read(self.base_size)
            extents = []
            for _ in range(reader.read(2)):
                index = reader.read(self.index_size)
                extents.append([index, reader.read(self.offset_size), reader.read(self.length_size)])
            self.locations.append([item, method, reference, base, extents])

    def _iloc_body(self, shift):
        out = bytearray(struct.pack(">I", self.iloc_version << 24))
        out += bytes([self.offset_size << 4 | self.length_size, self.base_size << 4 | self.index_size])
        out += len(self.locations).to_bytes(2 if self.iloc_version < 2 else 4, "big")
        for item, method, reference, base, extents in self.locations:
            out += item.to_bytes(2 if self.iloc_version < 2 else 4, "big")
            if self.iloc_version in (1, 2):
                out += method.to_bytes(2, "big")
            out += reference.to_bytes(2, "big")
            moved_base = base + shift if (method == 0 and base) else base
            out += moved_base.to_bytes(self.base_size, "big") if self.base_size else b""
            out += len(extents).to_bytes(2, "big")
            for index, offset, length in extents:
                if self.index_size:
                    out += index.to_bytes(self.index_size, "big")
                moved = offset + shift if (method == 0 and not base) else offset
                out += moved.to_bytes(self.offset_size, "big") + length.to_bytes(self.length_size, "big")
        return bytes(out)

    # --- properties ------------------------------------------------------------------------
    def _parse_ipco_ipma(self):
        iprp = self._child("iprp")[1]
        self.ipco, self.ipma = [], {}
        for kind, header, body, end in _boxes(iprp, 0, len(iprp)):
            if kind == "ipco":
                self.ipco = [iprp[b - h:e] for _, h, b, e in _boxes(iprp, body, end)]
            elif kind == "ipma":
                reader = _Reader(iprp[body:end])
                self.ipma_version = reader.read(1)
                self.ipma_flags = reader.read(3)
                self.ipma_order = []
                for _ in range(reader.read(4)):
                    item = reader.read(2 if self.ipma_version < 1 else 4)
                    associations = []
                    for _ in range(reader.read(1)):
                        value = reader.read(2 if self.ipma_flags & 1 else 1)
                        wide = self.ipma_flags & 1
                        associations.append((bool(value >> (15 if wide else 7)), value & (0x7FFF if wide else 0x7F)))
                    self.ipma[item] = associations
                    self.ipma_order.append(item)

    def properties(self, item):
        """The (essential, property box) pairs of item, in order."""
        return [(essential, self.ipco[index - 1]) for essential, index in self.ipma.get(item, [])]

    def add_property(self, item, property_box, essential=True):
        if property_box in self.ipco:
            index = self.ipco.index(property_box) + 1
        else:
            self.ipco.append(property_box)
            index = len(self.ipco)
        if item not in self.ipma:
            self.ipma[item] = []
            self.ipma_order.append(item)
        self.ipma[item].append((essential, index))

    def remove_properties(self, item, kind):
        self.ipma[item] = [(e, i) for e, i in self.ipma[item] if self.ipco[i - 1][4:8] != kind.encode()]

    def _iprp_body(self):
        ipco = box("ipco", b"".join(self.ipco))
        wide = self.ipma_flags & 1
        body = bytearray(struct.pack(">I", len(self.ipma_order)))
        for item in self.ipma_order:
            body += item.to_bytes(2 if self.ipma_version < 1 else 4, "big") + bytes([len(self.ipma[item])])
            for essential, index in self.ipma[item]:
                body += (index | (essential << (15 if wide else 7))).to_bytes(2 if wide else 1, "big")
        return ipco + full_box("ipma", self.ipma_version, self.ipma_flags, bytes(body))

    # --- grids -----------------------------------------------------------------------------
    def make_grid(self, tiles, rows, columns, width, height):
        """Makes a grid item of `tiles` (row by row) showing width x height pixels, makes it the
        primary item and hides the tiles; returns its id. The grid takes the first tile's
        colour and pixel-format properties."""
        grid = max(self.item_ids()) + 1
        self.infe.append(full_box("infe", 2, 0, struct.pack(">HH4s", grid, 0, b"grid") + b"\0"))
        for tile in tiles:
            self.hide(tile)
        descriptor = struct.pack(">BBBBHH", 0, 0, rows - 1, columns - 1, width, height)
        idat = self._child("idat")
        if idat is None:
            idat = ["idat", b""]
            self.meta_children.insert(1, idat)
        offset = len(idat[1])
        idat[1] += descriptor
        self.iloc_version = max(self.iloc_version, 1)  # version 0 has no construction method
        self.locations.append([grid, 1, 0, 0, [[0, offset, len(descriptor)]]])
        self.add_reference("dimg", grid, tiles)
        self.add_property(grid, full_box("ispe", 0, 0, struct.pack(">II", width, height)), essential=False)
        for essential, property_box in self.properties(tiles[0]):
            if property_box[4:8] in (b"colr", b"pixi"):
                self.add_property(grid, property_box, essential)
        self.set_primary(grid)
        return grid

    def add_reference(self, kind, source, targets):
        """Adds an item reference of `kind` ("thmb": source is a thumbnail of targets[0])."""
        reference = box(kind, struct.pack(">HH", source, len(targets)) + b"".join(struct.pack(">H", t) for t in targets))
        iref = self._child("iref")
        if iref is None:
            self.meta_children.append(["iref", struct.pack(">I", 0) + reference])
        else:
            iref[1] += reference

    # --- writing ---------------------------------------------------------------------------
    def _meta(self, shift):
        parts = []
        for kind, body in self.meta_children:
            if kind == "iloc":
                body = self._iloc_body(shift)
            elif kind == "iinf":
                count = len(self.infe).to_bytes(2 if self.iinf_version == 0 else 4, "big")
                body = body[:4] + count + b"".join(self.infe)
            elif kind == "iprp":
                body = self._iprp_body()
            parts.append(box(kind, body))
        return box("meta", self.meta_full + b"".join(parts))

    def bytes(self):
        head = b"".join(self.before)
        size = len(self._meta(0))
        shift = len(head) + size - self.old_meta_end
        meta = self._meta(shift)
        assert len(meta) == size
        return head + meta + b"".join(self.after)

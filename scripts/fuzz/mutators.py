"""Mutators for vplay's fuzz driver: each takes a random.Random and a bytearray
and returns the mutated bytes plus a short description of what it did.

Generic mutators work on any file; structure-aware ones understand just enough
of ISO BMFF (mp4 boxes), Matroska/WebM (EBML elements), MPEG-TS (188-byte
packets) and MPEG audio (frame headers) to damage them where demuxers look.
Python 3 standard library only; everything is driven by the Random passed in,
so a (seed, index) pair always makes the same file.
"""

import struct

INTERESTING_8 = [0x00, 0x01, 0x7F, 0x80, 0xFF]
INTERESTING_32 = [0, 1, 2, 7, 8, 16, 0x7F, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF,
                  0x10000, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFE, 0xFFFFFFFF]


def _range(rng, data, max_len=4096):
    """A random [start, end) inside data, biased towards short ranges."""
    n = len(data)
    if n == 0:
        return 0, 0
    if rng.random() < 0.8:
        length = 1 + int(rng.expovariate(1 / 64))
    else:
        length = rng.randint(1, max_len)
    length = min(n, length)
    start = rng.randrange(0, n - length + 1)
    return start, start + length


# --- generic -----------------------------------------------------------------

def bit_flip(rng, data):
    count = rng.choice([1, 1, 2, 4, 8, 16, 64])
    for _ in range(count):
        if data:
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8)
    return data, "bitflip x%d" % count


def byte_set(rng, data):
    count = rng.choice([1, 2, 4, 8, 32])
    for _ in range(count):
        if data:
            data[rng.randrange(len(data))] = rng.choice(INTERESTING_8 + [rng.randrange(256)])
    return data, "byteset x%d" % count


def int32_set(rng, data):
    if len(data) < 4:
        return data, "int32 (too short)"
    i = rng.randrange(len(data) - 3)
    value = rng.choice(INTERESTING_32)
    data[i:i + 4] = struct.pack(">I" if rng.random() < 0.7 else "<I", value)
    return data, "int32 @%d=%#x" % (i, value)


def zero_range(rng, data):
    a, b = _range(rng, data)
    data[a:b] = bytes(b - a)
    return data, "zero [%d,%d)" % (a, b)


def random_range(rng, data):
    a, b = _range(rng, data)
    data[a:b] = bytes(rng.randrange(256) for _ in range(b - a))
    return data, "random [%d,%d)" % (a, b)


def duplicate_range(rng, data):
    a, b = _range(rng, data)
    at = rng.randrange(len(data) + 1)
    data[at:at] = data[a:b]
    return data, "dup [%d,%d)->%d" % (a, b, at)


def delete_range(rng, data):
    a, b = _range(rng, data)
    del data[a:b]
    return data, "delete [%d,%d)" % (a, b)


def swap_ranges(rng, data):
    a, b = _range(rng, data, 1024)
    c, d = _range(rng, data, 1024)
    if b <= c or d <= a:
        first, second = sorted([(a, b), (c, d)])
        data[:] = (data[:first[0]] + data[second[0]:second[1]] + data[first[1]:second[0]]
                   + data[first[0]:first[1]] + data[second[1]:])
    return data, "swap [%d,%d)<->[%d,%d)" % (a, b, c, d)


def truncate(rng, data):
    keep = rng.randrange(len(data) + 1) if rng.random() < 0.7 else rng.randrange(min(len(data), 512) + 1)
    del data[keep:]
    return data, "truncate %d" % keep


GENERIC = [bit_flip, bit_flip, byte_set, int32_set, zero_range, random_range,
           duplicate_range, delete_range, swap_ranges, truncate]


# --- ISO BMFF (mp4) ---------------------------------------------------------

MP4_CONTAINERS = {b"moov", b"trak", b"mdia", b"minf", b"stbl", b"edts", b"dinf", b"udta",
                  b"mvex", b"moof", b"traf", b"mfra", b"sinf", b"schi", b"meta"}
# Boxes whose children start after a fixed prefix (full-box header, sample entry fields).
MP4_PREFIXED = {b"stsd": 8, b"dref": 8, b"avc1": 78, b"avc3": 78, b"hvc1": 78, b"hev1": 78,
                b"vp09": 78, b"mp4a": 28, b"Opus": 28}
MP4_TABLES = [b"stsz", b"stco", b"co64", b"stts", b"stsc", b"stss", b"ctts", b"elst", b"mdhd",
              b"mvhd", b"tkhd", b"hdlr", b"trun", b"tfhd", b"tfdt", b"mehd", b"trex", b"avcC",
              b"esds", b"stsd", b"sidx", b"hvcC"]


def mp4_boxes(data):
    """Every box as a dict: start, end, header (length), type, size_at (offset of the
    32-bit size field), large (64-bit size), parent (index or None)."""
    boxes = []

    def walk(start, end, parent):
        pos = start
        while pos + 8 <= end:
            size, kind = struct.unpack(">I4s", data[pos:pos + 8])
            header, large = 8, False
            if size == 1:
                if pos + 16 > end:
                    return
                size = struct.unpack(">Q", data[pos + 8:pos + 16])[0]
                header, large = 16, True
            elif size == 0:
                size = end - pos
            if size < header or pos + size > end:
                return
            index = len(boxes)
            boxes.append(dict(start=pos, end=pos + size, header=header, type=kind,
                              large=large, parent=parent))
            prefix = MP4_PREFIXED.get(kind)
            if kind in MP4_CONTAINERS:
                walk(pos + header + (4 if kind == b"meta" else 0), pos + size, index)
            elif prefix is not None:
                walk(pos + header + prefix, pos + size, index)
            pos += size

    walk(0, len(data), None)
    return boxes


def _mp4_adjust_ancestors(data, boxes, index, delta):
    """Adds delta to the size field of every ancestor of box `index`."""
    parent = boxes[index]["parent"]
    while parent is not None:
        box = boxes[parent]
        if box["large"]:
            at = box["start"] + 8
            data[at:at + 8] = struct.pack(">Q", max(0, struct.unpack(">Q", data[at:at + 8])[0] + delta))
        else:
            at = box["start"]
            old = struct.unpack(">I", data[at:at + 4])[0]
            if old != 0:
                data[at:at + 4] = struct.pack(">I", max(0, min(0xFFFFFFFF, old + delta)))
        parent = box["parent"]


def mp4_size(rng, data):
    boxes = mp4_boxes(data)
    if not boxes:
        return bit_flip(rng, data)
    box = rng.choice(boxes)
    size = box["end"] - box["start"]
    value = rng.choice([0, 1, 7, 8, size - 1, size + 1, size + 8, size * 2, size // 2,
                        0x7FFFFFFF, 0xFFFFFFFF, rng.randrange(1 << 32)]) & 0xFFFFFFFF
    data[box["start"]:box["start"] + 4] = struct.pack(">I", value)
    return data, "mp4 size %s@%d %d->%d" % (box["type"].decode("latin-1"), box["start"], size, value)


def mp4_type(rng, data):
    boxes = mp4_boxes(data)
    if not boxes:
        return bit_flip(rng, data)
    box = rng.choice(boxes)
    new = rng.choice([b"moov", b"mdat", b"trak", b"free", b"stbl", b"stsz", b"stco", b"co64",
                      b"\0\0\0\0", b"uuid", b"moof", b"ctts", b"elst"] + MP4_TABLES)
    data[box["start"] + 4:box["start"] + 8] = new
    return data, "mp4 type %s@%d->%s" % (box["type"].decode("latin-1"), box["start"], new.decode("latin-1"))


def mp4_reorder(rng, data):
    """Swaps two sibling boxes (e.g. moov and mdat, or two traks); sizes stay right."""
    boxes = mp4_boxes(data)
    by_parent = {}
    for i, box in enumerate(boxes):
        by_parent.setdefault(box["parent"], []).append(i)
    groups = [g for g in by_parent.values() if len(g) >= 2]
    if not groups:
        return bit_flip(rng, data)
    group = rng.choice(groups)
    i, j = sorted(rng.sample(group, 2))
    a, b = boxes[i], boxes[j]
    data[:] = (data[:a["start"]] + data[b["start"]:b["end"]] + data[a["end"]:b["start"]]
               + data[a["start"]:a["end"]] + data[b["end"]:])
    return data, "mp4 swap %s@%d<->%s@%d" % (a["type"].decode("latin-1"), a["start"],
                                             b["type"].decode("latin-1"), b["start"])


def mp4_remove(rng, data):
    boxes = mp4_boxes(data)
    if not boxes:
        return delete_range(rng, data)
    i = rng.randrange(len(boxes))
    box = boxes[i]
    fix = rng.random() < 0.7
    if fix:
        _mp4_adjust_ancestors(data, boxes, i, -(box["end"] - box["start"]))
    del data[box["start"]:box["end"]]
    return data, "mp4 remove %s@%d%s" % (box["type"].decode("latin-1"), box["start"], "" if fix else " (sizes stale)")


def mp4_duplicate(rng, data):
    boxes = mp4_boxes(data)
    if not boxes:
        return duplicate_range(rng, data)
    # Small boxes only: duplicating mdat just makes a big file.
    small = [i for i, b in enumerate(boxes) if b["end"] - b["start"] <= 65536] or list(range(len(boxes)))
    i = rng.choice(small)
    box = boxes[i]
    copy = bytes(data[box["start"]:box["end"]])
    fix = rng.random() < 0.7
    if fix:
        _mp4_adjust_ancestors(data, boxes, i, len(copy))
    data[box["end"]:box["end"]] = copy
    return data, "mp4 dup %s@%d%s" % (box["type"].decode("latin-1"), box["start"], "" if fix else " (sizes stale)")


def mp4_field(rng, data):
    """Overwrites a 32-bit field inside a table/header box: entry counts, sample sizes,
    chunk offsets, durations, timescales."""
    boxes = [b for b in mp4_boxes(data) if b["type"] in MP4_TABLES]
    if not boxes:
        return int32_set(rng, data)
    box = rng.choice(boxes)
    payload = box["start"] + box["header"]
    span = box["end"] - payload
    if span < 4:
        return int32_set(rng, data)
    # The first fields (version/flags, entry count) matter most.
    offset = rng.choice([0, 4, 8, 12]) if rng.random() < 0.5 else rng.randrange(0, span - 3) & ~3
    offset = min(offset, span - 4)
    old = struct.unpack(">I", data[payload + offset:payload + offset + 4])[0]
    value = rng.choice(INTERESTING_32 + [old + 1, old - 1, old * 2, old ^ 0x80000000]) & 0xFFFFFFFF
    data[payload + offset:payload + offset + 4] = struct.pack(">I", value)
    return data, "mp4 field %s+%d %#x->%#x" % (box["type"].decode("latin-1"), offset, old, value)


MP4 = [mp4_size, mp4_type, mp4_reorder, mp4_remove, mp4_duplicate, mp4_field, mp4_field]


# --- Matroska / WebM (EBML) --------------------------------------------------

EBML_MASTERS = {0x1A45DFA3, 0x18538067, 0x114D9B74, 0x4DBB, 0x1549A966, 0x1654AE6B, 0xAE,
                0xE0, 0xE1, 0x1F43B675, 0xA0, 0x1C53BB6B, 0xBB, 0xB7, 0x1254C367, 0x7373,
                0x63C0, 0x67C8, 0x6D80, 0x6240, 0x1043A770, 0x45B9, 0xB6}


def _vint(data, pos, keep_marker):
    if pos >= len(data):
        return None
    first = data[pos]
    length = 1
    while length <= 8 and not first & (0x80 >> (length - 1)):
        length += 1
    if length > 8 or pos + length > len(data):
        return None
    value = first if keep_marker else first & (0xFF >> length)
    for b in data[pos + 1:pos + length]:
        value = value << 8 | b
    return value, length


def ebml_elements(data):
    elements = []

    def walk(start, end, parent, depth):
        pos = start
        while pos < end and depth < 8:
            ident = _vint(data, pos, True)
            if not ident:
                return
            size = _vint(data, pos + ident[1], False)
            if not size:
                return
            header = ident[1] + size[1]
            unknown = size[0] == (1 << (7 * size[1])) - 1
            stop = end if unknown else pos + header + size[0]
            if stop > end:
                stop = end
            index = len(elements)
            elements.append(dict(id=ident[0], start=pos, size_at=pos + ident[1], size_len=size[1],
                                 payload=pos + header, end=stop, parent=parent))
            if ident[0] in EBML_MASTERS:
                walk(pos + header, stop, index, depth + 1)
            pos = stop
            if len(elements) > 20000:
                return

    walk(0, len(data), None, 0)
    return elements


def _ebml_write_size(data, element, value):
    length = element["size_len"]
    value = min(value, (1 << (7 * length)) - 1)
    encoded = value | (1 << (7 * length))
    data[element["size_at"]:element["size_at"] + length] = encoded.to_bytes(length, "big")


def ebml_size(rng, data):
    elements = ebml_elements(data)
    if not elements:
        return bit_flip(rng, data)
    element = rng.choice(elements)
    size = element["end"] - element["payload"]
    value = rng.choice([0, 1, size - 1, size + 1, size * 2, size // 2,
                        (1 << (7 * element["size_len"])) - 1, rng.randrange(1 << 20)])
    _ebml_write_size(data, element, max(0, value))
    return data, "ebml size %#x@%d %d->%d" % (element["id"], element["start"], size, value)


def ebml_payload(rng, data):
    """Damages the start of an element's payload: small integers (track numbers,
    dimensions, timecode scale), codec ids, block headers (track, timecode, flags)."""
    elements = [e for e in ebml_elements(data) if e["id"] not in EBML_MASTERS and e["end"] > e["payload"]]
    if not elements:
        return bit_flip(rng, data)
    element = rng.choice(elements)
    span = min(8, element["end"] - element["payload"])
    i = element["payload"] + rng.randrange(span)
    old = data[i]
    data[i] = rng.choice(INTERESTING_8 + [old ^ (1 << rng.randrange(8)), rng.randrange(256)])
    return data, "ebml payload %#x+%d %#x->%#x" % (element["id"], i - element["payload"], old, data[i])


def ebml_reorder(rng, data):
    elements = ebml_elements(data)
    by_parent = {}
    for i, e in enumerate(elements):
        by_parent.setdefault(e["parent"], []).append(i)
    groups = [g for g in by_parent.values() if len(g) >= 2]
    if not groups:
        return bit_flip(rng, data)
    i, j = sorted(rng.sample(rng.choice(groups), 2))
    a, b = elements[i], elements[j]
    if a["end"] > b["start"]:
        return data, "ebml swap (overlap)"
    data[:] = (data[:a["start"]] + data[b["start"]:b["end"]] + data[a["end"]:b["start"]]
               + data[a["start"]:a["end"]] + data[b["end"]:])
    return data, "ebml swap %#x@%d<->%#x@%d" % (a["id"], a["start"], b["id"], b["start"])


def ebml_remove(rng, data):
    elements = ebml_elements(data)
    if not elements:
        return delete_range(rng, data)
    i = rng.randrange(len(elements))
    e = elements[i]
    length = e["end"] - e["start"]
    fix = rng.random() < 0.7
    if fix:
        parent = e["parent"]
        while parent is not None:
            p = elements[parent]
            _ebml_write_size(data, p, max(0, p["end"] - p["payload"] - length))
            parent = p["parent"]
    del data[e["start"]:e["end"]]
    return data, "ebml remove %#x@%d%s" % (e["id"], e["start"], "" if fix else " (sizes stale)")


def ebml_duplicate(rng, data):
    elements = [e for e in ebml_elements(data) if e["end"] - e["start"] <= 65536]
    if not elements:
        return duplicate_range(rng, data)
    e = rng.choice(elements)
    data[e["end"]:e["end"]] = data[e["start"]:e["end"]]
    return data, "ebml dup %#x@%d" % (e["id"], e["start"])


EBML = [ebml_size, ebml_size, ebml_payload, ebml_payload, ebml_reorder, ebml_remove, ebml_duplicate]


# --- MPEG-TS -----------------------------------------------------------------

def _ts_packets(data):
    return [i for i in range(0, len(data) - 187, 188) if data[i] == 0x47]


def ts_header(rng, data):
    """Corrupts a packet's PID, continuity counter, flags or adaptation field length."""
    packets = _ts_packets(data)
    if not packets:
        return bit_flip(rng, data)
    p = rng.choice(packets)
    what = rng.choice(["pid", "cc", "flags", "afl", "pes"])
    if what == "pid":
        pid = rng.choice([0, 0x11, 0x100, 0x101, 0x1000, 0x1FFF, rng.randrange(0x2000)])
        data[p + 1] = (data[p + 1] & 0xE0) | pid >> 8
        data[p + 2] = pid & 0xFF
    elif what == "cc":
        data[p + 3] = (data[p + 3] & 0xF0) | rng.randrange(16)
    elif what == "flags":
        data[p + 1] ^= rng.choice([0x80, 0x40, 0x20])
        data[p + 3] ^= rng.choice([0x10, 0x20, 0x30, 0xC0])
    elif what == "afl":
        data[p + 3] |= 0x20
        data[p + 4] = rng.choice([0, 1, 182, 183, 184, 255])
    else:
        j = p + 4 + rng.randrange(20)
        data[j] = rng.randrange(256)
    return data, "ts %s @packet %d" % (what, p // 188)


def ts_packets(rng, data):
    """Drops, duplicates or swaps whole packets."""
    packets = _ts_packets(data)
    if len(packets) < 2:
        return delete_range(rng, data)
    p = rng.choice(packets)
    count = rng.choice([1, 1, 2, 8])
    what = rng.choice(["drop", "dup", "swap"])
    chunk = bytes(data[p:p + 188 * count])
    if what == "drop":
        del data[p:p + 188 * count]
    elif what == "dup":
        data[p:p] = chunk
    else:
        q = rng.choice(packets)
        a, b = sorted([p, q])
        if b - a >= 188:
            data[:] = data[:a] + data[b:b + 188] + data[a + 188:b] + data[a:a + 188] + data[b + 188:]
    return data, "ts %s %d @packet %d" % (what, count, p // 188)


TS = [ts_header, ts_header, ts_packets]


# --- MPEG audio ----------------------------------------------------------------

def mp3_header(rng, data):
    syncs = [i for i in range(len(data) - 3) if data[i] == 0xFF and data[i + 1] & 0xE0 == 0xE0]
    if not syncs:
        return bit_flip(rng, data)
    i = rng.choice(syncs)
    j = i + rng.randrange(1, 4)
    data[j] ^= 1 << rng.randrange(8)
    return data, "mp3 header @%d byte %d" % (i, j - i)


MP3 = [mp3_header, mp3_header]


def structured_for(name):
    if name.endswith((".mp4", ".mov", ".m4a")):
        return MP4
    if name.endswith((".mkv", ".webm", ".mka")):
        return EBML
    if name.endswith(".ts"):
        return TS
    if name.endswith(".mp3"):
        return MP3
    return []


def splice(rng, data, other):
    """The head of this file with the tail of another."""
    a = rng.randrange(len(data) + 1)
    b = rng.randrange(len(other) + 1)
    data[a:] = other[b:]
    return data, "splice %d + other[%d:]" % (a, b)


def mutate(rng, name, data, others):
    """Applies 1..5 mutations (structure-aware ones two times in three when the
    format is known). Returns (bytes, [descriptions])."""
    data = bytearray(data)
    structured = structured_for(name)
    steps = 1
    while steps < 5 and rng.random() < 0.45:
        steps += 1
    notes = []
    for _ in range(steps):
        roll = rng.random()
        if others and roll < 0.04:
            data, note = splice(rng, data, rng.choice(others))
        elif structured and roll < 0.66:
            data, note = rng.choice(structured)(rng, data)
        else:
            data, note = rng.choice(GENERIC)(rng, data)
        notes.append(note)
        # Keep files small: a runaway duplicate chain is no better a test.
        if len(data) > 512 * 1024:
            del data[512 * 1024:]
    return bytes(data), notes

"""Small v1 HPI archives built byte by byte, for tests that need damage the corpus builder would
never write (a wrong chunk checksum, a stream cut short, a directory size that disagrees)."""
import struct
import zlib


def chunk(body, decompressed_size, method=2, checksum=None):
    """One SQSH chunk (not encrypted) holding body; checksum defaults to the right byte sum."""
    if checksum is None:
        checksum = sum(body) & 0xFFFFFFFF
    return (b'SQSH' + bytes([2, method, 0]) +
            struct.pack('<III', len(body), decompressed_size, checksum) + body)


FOOTER = b'Copyright 1997 Cavedog Entertainment'


def hpi_v1(files, footer=True):
    """A v1 archive (key 0) with files at its root: (name, directory_size, [chunk bytes]), ending
    with the copyright footer retail TA requires unless footer is False."""
    entries_at = 0x14 + 8
    names_at = entries_at + 9 * len(files)
    names = b''.join(name + b'\0' for name, _, _ in files)
    records_at = names_at + len(names)
    data_at = records_at + 9 * len(files)
    entries, records, data, name_at = b'', b'', b'', names_at
    for name, size, chunks in files:
        entries += struct.pack('<IIB', name_at, records_at + len(records), 0)
        name_at += len(name) + 1
        records += struct.pack('<IIB', data_at + len(data), size, 2)
        data += b''.join(struct.pack('<I', len(c)) for c in chunks) + b''.join(chunks)
    head = b'HAPI' + struct.pack('<IIII', 0x00010000, data_at, 0, 0x14)
    archive = head + struct.pack('<II', len(files), entries_at) + entries + names + records + data
    return archive + (FOOTER if footer else b'')


def packed(name, content):
    """A member whose one zlib chunk decodes exactly to content."""
    return (name, len(content), [chunk(zlib.compress(content), len(content))])


def hpi_v1_tree(tree):
    """A v1 archive (key 0) with directories: tree is a list of (name, node), node either a list
    (a directory's own (name, node) pairs) or the bytes of a file, packed as one zlib chunk."""
    out = bytearray(b'HAPI' + struct.pack('<IIII', 0x00010000, 0, 0, 0x14))
    records = []

    def directory(children):
        at = len(out)
        out.extend(struct.pack('<II', len(children), at + 8))
        entries_at = len(out)
        out.extend(bytes(9 * len(children)))
        for i, (name, node) in enumerate(children):
            name_at = len(out)
            out.extend(name + b'\0')
            if isinstance(node, list):
                target, flag = directory(node), 1
            else:
                target, flag = len(out), 0
                out.extend(struct.pack('<IIB', 0, len(node), 2))
                records.append((target, node))
            struct.pack_into('<IIB', out, entries_at + 9 * i, name_at, target, flag)
        return at

    directory(tree)
    struct.pack_into('<I', out, 8, len(out))
    for record, content in records:
        struct.pack_into('<I', out, record, len(out))
        body = chunk(zlib.compress(content), len(content))
        out.extend(struct.pack('<I', len(body)) + body)
    return bytes(out)

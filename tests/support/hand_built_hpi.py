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

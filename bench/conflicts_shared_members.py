"""Writes a game folder for measuring gafcheck conflicts' memory: ARCHIVES v1 archives whose
MEMBERS directory entries all point at one stored data block (every member's content is the same),
each path supplied once per archive. Usage: conflicts_shared_members.py FOLDER [ARCHIVES MEMBERS]"""
import os
import struct
import sys
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'tests', 'support'))
from hand_built_hpi import chunk  # noqa: E402


def shared_archive(count, content):
    """A v1 archive with count root files all pointing at one stored chunk of content."""
    entries_at = 0x14 + 8
    names = [b'm%06d.txt' % i for i in range(count)]
    names_at = entries_at + 9 * count
    blob = b''.join(n + b'\0' for n in names)
    records_at = names_at + len(blob)
    data_at = records_at + 9 * count
    body = chunk(zlib.compress(content), len(content))
    data = struct.pack('<I', len(body)) + body
    entries, name_at = bytearray(), names_at
    for i, name in enumerate(names):
        entries += struct.pack('<IIB', name_at, records_at + 9 * i, 0)
        name_at += len(name) + 1
    records = struct.pack('<IIB', data_at, len(content), 2) * count
    head = b'HAPI' + struct.pack('<IIII', 0x00010000, data_at, 0, 0x14)
    return head + struct.pack('<II', count, entries_at) + bytes(entries) + blob + records + data


def main():
    folder = sys.argv[1]
    archives = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    members = int(sys.argv[3]) if len(sys.argv) > 3 else 60000
    os.makedirs(folder, exist_ok=True)
    archive = shared_archive(members, b'same content in every member\n')
    for a in range(archives):
        with open(os.path.join(folder, 'mod%02d.hpi' % a), 'wb') as out:
            out.write(archive)


if __name__ == '__main__':
    main()

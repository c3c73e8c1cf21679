"""Edits a GAF of a tree as a mod update would: the duration of the first frame reference of its
first entry that has frames (shown one tick longer; a duration of 0 already shows one tick, so it
becomes 2) and, when that frame is raw, one of its pixels. The GAF is the first, in path order,
below FOLDER of TREE that has such an entry. Used by bench/diff.sh.

    python3 edit_first_gaf.py TREE FOLDER
"""
import pathlib
import struct
import sys


def edit(data):
    """Edits DATA (a GAF) in place; False when no entry has a frame."""
    entries = struct.unpack_from('<I', data, 4)[0]
    for slot in range(min(entries, (len(data) - 12) // 4)):
        entry = struct.unpack_from('<I', data, 12 + 4 * slot)[0]
        if entry + 48 > len(data) or struct.unpack_from('<H', data, entry)[0] == 0:
            continue
        frame_pointer, duration = struct.unpack_from('<II', data, entry + 40)
        struct.pack_into('<I', data, entry + 44, duration + 1 if duration else 2)
        if frame_pointer + 24 <= len(data):
            width, height = struct.unpack_from('<HH', data, frame_pointer)
            compressed, layers = data[frame_pointer + 9], data[frame_pointer + 10]
            pixels = struct.unpack_from('<I', data, frame_pointer + 16)[0]
            if compressed == 0 and layers == 0 and width and height and pixels < len(data):
                data[pixels] = (data[pixels] + 1) % 256 or 1
        return True
    return False


tree, folder = pathlib.Path(sys.argv[1]), sys.argv[2]
for path in sorted(p for p in (tree / folder).rglob('*') if p.suffix.lower() == '.gaf'):
    data = bytearray(path.read_bytes())
    if edit(data):
        path.write_bytes(bytes(data))
        print(f'edited {path.relative_to(tree)}')
        break
else:
    sys.exit(f'edit_first_gaf.py: no GAF below {tree / folder} has an entry with frames')

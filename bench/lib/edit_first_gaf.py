"""Edits the first GAF (in path order) of a tree as a mod update would: one pixel of its first
raw frame and the duration of its first frame reference. Used by bench/diff.sh."""
import pathlib
import struct
import sys

tree = pathlib.Path(sys.argv[1])
path = sorted(p for p in tree.rglob('*') if p.suffix.lower() == '.gaf')[0]
data = bytearray(path.read_bytes())
entry = struct.unpack_from('<I', data, 12)[0]           # first entry header
frame_pointer, duration = struct.unpack_from('<II', data, entry + 40)
struct.pack_into('<I', data, entry + 44, duration + 1)  # its first frame shown one tick longer
width, height = struct.unpack_from('<HH', data, frame_pointer)
compressed, layers = data[frame_pointer + 9], data[frame_pointer + 10]
pixels = struct.unpack_from('<I', data, frame_pointer + 16)[0]
if compressed == 0 and layers == 0 and width and height:
    data[pixels] = (data[pixels] + 1) % 256 or 1
path.write_bytes(bytes(data))
print(f'edited {path.relative_to(tree)}')

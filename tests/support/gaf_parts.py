"""GAF files laid out byte by byte from their parts, for the tests and benchmarks that need
structures the corpus builder would never write: entry-table slots aimed at one entry, frame
tables naming one frame header many times, frame headers sharing one block of pixels."""
import struct


def gaf_shared(slots, entries, frames, blobs):
    """A GAF laid out from parts. slots: the entry each slot of the entry table names;
    entries: (name, [(frame, duration)]); frames: dicts width, height, x, y, key, compressed,
    layers and blob (the index of the bytes in blobs their data pointer names)."""
    entry_at = 12 + 4 * len(slots)
    entry_offsets, at = [], entry_at
    for _, refs in entries:
        entry_offsets.append(at)
        at += 40 + 8 * len(refs)
    frame_at = at
    blob_at = frame_at + 24 * len(frames)
    blob_offsets = []
    for blob in blobs:
        blob_offsets.append(blob_at)
        blob_at += len(blob)
    out = bytearray(struct.pack('<III', 0x00010100, len(slots), 0))
    for slot in slots:
        out += struct.pack('<I', entry_offsets[slot])
    for name, refs in entries:
        out += struct.pack('<HHI', len(refs), 1, 0) + name.ljust(32, b'\0')
        for frame, duration in refs:
            out += struct.pack('<II', frame_at + 24 * frame, duration)
    for f in frames:
        out += struct.pack('<HHhhBBBBIII', f['width'], f['height'], f.get('x', 0), f.get('y', 0),
                           f.get('key', 9), f.get('compressed', 0), 0, 0, 0,
                           blob_offsets[f['blob']], 0)
    for blob in blobs:
        out += blob
    return bytes(out)

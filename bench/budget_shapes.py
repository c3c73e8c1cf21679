#!/usr/bin/env python3
"""Worst-case GAF shapes for budgets that stop only the work they bound (bench/budget_walks.sh).

usage: bench/budget_shapes.py OUT_DIR

Since a depth, expansion, frame-reference or entries hit no longer stops the whole walk, these
are the shapes where continuing could cost the most: a deep chain referenced at every frame, a
wide shared DAG referenced 60,000 times, the largest positive entry count, and that count with
no room for the table.
"""
import os
import struct
import sys

out = sys.argv[1]

def frame(w, h, layers, data, compressed=0):
    return struct.pack('<HHhhBBBBIII', w, h, 0, 0, 9, compressed, layers, 0, 0, data, 0)

def entry(name, refs):
    b = bytearray(struct.pack('<HHI', len(refs), 1, 0) + name.encode().ljust(32, b'\0'))
    for r in refs: b += struct.pack('<II', r, 1)
    return b

def gaf(entries_refs, frames_blob_fn):
    # layout: header, table, entries, frames (frames_blob_fn(base) -> bytes, offsets)
    n = len(entries_refs)
    table_at = 12
    at = table_at + 4 * n
    entry_offsets, entry_sizes = [], []
    for refs in entries_refs:
        entry_offsets.append(at); at += 40 + 8 * len(refs)
    frames, resolve = frames_blob_fn(at)
    b = bytearray(struct.pack('<III', 0x00010100, n, 0))
    b += b''.join(struct.pack('<I', o) for o in entry_offsets)
    for i, refs in enumerate(entries_refs):
        b += entry('E%d' % i, [resolve(r) for r in refs])
    return b + frames

# A: a chain of N composites (each header followed by its 1-pointer table), a 1x1 raw leaf;
# refs: one entry per 60000 refs, pointing at every frame of the chain.
def chain(N):
    def blob(base):
        b = bytearray()
        step = 28
        for i in range(N):
            here = base + i * step
            if i + 1 < N:
                b += frame(1, 1, 1, here + 24) + struct.pack('<I', here + step)
            else:
                b += frame(1, 1, 0, here + 24) + b'\x01\x00\x00\x00'
        return b, lambda k: base + k * step
    return blob
N = int(os.environ.get('CHAIN_FRAMES', '120000'))
refs = list(range(0, N))
open(os.path.join(out, 'deep-chain.gaf'), 'wb').write(
    gaf([refs[i:i + 60000] for i in range(0, N, 60000)], chain(N)))

# B: width W, L levels, every frame of a level pointing at every frame of the next (W^L visits),
# and 60000 references to the root.
def dag(W, L):
    def blob(base):
        # root, then levels; each composite: header + W pointers; leaves: header + 1 byte pixel
        comp = 24 + 4 * W
        leaf = 24 + 4
        offs = {}
        at = base
        offs[('root',)] = at; at += comp
        for l in range(1, L + 1):
            for i in range(W):
                offs[(l, i)] = at; at += comp if l < L else leaf
        b = bytearray()
        def table(level, here):
            return b''.join(struct.pack('<I', offs[(level, k)]) for k in range(W))
        b += frame(1, 1, W, offs[('root',)] + 24) + table(1, None)
        for l in range(1, L + 1):
            for i in range(W):
                here = offs[(l, i)]
                if l < L:
                    b += frame(1, 1, W, here + 24) + table(l + 1, None)
                else:
                    b += frame(1, 1, 0, here + 24) + b'\x01\x00\x00\x00'
        return b, lambda k: offs[('root',)]
    return blob
open(os.path.join(out, 'wide-expansion.gaf'), 'wb').write(gaf([[0] * 60000], dag(255, 12)))

# C: 32767 entries (the largest positive count), each one reference to one shared 1x1 frame.
def one_leaf(base):
    return frame(1, 1, 0, base + 24) + b'\x01\x00\x00\x00', lambda k: base
open(os.path.join(out, 'huge-entry-count.gaf'), 'wb').write(gaf([[0]] * 32767, one_leaf))

# D: the same count claimed by a 16-byte file: no room for the table.
open(os.path.join(out, 'entry-count-no-table.gaf'), 'wb').write(
    struct.pack('<IIII', 0x00010100, 0x7FFF, 0, 0))

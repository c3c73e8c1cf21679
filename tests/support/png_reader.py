"""A PNG reader for the Python tests, written from the PNG specification with zlib only (so the
tests do not decode gafcheck's images with the library that wrote them): 8-bit RGB, RGBA or
indexed (colour type 3, with PLTE and tRNS), not interlaced, every row filter."""
import struct
import zlib


def png_chunks(data):
    """[(kind, body)] of a PNG's chunks, in file order."""
    assert data[:8] == b'\x89PNG\r\n\x1a\n'
    pos, chunks = 8, []
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        chunks.append((kind, data[pos + 8:pos + 8 + length]))
        pos += 12 + length
    return chunks


def unfiltered_rows(raw, height, stride, channels):
    rows, previous = [], bytearray(stride)
    for y in range(height):
        filter_type = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if filter_type == 1:
                line[i] = (line[i] + a) & 0xFF
            elif filter_type == 2:
                line[i] = (line[i] + b) & 0xFF
            elif filter_type == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif filter_type == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return rows


def png_indices(data):
    """(width, height, rows of indices, PLTE as [(r, g, b)], tRNS as [alpha]) of an indexed PNG."""
    chunks = png_chunks(data)
    width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', chunks[0][1])
    assert depth == 8 and colour == 3 and interlace == 0, chunks[0]
    plte = next(body for kind, body in chunks if kind == b'PLTE')
    trns = next((body for kind, body in chunks if kind == b'tRNS'), b'')
    idat = b''.join(body for kind, body in chunks if kind == b'IDAT')
    rows = unfiltered_rows(zlib.decompress(idat), height, width, 1)
    palette = [tuple(plte[i:i + 3]) for i in range(0, len(plte), 3)]
    assert all(max(row) < len(palette) for row in rows), 'an index past PLTE'
    return width, height, rows, palette, list(trns)


def png_pixels(data):
    """(width, height, channels, rows of raw bytes) of an 8-bit RGB or RGBA PNG; an indexed one is
    expanded to RGBA (4 channels) through its PLTE and tRNS, a fully transparent pixel as
    (0, 0, 0, 0): its colour is not shown, and gafcheck's RGBA images write it so."""
    header = struct.unpack('>IIBBBBB', png_chunks(data)[0][1])
    width, height, depth, colour, _, _, interlace = header
    if colour == 3:
        _, _, indices, palette, trns = png_indices(data)
        alpha = trns + [255] * (256 - len(trns))
        rows = [b''.join(bytes(palette[i] + (alpha[i],)) if alpha[i] else bytes(4) for i in row)
                for row in indices]
        return width, height, 4, rows
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    channels = 4 if colour == 6 else 3
    idat = b''.join(body for kind, body in png_chunks(data) if kind == b'IDAT')
    return width, height, channels, unfiltered_rows(zlib.decompress(idat), height,
                                                     width * channels, channels)

#!/usr/bin/env python3
"""Writes a C++ source that embeds a text file as a NUL-terminated char array."""
import sys

source, output, symbol = sys.argv[1:4]
data = open(source, 'rb').read()
with open(output, 'w') as out:
    out.write('#include <cstddef>\nnamespace gafcheck {\n')
    out.write(f'extern const char {symbol}[];\nextern const std::size_t {symbol[:-5]}_size;\n')
    out.write(f'const char {symbol}[] = {{\n')
    for start in range(0, len(data), 16):
        out.write(''.join(f'{b - 256 if b > 127 else b},' for b in data[start:start + 16]) + '\n')
    out.write('0};\n')
    out.write(f'const std::size_t {symbol[:-5]}_size = {len(data)};\n}}\n')

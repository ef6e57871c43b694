#!/usr/bin/env python3
"""Checks tools/generate/sounds/make-sounds' WAV files: RIFF/WAVE headers read byte by byte, 44.1 kHz mono 16-bit,
durations, peaks short of full scale, silent ends (fades), the same bytes on two runs and in the
build tree, and that the win rises and the loss falls in pitch. Python standard library only.
Usage: test-make-sounds.py MAKE_SOUNDS [BUILT_SOUND_DIR]"""

import os
import struct
import subprocess
import sys
import tempfile

MAKE_SOUNDS = sys.argv[1]
BUILT = sys.argv[2] if len(sys.argv) > 2 else None
RATE = 44100
# Shortest and longest each sound may last, in seconds: a disc must be a click, the others
# short enough never to lag behind the game.
DURATIONS = {'disc': (0.04, 0.2), 'pass': (0.3, 0.9), 'win': (0.5, 1.5), 'loss': (0.5, 1.5),
             'draw': (0.4, 1.5)}
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print('FAIL: ' + message, flush=True)


def read_wav(path):
    """(sample rate, channels, bits, samples) from the chunks themselves, not the wave module,
    so a header the module would forgive is still caught."""
    with open(path, 'rb') as f:
        data = f.read()
    if data[0:4] != b'RIFF' or data[8:12] != b'WAVE':
        raise ValueError('%s: not a RIFF/WAVE file' % path)
    if struct.unpack('<I', data[4:8])[0] != len(data) - 8:
        raise ValueError('%s: the RIFF size is not the file size less 8' % path)
    position, fmt, samples = 12, None, None
    while position + 8 <= len(data):
        chunk, size = data[position:position + 4], struct.unpack('<I', data[position + 4:position + 8])[0]
        body = data[position + 8:position + 8 + size]
        if len(body) != size:
            raise ValueError('%s: chunk %r at %d runs past the end' % (path, chunk, position))
        if chunk == b'fmt ':
            fmt = struct.unpack('<HHIIHH', body[:16])
        elif chunk == b'data':
            samples = struct.unpack('<%dh' % (size // 2), body)
        position += 8 + size + (size & 1)
    if fmt is None or samples is None:
        raise ValueError('%s: no fmt or data chunk' % path)
    tag, channels, rate, byte_rate, align, bits = fmt
    if tag != 1 or byte_rate != rate * channels * bits // 8 or align != channels * bits // 8:
        raise ValueError('%s: not plain PCM, or inconsistent rates' % path)
    return rate, channels, bits, samples


def pitch(samples, start, seconds):
    """The main frequency of a stretch, from its upward zero crossings (the tones are nearly
    pure sines, so this is close to the fundamental)."""
    window = samples[int(start * RATE):int((start + seconds) * RATE)]
    crossings = sum(1 for a, b in zip(window, window[1:]) if a < 0 <= b)
    return crossings / seconds


def main():
    with tempfile.TemporaryDirectory() as first, tempfile.TemporaryDirectory() as second:
        for outdir in (first, second):
            subprocess.run([sys.executable, MAKE_SOUNDS, outdir], check=True)
        usage = subprocess.run([sys.executable, MAKE_SOUNDS], capture_output=True, text=True)
        check(usage.returncode == 2 and 'Usage' in usage.stderr,
              'make-sounds without a folder should print its usage and exit 2')
        check(sorted(os.listdir(first)) == sorted(name + '.wav' for name in DURATIONS),
              'make-sounds wrote %s' % sorted(os.listdir(first)))
        for name, (shortest, longest) in DURATIONS.items():
            path = os.path.join(first, name + '.wav')
            with open(path, 'rb') as f:
                made = f.read()
            with open(os.path.join(second, name + '.wav'), 'rb') as f:
                check(f.read() == made, '%s.wav differs between two runs' % name)
            if BUILT:
                with open(os.path.join(BUILT, name + '.wav'), 'rb') as f:
                    check(f.read() == made, '%s.wav in the build tree differs from a fresh run' % name)
            try:
                rate, channels, bits, samples = read_wav(path)
            except ValueError as error:
                check(False, str(error))
                continue
            check((rate, channels, bits) == (RATE, 1, 16),
                  '%s.wav is %d Hz, %d channels, %d bits' % (name, rate, channels, bits))
            seconds = len(samples) / rate
            check(shortest <= seconds <= longest,
                  '%s.wav lasts %.3f s, not %.2f-%.2f s' % (name, seconds, shortest, longest))
            peak = max(abs(s) for s in samples) / 32768.0
            # Loud enough to hear, and at least 1 dB short of full scale (no clipping).
            check(0.3 < peak < 0.89, '%s.wav peaks at %.3f of full scale' % (name, peak))
            edge = max(abs(s) for s in samples[:3] + samples[-3:]) / 32768.0
            check(edge < 0.01, '%s.wav starts or ends abruptly (%.3f of full scale)' % (name, edge))
            print('%s.wav: %.3f s, peak %.2f of full scale' % (name, seconds, peak), flush=True)
            if name in ('win', 'loss'):
                early, late = pitch(samples, 0.0, 0.08), pitch(samples, seconds - 0.5, 0.3)
                rising = late > early * 1.3
                falling = late < early / 1.3
                check(rising if name == 'win' else falling,
                      '%s.wav goes from %.0f Hz to %.0f Hz' % (name, early, late))
                print('  from about %.0f Hz to %.0f Hz' % (early, late), flush=True)
    if failures:
        sys.exit(1)
    print('PASS')


if __name__ == '__main__':
    main()

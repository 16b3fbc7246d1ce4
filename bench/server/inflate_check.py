#!/usr/bin/env python3
# Checks the server's permessage-deflate frames with zlib itself, not Beast: a client written
# here over a bare socket offers deflate as chromium does, creates TABLES tables of GAME (one
# seat for it, three random bots), plays its seat with random legal actions to the end, and
# inflates every message with Python's zlib (RFC 7692: each message's bytes plus 00 00 ff ff,
# the context kept). Any frame zlib cannot read, or text that is not JSON, stops it with the
# error. Against a running `sabbat serve --port PORT --messages-per-second 100000`:
#
#   python3 bench/server/inflate_check.py PORT GAME TABLES [DUMP]
#
# DUMP: a file to which every inflated message of the played seat is written, one a line, for
# bench/server/deflate_sweep (the compression settings compared on the same messages). The
# real-time games play with the short timers of wire.sh.
import base64
import json
import os
import random
import socket
import struct
import sys
import zlib

port, game, n = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
def connect():
    s = socket.create_connection(('127.0.0.1', port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(("GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n"
               "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n" % key).encode())
    buf = b''
    while b'\r\n\r\n' not in buf: buf += s.recv(4096)
    head, rest = buf.split(b'\r\n\r\n', 1)
    ext = [l for l in head.decode().split('\r\n') if l.lower().startswith('sec-websocket-extensions')]
    return s, rest, ext
class Conn:
    def __init__(self):
        self.s, self.buf, self.ext = connect()
        self.z = zlib.decompressobj(-15)  # raw deflate, any window up to 32 KiB
        self.msg = b''; self.comp = False
    def need(self, k):
        while len(self.buf) < k:
            d = self.s.recv(65536)
            if not d: raise EOFError
            self.buf += d
    def frame(self):
        self.need(2); b0, b1 = self.buf[0], self.buf[1]; ln = b1 & 0x7f; off = 2
        if ln == 126: self.need(4); ln = struct.unpack('>H', self.buf[2:4])[0]; off = 4
        elif ln == 127: self.need(10); ln = struct.unpack('>Q', self.buf[2:10])[0]; off = 10
        self.need(off + ln); p = self.buf[off:off+ln]; self.buf = self.buf[off+ln:]
        return b0, p
    def next(self):
        while True:
            b0, p = self.frame(); op = b0 & 0x0f
            if op in (1, 2): self.comp = bool(b0 & 0x40); self.msg = p
            elif op == 0: self.msg += p
            elif op == 8: raise EOFError('closed')
            else: continue
            if b0 & 0x80:
                data = self.z.decompress(self.msg + b'\x00\x00\xff\xff') if self.comp else self.msg
                if dump: dump.write(data + b'\n')
                return json.loads(data)
    def send(self, obj):
        data = json.dumps(obj).encode(); mask = os.urandom(4)
        hdr = bytes([0x81]) + (bytes([0x80 | len(data)]) if len(data) < 126 else bytes([0x80 | 126]) + struct.pack('>H', len(data)))
        self.s.sendall(hdr + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))
dump = open(sys.argv[4], 'ab') if len(sys.argv) > 4 else None
# Le Bal's reaction windows close at once when nobody answers: games take seconds; the
# real-time games get wire.sh's short timers.
params = {
    'bal-des-sorcieres': {'window_min_ms': '0', 'window_ms': '1000'},
    'du-balai': {k: '1000' for k in ('setup_time_ms', 'book_time_ms', 'formula_time_ms',
                                     'decret_time_ms', 'decret_time_expert_ms', 'spell_time_ms')}
                | {'reaction_time_ms': '500'},
    'baba-yaga': {'study_time_ms': '1000', 'place_time_ms': '1000', 'move_time_ms': '200',
                  'choice_time_ms': '1000'},
}.get(game, {})
msgs = 0
for t in range(n):
    c = Conn(); c.next()
    c.send({'type': 'create', 'game': game, 'players': 4, 'seed': str(t), 'params': params,
            'seats': [None, {'bot': 'random'}, {'bot': 'random'}, {'bot': 'random'}]})
    code = None
    while code is None:
        m = c.next()
        if m['type'] == 'created': code = m['table']
    w = Conn(); w.next(); w.send({'type': 'join', 'table': code, 'name': 'z', 'seat': 0})
    seq = 0
    while True:
        m = w.next(); msgs += 1
        if m['type'] == 'result': break
        if m['type'] == 'state' and m.get('legal'):
            seq += 1; w.send({'type': 'act', 'seq': seq, 'action': random.choice(m['legal'])})
print(game, n, 'tables played by a seat,', msgs, 'messages inflated by zlib;', w.ext[0] if w.ext else 'no extension')

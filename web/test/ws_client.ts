// A small WebSocket client (RFC 6455, text frames only) over node:http, for tests that talk to
// a real `sabbat serve` from Node 18, which has no WebSocket of its own. It sends masked text
// frames, answers pings, reassembles fragmented messages and hands every text message to
// `onmessage` as a string.
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';

export class WsClient {
  onmessage: (text: string) => void = () => {};
  onclose: () => void = () => {};
  closed = false;
  private buf = Buffer.alloc(0);
  private parts: Buffer[] = [];

  private constructor(private readonly socket: Socket) {}

  static connect(url: string): Promise<WsClient> {
    const u = new URL(url);
    return new Promise((resolve, reject) => {
      const req = request({
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        headers: {
          Connection: 'Upgrade',
          Upgrade: 'websocket',
          'Sec-WebSocket-Version': '13',
          'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
        },
      });
      req.on('upgrade', (_res, socket, head) => {
        const c = new WsClient(socket);
        socket.on('data', (d: Buffer) => c.receive(d));
        socket.on('close', () => {
          c.closed = true;
          c.onclose();
        });
        socket.on('error', () => {});
        resolve(c);
        // After the caller's `await` has set onmessage: the first frames may come with the upgrade.
        if (head.length) setImmediate(() => c.receive(head));
      });
      req.on('response', (res) => reject(new Error(`no WebSocket upgrade: HTTP ${res.statusCode}`)));
      req.on('error', reject);
      req.end();
    });
  }

  send(text: string): void {
    this.frame(0x1, Buffer.from(text, 'utf8'));
  }

  close(): void {
    if (!this.closed) this.socket.end();
  }

  private frame(opcode: number, payload: Buffer): void {
    const n = payload.length;
    const head = n < 126 ? Buffer.alloc(2) : n < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
    head[0] = 0x80 | opcode;
    if (n < 126) head[1] = 0x80 | n;
    else if (n < 65536) {
      head[1] = 0x80 | 126;
      head.writeUInt16BE(n, 2);
    } else {
      head[1] = 0x80 | 127;
      head.writeBigUInt64BE(BigInt(n), 2);
    }
    const mask = randomBytes(4);
    const body = Buffer.alloc(n);
    for (let i = 0; i < n; ++i) body[i] = payload[i] ^ mask[i & 3];
    this.socket.write(Buffer.concat([head, mask, body]));
  }

  private receive(data: Buffer): void {
    this.buf = Buffer.concat([this.buf, data]);
    for (;;) {
      if (this.buf.length < 2) return;
      const fin = (this.buf[0] & 0x80) !== 0;
      const opcode = this.buf[0] & 0x0f;
      const masked = (this.buf[1] & 0x80) !== 0;
      let n = this.buf[1] & 0x7f;
      let at = 2;
      if (n === 126) {
        if (this.buf.length < 4) return;
        n = this.buf.readUInt16BE(2);
        at = 4;
      } else if (n === 127) {
        if (this.buf.length < 10) return;
        n = Number(this.buf.readBigUInt64BE(2));
        at = 10;
      }
      const maskAt = at;
      if (masked) at += 4;
      if (this.buf.length < at + n) return;
      const payload = Buffer.from(this.buf.subarray(at, at + n));
      if (masked) for (let i = 0; i < n; ++i) payload[i] ^= this.buf[maskAt + (i & 3)];
      this.buf = this.buf.subarray(at + n);
      if (opcode === 0x9) this.frame(0xa, payload);
      else if (opcode === 0x8) this.close();
      else if (opcode === 0x1 || opcode === 0x0) {
        this.parts.push(payload);
        if (fin) {
          const text = Buffer.concat(this.parts).toString('utf8');
          this.parts = [];
          this.onmessage(text);
        }
      }
    }
  }
}

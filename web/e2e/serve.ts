// Starts `sabbat serve` on a free port with a fresh store out of the repository, and resolves
// with its URL once it prints it. `removeStore`: the store is deleted when the server stops.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Served {
  url: string;
  stop: () => void;
}

export function spawnServe(bin: string, args: string[], storePrefix: string, removeStore = false): Promise<Served> {
  const data = mkdtempSync(join(tmpdir(), storePrefix));
  const child = spawn(bin, ['serve', '--port', '0', '--data', data, ...args], { cwd: data, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`sabbat serve printed no URL: ${seen}`)), 20000);
    const look = (b: Buffer) => {
      seen += b.toString();
      const m = /http:\/\/[^\s/]+:\d+/.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[0],
          stop: () => {
            child.kill('SIGTERM');
            if (removeStore) rmSync(data, { recursive: true, force: true });
          },
        });
      }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('exit', (code) => reject(new Error(`sabbat serve exited (${code}): ${seen}`)));
  });
}

// Checks protocol messages against the JSON Schemas of docs/protocol/ (draft 2020-12): every
// client -> server message against client-message.schema.json, every server -> client one
// against server-message.schema.json, and a `state` message also against its game's
// <game>.state.schema.json (its view and every event), a `history` against
// <game>.history.schema.json (every event). The schemas are read from the
// repository's docs/protocol/ at run time, found upward from this module or the working
// directory, so that a test checks the files a client author reads.
import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction, ErrorObject } from 'ajv';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyPatch, type PatchOp } from '../src/protocol/patch';

export const GAMES = ['sortileges', 'du-balai', 'baba-yaga', 'bal-des-sorcieres'] as const;

// One message as a test saw it: `sent` by the client, or received from the server. `game`
// names the table's game when the caller knows it; otherwise the last `table` message of the
// list tells it.
export interface Frame {
  sent?: boolean;
  game?: string;
  message: unknown;
}

export function protocolDir(): string {
  const starts = [dirname(fileURLToPath(import.meta.url)), process.cwd()];
  for (const start of starts) {
    for (let dir = resolve(start); ; dir = dirname(dir)) {
      const p = join(dir, 'docs', 'protocol');
      if (existsSync(join(p, 'server-message.schema.json'))) return p;
      if (dirname(dir) === dir) break;
    }
  }
  throw new Error('protocol schemas: no docs/protocol/server-message.schema.json above ' + starts.join(' or '));
}

export class ProtocolSchemas {
  readonly files: string[];
  private readonly ajv: InstanceType<typeof Ajv2020>;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(dir = protocolDir()) {
    this.ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false, allowUnionTypes: true });
    this.files = readdirSync(dir).filter((f) => f.endsWith('.schema.json')).sort();
    for (const f of this.files) {
      const schema = JSON.parse(readFileSync(join(dir, f), 'utf8'));
      if (schema.$id !== f) throw new Error(`protocol schemas: ${f} has $id ${JSON.stringify(schema.$id)}, not its file name`);
      this.ajv.addSchema(schema);
    }
    // Compiling every schema now reports a broken reference at once, not at the first message.
    for (const f of this.files) this.validator(f);
  }

  validator(id: string): ValidateFunction {
    let v = this.cache.get(id);
    if (!v) {
      v = this.ajv.getSchema(id);
      if (!v) throw new Error(`protocol schemas: no schema ${id}`);
      this.cache.set(id, v);
    }
    return v;
  }

  // The errors of one value against one schema, as readable lines; empty when it is valid.
  check(id: string, value: unknown): string[] {
    const v = this.validator(id);
    if (v(value)) return [];
    return describe(v.errors ?? []);
  }

  // The errors of a list of messages, each line naming the message by its index and type. The
  // list is one connection's: a state's `view_patch` is applied to the view before it, and the
  // view it makes is checked by the game's schema.
  checkFrames(frames: Frame[], game?: string): string[] {
    const out: string[] = [];
    let known = game;
    let view: unknown = undefined;
    frames.forEach((f, i) => {
      const m = f.message as any;
      const what = `#${i} ${f.sent ? 'sent' : 'received'} ${typeof m?.type === 'string' ? m.type : '(no type)'}`;
      const fail = (errs: string[]) => errs.forEach((e) => out.push(`${what}: ${e}`));
      if (f.sent) return fail(this.check('client-message.schema.json', m));
      if (m?.type === 'table' && typeof m?.status?.game === 'string') known = m.status.game;
      fail(this.check('server-message.schema.json', m));
      // A state's view and events, and a history's events, by the game's own schema.
      let whole = m;
      if (m?.type === 'state' && Array.isArray(m.view_patch)) {
        if (view === undefined) out.push(`${what}: a view_patch before any view`);
        try {
          const { view_patch, ...rest } = m;
          whole = { ...rest, view: applyPatch(view, view_patch as PatchOp[]) };
        } catch (e) {
          out.push(`${what}: the view_patch does not apply: ${(e as Error).message}`);
        }
      }
      if (m?.type === 'state') view = whole.view;
      if (m?.type === 'state' || m?.type === 'history') {
        const g = f.game ?? known;
        if (!g) out.push(`${what}: a ${m.type} message whose game is unknown (no table message before it)`);
        else if (!(GAMES as readonly string[]).includes(g)) out.push(`${what}: no schema for the game ${g}`);
        else fail(this.check(`${g}.${m.type}.schema.json`, whole));
      }
    });
    return out;
  }
}

function describe(errors: ErrorObject[]): string[] {
  // An `if`'s failure repeats what its `then` said: the detailed lines are enough.
  return errors
    .filter((e) => e.keyword !== 'if')
    .map((e) => {
      const at = e.instancePath || '(the message)';
      const extra =
        e.keyword === 'additionalProperties'
          ? ` (${(e.params as any).additionalProperty})`
          : e.keyword === 'enum'
            ? ` (${JSON.stringify((e.params as any).allowedValues)})`
            : e.keyword === 'const'
              ? ` (${JSON.stringify((e.params as any).allowedValue)})`
              : '';
      return `${at} ${e.message}${extra} [${e.schemaPath}]`;
    });
}

let shared: ProtocolSchemas | null = null;

// For the browser tests: the errors of the messages a run saw (empty when all are valid).
export function validateFrames(frames: Frame[], game?: string): string[] {
  shared ??= new ProtocolSchemas();
  return shared.checkFrames(frames, game);
}

// Every WebSocket message of a browser run, one list per connection, for the checks above.
// `watchBrowser` makes every page of every context the browser opens from then on record its
// WebSockets' frames (sent and received); pages whose WebSocket a test answers itself
// (routeWebSocket) record theirs through `mockConnection`, since no real socket carries them.
export interface Connection {
  where: string;
  frames: Frame[];
}

export class FrameWatch {
  readonly connections: Connection[] = [];

  connection(where: string): Connection {
    const c = { where, frames: [] as Frame[] };
    this.connections.push(c);
    return c;
  }

  // The errors of every connection's messages, each line naming its connection.
  errors(): string[] {
    const out: string[] = [];
    for (const c of this.connections) for (const e of validateFrames(c.frames)) out.push(`${c.where}: ${e}`);
    return out;
  }

  count(): number {
    return this.connections.reduce((n, c) => n + c.frames.length, 0);
  }
}

let current: FrameWatch | null = null;

// Minimal shapes of playwright-core's Browser, BrowserContext, Page and WebSocket, so that this
// module needs no import of playwright-core (the unit tests load it too).
interface WsLike {
  url(): string;
  on(event: 'framesent' | 'framereceived', f: (frame: { payload: string | Buffer }) => void): unknown;
}
interface PageLike {
  on(event: 'websocket', f: (ws: WsLike) => void): unknown;
}
interface ContextLike {
  on(event: 'page', f: (page: PageLike) => void): unknown;
}
interface BrowserLike {
  newContext(...args: any[]): Promise<ContextLike>;
  newPage(...args: any[]): Promise<PageLike>;
}

function record(list: Frame[], sent: boolean, payload: string | Buffer) {
  const text = typeof payload === 'string' ? payload : payload.toString('utf8');
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    message = { type: '(not JSON)', text: text.slice(0, 200) };
  }
  list.push({ sent, message });
}

function watchPage(watch: FrameWatch, page: PageLike) {
  page.on('websocket', (ws) => {
    const c = watch.connection(ws.url());
    ws.on('framesent', (f) => record(c.frames, true, f.payload));
    ws.on('framereceived', (f) => record(c.frames, false, f.payload));
  });
}

export function watchBrowser<B extends BrowserLike>(browser: B): FrameWatch {
  const watch = new FrameWatch();
  current = watch;
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (...args: any[]) => {
    const ctx = await newContext(...args);
    ctx.on('page', (page) => watchPage(watch, page));
    return ctx;
  };
  browser.newPage = async (...args: any[]) => {
    const page = await newPage(...args);
    watchPage(watch, page);
    return page;
  };
  return watch;
}

// A connection a test answers itself: `send` records what the mock sends to the page, `got`
// what the page sent. Without a watch (a test run on its own) it records nothing.
export function mockConnection(where: string): { send: (m: unknown) => string; got: (raw: string | Buffer) => any } {
  const c = current?.connection(`${where} (mocked)`);
  return {
    send: (m) => {
      const text = JSON.stringify(m);
      if (c) record(c.frames, false, text);
      return text;
    },
    got: (raw) => {
      const text = typeof raw === 'string' ? raw : raw.toString('utf8');
      if (c) record(c.frames, true, text);
      return JSON.parse(text);
    },
  };
}

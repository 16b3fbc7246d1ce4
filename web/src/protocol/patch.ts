// A state's `view_patch` (docs/protocol.md): a JSON Patch (RFC 6902) of the last view, made of
// "add", "remove" and "replace" operations. Applied without touching the old view: every
// object and array on an operation's path is copied, the rest is shared, so the page's
// components see a new value exactly where something changed.

export interface PatchOp {
  op: 'add' | 'remove' | 'replace';
  path: string;
  value?: unknown;
}

// RFC 6901: "/a~1b/0" is ["a/b", "0"].
function tokens(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw new Error(`view_patch: the path ${JSON.stringify(path)} does not start with /`);
  return path
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function index(arr: unknown[], token: string, path: string, adding: boolean): number {
  if (adding && token === '-') return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`view_patch: ${path}: ${token} is not an array index`);
  const i = Number(token);
  if (i > arr.length || (!adding && i === arr.length)) throw new Error(`view_patch: ${path}: index ${i} is out of range`);
  return i;
}

function copy(c: unknown, path: string): Record<string, unknown> | unknown[] {
  if (Array.isArray(c)) return c.slice();
  if (c !== null && typeof c === 'object') return { ...(c as Record<string, unknown>) };
  throw new Error(`view_patch: ${path}: no object or array to change there`);
}

function applyOne(doc: unknown, o: PatchOp): unknown {
  const path = tokens(o.path);
  if (o.op !== 'add' && o.op !== 'remove' && o.op !== 'replace') throw new Error(`view_patch: unknown op ${JSON.stringify(o.op)}`);
  if (path.length === 0) {
    if (o.op === 'remove') throw new Error('view_patch: the whole view cannot be removed');
    return o.value;
  }
  const root = copy(doc, o.path);
  let parent: any = root;
  for (const t of path.slice(0, -1)) {
    const key = Array.isArray(parent) ? index(parent, t, o.path, false) : t;
    if (!Array.isArray(parent) && !Object.prototype.hasOwnProperty.call(parent, key)) throw new Error(`view_patch: ${o.path}: no member ${t}`);
    parent[key] = copy(parent[key], o.path);
    parent = parent[key];
  }
  const last = path[path.length - 1];
  if (Array.isArray(parent)) {
    const i = index(parent, last, o.path, o.op === 'add');
    if (o.op === 'add') parent.splice(i, 0, o.value);
    else if (o.op === 'remove') parent.splice(i, 1);
    else parent[i] = o.value;
  } else {
    const has = Object.prototype.hasOwnProperty.call(parent, last);
    if (o.op !== 'add' && !has) throw new Error(`view_patch: ${o.path}: no member ${last}`);
    if (o.op === 'remove') delete parent[last];
    else parent[last] = o.value;
  }
  return root;
}

// The view after `ops`; throws on an operation that does not apply (the page then asks for a
// whole view again).
export function applyPatch(view: unknown, ops: readonly PatchOp[]): unknown {
  let out = view;
  for (const o of ops) out = applyOne(out, o);
  return out;
}

// Three addresses: `/` (the lobby), `/t/CODE` (a table; the invite link) and
// `/t/CODE/replay?seat=K` (a finished game, step by step, through seat K's eyes or a spectator's).
export type Viewer = number | 'spectator';
export type Route = { page: 'lobby' } | { page: 'table'; code: string } | { page: 'replay'; code: string; seat: Viewer };

export function parseRoute(path: string, search = ''): Route {
  const m = /^\/t\/([A-Za-z0-9_-]{1,64})(\/replay)?\/?$/.exec(path);
  if (!m) return { page: 'lobby' };
  if (!m[2]) return { page: 'table', code: m[1] };
  const seat = new URLSearchParams(search).get('seat');
  return { page: 'replay', code: m[1], seat: seat !== null && /^\d{1,2}$/.test(seat) ? Number(seat) : 'spectator' };
}

export function replayPath(code: string, seat: Viewer): string {
  return `/t/${code}/replay?seat=${seat}`;
}

export function go(path: string): void {
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}

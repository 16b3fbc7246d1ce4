// Two addresses: `/` (the lobby) and `/t/CODE` (a table; the invite link).
export type Route = { page: 'lobby' } | { page: 'table'; code: string };

export function parseRoute(path: string): Route {
  const m = /^\/t\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path);
  return m ? { page: 'table', code: m[1] } : { page: 'lobby' };
}

export function go(path: string): void {
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}

import { useEffect, useState } from 'preact/hooks';
import { detectLang, lang, loadLang, setLang, t, type Lang } from './i18n/i18n';
import { Lobby } from './lobby/Lobby';
import { ReplayPage } from './replay/ReplayPage';
import { TableRoute } from './table/TableRoute';
import { setBaseTitle } from './table/turn';
import { parseRoute, go } from './route';

function savedLang(): string | null {
  try {
    return localStorage.getItem('sabbat.lang');
  } catch {
    return null;
  }
}

// The language the page opens in; main.tsx loads its catalog before the first render.
export function firstLang(): Lang {
  return detectLang(savedLang(), navigator.languages ?? [navigator.language]);
}

export function App() {
  const [route, setRoute] = useState(parseRoute(location.pathname, location.search));
  const [l, setL] = useState<Lang>(lang());
  useEffect(() => {
    const on = () => setRoute(parseRoute(location.pathname, location.search));
    addEventListener('popstate', on);
    return () => removeEventListener('popstate', on);
  }, []);
  useEffect(() => {
    document.documentElement.lang = l;
    setBaseTitle(route.page === 'lobby' ? 'Sabbat' : `${route.page === 'replay' ? t('replay_title') : t('table')} ${route.code} · Sabbat`);
  }, [l, route]);
  const switchTo = async (n: Lang) => {
    try {
      await loadLang(n);
    } catch {
      return; // the catalog could not be fetched: the page stays in the language it has
    }
    setLang(n);
    try {
      localStorage.setItem('sabbat.lang', n);
    } catch {
      /* the switch still works for this page */
    }
    setL(n);
  };
  return (
    <div class="app" key={l}>
      <header class="top">
        <a
          class="brand"
          href="/"
          onClick={(e) => {
            e.preventDefault();
            go('/');
          }}
        >
          Sabbat
        </a>
        <nav class="langs" aria-label={t('language')}>
          {(['fr', 'en'] as Lang[]).map((x) => (
            <button type="button" class={x === l ? 'lang on' : 'lang'} aria-pressed={x === l} onClick={() => switchTo(x)} lang={x}>
              {x === 'fr' ? 'Français' : 'English'}
            </button>
          ))}
        </nav>
      </header>
      <main>{route.page === 'lobby' ? <Lobby /> : route.page === 'replay' ? <ReplayPage code={route.code} seat={route.seat} /> : <TableRoute code={route.code} />}</main>
    </div>
  );
}

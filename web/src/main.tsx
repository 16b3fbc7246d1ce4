import './styles.css';
import './table.css';
import { render } from 'preact';
import { App, firstLang } from './app';
import { loadLang, setLang, type Lang } from './i18n/i18n';

// The page's language first (its catalog is a script of its own), then the page. Should that
// script fail to arrive, English is tried before giving up.
async function start(): Promise<void> {
  let l: Lang = firstLang();
  try {
    await loadLang(l);
  } catch {
    l = 'en';
    await loadLang(l);
  }
  setLang(l);
  render(<App />, document.getElementById('app')!);
}
void start();

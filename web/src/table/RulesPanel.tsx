// The game's rules for players (docs/play, built into play/<game>.<lang>.html), opened beside
// the table and fetched only when asked for; in English when the page's language has none.
import { useEffect, useState } from 'preact/hooks';
import { lang, t } from '../i18n/i18n';
import { playerRulesUrl } from '../rules_page';

export function RulesPanel({ game }: { game: string }) {
  const [open, setOpen] = useState(false);
  const [html, setHtml] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const l = lang();
  useEffect(() => {
    if (!open || html !== null) return;
    const page = (x: string) => fetch(playerRulesUrl(game, x)).then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))));
    // A game whose rules are not written in French yet shows the English page.
    page(l)
      .catch((e) => (l === 'en' ? Promise.reject(e) : page('en')))
      .then(setHtml)
      .catch((e) => setProblem(t('rules_unavailable', { why: String(e.message ?? e) })));
  }, [open, game, l, html]);
  return (
    <section class="rules-panel">
      <button type="button" class="rules-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('rules_close') : t('rules_open')}
      </button>
      {open && (
        <div class="rules-text panel" role="region" aria-label={t('rules_open')}>
          {problem ? <p class="problem">{problem}</p> : html === null ? <p aria-busy="true">{t('loading')}</p> : <div dangerouslySetInnerHTML={{ __html: html }} />}
        </div>
      )}
    </section>
  );
}

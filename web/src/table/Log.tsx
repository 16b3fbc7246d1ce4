// What happened, newest last; announced to screen readers as it arrives.
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../i18n/i18n';
import type { LogLine } from '../protocol/session';

export function Log({ lines, narrate }: { lines: LogLine[]; narrate?: (l: LogLine) => string | null }) {
  const box = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length]);
  return (
    <section class="log panel" aria-labelledby="log-title">
      <h2 id="log-title">{t('log')}</h2>
      <ol ref={box} class="log-lines" aria-live="polite" aria-relevant="additions" tabIndex={0}>
        {lines.map((l) => (
          <li class={`ev ev-${l.kind}`}>{narrate?.(l) ?? l.text}</li>
        ))}
      </ol>
    </section>
  );
}

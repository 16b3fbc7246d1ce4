// The table's chat (docs/protocol.md, "Chat"): short texts and quick reactions from the seats,
// and from spectators when the owner allows; the owner's controls. Texts are shown as plain
// text (Preact writes them as text nodes, never as markup). On a phone it stays closed behind
// a button with an unread count, so that it never pushes the live board off the screen.
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n/i18n';
import type { Connection } from '../protocol/connection';
import type { Session } from '../protocol/session';
import { REACTIONS, type ChatEntry } from '../protocol/types';

const NARROW = '(max-width: 700px)';

function narrow(): boolean {
  return typeof matchMedia === 'function' && matchMedia(NARROW).matches;
}

// Entries newer than the last one seen.
export function unread(chat: ChatEntry[], seen: number): number {
  return chat.filter((e) => e.id > seen).length;
}

export function ChatPanel({ s, conn, code, names, owner }: { s: Session; conn: Connection; code: string; names: string[]; owner: boolean }) {
  const [open, setOpen] = useState(!narrow());
  const [seen, setSeen] = useState(0);
  const [draft, setDraft] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const status = s.status!;
  const rules = status.chat ?? { spectators_write: false, muted: [] };
  const last = s.chat.length ? s.chat[s.chat.length - 1].id : 0;
  useEffect(() => {
    if (open) setSeen(last);
    if (open && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [open, last]);
  const mayWrite = s.role === 'seat' ? !rules.muted.includes(s.seat!) : s.role === 'spectator' && rules.spectators_write;
  const why = s.role === 'seat' ? t('chat_muted_note') : t('chat_closed_note');
  const fresh = open ? 0 : unread(s.chat, seen);
  const send = (e: Event) => {
    e.preventDefault();
    if (conn.say(draft)) setDraft('');
  };
  const who = (e: ChatEntry) => (e.seat === null ? t('chat_spectator') : e.name || names[e.seat] || t('seat_n', { n: e.seat + 1 }));
  return (
    <section class={open ? 'chat panel open' : 'chat panel'} aria-labelledby="chat-title">
      <h2 id="chat-title">
        <button type="button" class="chat-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
          {t('chat_title')}
          {fresh > 0 && <span class="chat-unread"> · {t('chat_unread', { n: fresh })}</span>}
        </button>
        <span class="chat-heading">{t('chat_title')}</span>
      </h2>
      {open && (
        <div class="chat-body">
          <ol class="chat-lines" ref={list} aria-live="polite">
            {s.chat.length === 0 && <li class="chat-empty">{t('chat_empty')}</li>}
            {s.chat.map((e) => (
              <li key={e.id} class={e.reaction ? 'chat-line reaction' : 'chat-line'}>
                <b class="chat-who">{who(e)}</b>
                {t('colon')}
                {e.reaction ? <span class="chat-reaction">{e.reaction}</span> : <span class="chat-text">{e.text}</span>}
              </li>
            ))}
          </ol>
          {s.chatProblem && (
            <p class="problem chat-problem" role="alert">
              {s.chatProblem.message}
            </p>
          )}
          {mayWrite ? (
            <>
              <div class="chat-reactions" role="group" aria-label={t('chat_reactions')}>
                {REACTIONS.map((r) => (
                  <button type="button" class="chat-react" aria-label={t('chat_react', { r })} onClick={() => conn.react(r)}>
                    {r}
                  </button>
                ))}
              </div>
              <form class="chat-form" onSubmit={send}>
                <input type="text" maxLength={200} value={draft} aria-label={t('chat_placeholder')} placeholder={t('chat_placeholder')} onInput={(e) => setDraft((e.target as HTMLInputElement).value)} />
                <button type="submit" disabled={draft.trim() === ''}>
                  {t('chat_send')}
                </button>
              </form>
            </>
          ) : (
            <p class="small chat-note">{why}</p>
          )}
          {owner && <ChatRulesPanel conn={conn} code={code} names={names} s={s} />}
        </div>
      )}
    </section>
  );
}

function ChatRulesPanel({ conn, code, names, s }: { conn: Connection; code: string; names: string[]; s: Session }) {
  const status = s.status!;
  const rules = status.chat ?? { spectators_write: false, muted: [] };
  return (
    <details class="chat-rules">
      <summary>{t('chat_rules_title')}</summary>
      <label>
        <input type="checkbox" checked={rules.spectators_write} onChange={(e) => conn.chatRules(code, { spectators_write: (e.target as HTMLInputElement).checked })} /> {t('chat_spectators_write')}
      </label>
      <ul>
        {status.seats
          .filter((x) => x.kind === 'human' && x.taken)
          .map((x) => {
            const muted = rules.muted.includes(x.seat);
            return (
              <li>
                <button type="button" class="chat-mute" onClick={() => conn.chatRules(code, muted ? { unmute: x.seat } : { mute: x.seat })}>
                  {muted ? t('chat_unmute', { name: names[x.seat] }) : t('chat_mute', { name: names[x.seat] })}
                </button>
              </li>
            );
          })}
      </ul>
    </details>
  );
}

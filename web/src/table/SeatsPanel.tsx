import { t } from '../i18n/i18n';
import type { TableStatus } from '../protocol/types';
import { seatLabel, seatNo } from './seats';
import { SoundToggle } from './turn';
import { AidToggle } from './aid';

export function SeatsPanel({ status, names, actors, you }: { status: TableStatus; names: string[]; actors: number[]; you: number | null }) {
  return (
    <section class="seats panel" aria-labelledby="seats-title">
      <h2 id="seats-title">{t('seats')}</h2>
      <ul>
        {status.seats.map((s) => (
          <li class={actors.includes(s.seat) ? 'seat acting' : 'seat'}>
            <span class="seat-no" aria-label={seatLabel(s.seat)}>{seatNo(s.seat)}</span> {names[s.seat]}
            {s.seat === you && <em> ({t('you')})</em>}
            {s.kind === 'human' && s.taken && !s.connected && <span class="away"> · {t('away')}</span>}
            {s.kind === 'human' && !s.taken && <span class="away"> · {t('free_seat')}</span>}
            {s.kind === 'human' && s.stand_in && <span class="stand-in"> · {t('stand_in_note', { bot: s.stand_in })}</span>}
            {status.ready_step && s.kind === 'human' && (
              <span class={s.ready ? 'ready-mark is-ready' : 'ready-mark'}> · {s.ready === 'owner' ? t('ready_mark_owner') : s.ready ? `✓ ${t('ready_mark')}` : t('ready_not_yet')}</span>
            )}
            {actors.includes(s.seat) && <span class="turn-mark"> · {t('to_play')}</span>}
          </li>
        ))}
      </ul>
      {you !== null && status.phase !== 'finished' && <SoundToggle />}
      {status.phase !== 'finished' && <AidToggle />}
      {status.watchers ? <p class="small">{t('watchers', { n: status.watchers })}</p> : null}
    </section>
  );
}

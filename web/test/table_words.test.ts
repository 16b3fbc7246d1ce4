// The table page's words: a bot at the table is named as the table form names its level, in the
// page's language (the games' simple, seasoned and heuristic bots are the normal level).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang, t } from '../src/i18n/i18n';
import { botName, seatNames } from '../src/table/seats';
import { botChoices } from '../src/lobby/params';
import type { GameInfo, TableStatus } from '../src/protocol/types';

const game = (bots: string[], default_bot: string) => ({ id: 'g', name: 'G', min_players: 2, max_players: 4, default_players: 2, facts: { hidden_information: true, chance: true, real_time: true }, bots, default_bot, params: [] }) as GameInfo;

test('bots: one name per level at the table, the form’s own label, in both languages', () => {
  for (const lang of ['en', 'fr'] as const) {
    setLang(lang);
    for (const [bot, level] of [['simple', 'normal'], ['seasoned', 'normal'], ['heuristic', 'normal'], ['random', 'random'], ['novice', 'novice'], ['expert', 'expert']] as const) {
      assert.equal(botName(bot), t(`bot_level_${level}`), `${lang} ${bot}`);
      const form = botChoices(game([bot], bot)).find((c) => c.id === bot)!;
      assert.equal(botName(bot), form.label, `${lang} ${bot}: the table says what the form said`);
    }
    assert.equal(botName('stranger'), t('bot_named', { bot: 'stranger' }), 'a bot the page does not know keeps its name');
  }
  setLang('fr');
  const status = { table: 'x', game: 'du-balai', players: 2, params: {}, phase: 'playing', spectators: true, seats: [{ seat: 0, kind: 'human', name: 'Alice', taken: true, connected: true, stand_in: null }, { seat: 1, kind: 'bot', bot: 'simple' }] } as TableStatus;
  assert.deepEqual(seatNames(status, 2), ['Alice', t('bot_level_normal')], 'no English bot name on the French page');
  setLang('en');
});

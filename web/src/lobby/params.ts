// Parameters in plain words: the catalog's label and help for a known parameter, the server's
// own description (English) for one this page does not know yet.
import { tMaybe } from '../i18n/i18n';
import type { ParamSpec } from '../protocol/types';

const gameKey = (game: string) => game.replace(/-/g, '_');

// pilot_0 ... pilot_5 share one label with the seat number.
function split(name: string): { base: string; n: number | null } {
  const m = /^(.*)_(\d)$/.exec(name);
  return m ? { base: m[1], n: Number(m[2]) } : { base: name, n: null };
}

export function paramLabel(game: string, p: ParamSpec): string {
  const { base, n } = split(p.name);
  return tMaybe(`param_${gameKey(game)}_${base}`, p.name, n === null ? undefined : { n });
}

export function paramHelp(game: string, p: ParamSpec): string {
  const { base } = split(p.name);
  return tMaybe(`param_${gameKey(game)}_${base}_help`, p.description ?? '');
}

export function choiceLabel(game: string, p: ParamSpec, value: string): string {
  const { base } = split(p.name);
  if (p.kind === 'boolean') return tMaybe(`value_${value}`, value);
  return tMaybe(`choice_${gameKey(game)}_${base}_${value.replace(/-/g, '_')}`, value);
}

export function defaultText(game: string, p: ParamSpec): string {
  return p.kind === 'integer' ? p.default : choiceLabel(game, p, p.default);
}

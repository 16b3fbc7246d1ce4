// Requirement (the result says how each score is made): Le Bal's score is the number of witches
// eliminated before her; the last witch's line says so, her Crapzouilles only beside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang, t } from '../src/i18n/i18n';

test('bal result: the winner\'s points are the witches eliminated before her, not her Crapzouilles', () => {
  setLang('en');
  assert.equal(t('bal_bd_winner', { n: 5, out: 2 }), 'the last witch at the ball, 2 witches eliminated before her (she kept 5 Crapzouilles)');
  setLang('fr');
  assert.equal(t('bal_bd_winner', { n: 1, out: 3 }), 'la dernière sorcière au bal, 3 sorcières éliminées avant elle (il lui reste 1 Crapzouille)');
  setLang('en');
});

// Both catalogs, loaded for every unit test (the build injects this file into each): the page
// fetches one language at a time, the tests switch freely between them.
import { en } from '../src/i18n/en';
import { fr } from '../src/i18n/fr';
import { addCatalog } from '../src/i18n/i18n';

export const catalogs = { en, fr };
addCatalog('en', en);
addCatalog('fr', fr);

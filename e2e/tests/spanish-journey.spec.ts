import { test } from '@playwright/test';
import { READERS, journeyAbroad } from './abroad';

/** The German installation read in Spanish: euros and kilometres, every screen in Spanish and checked with axe. */
test('in Spanish: register in Berlin, list a lamp at 12,50 €, found by a misspelled word, and chat', async ({
  browser,
}) => {
  await journeyAbroad(browser, READERS.es);
});

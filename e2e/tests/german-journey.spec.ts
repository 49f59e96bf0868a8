import { test } from '@playwright/test';
import { READERS, journeyAbroad } from './abroad';

test('in German: register in Berlin, list a lamp at 12,50 €, found by a misspelled word, and chat', async ({
  browser,
}) => {
  await journeyAbroad(browser, READERS.de);
});

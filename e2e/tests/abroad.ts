import { expect, test, type Browser, type Page } from '@playwright/test';
import { fillText, formatPrice, textsFor, type Locale } from '@rummage/contract';
import { DEMO } from './people';
import { texturedPng } from './photos';
import { expectAccessible, screenshotBothWidths, uniqueName } from './support';

/**
 * A person's whole way through a German installation (DEFAULT_LOCALE=de, CURRENCY=EUR, DISTANCE_UNIT=km,
 * DEFAULT_COUNTRY=DE: this lane's server, lanes.ts): a seller registers in Berlin and lists a lamp at "12,50", a
 * buyer finds it by a misspelled word and writes; the seller answers in the chat. Every page is read in the browser's
 * language, in that language's words from the catalogues, and checked with axe.
 */
export interface Reader {
  locale: Locale;
  /** The browser's language. */
  browserLocale: string;
  /** How the suggestion names Berlin in this language. */
  berlin: RegExp;
  /** A mobile number a person in Germany writes. */
  phone: string;
  /** How a person of this language types twelve and a half. */
  price: string;
}

export const READERS = {
  de: {
    locale: 'de',
    browserLocale: 'de-DE',
    berlin: /^Berlin, Deutschland$/,
    phone: '0151 23456789',
    price: '12,50',
  },
  es: {
    locale: 'es',
    browserLocale: 'es-ES',
    berlin: /^Berlín, Alemania$/,
    phone: '0151 23456789',
    price: '12,50',
  },
} satisfies Record<string, Reader>;

async function readerPage(browser: Browser, reader: Reader): Promise<Page> {
  const context = await browser.newContext({
    locale: reader.browserLocale,
    baseURL: test.info().project.use.baseURL,
  });
  return context.newPage();
}

/** Screenshots (with E2E_SCREENSHOTS=1) and axe on the page as it is now. */
async function look(page: Page, reader: Reader, name: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', reader.locale);
  await expectAccessible(page);
  await screenshotBothWidths(page, `${reader.locale}-journey-${name}`);
}

/** Picks a city from a location combobox's suggestions, as a person does. */
async function chooseBerlin(page: Page, reader: Reader, name: string): Promise<void> {
  const field = page.getByRole('combobox', { name });
  await field.fill('Berlin');
  const option = page.getByRole('option', { name: reader.berlin }).first();
  await option.click();
  await expect(field).toHaveValue(reader.berlin);
}

async function signIn(page: Page, reader: Reader, username: string, password: string): Promise<void> {
  const t = textsFor(reader.locale);
  await page.goto('/login');
  await page.getByLabel(t.login.username).fill(username);
  await page.getByLabel(t.login.password).fill(password);
  await page.getByLabel(t.login.password).press('Enter');
  await page.waitForURL('**/user-main');
}

/** The journey in `reader`'s language (german-journey.spec.ts, spanish-journey.spec.ts: one file each, as each
 * takes most of a minute on a busy machine). */
export async function journeyAbroad(browser: Browser, reader: Reader): Promise<void> {
  const t = textsFor(reader.locale);
  const euros = formatPrice(12.5, reader.locale, 'EUR');
  // "12,50 €", the space before the sign one that never breaks.
  expect(euros.replace(/\s/g, ' ')).toBe('12,50 €');

  // The seller registers in Berlin through the form in their language, the robot check included.
  const seller = await readerPage(browser, reader);
  const username = uniqueName('lampe');
  const password = 'Lampe123!';
  await seller.goto('/register');
  await expect(seller).toHaveTitle(t.titles.register);
  await seller.getByLabel(t.login.username).fill(username);
  await seller.getByLabel(t.register.email).fill(`${username}@example.com`);
  await seller.getByLabel(t.login.password).fill(password);
  await seller.getByLabel(t.register.phone).fill(reader.phone);
  await chooseBerlin(seller, reader, t.register.location);
  await seller.getByText(t.register.captchaWidget.label, { exact: true }).click();
  await expect(seller.getByRole('checkbox', { name: t.register.captchaWidget.verified })).toBeChecked({
    timeout: 20_000,
  });
  await seller.getByLabel(t.register.termsBefore.trim()).check();
  await look(seller, reader, 'register');
  await seller.getByRole('button', { name: t.register.submit }).last().click();
  await expect(seller.getByText(t.register.success)).toBeVisible();
  await seller.waitForURL('**/login');
  await signIn(seller, reader, username, password);

  // The listing: a photo, a title, the price typed with a decimal comma, the pickup place in Berlin.
  const token = uniqueName('');
  const title = `Messinglampe mit Schirm ${token}`;
  await seller.goto('/create-product');
  await seller
    .locator('input[type="file"]')
    .setInputFiles([
      { name: 'lampe.png', mimeType: 'image/png', buffer: texturedPng(640, 480, Date.now() % 100_000) },
    ]);
  await expect(
    seller.getByRole('img', { name: fillText(t.listing.photoAlt, { position: 1, count: 1 }) }),
  ).toBeVisible();
  await seller.getByLabel(t.listing.title, { exact: true }).fill(title);
  await seller.getByLabel(t.listing.description).fill('Funktioniert, warmes Licht, schwerer Fuß.');
  await seller.getByLabel(t.listing.price, { exact: true }).pressSequentially(reader.price);
  await seller.getByLabel(t.listing.category).selectOption({ label: t.categories.names.Furniture });
  await chooseBerlin(seller, reader, t.listing.pickupLocation);
  await expect(seller.getByText(fillText(t.listing.priceHint, { example: euros }))).toBeVisible();
  await look(seller, reader, 'listing-form');
  await seller.getByRole('button', { name: t.listing.post }).click();
  await seller.waitForURL('**/user-main');
  await seller.getByRole('link', { name: title, exact: true }).first().click();
  await expect(seller.getByRole('heading', { name: title })).toBeVisible();
  await expect(seller.getByText(euros).first()).toBeVisible();
  await look(seller, reader, 'listing');

  // Another person, in Berlin too, searches with a letter missing and finds the lamp.
  const buyer = await readerPage(browser, reader);
  await signIn(buyer, reader, DEMO.bob.username, DEMO.bob.password);
  await buyer.goto('/');
  await buyer
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(t.header.setLocation) })
    .first()
    .click();
  const dialog = buyer.getByRole('dialog', { name: t.location.dialogTitle });
  await dialog.getByRole('combobox').fill('Berlin');
  await buyer.getByRole('option', { name: reader.berlin }).first().click();
  await expect(dialog).toHaveCount(0);
  const search = buyer.getByPlaceholder(t.home.searchPlaceholder);
  await search.fill('Mesinglampe');
  await search.press('Enter');
  const card = buyer.getByRole('link', { name: title, exact: true });
  await expect(card).toBeVisible();
  await expect(buyer.getByText(fillText(t.home.resultsFor, { search: 'Mesinglampe' }))).toBeVisible();
  await look(buyer, reader, 'search');

  // The buyer writes from the listing page; the seller reads it in their chat.
  await card.click();
  await expect(buyer.getByRole('heading', { name: title })).toBeVisible();
  await expect(buyer.getByText(euros).first()).toBeVisible();
  const question = `Ist die Lampe noch da? (${token})`;
  await buyer.getByLabel(t.listing.messageSeller).fill(question);
  await buyer.getByRole('button', { name: t.chat.send, exact: true }).click();
  await expect(buyer.getByText(t.listing.messageSent)).toBeVisible();

  await seller.goto('/messages');
  const row = seller.locator('a[href*="/chat/"]').filter({ hasText: `@${DEMO.bob.username}` });
  await expect(row.first()).toBeVisible();
  await look(seller, reader, 'inbox');
  await row.first().click();
  await expect(seller.getByText(question)).toBeVisible();
  await expect(seller.getByText(t.chat.safetyNotice)).toBeVisible();
  const answer = `Ja, komm gern vorbei. (${token})`;
  await seller.getByLabel(t.chat.messageLabel, { exact: true }).fill(answer);
  const send = seller.getByRole('button', { name: t.chat.send, exact: true });
  await expect(send).toBeEnabled();
  await send.click();
  await expect(seller.getByText(answer)).toBeVisible();
  await look(seller, reader, 'chat');

  // The buyer reads the answer in their own chat about the lamp.
  await buyer.goto('/messages');
  await buyer
    .locator('a[href*="/chat/"]')
    .filter({ hasText: `@${username}` })
    .click();
  await expect(buyer.getByText(answer)).toBeVisible();
  await expect(buyer.getByText(t.chat.safetyNotice)).toBeVisible();

  await seller.context().close();
  await buyer.context().close();
}

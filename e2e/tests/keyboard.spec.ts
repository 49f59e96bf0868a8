import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, screenshotBothWidths, uniqueName } from './support';
import { gradientPng } from './photos';
import { DEMO } from './people';

interface Listing {
  productId: number;
  title: string;
  userName: string;
}

/**
 * The focused element as a person sees it: inside open shadow roots (the captcha widget), and for a visually
 * hidden control (the photo picker's file input) the label that shows its focus ring.
 */
function focusedBox(page: Page) {
  return page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active || active === document.body) return null;
    let shown: Element = active;
    const own = active.getBoundingClientRect();
    if ((own.width <= 1 || own.height <= 1) && active.id)
      shown = document.querySelector(`label[for="${active.id}"]`) ?? active;
    const box = shown.getBoundingClientRect();
    const header = document.querySelector('header[data-sticky]');
    const headerBox = header?.getBoundingClientRect();
    return {
      description: `${active.tagName.toLowerCase()} "${(active.getAttribute('aria-label') ?? (active as HTMLElement).innerText ?? '').slice(0, 40)}"`,
      top: box.top,
      bottom: box.bottom,
      height: box.height,
      inHeader: Boolean(header?.contains(active)),
      // Dialogs, menus and the skip link (fixed in place when focused) sit above the page, header included.
      overlay:
        Boolean(active.closest('[role="dialog"], [role="alertdialog"], [role="listbox"], [role="menu"]')) ||
        getComputedStyle(shown).position === 'fixed',
      headerBottom: headerBox ? headerBox.bottom : 0,
      viewportHeight: window.innerHeight,
    };
  });
}

/** Focus is never hidden: below the sticky header (unless in the header or above the page) and inside the viewport. */
async function expectFocusSeen(page: Page): Promise<void> {
  const focus = await focusedBox(page);
  if (!focus) return;
  if (!focus.inHeader && !focus.overlay)
    expect(focus.top, `${focus.description} below the sticky header`).toBeGreaterThanOrEqual(
      focus.headerBottom - 0.5,
    );
  expect(focus.top, `${focus.description} inside the viewport`).toBeGreaterThanOrEqual(-0.5);
  const visibleBottom = focus.top + Math.min(focus.height, focus.viewportHeight - focus.headerBottom);
  expect(visibleBottom, `${focus.description} inside the viewport`).toBeLessThanOrEqual(
    focus.viewportHeight + 0.5,
  );
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active === element;
  });
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking at every stop that the focus can be seen. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectFocusSeen(page);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Types into the field Tab reaches, replacing what is there. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** A city field: type, then pick the suggestion with the arrow keys and Enter. */
async function chooseCity(page: Page, field: Locator, city: string, option: string): Promise<void> {
  await typeInto(page, field, city);
  await expect(page.getByRole('option', { name: option, exact: true })).toBeVisible();
  for (let presses = 0; presses < 15; presses += 1) {
    await page.keyboard.press('ArrowDown');
    const active = await field.getAttribute('aria-activedescendant');
    if (active && (await page.locator(`[id="${active}"]`).textContent())?.trim() === option) break;
  }
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue(option);
}

test('with the keyboard alone a newcomer registers, lists an item and messages a seller', async ({
  page,
  request,
}) => {
  const username = uniqueName('keys');
  const password = 'Keys-Only-24!';
  const title = `Walnut side table ${uniqueName('kb')}`;

  // Register.
  await page.goto('/register');
  await typeInto(page, page.getByLabel('username'), username);
  await typeInto(page, page.getByLabel('email'), `${username}@example.com`);
  await typeInto(page, page.getByLabel('password'), password);
  await typeInto(page, page.getByLabel('phone number'), '4155552671');
  await chooseCity(page, page.getByRole('combobox', { name: 'location' }), 'Chicago', 'Chicago, IL');
  await tabTo(page, page.getByRole('checkbox', { name: "I'm not a robot" }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Verified' })).toBeChecked({ timeout: 20_000 });
  await tabTo(page, page.getByLabel(/I accept the/));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Register' }).last());
  await page.keyboard.press('Enter');
  await expect(page.getByText('Registration successful!')).toBeVisible();
  await page.waitForURL('**/login', { timeout: 5_000 });
  // The city chosen at registration is the saved location.
  await expect(page.getByRole('button', { name: /Your location: Chicago, IL/ })).toBeVisible();

  // Log in.
  await typeInto(page, page.getByLabel('username'), username);
  await typeInto(page, page.getByLabel('password'), password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/user-main');
  // The profile has answered (a newcomer's address is unverified, so the reminder shows): the page no longer grows
  // under the focus while Tab walks it.
  await expect(page.getByRole('button', { name: 'Send the link again' })).toBeVisible();

  // List an item, reaching the form through the header's Create menu.
  await tabTo(page, page.getByRole('button', { name: /Create/ }).first());
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('link', { name: 'For Sale' }));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/create-product');
  const picker = page.getByLabel('Add photos');
  // Asked for before the key: Playwright only catches the chooser once the browser has been told to hand it over,
  // and a Space pressed right after the ask could open the real dialog instead (it did, under load).
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, picker);
  await page.keyboard.press('Space');
  await (
    await chooser
  ).setFiles([
    { name: 'table.png', mimeType: 'image/png', buffer: gradientPng(640, 480, [120, 80, 40], [40, 20, 10]) },
  ]);
  await expect(page.getByRole('img', { name: /Photo 1 of 1/ })).toBeVisible();
  await typeInto(page, page.getByRole('textbox', { name: 'title' }), title);
  await typeInto(page, page.getByLabel('description (optional)'), 'Solid walnut, one small scratch.');
  await typeInto(page, page.getByLabel('price'), '35');
  await chooseCity(page, page.getByRole('combobox', { name: 'pickup location' }), 'Chicago', 'Chicago, IL');
  await tabTo(page, page.getByRole('button', { name: 'post listing' }));
  await expectAccessible(page);
  await screenshotBothWidths(page, 'keyboard-create-listing');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/user-main', { timeout: 30_000 });
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

  // Message a seller about one of their listings, opened from its address as a keyboard user can.
  const feed = await request.get('/api/Marketplace/products?pageSize=48');
  const { data } = (await feed.json()) as { data: Listing[] };
  const listing = data.find((product) => product.userName === DEMO.alice.username);
  expect(listing, 'a demo listing by alice').toBeTruthy();
  await page.goto(`/product-detail/${listing!.productId}`);
  await expect(page.getByRole('heading', { level: 1, name: listing!.title })).toBeVisible();
  await typeInto(page, page.getByRole('textbox', { name: 'Message the seller' }), 'Is this still available?');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your message has been sent!')).toBeVisible();
  // Back up the page with Shift+Tab: the focus stays in sight going that way too.
  await tabTo(page, page.getByRole('button', { name: 'share' }), { back: true });
  await expectAccessible(page);
  await screenshotBothWidths(page, 'keyboard-message-sent');
});

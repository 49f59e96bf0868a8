import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LISTING_LIMITS, messages } from '@rummage/contract';
import { ME_OK, mockApi, storeSession } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { seriousA11yViolations } from '../../test/location';
import { CITY, fakeXhr, fileNames, jpeg, png } from '../../test/listings';

// These journeys type, upload and run axe; a loaded CI machine needs more than the default second.
configure({ asyncUtilTimeout: 4000 });
const L = messages.listing;
const CATEGORIES = {
  body: {
    data: [
      { id: 1, title: 'Clothes' },
      { id: 5, title: 'Shoes' },
    ],
  },
};

async function openCreate({ applyAccept = true } = {}) {
  storeSession();
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    'GET /api/Category': CATEGORIES,
    'GET /api/Geo/cities': { body: { data: [CITY] } },
  });
  const user = userEvent.setup({ applyAccept });
  const app = renderApp('/create-product');
  await screen.findByRole('heading', { name: L.detailsHeading });
  const submit = screen.getByRole('button', { name: 'post listing' });
  return { user, app, api, submit };
}

async function choosePickup(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('combobox', { name: 'pickup location' }), 'Spring');
  await user.click(await screen.findByRole('option', { name: 'Springfield, IL' }));
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(screen.getByLabelText('Add photos'), [jpeg('first.jpg'), png('second.png')]);
  await user.type(screen.getByLabelText('title'), 'Oak dresser');
  await user.type(screen.getByLabelText('description (optional)'), 'Six drawers');
  await user.type(screen.getByLabelText('price'), '140.5');
  await user.selectOptions(screen.getByLabelText('category'), 'Shoes');
  await choosePickup(user);
}

describe('create listing', { timeout: 20_000 }, () => {
  it('shows the "listing details" form with a close link to /user-main and no serious axe findings', async () => {
    await openCreate();
    expect(screen.getByRole('link', { name: 'Close' }).getAttribute('href')).toBe('/user-main');
    expect(await screen.findByRole('option', { name: 'Shoes' })).toBeTruthy();
    const price = screen.getByLabelText('price');
    // A decimal keyboard, and text a number input would misread ("12,50" as 1250).
    expect(price.getAttribute('type')).toBe('text');
    expect(price.getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByLabelText('Add photos').getAttribute('accept')).toContain('.jpg');
    await waitFor(() => expect(document.title).toBe('Create Listing - Rummage'));
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('counts the title up to its limit and takes no more', async () => {
    const { user } = await openCreate();
    const title = screen.getByRole('textbox', { name: 'title' });
    expect(title.getAttribute('maxlength')).toBe(String(LISTING_LIMITS.titleMax));
    expect(screen.getByText(`0 of ${LISTING_LIMITS.titleMax} characters`)).toBeTruthy();
    await user.type(title, 'Oak dresser');
    expect(screen.getByText(`11 of ${LISTING_LIMITS.titleMax} characters`)).toBeTruthy();
    // The count is read with the field, so a screen reader hears how much room is left.
    expect(title.getAttribute('aria-describedby')).toContain('listing-title-count');
    await user.clear(title);
    await user.type(title, 'x'.repeat(LISTING_LIMITS.titleMax + 5));
    expect((title as HTMLInputElement).value).toHaveLength(LISTING_LIMITS.titleMax);
    expect(screen.getByText(`80 of ${LISTING_LIMITS.titleMax} characters`)).toBeTruthy();
  });

  it('says the docs/product.md §5 messages in their order: image, title/price, pickup, price format', async () => {
    const { user, submit } = await openCreate();
    const xhr = fakeXhr(() => ({ status: 201, body: { message: L.created } }));

    await user.click(submit);
    expect(screen.getByText(L.imageRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Add photos'));

    await user.upload(screen.getByLabelText('Add photos'), jpeg('one.jpg'));
    expect(screen.queryByText(L.imageRequired)).toBeNull();
    await user.click(submit);
    expect(screen.getByText(L.fillFieldsProperly)).toBeTruthy();
    expect(screen.getByLabelText('title').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('price').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText('title'), 'Lamp');
    await user.click(submit);
    expect(screen.getByText(L.fillFieldsProperly)).toBeTruthy(); // price still missing
    await user.type(screen.getByLabelText('price'), '12');
    await user.click(submit);
    expect(screen.getByText(L.pickupRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'pickup location' }));

    await choosePickup(user);
    // Text that is no amount reaches the check as typed.
    const price = screen.getByLabelText('price');
    await user.clear(price);
    await user.type(price, '1e');
    await user.click(submit);
    expect(screen.getByText(L.priceInvalid)).toBeTruthy();
    expect(xhr.calls).toHaveLength(0);
  });

  it('reads a price typed with a decimal comma ("12,50", as German and Spanish write it) as 12.50', async () => {
    const { user, app } = await openCreate();
    const xhr = fakeXhr(() => ({ status: 201, body: { message: L.created, data: {} } }));
    await fillValidForm(user);
    const price = screen.getByLabelText('price');
    await user.clear(price);
    await user.type(price, '12,50');
    await user.type(screen.getByLabelText(messages.offers.minimumLabel), '9,5');
    await user.click(screen.getByRole('button', { name: 'post listing' }));

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/user-main'));
    expect(xhr.calls[0]!.form.get('Price')).toBe('12.50');
    expect(xhr.calls[0]!.form.get('MinimumOffer')).toBe('9.5');
  });

  it('refuses files that are not JPG, JPEG or PNG with the SPEC text', async () => {
    const { user } = await openCreate({ applyAccept: false });
    const gif = new File(['gif'], 'cat.gif', { type: 'image/gif' });
    await user.upload(screen.getByLabelText('Add photos'), [gif, jpeg('ok.jpg')]);
    expect(screen.getByRole('alert').textContent).toBe(L.imageType);
    const photos = screen.getByRole('group', { name: 'photos' });
    expect(within(photos).getAllByRole('listitem')).toHaveLength(1);
  });

  it('keeps at most 10 photos and says so', async () => {
    const { user } = await openCreate();
    const files = Array.from({ length: 11 }, (_, index) => jpeg(`p${index}.jpg`));
    await user.upload(screen.getByLabelText('Add photos'), files);
    expect(screen.getByRole('alert').textContent).toBe('You can attach up to 10 images.');
    const photos = screen.getByRole('group', { name: 'photos' });
    expect(within(photos).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByLabelText('Add photos')).toHaveProperty('disabled', true);
  });

  it('sends the multipart form with the SPEC field names, photos in the arranged order, then goes to /user-main', async () => {
    const { user, app } = await openCreate();
    const xhr = fakeXhr(() => ({ status: 201, body: { message: L.created, data: {} } }));
    await fillValidForm(user);
    // Reorder: the second photo moves before the first and becomes the cover.
    await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move photo 1 later');
    await user.click(screen.getByRole('button', { name: 'post listing' }));

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/user-main'));
    expect(xhr.calls).toHaveLength(1);
    const [call] = xhr.calls;
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe('/api/Product/add');
    expect(call?.headers.Authorization).toBe('Bearer token-123');
    const form = call!.form;
    expect(form.get('Title')).toBe('Oak dresser');
    expect(form.get('Description')).toBe('Six drawers');
    expect(form.get('Price')).toBe('140.5');
    expect(form.get('Latitude')).toBe(String(CITY.latitude));
    expect(form.get('Longitude')).toBe(String(CITY.longitude));
    expect(form.get('CategoryId')).toBe('5');
    expect(fileNames(form, 'Images')).toEqual(['second.png', 'first.jpg']);
  });

  it('moves and removes photos with the keyboard-reachable buttons', async () => {
    const { user } = await openCreate();
    await user.upload(screen.getByLabelText('Add photos'), [jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg')]);
    await user.click(screen.getByRole('button', { name: 'Move photo 1 later' }));
    await user.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    const xhr = fakeXhr(() => ({ status: 201, body: { message: L.created } }));
    await user.type(screen.getByLabelText('title'), 'Lamp');
    await user.type(screen.getByLabelText('price'), '5');
    await choosePickup(user);
    await user.click(screen.getByRole('button', { name: 'post listing' }));
    await waitFor(() => expect(xhr.calls).toHaveLength(1));
    expect(fileNames(xhr.calls[0]!.form, 'Images')).toEqual(['b.jpg', 'a.jpg']);
    expect(xhr.calls[0]!.form.has('CategoryId')).toBe(false);
  });

  it('shows the upload progress, then the server message when the listing is refused', async () => {
    const { user, app } = await openCreate();
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    fakeXhr(() => new Promise((resolve) => (answer = resolve)));
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'post listing' }));
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('100'));
    expect(screen.getByRole('button', { name: 'Submitting…' })).toHaveProperty('disabled', true);
    answer({ status: 413, body: { message: 'Each image must be at most 15 MB.' } });
    expect((await screen.findByRole('alert')).textContent).toContain('Each image must be at most 15 MB.');
    expect(app.router.state.location.pathname).toBe('/create-product');
    expect(screen.getByRole('button', { name: 'post listing' })).toHaveProperty('disabled', false);
  });

  it('falls back to "Something went wrong while submitting." when the server says nothing', async () => {
    const { user } = await openCreate();
    fakeXhr(() => ({ status: 0 }));
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'post listing' }));
    expect((await screen.findByRole('alert')).textContent).toContain(L.createFailed);
  });
});

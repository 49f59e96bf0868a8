import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@rummage/contract';
import { ME_OK, mockApi, storeSession } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { seriousA11yViolations } from '../../test/location';
import { fakeXhr, fileNames, jpeg, productDetail } from '../../test/listings';

// These journeys type, upload and run axe; a loaded CI machine needs more than the default second.
configure({ asyncUtilTimeout: 4000 });
const L = messages.listing;
const OWN = productDetail({
  id: 284,
  productId: 284,
  userId: 7,
  sellerId: 7,
  userName: 'maria',
  isOwner: true,
});

async function openEdit(product = OWN, extra: Parameters<typeof mockApi>[0] = {}) {
  storeSession();
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    'GET /api/Category': { body: { data: [{ id: 2, title: 'Hats' }] } },
    [`GET /api/Product/${product.id}`]: { body: { data: product } },
    ...extra,
  });
  const user = userEvent.setup();
  const app = renderApp(`/edit-product/${product.id}`);
  await screen.findByRole('heading', { name: L.editHeading });
  return { user, app, api };
}

describe('edit listing', { timeout: 20_000 }, () => {
  it('prefills the "edit listing" form from the listing, with a close link and no serious axe findings', async () => {
    await openEdit();
    expect(await screen.findByDisplayValue(OWN.title)).toBeTruthy();
    expect(screen.getByLabelText('price')).toHaveProperty('value', '130');
    expect(screen.getByLabelText('description (optional)')).toHaveProperty('value', OWN.description);
    expect(screen.getByRole('combobox', { name: 'pickup location' })).toHaveProperty('value', 'Denver, CO');
    await waitFor(() => expect(screen.getByLabelText('category')).toHaveProperty('value', '2'));
    expect(screen.getAllByRole('img', { name: /Current photo/ })).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Close' }).getAttribute('href')).toBe('/user-main');
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('sends ProductId, ImagesToDelete for removed photos and the new photos, then goes to /user-main', async () => {
    const { user, app } = await openEdit();
    const xhr = fakeXhr(() => ({ status: 200, body: { message: L.updated, data: OWN } }));
    await screen.findByDisplayValue(OWN.title);
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    await user.upload(screen.getByLabelText('Add photos'), jpeg('new.jpg'));
    await user.clear(screen.getByLabelText('title'));
    await user.type(screen.getByLabelText('title'), 'Stetson hat, 7 1/4');
    await user.click(screen.getByRole('button', { name: 'save changes' }));

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/user-main'));
    const [call] = xhr.calls;
    expect(call?.method).toBe('PUT');
    expect(call?.url).toBe('/api/Product');
    const form = call!.form;
    expect(form.get('ProductId')).toBe('284');
    expect(form.get('Title')).toBe('Stetson hat, 7 1/4');
    expect(form.get('Price')).toBe('130');
    expect(form.get('Latitude')).toBe(String(OWN.latitude));
    expect(form.get('CategoryId')).toBe('2');
    expect(form.getAll('ImagesToDelete')).toEqual([OWN.images[0], OWN.images[2]]);
    expect(fileNames(form, 'Images')).toEqual(['new.jpg']);
  });

  it("prefills the seller's lowest offer, refuses one not below the price, and sends it (blank clears it)", async () => {
    const { user } = await openEdit({ ...OWN, minimumOffer: 100 });
    const xhr = fakeXhr(() => ({ status: 200, body: { message: L.updated, data: OWN } }));
    const field = await screen.findByLabelText(messages.offers.minimumLabel);
    expect(field).toHaveProperty('value', '100');
    expect(screen.getByText(messages.offers.minimumHint)).toBeTruthy();
    await user.clear(field);
    await user.type(field, '130');
    await user.click(screen.getByRole('button', { name: 'save changes' }));
    expect(await screen.findByText(messages.offers.minimumNotBelowPrice)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(xhr.calls).toHaveLength(0);

    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'save changes' }));
    await waitFor(() => expect(xhr.calls).toHaveLength(1));
    expect(xhr.calls[0]!.form.get('MinimumOffer')).toBe('');
  });

  it('needs a photo once every current one is removed', async () => {
    const { user } = await openEdit(
      productDetail({ ...OWN, images: ['/a.webp'], thumbnails: ['/a-t.webp'] }),
    );
    await screen.findByDisplayValue(OWN.title);
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await user.click(screen.getByRole('button', { name: 'save changes' }));
    expect(screen.getByText(L.imageRequired)).toBeTruthy();
  });

  it('shows the server message, else "❌ Something went wrong. Please try again."', async () => {
    const { user, app } = await openEdit();
    let status = 400;
    fakeXhr(() =>
      status === 400 ? { status, body: { message: L.titleTooLong } } : { status, body: 'not json' },
    );
    await screen.findByDisplayValue(OWN.title);
    await user.click(screen.getByRole('button', { name: 'save changes' }));
    expect((await screen.findByRole('alert')).textContent).toContain(L.titleTooLong);
    status = 502;
    await user.click(screen.getByRole('button', { name: 'save changes' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(L.updateFailed));
    expect(app.router.state.location.pathname).toBe('/edit-product/284');
  });

  it('deletes after confirmation and goes to /user-main even when the delete fails', async () => {
    const { user, app, api } = await openEdit(OWN, {
      'DELETE /api/Product/284': { status: 500, body: { message: 'boom' } },
    });
    await screen.findByDisplayValue(OWN.title);
    await user.click(screen.getByRole('button', { name: L.delete }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this listing?' });
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: L.delete }));
    expect(dialog).toBeTruthy();
    const confirm = screen
      .getAllByRole('button', { name: L.delete })
      .find((button) => button.closest('[role="alertdialog"]'));
    await user.click(confirm!);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/user-main'));
    expect(api.calls.some((call) => call.method === 'DELETE' && call.path === '/api/Product/284')).toBe(true);
  });

  it('does not show the form to anyone but the seller', async () => {
    await openEdit(productDetail({ id: 300, isOwner: false, userId: 9 }));
    expect(await screen.findByText(L.notOwner)).toBeTruthy();
    expect(screen.queryByLabelText('title')).toBeNull();
    expect(screen.getByRole('link', { name: 'View listing' }).getAttribute('href')).toBe(
      '/product-detail/300',
    );
  });

  it('says the listing is not available when it does not exist', async () => {
    storeSession();
    mockApi({ 'GET /api/Account/me': ME_OK });
    renderApp('/edit-product/999');
    expect(await screen.findByText(L.notFound)).toBeTruthy();
  });
});

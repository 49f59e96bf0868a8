import { describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  APPROXIMATE_AREA_RADIUS_M,
  DEFAULT_SELLER_MESSAGE,
  messages,
  type ProductCard,
  type ProductDetail,
} from '@rummage/contract';
import { ME_OK, mockApi, storeSession, type MockAnswer } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { seriousA11yViolations } from '../../test/location';
import { productDetail } from '../../test/listings';
import { AREA_ZOOM } from './detail/MeetupMap';

// jsdom has SVG elements but no createSVGRect, which Leaflet checks (when the lazy map first loads) before it
// draws circles; with it, the meetup circle and the seller's pin are real SVG paths this file can find.
const svgPrototype = window.SVGSVGElement.prototype as { createSVGRect?: () => object };
svgPrototype.createSVGRect ??= () => ({ x: 0, y: 0, width: 0, height: 0 });

// These journeys type, upload and run axe; a loaded CI machine needs more than the default second.
configure({ asyncUtilTimeout: 4000 });
const L = messages.listing;

/** A card of the seller's store (the detail fields are extra, which a card ignores). */
function card(id: number, title: string): ProductCard {
  return productDetail({ id, productId: id, title, name: title });
}

async function openDetail({
  product = productDetail(),
  signedIn = false,
  api = {},
}: {
  product?: ProductDetail;
  signedIn?: boolean;
  api?: Record<string, MockAnswer | ((request: { body: unknown }) => MockAnswer)>;
} = {}) {
  if (signedIn) storeSession();
  const mock = mockApi({
    'GET /api/Account/me': ME_OK,
    [`GET /api/Product/${product.id}`]: { body: { data: product } },
    [`GET /api/Product/unsold/user/${product.userId}`]: {
      body: { data: [card(product.id, product.title), card(301, 'Panama straw hat'), card(302, 'Beanie')] },
    },
    ...api,
  });
  const user = userEvent.setup();
  const app = renderApp(`/product-detail/${product.id}`);
  await screen.findByRole('heading', { level: 1, name: product.title });
  return { user, app, ...mock };
}

const slide = () => screen.getByTestId('carousel-slide');
const shownPhoto = () => slide().getAttribute('aria-label');

describe('product detail', { timeout: 20_000 }, () => {
  it('shows price, title, likes, description, seller and the seller’s other items, titled "{title} - {product}"', async () => {
    await openDetail();
    expect(screen.getByText('$130')).toBeTruthy();
    expect(screen.getByText('Silverbelly 4X beaver felt.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /@milehighmarket/ }).getAttribute('href')).toBe('/user-main/9');
    const others = await screen.findByRole('list', { name: 'More from @milehighmarket' });
    expect(within(others).getAllByRole('listitem')).toHaveLength(2);
    expect(within(others).queryByText('Stetson felt cowboy hat')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Stetson felt cowboy hat - Rummage'));
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('tells the owner why a hidden listing is hidden, and says nothing on a visible one', async () => {
    await openDetail({ product: productDetail({ hiddenReason: 'Counterfeit brand' }) });
    expect(await screen.findByText(/hidden by our staff.*Reason: Counterfeit brand/)).toBeTruthy();
    cleanup();
    await openDetail();
    expect(screen.queryByText(/hidden by our staff/)).toBeNull();
  });

  it('abbreviates the like count', async () => {
    await openDetail({ product: productDetail({ likesCount: 1250 }) });
    expect(screen.getByRole('button', { name: /1250 likes/ }).textContent).toContain('1.3k');
  });

  it('reads one like and one view in the singular', async () => {
    await openDetail({ product: productDetail({ likesCount: 1, views: 1 }) });
    expect(screen.getByRole('button', { name: /^Like, ?1 like$/ })).toBeTruthy();
    expect(screen.getByText(/· 1 view$/)).toBeTruthy();
  });

  it('wraps the carousel both ways with the buttons, the dots and the arrow keys', async () => {
    const { user } = await openDetail();
    expect(shownPhoto()).toBe('1 of 3');
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(shownPhoto()).toBe('3 of 3');
    expect(slide().querySelector('img')?.getAttribute('src')).toBe('/uploads/p/c-large.webp');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shownPhoto()).toBe('1 of 3');
    await user.click(screen.getByRole('button', { name: 'Show photo 3' }));
    expect(screen.getByRole('button', { name: 'Show photo 3' }).getAttribute('aria-current')).toBe('true');
    slide().focus();
    await user.keyboard('{ArrowRight}');
    expect(shownPhoto()).toBe('1 of 3');
    await user.keyboard('{ArrowLeft}');
    expect(shownPhoto()).toBe('3 of 3');
  });

  it('changes the photo on a swipe over 100 px, not on a shorter one', async () => {
    await openDetail();
    const swipe = (from: number, to: number) => {
      fireEvent.pointerDown(slide(), { clientX: from, pointerId: 1, pointerType: 'touch' });
      fireEvent.pointerUp(slide(), { clientX: to, pointerId: 1, pointerType: 'touch' });
    };
    swipe(300, 220);
    expect(shownPhoto()).toBe('1 of 3');
    swipe(300, 199);
    expect(shownPhoto()).toBe('2 of 3');
    swipe(100, 150);
    expect(shownPhoto()).toBe('2 of 3');
    swipe(100, 201);
    expect(shownPhoto()).toBe('1 of 3');
    swipe(100, 250);
    expect(shownPhoto()).toBe('3 of 3');
  });

  it('asks visitors to log in before liking', async () => {
    const { user, calls } = await openDetail();
    await user.click(screen.getByRole('button', { name: /likes/ }));
    const dialog = screen.getByRole('alertdialog', { name: L.loginFirst });
    expect(within(dialog).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/Product/like-unlike'))).toBe(false);
  });

  it('toggles the like at once and settles on the server’s count', async () => {
    let liked = false;
    const { user, calls } = await openDetail({
      signedIn: true,
      api: {
        'POST /api/Product/like-unlike/300': () => {
          liked = !liked;
          return { body: { data: { likesCount: liked ? 4 : 3, isLikedByCurrentUser: liked } } };
        },
      },
    });
    const like = screen.getByRole('button', { name: /likes/ });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    await user.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(like.textContent).toContain('4');
    await user.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
    expect(like.textContent).toContain('3');
    expect(calls.filter((call) => call.path === '/api/Product/like-unlike/300')).toHaveLength(2);
  });

  it('puts the count back and only logs when the like fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openDetail({ signedIn: true });
    const like = screen.getByRole('button', { name: /likes/ });
    await user.click(like);
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(like.textContent).toContain('3');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reports: "Login to report" for visitors', async () => {
    const { user } = await openDetail();
    await user.click(screen.getByRole('button', { name: 'report' }));
    const dialog = screen.getByRole('dialog', { name: L.loginToReport });
    const login = within(dialog).getByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/login');
    // Focus is trapped: Tab cycles between the dialog's close button and its Login link.
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(login);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(login);
    expect(await seriousA11yViolations()).toEqual([]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'report' }));
  });

  it('reports: confirm, then the server message in green', async () => {
    const { user, calls } = await openDetail({
      signedIn: true,
      api: { 'POST /api/Product/report': { body: { message: L.reported } } },
    });
    await user.click(screen.getByRole('button', { name: 'report' }));
    const dialog = screen.getByRole('dialog', { name: L.report });
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    const result = await within(dialog).findByRole('status');
    expect(result.textContent).toBe(L.reported);
    expect(result.className).toContain('text-brand-800');
    expect(calls.find((call) => call.path === '/api/Product/report')?.body).toEqual({ productId: 300 });
    expect(document.activeElement?.textContent).toBe('Close');
  });

  it('reports: "already reported" in red', async () => {
    const { user } = await openDetail({
      signedIn: true,
      api: { 'POST /api/Product/report': { status: 409, body: { message: L.alreadyReported } } },
    });
    await user.click(screen.getByRole('button', { name: 'report' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Report' }));
    const result = await screen.findByRole('alert');
    expect(result.textContent).toBe(L.alreadyReported);
    expect(result.className).toContain('text-red-800');
  });

  it('reports: the SPEC fallbacks when the server says nothing, or cannot be reached', async () => {
    const { user } = await openDetail({
      signedIn: true,
      api: { 'POST /api/Product/report': { status: 500 } },
    });
    await user.click(screen.getByRole('button', { name: 'report' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Report' }));
    expect((await screen.findByRole('alert')).textContent).toBe(L.reportFailed);
    await user.click(screen.getByRole('button', { name: 'Close' }));

    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'report' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Report' }));
    expect((await screen.findByRole('alert')).textContent).toBe(L.reportError);
  });

  it('shares by copying the /product/{id} link when there is no share sheet', async () => {
    const { user } = await openDetail();
    expect('share' in navigator).toBe(false);
    await user.click(screen.getByRole('button', { name: 'share' }));
    const toast = await screen.findByText(L.linkCopied);
    // Announced: the notice appears inside a polite live region that was there before it.
    expect(toast.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/product/300`);
    // A second share while the first notice shows is a new announcement, not unchanged text.
    await user.click(screen.getByRole('button', { name: 'share' }));
    await waitFor(() => expect(screen.getByText(L.linkCopied)).not.toBe(toast));
    expect(screen.getAllByText(L.linkCopied)).toHaveLength(1);
  });

  it('uses the share sheet when the browser has one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    try {
      const { user } = await openDetail();
      await user.click(screen.getByRole('button', { name: 'share' }));
      expect(share).toHaveBeenCalledWith({
        title: 'Stetson felt cowboy hat',
        url: `${window.location.origin}/product/300`,
      });
      expect(screen.queryByText(L.linkCopied)).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('messages the seller: prefilled, empty ignored, failure text, then "Your message has been sent!"', async () => {
    let sendWorks = false;
    const { user, calls } = await openDetail({
      signedIn: true,
      api: {
        'POST /api/Message/send': () => (sendWorks ? { body: { message: 'ok' } } : { status: 404 }),
      },
    });
    const box = screen.getByRole('textbox', { name: 'Message the seller' });
    expect(box).toHaveProperty('value', DEFAULT_SELLER_MESSAGE);
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(calls.some((call) => call.path === '/api/Message/send')).toBe(false);

    await user.type(box, 'Still for sale?');
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(L.messageFailed);
    expect(calls.find((call) => call.path === '/api/Message/send')?.body).toEqual({
      productId: 300,
      receiverId: 9,
      message: 'Still for sale?',
    });

    sendWorks = true;
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect((await screen.findByText(L.messageSent)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('textbox', { name: 'Message the seller' })).toBeNull();
  });

  it('tells a person the seller blocked what the chat says, not "Failed to send"', async () => {
    const { user } = await openDetail({
      signedIn: true,
      api: { 'POST /api/Message/send': { status: 403, body: { message: messages.blocking.cannotMessage } } },
    });
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.blocking.cannotMessage);
    expect(screen.queryByText(L.messageFailed)).toBeNull();
  });

  it('asks a visitor to log in when they press send, and sends nothing', async () => {
    const { user, calls } = await openDetail();
    await user.click(screen.getByRole('button', { name: 'send' }));
    const dialog = screen.getByRole('alertdialog', { name: L.loginFirst });
    expect(within(dialog).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByText(L.messageFailed)).toBeNull();
    expect(calls.some((call) => call.path === '/api/Message/send')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message the seller' })).toHaveProperty(
      'value',
      DEFAULT_SELLER_MESSAGE,
    );
  });

  it('asks to log in again, not "Failed to send", when the session has ended meanwhile', async () => {
    const { user } = await openDetail({
      signedIn: true,
      api: { 'POST /api/Message/send': { status: 401, body: { message: messages.common.loginRequired } } },
    });
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByRole('alertdialog', { name: L.loginFirst })).toBeTruthy();
    expect(screen.queryByText(L.messageFailed)).toBeNull();
  });

  it('shows the seller an edit link instead of the message box and report', async () => {
    await openDetail({
      signedIn: true,
      product: productDetail({ userId: 7, sellerId: 7, userName: 'maria', isOwner: true }),
    });
    expect(screen.getByRole('link', { name: 'edit' }).getAttribute('href')).toBe('/edit-product/300');
    expect(screen.queryByRole('textbox', { name: 'Message the seller' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'report' })).toBeNull();
    expect(screen.getByRole('link', { name: /@maria/ }).getAttribute('href')).toBe('/user-main');
  });

  it('opens the full-screen map dialog from "view more" and closes it with Escape', async () => {
    const { user } = await openDetail();
    const viewMore = screen.getByRole('button', { name: 'view more' });
    await user.click(viewMore);
    expect(screen.getByRole('dialog', { name: /Meetup area/ })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(viewMore);
  });

  it('shows buyers the approximate area as a ~500 m circle, saying the exact spot is shared in chat', async () => {
    const { user } = await openDetail({ product: productDetail({ isOwner: false }) });
    expect(screen.getByText(messages.pickupPrivacy.approximateAreaMiles)).toBeTruthy();
    expect(screen.getByRole('region', { name: messages.pickupPrivacy.areaMapLabel })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'view more' }));
    const dialog = screen.getByRole('dialog', { name: /Meetup area/ });
    await waitFor(() => expect(dialog.querySelector('path.pickup-area')).not.toBeNull());
    expect(dialog.querySelector('.pickup-spot')).toBeNull();
    // The arc's radius in pixels at the area's full-screen zoom is about 500 m on the ground (Web Mercator).
    const radiusPx = Number(
      /a([\d.]+),/.exec(dialog.querySelector('path.pickup-area')!.getAttribute('d') ?? '')?.[1],
    );
    const metresPerPx = (156543.03392 * Math.cos((39.71654 * Math.PI) / 180)) / 2 ** AREA_ZOOM.large;
    expect(radiusPx * metresPerPx).toBeGreaterThan(APPROXIMATE_AREA_RADIUS_M * 0.95);
    expect(radiusPx * metresPerPx).toBeLessThan(APPROXIMATE_AREA_RADIUS_M * 1.05);
  });

  it('shows the seller the exact pin of their own listing', async () => {
    const { user } = await openDetail({
      signedIn: true,
      product: productDetail({ userId: 7, sellerId: 7, userName: 'maria', isOwner: true }),
    });
    expect(screen.getByText(messages.pickupPrivacy.exactForSeller)).toBeTruthy();
    expect(screen.queryByText(messages.pickupPrivacy.approximateAreaMiles)).toBeNull();
    expect(screen.getByRole('region', { name: messages.pickupPrivacy.exactMapLabel })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'view more' }));
    const dialog = screen.getByRole('dialog', { name: /Meetup area/ });
    await waitFor(() => expect(dialog.querySelector('path.pickup-spot')).not.toBeNull());
    expect(dialog.querySelector('.pickup-area')).toBeNull();
  });

  it('shows the buyer it is reserved for the exact pin and a link to open it in maps', async () => {
    const { user } = await openDetail({
      signedIn: true,
      product: productDetail({ isOwner: false, isReservedForCurrentUser: true }),
    });
    expect(screen.getByText(messages.pickupPrivacy.exactForReservedBuyer)).toBeTruthy();
    expect(screen.queryByText(messages.pickupPrivacy.approximateAreaMiles)).toBeNull();
    const maps = screen.getByRole('link', { name: messages.pickupPrivacy.openInMaps });
    expect(maps.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
    // Inside the meetup card, under a map named for the exact spot it shows.
    const card = screen.getByRole('region', { name: 'meetup' });
    expect(within(card).getByRole('link', { name: messages.pickupPrivacy.openInMaps })).toBe(maps);
    expect(within(card).getByRole('region', { name: messages.pickupPrivacy.exactMapLabel })).toBeTruthy();
    expect(screen.queryByRole('region', { name: messages.pickupPrivacy.areaMapLabel })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'view more' }));
    const dialog = screen.getByRole('dialog', { name: /Meetup area/ });
    await waitFor(() => expect(dialog.querySelector('path.pickup-spot')).not.toBeNull());
  });

  it('says the listing is not available when the server does not know it', async () => {
    mockApi();
    renderApp('/product-detail/5');
    expect(await screen.findByRole('heading', { name: 'This listing is not available' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to marketplace' })).toBeTruthy();
  });
});

import { eq } from 'drizzle-orm';
import { API, APP_FILES, apiPath } from '@rummage/contract';
import { emailVerificationTokens, garageSales } from '../src/db/schema.js';
import { insertResetToken } from '../src/modules/account/account.repository.js';
import { hashToken, newToken } from '../src/lib/tokens.js';
import { createUser, registration, solveCaptcha } from '../src/test/factories.js';
import { createGarageSale, garagePayload } from '../src/test/garages.js';
import { createProduct, image, listingFields, multipart, png, type Part } from '../src/test/products.js';
import { BLOCKING_CASES } from './route-table-blocking.js';
import { DEAL_CASES } from './route-table-deals.js';
import { HUB_CASES, HUB_NOT_ALLOWED_CASES } from './route-table-hubs.js';
import { MESSAGE_CASES } from './route-table-messages.js';
import { NOTIFICATION_CASES } from './route-table-notifications.js';
import { OFFER_CASES } from './route-table-offers.js';
import { RESERVATION_CASES } from './route-table-reservations.js';
import { SAVED_SEARCH_CASES } from './route-table-saved-searches.js';
import { STAFF_CASES } from './route-table-staff.js';
import { EMPTY_JSON, fixed, get, type Call, type RouteCase } from './route-kinds.js';
import { marker, rows } from './world.js';

function form(method: string, url: string, parts: Part[]): Call {
  const { payload, headers } = multipart(parts);
  return { method, url, payload, headers };
}

const photoRoute = (url: string, column: 'imageUrl' | 'coverPhotoUrl'): RouteCase => ({
  access: 'owner',
  async prepare(w) {
    const picture = await png(40, 40, '#aa3355');
    return {
      call: () =>
        form('POST', url, [
          { name: 'UserId', value: w.owner.user.id },
          { name: 'ImageFile', filename: 'me.png', contentType: 'image/png', data: picture },
        ]),
      state: async () => (await rows.user(w.app, w.owner.user.id))[0]?.[column],
    };
  },
});

const API_CASES: Record<string, RouteCase> = {
  'GET /healthz': get('public', () => API.health.live),
  'GET /readyz': get('public', () => API.health.ready),
  'GET /api/Config': get('public', () => API.config),
  'GET /manifest.webmanifest': get('public', () => APP_FILES.manifest),
  'GET /api/Category': get('public', () => API.category),
  'GET /api/Captcha/challenge': get('public', () => API.captcha.challenge),
  'GET /api/Geo/cities': get('public', () => `${API.geo.cities}?q=Chic`),
  'GET /api/Geo/reverse': get('public', () => `${API.geo.reverse}?lat=41.88&lng=-87.63`),

  'POST /api/Account/register': {
    access: 'public',
    prepare: (w) => ({
      call: async () => ({
        method: 'POST',
        url: API.account.register,
        payload: registration({ captchaToken: await solveCaptcha(w.app) }),
      }),
    }),
  },
  'POST /api/Account/user-login': {
    access: 'public',
    async prepare(w) {
      const person = await createUser(w.app);
      return fixed({
        method: 'POST',
        url: API.account.login,
        payload: { userName: person.username, password: person.password },
      });
    },
  },
  'GET /api/Account/me': get('signed-in', () => API.account.me),
  'POST /api/Account/logout': {
    access: 'signed-in',
    prepare: (w) => ({
      // Each caller ends a session of its own, so the shared tokens stay valid for the other routes.
      call: async (caller): Promise<Call> => ({
        method: 'POST',
        url: API.account.logout,
        headers:
          caller === 'visitor'
            ? {}
            : { authorization: `Bearer ${await w.session(w.principal(caller).user.id)}` },
      }),
    }),
  },
  'POST /api/Account/logout-everywhere': {
    access: 'signed-in',
    prepare: (w) => ({
      // Every session of the caller ends, so each caller is a person of their own: the shared tokens stay valid.
      call: async (caller): Promise<Call> => ({
        method: 'POST',
        url: API.account.logoutEverywhere,
        headers:
          caller === 'visitor'
            ? {}
            : { authorization: `Bearer ${await w.session((await createUser(w.app)).id)}` },
      }),
    }),
  },
  'GET /api/Account/export': {
    access: 'signed-in',
    // The owner's file holds their chat, ticket and e-mail; nobody else's file may (the matrix's leak checks).
    prepare: () =>
      fixed({ method: 'GET', url: API.account.exportData }, { reveals: ['chat', 'ticket', 'email'] }),
  },
  'GET /api/Account/export/archive': {
    access: 'signed-in',
    // The same file in a ZIP (stored uncompressed, so the leak checks read it), with the owner's photos.
    prepare: () =>
      fixed({ method: 'GET', url: API.account.exportArchive }, { reveals: ['chat', 'ticket', 'email'] }),
  },
  'DELETE /api/Account': {
    access: 'signed-in',
    prepare: (w) => ({
      // Each caller deletes a fresh account of its own, so the shared people stay for the other routes.
      call: async (caller): Promise<Call> => {
        if (caller === 'visitor') {
          return { method: 'DELETE', url: API.account.delete, payload: { password: 'Secret123!' } };
        }
        const person = await createUser(w.app);
        return {
          method: 'DELETE',
          url: API.account.delete,
          headers: { authorization: `Bearer ${await w.session(person.id)}` },
          payload: { password: person.password },
        };
      },
    }),
  },
  'POST /api/Account/verify-email': {
    access: 'public',
    async prepare(w) {
      return {
        // Each caller opens a link of its own, for an unverified person of its own.
        call: async () => {
          const person = await createUser(w.app, { verified: false });
          const token = newToken();
          const now = new Date();
          await w.app.parts.storage.database.db.insert(emailVerificationTokens).values({
            tokenHash: hashToken(token),
            userId: person.id,
            email: person.email,
            createdAt: now,
            expiresAt: new Date(now.getTime() + 60_000),
          });
          return { method: 'POST', url: API.account.verifyEmail, payload: { token } };
        },
      };
    },
  },
  'POST /api/Account/resend-verification': {
    access: 'signed-in',
    prepare: (w) => ({
      // A verified person is refused (nothing to send): each caller is an unverified person of their own.
      call: async (caller): Promise<Call> => ({
        method: 'POST',
        url: API.account.resendVerification,
        headers:
          caller === 'visitor'
            ? {}
            : {
                authorization: `Bearer ${await w.session((await createUser(w.app, { verified: false })).id)}`,
              },
      }),
    }),
  },
  'POST /api/Account/send-password-reset-link': {
    access: 'public',
    prepare: (w) =>
      fixed({ method: 'POST', url: API.account.sendPasswordResetLink, payload: { email: w.secrets.email } }),
  },
  'POST /api/Account/reset-password': {
    access: 'public',
    async prepare(w) {
      const person = await createUser(w.app);
      return {
        call: async () => {
          const token = newToken();
          const now = new Date();
          await insertResetToken(w.app.parts.storage.database.db, {
            tokenHash: hashToken(token),
            userId: person.id,
            createdAt: now,
            expiresAt: new Date(now.getTime() + 60_000),
          });
          return {
            method: 'POST',
            url: API.account.resetPassword,
            payload: { token, password: 'Newpass123!' },
          };
        },
      };
    },
  },

  'POST /api/Product/add': {
    access: 'signed-in',
    async prepare() {
      const photo = await png();
      return { call: () => form('POST', API.product.add, [...listingFields(), image(photo)]) };
    },
  },
  'PUT /api/Product': {
    access: 'owner',
    async prepare(w) {
      const id = await createProduct(w.app, w.owner.user.id);
      return {
        call: () => form('PUT', API.product.update, listingFields({ ProductId: id, Title: 'Edited title' })),
        state: () => rows.product(w.app, id),
      };
    },
  },
  'GET /api/Product/{id}': get('public', (w) => apiPath(API.product.item, { id: w.productId })),
  'DELETE /api/Product/{id}': {
    access: 'owner',
    async prepare(w) {
      const id = await createProduct(w.app, w.owner.user.id);
      return fixed(
        { method: 'DELETE', url: apiPath(API.product.item, { id }), headers: EMPTY_JSON },
        { state: () => rows.product(w.app, id) },
      );
    },
  },
  'POST /api/Product/change-sold-status': {
    access: 'owner',
    async prepare(w) {
      const productId = await createProduct(w.app, w.owner.user.id);
      return fixed(
        { method: 'POST', url: API.product.changeSoldStatus, payload: { productId, isSold: true } },
        { state: () => rows.product(w.app, productId) },
      );
    },
  },
  'POST /api/Product/increment-views/{id}': {
    access: 'public',
    prepare: (w) =>
      fixed({
        method: 'POST',
        url: apiPath(API.product.incrementViews, { id: w.productId }),
        headers: EMPTY_JSON,
      }),
  },
  'POST /api/Product/like-unlike/{id}': {
    access: 'signed-in',
    prepare: (w) =>
      fixed({
        method: 'POST',
        url: apiPath(API.product.likeUnlike, { id: w.productId }),
        headers: EMPTY_JSON,
      }),
  },
  'POST /api/Product/report': {
    access: 'signed-in',
    prepare: (w) =>
      fixed(
        {
          method: 'POST',
          url: API.product.report,
          payload: { productId: w.productId, reason: 'Looks fake' },
        },
        { expect: { owner: [400] } },
      ),
  },
  'GET /api/Product/unsold/user/{userId}': get('public', (w) =>
    apiPath(API.product.unsoldByUser, { userId: w.owner.user.id }),
  ),
  'GET /api/Product/sold/user/{userId}': get('public', (w) =>
    apiPath(API.product.soldByUser, { userId: w.owner.user.id }),
  ),
  'GET /api/Marketplace/products': get('public', () => API.marketplace.products),

  'POST /api/GarageSale/add': {
    access: 'signed-in',
    prepare: () => fixed({ method: 'POST', url: API.garageSale.add, payload: garagePayload() }),
  },
  'GET /api/GarageSale/{id}': get('public', (w) => apiPath(API.garageSale.item, { id: w.garageId })),
  'GET /api/GarageSale/user/{userId}': get('public', (w) =>
    apiPath(API.garageSale.byUser, { userId: w.owner.user.id }),
  ),
  'DELETE /api/GarageSale/delete/{id}': {
    access: 'owner',
    visitorsAnswered: true,
    async prepare(w) {
      const id = await createGarageSale(w.app, w.owner.user.id);
      return fixed(
        { method: 'DELETE', url: apiPath(API.garageSale.delete, { id }), headers: EMPTY_JSON },
        {
          state: () =>
            w.app.parts.storage.database.db.select().from(garageSales).where(eq(garageSales.id, id)),
        },
      );
    },
  },
  'GET /api/Marketplace/garage-sales': get('public', () => API.marketplace.garageSales),

  'GET /api/User/profile-details/{userId}': {
    access: 'public',
    // The e-mail is shown to its owner only.
    prepare: (w) =>
      fixed(
        { method: 'GET', url: apiPath(API.user.profileDetails, { userId: w.owner.user.id }) },
        { reveals: ['email'] },
      ),
  },
  'POST /api/User/upload-profile-photo': photoRoute(API.user.uploadProfilePhoto, 'imageUrl'),
  'POST /api/User/upload-cover-photo': photoRoute(API.user.uploadCoverPhoto, 'coverPhotoUrl'),
  'POST /api/User/update-user-details': {
    access: 'owner',
    prepare: (w) =>
      fixed(
        {
          method: 'POST',
          url: API.user.updateUserDetails,
          payload: {
            userId: w.owner.user.id,
            userName: w.owner.user.username,
            email: w.owner.user.email,
            address: 'Evanston, IL',
            latitude: 42.0451,
            longitude: -87.6877,
          },
        },
        { state: () => rows.user(w.app, w.owner.user.id) },
      ),
  },
  'POST /api/User/follow-unfollow/{userId}': {
    access: 'signed-in',
    prepare: (w) =>
      fixed(
        {
          method: 'POST',
          url: apiPath(API.user.followUnfollow, { userId: w.owner.user.id }),
          headers: EMPTY_JSON,
        },
        { expect: { owner: [400] } },
      ),
  },
  'GET /api/User/followers': get('signed-in', () => API.user.followers),

  'POST /api/Support/create-ticket': {
    access: 'signed-in',
    prepare: () =>
      fixed(
        {
          method: 'POST',
          url: API.support.createTicket,
          payload: { subject: 'system-bug', message: marker('help') },
        },
        // The owner already has an open ticket: 409 answers it (documented), nothing new is opened.
        { expect: { owner: [409] } },
      ),
  },
  'GET /api/Support/my-active-ticket': get('signed-in', () => API.support.myActiveTicket),
  'POST /api/Support/read': {
    access: 'owner',
    prepare: (w) => ({
      // Staff read the staff side (isUser false); the owner the user side.
      call: (caller) => ({
        method: 'POST',
        url: API.support.read,
        payload: { ticketId: w.ticketId, isUser: caller !== 'staff' },
      }),
      state: () => rows.ticket(w.app, w.ticketId),
      staffAllowed: true,
    }),
  },
  'GET /api/Support/ticket-history/{ticketId}': {
    access: 'owner',
    prepare: (w) => ({
      ...fixed({ method: 'GET', url: apiPath(API.support.ticketHistory, { ticketId: w.ticketId }) }),
      staffAllowed: true,
      reveals: ['ticket'],
    }),
  },
};

export type { Access, Call, Prepared, RouteCase } from './route-kinds.js';

/** Every operation of the OpenAPI document, by `METHOD /path` as the document writes it. */
export const ROUTE_CASES: Record<string, RouteCase> = {
  ...API_CASES,
  ...BLOCKING_CASES,
  ...MESSAGE_CASES,
  ...NOTIFICATION_CASES,
  ...RESERVATION_CASES,
  ...OFFER_CASES,
  ...DEAL_CASES,
  ...SAVED_SEARCH_CASES,
  ...STAFF_CASES,
  ...HUB_CASES,
};

/** Routes the document leaves out on purpose (they only answer 405), called by the matrix all the same. */
export const UNDOCUMENTED_CASES: Record<string, RouteCase> = HUB_NOT_ALLOWED_CASES;

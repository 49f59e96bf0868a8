import type { FastifyInstance } from 'fastify';
import type { ServerParts } from './composition/index.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { captchaRoutes } from './modules/captcha/captcha.routes.js';
import { categoryRoutes } from './modules/category/category.routes.js';
import { configRoutes } from './modules/config/config.routes.js';
import { webManifestRoutes } from './modules/config/web-manifest.routes.js';
import { garageRoutes } from './modules/garage/garage.routes.js';
import { geoRoutes } from './modules/geo/geo.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { marketplaceRoutes } from './modules/marketplace/marketplace.routes.js';
import { messageRoutes } from './modules/message/message.routes.js';
import { centreRoutes } from './modules/notification/centre.routes.js';
import { unsubscribeRoutes } from './modules/notification/email/unsubscribe.routes.js';
import { preferencesRoutes } from './modules/notification/preferences.routes.js';
import { pushRoutes } from './modules/notification/push.routes.js';
import { dealRoutes } from './modules/deal/deal.routes.js';
import { offerRoutes } from './modules/offer/offer.routes.js';
import { productRoutes } from './modules/product/product.routes.js';
import { savedSearchRoutes } from './modules/saved-search/saved-search.routes.js';
import { heldMessageRoutes } from './modules/staff/held-messages.routes.js';
import { staffRoutes } from './modules/staff/staff.routes.js';
import { supportRoutes } from './modules/support/support.routes.js';
import { userRoutes } from './modules/user/user.routes.js';

/**
 * The API surface at a glance; each module gets its services from the composition root (composition/).
 * Paths come from the contract (`API`), so every module owns its own full paths (docs/product.md §7 uses PascalCase ones such as /api/Account/user-login).
 *
 * | module   | paths                                                                                   |
 * |----------|-----------------------------------------------------------------------------------------|
 * | health   | GET /healthz, GET /readyz                                                               |
 * | config   | GET /api/Config, GET /manifest.webmanifest                                              |
 * | category | GET /api/Category                                                                       |
 * | captcha  | GET /api/Captcha/challenge                                                              |
 * | geo      | GET /api/Geo/cities, GET /api/Geo/reverse                                               |
 * | account  | POST /api/Account/register, user-login, logout, logout-everywhere, send-password-reset-link, reset-password; GET /api/Account/me, export; DELETE /api/Account |
 * | marketplace | GET /api/Marketplace/products                                                        |
 * | saved-search | GET+POST /api/SavedSearch, DELETE /api/SavedSearch/{id}, POST /api/SavedSearch/{id}/seen |
 * | garage   | POST /api/GarageSale/add, GET /api/GarageSale/{id}, GET /api/GarageSale/user/{userId}, DELETE /api/GarageSale/delete/{id}; GET /api/Marketplace/garage-sales |
 * | message  | POST /api/Message/send, read; GET chat-rooms, unread-count, chat-thrifter/{productId}/with/{receiverId}, history/{productId}/with/{receiverId}; DELETE delete-chat/{productId}/with/{otherUserId} |
 * | product  | POST /api/Product/add, PUT /api/Product, GET+DELETE /api/Product/{id}, POST change-sold-status, increment-views/{id}, like-unlike/{id}, report; GET unsold/user/{userId}, sold/user/{userId} |
 * | deal     | GET /api/Deal, /api/Deal/buyers, POST /api/Deal/{id}/dispute; POST /api/Review, /api/Review/{id}/reply, report; GET /api/Review/user/{userId}, …/reputation; POST /api/Staff/reviews/{id}/remove |
 * | user     | GET /api/User/profile-details/{userId}, followers; POST upload-profile-photo, upload-cover-photo, update-user-details, follow-unfollow/{userId} |
 * | support  | POST /api/Support/create-ticket, read; GET my-active-ticket, ticket-history/{ticketId}            |
 * | notifications | GET /api/Notifications, POST read; GET+PUT preferences; GET push-key; POST+DELETE push-subscriptions; POST test; GET+POST unsubscribe |
 * | staff    | /api/Staff/…: tickets (queue, detail, reply, close, reopen), reports (hide, unhide, dismiss), users (search, detail, ban, unban, delete-account, grant/revoke staff), moderation-log, search-report |
 */
export async function registerRoutes(app: FastifyInstance, parts: ServerParts): Promise<void> {
  const { config, storage, people, listings, messaging, moderation, personalData, notifications } = parts;
  const pipeline = storage.imagePipeline;
  await app.register(healthRoutes, { database: storage.database });
  await app.register(configRoutes, { config, captcha: people.captcha });
  await app.register(webManifestRoutes, { config });
  await app.register(categoryRoutes, { db: storage.database.db });
  await app.register(captchaRoutes, { captcha: people.captcha });
  await app.register(geoRoutes, { gazetteer: storage.gazetteer, defaultLocale: config.locale.defaultLocale });
  const { accountData } = personalData;
  await app.register(accountRoutes, {
    accounts: people.accounts,
    verification: people.verification,
    accountData,
    config,
  });
  const { products, engagement, reservations, offers, deals, reviews } = listings;
  const { marketplace, garages, users, savedSearches } = listings;
  await app.register(productRoutes, { config, products, engagement, reservations, pipeline });
  await app.register(offerRoutes, { config, offers });
  await app.register(dealRoutes, { config, deals, reviews });
  await app.register(marketplaceRoutes, { marketplace });
  await app.register(savedSearchRoutes, { config, savedSearches });
  await app.register(garageRoutes, { config, garages });
  await app.register(messageRoutes, { config, messages: messaging.chats });
  await app.register(userRoutes, { config, users, pipeline });
  await app.register(supportRoutes, { config, support: messaging.support });
  await app.register(staffRoutes, { support: messaging.support, staff: moderation.staff, accountData });
  await app.register(heldMessageRoutes, { held: messaging.held });
  await app.register(centreRoutes, { config, centre: notifications.centre });
  await app.register(preferencesRoutes, { config, preferences: notifications.preferences });
  await app.register(unsubscribeRoutes, {
    db: storage.database.db,
    tokens: notifications.unsubscribeTokens,
    preferences: notifications.preferences,
    productName: config.productName,
  });
  await app.register(pushRoutes, { config, push: notifications.push });
}

import type { FastifyInstance } from 'fastify';
import { fillText, messages } from '@rummage/contract';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { accountRoutes } from './modules/account/account.routes.js';
import type { AccountService } from './modules/account/account.service.js';
import { captchaRoutes } from './modules/captcha/captcha.routes.js';
import { categoryRoutes } from './modules/category/category.routes.js';
import { configRoutes } from './modules/config/config.routes.js';
import { garageRoutes } from './modules/garage/garage.routes.js';
import { createGarageService } from './modules/garage/garage.service.js';
import { geoRoutes } from './modules/geo/geo.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { marketplaceRoutes } from './modules/marketplace/marketplace.routes.js';
import { createMarketplaceService } from './modules/marketplace/marketplace.service.js';
import { memorySnapshotMemo, redisSnapshotMemo } from './modules/marketplace/snapshots.js';
import { messageRoutes } from './modules/message/message.routes.js';
import { createMessageService } from './modules/message/message.service.js';
import { createEngagementService } from './modules/product/engagement.service.js';
import { productRoutes } from './modules/product/product.routes.js';
import { createProductService } from './modules/product/product.service.js';
import { createStaffService } from './modules/staff/staff.service.js';
import { staffRoutes } from './modules/staff/staff.routes.js';
import { supportRoutes } from './modules/support/support.routes.js';
import { createSupportService, createSupportUnreadCounter } from './modules/support/support.service.js';
import { userRoutes } from './modules/user/user.routes.js';
import { createUserService } from './modules/user/user.service.js';
import type { CaptchaVerifier } from './services/captcha/index.js';
import type { Gazetteer } from './services/geo/index.js';
import { messageBudgetWindow, type BudgetStore } from './services/rate-budget/index.js';
import { createHubChatNotifier } from './realtime/hubs/notifier.js';
import { appHubs, createHubSupportNotifier } from './realtime/hubs/support.hub.js';

export interface RouteDeps {
  config: AppConfig;
  database: DatabaseHandle;
  accounts: AccountService;
  captcha: CaptchaVerifier;
  gazetteer: Gazetteer;
  /** Per-person write budgets (services/rate-budget), shared by REST and the hubs. */
  budgets: BudgetStore;
}

/**
 * The API surface at a glance. Paths come from the contract (`API`), so every module owns its own
 * full paths (SPEC §7 uses PascalCase ones such as /api/Account/user-login).
 *
 * | module   | paths                                                                                   |
 * |----------|-----------------------------------------------------------------------------------------|
 * | health   | GET /healthz, GET /readyz                                                               |
 * | config   | GET /api/Config                                                                         |
 * | category | GET /api/Category                                                                       |
 * | captcha  | GET /api/Captcha/challenge                                                              |
 * | geo      | GET /api/Geo/cities, GET /api/Geo/reverse                                               |
 * | account  | POST /api/Account/register, user-login, logout, send-password-reset-link, reset-password; GET /api/Account/me |
 * | marketplace | GET /api/Marketplace/products                                                        |
 * | garage   | POST /api/GarageSale/add, GET /api/GarageSale/{id}, GET /api/GarageSale/user/{userId}, DELETE /api/GarageSale/delete/{id}; GET /api/Marketplace/garage-sales |
 * | message  | POST /api/Message/send, read; GET chat-rooms, unread-count, chat-thrifter/{productId}/with/{receiverId}, history/{productId}/with/{receiverId}; DELETE delete-chat/{productId}/with/{otherUserId} |
 * | product  | POST /api/Product/add, PUT /api/Product, GET+DELETE /api/Product/{id}, POST change-sold-status, increment-views/{id}, like-unlike/{id}, report; GET unsold/user/{userId}, sold/user/{userId} |
 * | user     | GET /api/User/profile-details/{userId}, followers; POST upload-profile-photo, upload-cover-photo, update-user-details, follow-unfollow/{userId} |
 * | support  | POST /api/Support/create-ticket, read; GET my-active-ticket, ticket-history/{ticketId}            |
 * | staff    | /api/Staff/…: tickets (queue, detail, reply, close, reopen), reports (hide, unhide, dismiss), users (search, detail, ban, unban, grant/revoke staff), moderation-log |
 */
export async function registerRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  await app.register(healthRoutes, { database: deps.database });
  await app.register(configRoutes, { config: deps.config, captcha: deps.captcha });
  await app.register(categoryRoutes, { db: deps.database.db });
  await app.register(captchaRoutes, { captcha: deps.captcha });
  await app.register(geoRoutes, { gazetteer: deps.gazetteer });
  await app.register(accountRoutes, { accounts: deps.accounts, config: deps.config });

  const db = deps.database.db;
  const store = app.imageStore;
  const products = createProductService({
    db,
    store,
    reverse: (lat, lng) => deps.gazetteer.reverse(lat, lng),
    maxImages: deps.config.uploads.maxImages,
    log: app.log,
  });
  const engagement = createEngagementService({ db });
  await app.register(productRoutes, {
    config: deps.config,
    products,
    engagement,
    pipeline: app.imagePipeline,
  });
  const memo = app.redis ? redisSnapshotMemo(app.redis, deps.config.redisKeyPrefix) : memorySnapshotMemo();
  await app.register(marketplaceRoutes, { marketplace: createMarketplaceService({ db, store, memo }) });
  await app.register(garageRoutes, {
    config: deps.config,
    garages: createGarageService({ db, reverse: (lat, lng) => deps.gazetteer.reverse(lat, lng) }),
  });
  const chats = createMessageService({
    db,
    store,
    // Pushes go through /chathub and /generalhub once the real-time plugin is registered (looked up per push).
    notifier: createHubChatNotifier(
      appHubs(app),
      (userId) => app.messageService.unreadCounts(userId),
      app.log,
    ),
    unreadSupport: (userId) => createSupportUnreadCounter(db).countForUserId(userId),
    budgets: deps.budgets,
    budgetWindow: messageBudgetWindow(deps.config.rateLimit.global),
    log: app.log,
  });
  app.decorate('messageService', chats);
  await app.register(messageRoutes, { config: deps.config, messages: chats });
  await app.register(userRoutes, {
    config: deps.config,
    users: createUserService({
      db,
      store,
      reverse: (lat, lng) => deps.gazetteer.reverse(lat, lng),
      log: app.log,
    }),
    pipeline: app.imagePipeline,
  });

  // Pushes go through /supporthub and /generalhub once the real-time plugin is registered (looked up per push).
  const support = createSupportService({
    db,
    productName: deps.config.productName,
    notifier: createHubSupportNotifier(appHubs(app), db, app.log),
    budgets: deps.budgets,
    budgetWindow: messageBudgetWindow(deps.config.rateLimit.global),
    log: app.log,
  });
  app.decorate('supportService', support);
  await app.register(supportRoutes, { config: deps.config, support });
  const staff = createStaffService({
    db,
    store,
    support,
    // Sessions are revoked already, but an open WebSocket would keep delivering until its next reconnect.
    onBanned: (userId) =>
      app.hasDecorator('realtime')
        ? app.realtime.endUser(userId, fillText(messages.login.banned, { email: deps.config.supportEmail }))
        : 0,
  });
  await app.register(staffRoutes, { support, staff });
}

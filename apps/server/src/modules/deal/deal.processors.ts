/**
 * What people hear about deals and ratings (docs/product.md §19, §20), as durable event processors: both sides
 * are asked to rate when a deal is made; the seller hears when the buyer says the handover did not happen; the
 * rated people hear when ratings are published; an author hears why staff removed their rating. Every entry is
 * of type `deal` or `review` and follows the person's "ratings" preferences for push.
 */
import { NOTIFICATION_TYPES, ROUTES, fillText, messages } from '@rummage/contract';
import { processor, type EventProcessor } from '../../events/durable.js';
import type { NotificationCentre } from '../notification/centre.service.js';
import { nameInNotices } from '../notification/names.js';

const D = messages.deals;
const R = messages.reviews;
const DAY_MS = 86_400_000;

const askKey = (dealId: number) => `review:ask:${dealId}`;
/**
 * A deal's news is told in the order it happened (the processors' `inOrderOf`): a sale undone at once must not
 * have its "called off" handled before its "rate this deal", which would then stay unread for a void deal.
 */
const newsOfDeal = (dealId: number) => `deal:${dealId}`;

export function dealProcessors(centre: NotificationCentre): EventProcessor[] {
  return [
    processor({
      event: 'deal.made',
      name: 'notifications.askToRate',
      inOrderOf: ({ deal }) => newsOfDeal(deal.id),
      handle: async ({ deal }, w) => {
        const days = Math.max(1, Math.round((Date.parse(deal.rateUntil) - Date.parse(deal.soldAt)) / DAY_MS));
        const sides = [
          { to: deal.sellerId, other: deal.buyerId },
          { to: deal.buyerId, other: deal.sellerId },
        ];
        for (const { to, other } of sides) {
          await centre.notify(w, to, {
            type: NOTIFICATION_TYPES.review,
            title: fillText(R.askTitle, { title: deal.title, name: await nameInNotices(w.tx, other) }),
            body: fillText(R.askBody, { days }),
            link: ROUTES.chat(other, deal.productId),
            groupKey: askKey(deal.id),
            // Someone who blocked the other side is not asked to rate them (modules/user/reach.ts).
            actorId: other,
          });
        }
      },
    }),
    processor({
      event: 'deal.voided',
      name: 'notifications.dealCalledOff',
      inOrderOf: ({ deal }) => newsOfDeal(deal.id),
      handle: async ({ deal, by }, w) => {
        // Nobody is asked to rate a deal that did not happen any more.
        for (const userId of [deal.sellerId, deal.buyerId]) {
          await centre.readWhere(w, userId, { groupKey: askKey(deal.id) });
        }
        if (by !== 'buyer') return;
        await centre.notify(w, deal.sellerId, {
          type: NOTIFICATION_TYPES.deal,
          title: fillText(D.disputedTitle, {
            name: await nameInNotices(w.tx, deal.buyerId),
            title: deal.title,
          }),
          body: D.disputedBody,
          link: ROUTES.chat(deal.buyerId, deal.productId),
          groupKey: `deal:${deal.id}`,
          actorId: deal.buyerId,
        });
      },
    }),
    processor({
      event: 'review.published',
      name: 'notifications.ratingsPublished',
      inOrderOf: ({ dealId }) => newsOfDeal(dealId),
      handle: async ({ dealId, title, reviews }, w) => {
        for (const review of reviews) {
          await centre.notify(w, review.subjectId, {
            type: NOTIFICATION_TYPES.review,
            title: fillText(R.publishedTitle, { title }),
            body: fillText(R.publishedBody, { name: await nameInNotices(w.tx, review.authorId) }),
            link: ROUTES.userMain,
            groupKey: `review:published:${dealId}`,
            actorId: review.authorId,
          });
          await centre.readWhere(w, review.authorId, { groupKey: askKey(dealId) });
        }
      },
    }),
    processor({
      event: 'deal.ratingWindowEnded',
      name: 'notifications.ratingWindowEnded',
      inOrderOf: ({ dealId }) => newsOfDeal(dealId),
      handle: async ({ dealId, sellerId, buyerId }, w) => {
        // Whoever did not rate is no longer asked to: the request would open a chat with no form to rate in.
        for (const userId of [sellerId, buyerId]) {
          await centre.readWhere(w, userId, { groupKey: askKey(dealId) });
        }
      },
    }),
    processor({
      event: 'review.removed',
      name: 'notifications.ratingRemoved',
      handle: async ({ reviewId, authorId, subjectId, reason }, w) => {
        await centre.notify(w, authorId, {
          type: NOTIFICATION_TYPES.review,
          title: fillText(R.removedTitle, { name: await nameInNotices(w.tx, subjectId) }),
          body: fillText(R.removedBody, { reason }),
          link: ROUTES.otherUser(subjectId),
          groupKey: `review:removed:${reviewId}`,
        });
      },
    }),
  ];
}

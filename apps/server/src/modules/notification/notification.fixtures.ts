/** Test helpers for the notification centre: each call as the web app makes it (JSON, bearer token). */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  API,
  NOTIFICATION_TYPES,
  ROUTES,
  apiPath,
  type MarkNotificationsRead,
  type Notification,
  type NotificationListQuery,
} from '@rummage/contract';
import { processorJob } from '../../events/durable.js';
import { jobsSettled } from '../../test/jobs.js';
import { bearer, createUser, signIn, type TestUser } from '../../test/factories.js';
import { ageAccount } from '../message/chat.fixtures.js';

export interface Person extends TestUser {
  token: string;
}
export interface ListAnswer {
  data: Notification[];
  hasMore: boolean;
  unread: number;
}

/** Asks again until `done` holds (work the queue does shortly after the request), for at most five seconds. */
export async function eventually<T>(ask: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
  const until = Date.now() + 5_000;
  for (;;) {
    const answer = await ask();
    if (done(answer) || Date.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function notificationApi(app: FastifyInstance) {
  const json = (token: string) => ({ ...bearer(token), 'content-type': 'application/json' });
  return {
    /** A signed-in account old enough to start chats freely. */
    async person(): Promise<Person> {
      const user = await createUser(app);
      await ageAccount(app, user.id);
      return { ...user, token: await signIn(app, user) };
    },

    /** The person's list once what was recorded so far has been processed (entries are made by jobs). */
    async listOf(who: Person, query: Partial<NotificationListQuery> = {}): Promise<ListAnswer> {
      await jobsSettled(app.parts.storage.database.db, processorJob(''));
      const search = new URLSearchParams(
        Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
      );
      const response = await app.inject({
        method: 'GET',
        url: `${API.notifications.list}?${search.toString()}`,
        headers: bearer(who.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ListAnswer>();
    },

    read(who: Person, payload: MarkNotificationsRead | unknown) {
      return app.inject({
        method: 'POST',
        url: API.notifications.read,
        headers: json(who.token),
        payload: JSON.stringify(payload),
      });
    },

    /** An entry made straight through the centre (what every subscriber does). */
    entry(who: Person, title: string, groupKey?: string) {
      return app.parts.notifications.centre.notifyNow(who.id, {
        type: NOTIFICATION_TYPES.support,
        title,
        body: 'body',
        link: ROUTES.support,
        groupKey,
      });
    },

    async follow(who: Person, userId: number) {
      const response = await app.inject({
        method: 'POST',
        url: apiPath(API.user.followUnfollow, { userId }),
        headers: json(who.token),
        payload: JSON.stringify({ follow: true }),
      });
      expect(response.statusCode, response.body).toBe(200);
    },
  };
}

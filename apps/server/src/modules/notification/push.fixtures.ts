/** Test helpers for Web Push: the message that makes a notification for its receiver. */
import type { FastifyInstance } from 'fastify';
import type { TestUser } from '../../test/factories.js';

export interface Person extends TestUser {
  token: string;
}

let nextId = 1_000_000;

/**
 * A notification for `to` about a message from `from`, as the notification centre stores one. Answers the entry's
 * title and link, which a push carries.
 */
export async function messageTo(
  app: FastifyInstance,
  from: Person,
  to: Person,
  text: string,
): Promise<{ title: string; link: string }> {
  const notification = {
    id: nextId++,
    type: 'message' as const,
    title: `New message from ${from.username}`,
    body: text,
    link: `/chat/${from.id}/1`,
    createdAt: new Date().toISOString(),
    isRead: false,
  };
  await app.parts.events.emit('notification.created', { userId: to.id, notification, unread: 1 });
  return { title: notification.title, link: notification.link };
}

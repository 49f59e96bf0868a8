/**
 * Blocking (docs/product.md §11) in one place. Every act of one person that reaches another (a message, a follow,
 * a reservation, and whatever later reaches someone) asks `refuseIfBlocked` first, whichever way it arrives (REST,
 * a hub, a job); and the notification centre leaves out a recipient who blocked the entry's actor
 * (centre.repository.ts), so a reminder or a notice about someone blocked never arrives either.
 */
import { CHAT_LIMITS, messages } from '@rummage/contract';
import { HttpError } from '../../lib/http-error.js';
import { isEmailVerified } from '../account/email-verification.repository.js';
import type { Db } from '../product/product.cards.js';
import {
  countChatsStartedLastHour,
  countUnansweredLastMinute,
  hasAnswer,
  isYoungAccount,
} from '../message/message-sending.repository.js';
import { hasBlocked } from './block.repository.js';

/** Refuses with the act's own text (403, nothing more said) when `otherId` blocked `actorId`. */
export async function refuseIfBlocked(
  db: Db,
  actorId: number,
  otherId: number,
  refusal: string,
): Promise<void> {
  if (await hasBlocked(db, otherId, actorId)) throw new HttpError(403, refusal);
}

/**
 * With REQUIRE_VERIFIED_EMAIL (`required`), an act that reaches new people (a listing, a new conversation) needs a
 * verified address: 403 with the contract's text. Answering someone who wrote first never does.
 */
export async function refuseIfUnverified(db: Db, actorId: number, required: boolean): Promise<void> {
  if (required && !(await isEmailVerified(db, actorId))) {
    throw new HttpError(403, messages.emailVerification.required);
  }
}

/**
 * A new conversation beyond CHAT_LIMITS' number an hour (fewer for an account younger than a day) is refused with
 * 429 and the contract's text, whatever starts it: a first message or an offer. `young` when already known.
 */
export async function refuseTooManyNewChats(db: Db, actorId: number, young?: boolean): Promise<void> {
  const isYoung = young ?? (await isYoungAccount(db, actorId, CHAT_LIMITS.newAccountAgeMs));
  const allowed = isYoung ? CHAT_LIMITS.newChatsPerHourNewAccount : CHAT_LIMITS.newChatsPerHour;
  if ((await countChatsStartedLastHour(db, actorId)) >= allowed) {
    throw new HttpError(429, messages.chat.newChatsLimited);
  }
}

/**
 * What the actor sent in the last minute into chats nobody has answered yet (messages and offers alike, across all
 * their chats) beyond CHAT_LIMITS' number is refused with 429 and the contract's text. A chat the other side has
 * written in is never limited; `conversationId` is left out for a chat not started yet.
 */
export async function refuseTooManyUnanswered(
  db: Db,
  actorId: number,
  conversationId?: number,
): Promise<void> {
  if (conversationId !== undefined && (await hasAnswer(db, conversationId, actorId))) return;
  if ((await countUnansweredLastMinute(db, actorId)) >= CHAT_LIMITS.unansweredMessagesPerMinute) {
    throw new HttpError(429, messages.chat.unansweredLimited);
  }
}

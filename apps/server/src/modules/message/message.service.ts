import {
  CHAT_LIMITS,
  chatTextSchema,
  messages,
  type ChatHistoryResponse,
  type ChatMessage,
  type ChatRoom,
  type ChatThreadHeader,
  type UnreadCounts,
} from '@rummage/contract';
import { activeReservation } from '../product/product.presenter.js';
import type { Database } from '../../db/client.js';
import type { DurableEvents } from '../../events/durable.js';
import { HttpError, TooManyRequestsError } from '../../lib/http-error.js';
import {
  budgetKeys,
  newAccountShare,
  type BudgetListener,
  type BudgetStore,
  type BudgetTake,
  type BudgetWindow,
} from '../../services/rate-budget/index.js';
import type { SafetyCheck } from '../../services/safety/index.js';
import type { AuthUser } from '../account/session.service.js';
import { isFollowing } from '../product/engagement.repository.js';
import { imagesOf } from '../product/product.cards.js';
import type { ImageAddresses } from '../product/product.presenter.js';
import { hiddenListing } from '../product/product.service.js';
import { findChatAboutGoneListing } from './kept-chats.repository.js';
import * as sending from './message-sending.repository.js';
import * as repo from './message.repository.js';
import { toMessage } from './chat-message.js';
import { isHeld } from './held-messages.js';
import * as heldRepo from './held-messages.repository.js';
import * as inbox from './inbox.repository.js';
import { hasBlocked } from '../user/block.repository.js';
import { standingAgreement } from '../deal/deal.repository.js';
import {
  refuseIfBlocked,
  refuseIfUnverified,
  refuseTooManyNewChats,
  refuseTooManyUnanswered,
} from '../user/reach.js';

const C = messages.chat;

export interface MessageServiceOptions {
  db: Database;
  store: ImageAddresses;
  /**
   * Records what happened in each write's transaction (chat.messageSent, chat.read, chat.deleted): processors make
   * what follows, and hubs deliver from the bus after the commit.
   */
  durable: DurableEvents;
  /** Each person's message budget, spent by every send whether it comes through REST or /chathub. */
  budgets: BudgetStore;
  budgetWindow: BudgetWindow;
  /** The scam and spam check every message passes before it is stored (services/safety). */
  safety: SafetyCheck;
  /** REQUIRE_VERIFIED_EMAIL: starting a conversation needs a verified address (answering never does). */
  requireVerifiedEmail?: boolean;
  /**
   * Unread support answers for the header badge. Support tickets come later; until then nobody has any.
   * The support module plugs its counter in here, and both /unread-count and /generalhub pick it up.
   */
  unreadSupport?: (userId: number) => Promise<number>;
}

/** Who is who in one chat: a listing, the person asking about it, and its seller. */
export interface ChatPair {
  productId: number;
  buyerId: number;
  sellerId: number;
}

export type MessageService = ReturnType<typeof createMessageService>;

/**
 * Chats about listings. A chat is (listing, buyer); the seller is the listing's owner. Buyers start chats,
 * sellers only answer. A sold listing still takes messages, new chats included: the seller may mark it available
 * again, and the chat page shows `isSold` so the buyer knows.
 */
export function createMessageService(options: MessageServiceOptions) {
  const { db, store, durable, budgets, budgetWindow, safety } = options;
  const unreadSupport = options.unreadSupport ?? (async () => 0);
  const productAndConversation = repo.productAndConversationLookup(db);

  async function firstThumbs(productIds: number[]): Promise<Map<number, string>> {
    const images = await imagesOf(db, productIds);
    const thumbs = new Map<number, string>();
    for (const [productId, list] of images) {
      const first = list[0];
      if (first) thumbs.set(productId, store.url(first.thumbKey));
    }
    return thumbs;
  }

  /**
   * The chat between the caller and `otherUserId` about a listing, by the participant rules: the seller talks
   * with buyers who already wrote; anyone else talks with the seller (the chat may not exist yet). With
   * `keptChats`, a chat whose listing was deleted still answers from what it kept (reading, never sending).
   */
  async function resolve(
    tx: repo.Db,
    user: AuthUser,
    productId: number,
    otherUserId: number,
    options: { keptChats?: boolean } = {},
  ): Promise<{ pair: ChatPair; product: repo.ChatProduct; conversation?: repo.ConversationRow }> {
    if (otherUserId === user.id) throw new HttpError(400, C.self);
    const found =
      tx === db
        ? await productAndConversation(productId, user.id, otherUserId)
        : await repo.findProductAndConversation(tx, productId, user.id, otherUserId);
    const product = found?.product;
    if (!product && options.keptChats) {
      const kept = await findChatAboutGoneListing(tx, productId, user.id, otherUserId);
      if (kept) {
        const pair = { productId, buyerId: kept.buyerId, sellerId: kept.sellerId };
        const gone = {
          id: productId,
          sellerId: kept.sellerId,
          title: kept.productTitle,
          price: kept.productPrice,
          // Nothing can be bought any more: the chat page shows it as sold.
          isSold: true,
          hiddenAt: null,
          sellerBannedAt: null,
          reservedForId: null,
          reservedUntil: null,
        };
        return { pair, product: gone, conversation: kept };
      }
    }
    const visible =
      product && (product.sellerId === user.id || (!product.hiddenAt && !product.sellerBannedAt));
    if (!product || !visible) throw new HttpError(404, C.productNotFound);
    // The conversation came with the listing: the seller's with the other person, or the buyer's own.
    const conversation = found?.conversation;
    if (product.sellerId === user.id) {
      if (!conversation) throw new HttpError(403, C.notParticipant);
      return { pair: { productId, buyerId: otherUserId, sellerId: user.id }, product, conversation };
    }
    if (otherUserId !== product.sellerId) throw new HttpError(403, C.notParticipant);
    return { pair: { productId, buyerId: user.id, sellerId: product.sellerId }, product, conversation };
  }

  /**
   * The rate limits (CHAT_LIMITS), counted in the database so every process enforces the same numbers, and a
   * new account's share of its message budget. Replies in a chat the other side has answered pass all of them:
   * they spend only the shared budget, already taken.
   */
  async function checkLimits(
    tx: repo.Db,
    senderId: number,
    conversationId: number | undefined,
    budget: BudgetTake,
  ) {
    if (conversationId !== undefined && (await sending.hasAnswer(tx, conversationId, senderId))) return;
    const young = await sending.isYoungAccount(tx, senderId, CHAT_LIMITS.newAccountAgeMs);
    if (young && budget.limit - budget.remaining > newAccountShare(budget.limit)) {
      throw new TooManyRequestsError(messages.common.tooManyRequests, budget.resetMs);
    }
    if (conversationId === undefined) await refuseTooManyNewChats(tx, senderId, young);
    // Answered chats returned above: this counts the rest.
    await refuseTooManyUnanswered(tx, senderId);
  }

  async function unreadCounts(userId: number): Promise<UnreadCounts> {
    const [chats, support] = await Promise.all([inbox.countUnreadChats(db, userId), unreadSupport(userId)]);
    return { messages: chats, support };
  }

  return {
    unreadCounts,

    /** Checks that the caller may open this chat (hubs join it); answers who is who. */
    async openChat(user: AuthUser, productId: number, otherUserId: number): Promise<ChatPair> {
      return (await resolve(db, user, productId, otherUserId, { keptChats: true })).pair;
    },

    /**
     * Stores a message and says so (chat.messageSent). Every attempt with a text to send first spends from the
     * sender's message budget, the one REST and /chathub share, so no way of sending gets more; a text that is no
     * message (blank, too long) is refused before, as the REST route's schema refuses it before this runs.
     * `onBudget` hears what is left of the budget.
     * `clientMessageId` is the sender's own name for its pending copy (hubs only, checked there); it travels
     * with the chat.messageSent event so the sender's echo can be matched by it, and is never stored.
     */
    async send(
      user: AuthUser,
      input: { productId: number; receiverId: number; message: unknown; clientMessageId?: string },
      onBudget?: BudgetListener,
    ): Promise<ChatMessage> {
      // Checked here too (not only by the route's schema): hubs call this with whatever the client sent.
      const text = chatTextSchema.safeParse(input.message);
      if (!text.success) throw new HttpError(400, text.error.issues[0]?.message ?? C.empty);
      const body = text.data;
      const budget = await budgets.take(budgetKeys.chatMessage(user.id), budgetWindow);
      onBudget?.(budget);
      if (!budget.allowed) throw new TooManyRequestsError(messages.common.tooManyRequests, budget.resetMs);

      const clientMessageId = input.clientMessageId !== undefined && {
        clientMessageId: input.clientMessageId,
      };
      // The message and what must follow it (the receiver's entry, push, e-mail) commit together; open pages
      // hear of it once it has committed (events/durable.ts).
      return durable.transaction(async (tx, record) => {
        await sending.lockSender(tx, user.id);
        // A ban revokes the sessions, but a WebSocket opened before it may outlive a lost backplane message.
        const sender = await repo.findUser(tx, user.id);
        if (!sender || sender.bannedAt) throw new HttpError(401, messages.common.loginRequired);
        const { pair, conversation, product } = await resolve(tx, user, input.productId, input.receiverId);
        // Only its seller still sees a listing staff hid; the buyer could neither read nor answer what they wrote.
        if (product.hiddenAt) throw hiddenListing(product.sellerId, user.id);
        const receiver = await repo.findUser(tx, input.receiverId);
        if (!receiver || receiver.bannedAt) throw new HttpError(404, C.userNotFound);
        // Before anything is stored or told: the refusal says no more than that (docs/product.md §11).
        await refuseIfBlocked(tx, user.id, input.receiverId, messages.blocking.cannotMessage);
        if (!conversation) await refuseIfUnverified(tx, user.id, options.requireVerifiedEmail ?? false);
        await checkLimits(tx, user.id, conversation?.id, budget);
        const assessment = safety.assess(body, {
          bothHaveWritten: conversation !== undefined && (await sending.bothHaveWritten(tx, conversation.id)),
        });
        if (isHeld(assessment, sender, new Date())) {
          // Nothing reaches the recipient, not even a conversation: staff decide (held-messages.ts).
          const kept = await heldRepo.insertHeld(tx, {
            ...pair,
            senderId: user.id,
            receiverId: input.receiverId,
            body,
            safetyWarning: assessment.warning!,
            score: assessment.score,
          });
          const row = { ...kept, senderId: user.id, userName: user.username, body, safetyWarning: null };
          const waiting = { ...toMessage(row, pair, user.id), held: true };
          await record('chat.messageHeld', {
            message: waiting,
            ...pair,
            senderId: user.id,
            ...clientMessageId,
          });
          return waiting;
        }
        const conversationId = conversation?.id ?? (await sending.ensureConversation(tx, pair));
        const stored = await sending.insertMessage(tx, conversationId, user.id, body, assessment.warning);
        const row = {
          ...stored,
          senderId: user.id,
          userName: user.username,
          body,
          safetyWarning: assessment.warning,
        };
        // The sender's copy never carries the warning; the recipient's does (delivery/chat.ts sends each its own).
        const sent = toMessage(row, pair, user.id);
        await record('chat.messageSent', {
          message: sent,
          ...(assessment.warning !== null && { receivedByRecipient: toMessage(row, pair, input.receiverId) }),
          ...pair,
          senderId: user.id,
          receiverId: input.receiverId,
          ...clientMessageId,
        });
        return sent;
      });
    },

    async chatRooms(user: AuthUser): Promise<ChatRoom[]> {
      const rows = await inbox.listInbox(db, user.id);
      const thumbs = await firstThumbs([...new Set(rows.map((row) => row.productId))]);
      return rows.map((row) => ({
        otherUserId: row.otherUserId,
        otherUserName: row.otherUserName ?? C.deletedUser,
        otherUserImageUrl: row.otherUserImageUrl,
        productId: row.productId,
        productTitle: row.productTitle,
        productImageUrl: thumbs.get(row.productId) ?? null,
        productPrice: row.productPrice,
        hasUnread: row.unreadCount > 0,
        unreadCount: row.unreadCount,
        lastMessage: row.lastMessage,
        lastMessageAt: row.lastMessageAt.toISOString(),
        isSeller: row.sellerId === user.id,
      }));
    },

    /** Marks what `otherUserId` wrote about the listing as read by the caller. */
    async read(user: AuthUser, productId: number, otherUserId: number): Promise<void> {
      // The chat's last message is read, and kept, in the transaction that records the read: a message that came
      // between a read outside it and the commit stayed unread, yet its bell entry, told of the read, was marked read.
      await durable.transaction(async (tx, record) => {
        const conversation = await repo.findConversationBetween(tx, productId, user.id, otherUserId, {
          forShare: true,
        });
        if (!conversation) throw new HttpError(404, C.notFound);
        await repo.markRead(tx, conversation.id, user.id, conversation.lastMessageId);
        await record('chat.read', { userId: user.id, productId, otherUserId });
      });
    },

    /** "Delete chat": hides it for the caller only, until a newer message arrives. */
    async deleteChat(user: AuthUser, productId: number, otherUserId: number): Promise<void> {
      await durable.transaction(async (tx, record) => {
        const conversation = await repo.findConversationBetween(tx, productId, user.id, otherUserId, {
          forShare: true,
        });
        if (!conversation) throw new HttpError(404, C.notFound);
        await repo.clearUpTo(tx, conversation.id, user.id, conversation.lastMessageId);
        await record('chat.deleted', { userId: user.id, productId, otherUserId });
      });
    },

    async threadHeader(user: AuthUser, productId: number, otherUserId: number): Promise<ChatThreadHeader> {
      const { product } = await resolve(db, user, productId, otherUserId, { keptChats: true });
      const [other, following, blocked, thumbs] = await Promise.all([
        repo.findUser(db, otherUserId),
        isFollowing(db, user.id, otherUserId),
        hasBlocked(db, user.id, otherUserId),
        firstThumbs([productId]),
      ]);
      const hold = activeReservation(product);
      const buyerId = product.sellerId === user.id ? otherUserId : user.id;
      const heldHere = hold !== null && hold.buyerId === buyerId;
      // Most chats never agreed on anything: only a hold here or a sale asks the offers.
      const agreedPrice =
        heldHere || product.isSold ? await standingAgreement(db, productId, buyerId, heldHere) : null;
      // Resolved, so the two have a chat: a missing account is a deleted one, and the chat stays readable.
      return {
        userId: otherUserId,
        userName: other?.username ?? C.deletedUser,
        userImageUrl: other?.imageUrl ?? null,
        isFollowedByCurrentUser: following,
        isBlockedByCurrentUser: blocked,
        productId,
        productName: product.title,
        productPrice: product.price,
        productImageUrl: thumbs.get(productId) ?? null,
        sellerId: product.sellerId,
        isSold: product.isSold,
        isHidden: product.hiddenAt !== null,
        reservedUntil: hold?.until.toISOString() ?? null,
        isReservedInThisChat: heldHere,
        agreedPrice,
      };
    },

    /** Oldest to newest; what the caller cleared stays hidden from them. */
    async history(
      user: AuthUser,
      productId: number,
      otherUserId: number,
      page: { before?: number; pageSize: number },
    ): Promise<ChatHistoryResponse> {
      const { pair, conversation } = await resolve(db, user, productId, otherUserId, { keptChats: true });
      // The caller's own messages still held for a check come last on the newest page, marked held (a held first
      // message has no conversation yet).
      const waiting: ChatMessage[] = [];
      if (page.before === undefined) {
        for (const held of await heldRepo.waitingFromSender(db, productId, pair.buyerId, user.id)) {
          const row = { ...held, senderId: user.id, userName: user.username, safetyWarning: null };
          waiting.push({ ...toMessage(row, pair, user.id), held: true });
        }
      }
      if (!conversation) return { data: waiting, hasMore: false };
      const member = await repo.memberState(db, conversation.id, user.id);
      const rows = await repo.listMessages(db, conversation.id, {
        afterId: member.clearedMessageId,
        before: page.before,
        limit: page.pageSize + 1,
      });
      const hasMore = rows.length > page.pageSize;
      const data = rows
        .slice(0, page.pageSize)
        .reverse()
        .map((row) => toMessage(row, pair, user.id));
      return { data: [...data, ...waiting], hasMore };
    },
  };
}

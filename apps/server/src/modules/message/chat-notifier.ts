import type { ChatMessage } from '@rummage/contract';

/**
 * What the message service tells the rest of the app after a change is committed. The hubs implement it
 * (realtime/hubs/notifier.ts) to push to open pages; the service neither knows nor waits for who listens.
 */
export interface ChatNotifier {
  /** A message was stored: both sides' open chat pages should show it. */
  messageSent(
    message: ChatMessage,
    participants: { senderId: number; receiverId: number },
  ): Promise<void> | void;
  /** These people's unread counts may have changed (new message, read, deleted chat). */
  unreadChanged(userIds: number[]): Promise<void> | void;
}

/** For apps without hubs (and tests of the REST API alone): nobody is told. */
export const noopChatNotifier: ChatNotifier = {
  messageSent() {},
  unreadChanged() {},
};

import { describe, expect, it } from 'vitest';
import { HUB_EVENTS, HUBS, SUPPORT_HUB_EVENTS, type ReceivedChatMessage } from '@rummage/contract';
import { FakeHub } from './fakeHub';
import { typedHub } from './hubEvents';

describe('typedHub', () => {
  it('hands each handler its event’s payload, whatever case the server named it in, until stopped', () => {
    const connection = new FakeHub(HUBS.chat);
    const chat = typedHub(connection, 'chat');
    const texts: string[] = [];
    const errors: string[] = [];
    const stop = chat.on(HUB_EVENTS.receiveMessage, (message: ReceivedChatMessage) =>
      texts.push(message.text),
    );
    chat.on(HUB_EVENTS.messageError, (text: string) => errors.push(text));

    connection.emit('receivemessage', { text: 'hi', clientMessageId: 'p-1' });
    connection.emit(HUB_EVENTS.messageError, 'Please type a message.');
    stop();
    connection.emit(HUB_EVENTS.receiveMessage, { text: 'after stop' });

    expect(texts).toEqual(['hi']);
    expect(errors).toEqual(['Please type a message.']);
    expect(connection.listenerCount(HUB_EVENTS.receiveMessage)).toBe(0);
  });

  it('only accepts events the contract declares for that hub, with their payload types', () => {
    const connection = new FakeHub(HUBS.general);
    const general = typedHub(connection, 'general');
    general.on(HUB_EVENTS.unreadMessagesCount, (count: number) => count);
    general.on(HUB_EVENTS.chatActivity, ({ productId, otherUserId }) => productId + otherUserId);
    // @ts-expect-error: ReceiveMessage is pushed on /chathub, never on /generalhub.
    general.on(HUB_EVENTS.receiveMessage, () => undefined);
    // @ts-expect-error: the unread count is a number, not a string.
    general.on(HUB_EVENTS.unreadSupportMessagesCount, (count: string) => count);
    typedHub(connection, 'support').on(SUPPORT_HUB_EVENTS.ticketChanged, (ticket) => ticket.status);
    expect(connection.listenerCount(HUB_EVENTS.chatActivity)).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import {
  HUB_EVENTS,
  HUB_METHODS,
  HUBS,
  SUPPORT_HUB_EVENTS,
  type ReceivedChatMessage,
} from '@rummage/contract';
import { FakeHub } from './fakeHub';
import { invokeHub, typedHub } from './hubEvents';

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

describe('invokeHub', () => {
  it('sends a method the arguments the contract gives it, in order', async () => {
    const connection = new FakeHub(HUBS.chat);
    await invokeHub(connection, 'chat', HUB_METHODS.chat.joinChat, 7, 12);
    await invokeHub(connection, 'chat', HUB_METHODS.chat.sendMessage, 7, 'Hi', 12, '2026-12-02T10:00:00Z');
    expect(connection.invocations).toEqual([
      { method: HUB_METHODS.chat.joinChat, args: [7, 12] },
      { method: HUB_METHODS.chat.sendMessage, args: [7, 'Hi', 12, '2026-12-02T10:00:00Z'] },
    ]);
    // @ts-expect-error: JoinChat takes the other person's id and the listing's, both numbers.
    void invokeHub(connection, 'chat', HUB_METHODS.chat.joinChat, '7', 12);
    // @ts-expect-error: SendMessage needs the SPEC's four arguments at least.
    void invokeHub(connection, 'chat', HUB_METHODS.chat.sendMessage, 7, 'Hi');
    // @ts-expect-error: /supporthub's SendMessage takes one object with the SPEC's field names.
    void invokeHub(connection, 'support', HUB_METHODS.support.sendMessage, 3, 'Help');
  });
});

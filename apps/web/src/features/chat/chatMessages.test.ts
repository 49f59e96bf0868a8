import { describe, expect, it } from 'vitest';
import {
  chatReducer,
  EMPTY_CHAT,
  hubErrorText,
  mergeStored,
  newestStoredId,
  oldestStoredId,
  toLocalMessage,
  type ChatParties,
  type LocalMessage,
} from './chatMessages';

const parties: ChatParties = { selfId: 7, otherId: 12, productId: 40 };

function stored(
  id: number,
  userId: number,
  text: string,
  time = `2026-05-01T10:00:${String(id).padStart(2, '0')}Z`,
  clientMessageId?: string,
) {
  return toLocalMessage(
    {
      ...(clientMessageId !== undefined && { clientMessageId }),
      id,
      productId: 40,
      userId,
      senderId: userId,
      receiverId: userId === 7 ? 12 : 7,
      userName: 'x',
      message: text,
      timestamp: time,
    },
    parties,
  )!;
}

function pending(key: string, text: string, clientMessageId?: string): LocalMessage {
  return {
    ...(clientMessageId !== undefined && { clientMessageId }),
    key,
    id: null,
    fromSelf: true,
    text,
    time: '2026-05-01T10:01:00Z',
    userId: 7,
    username: 'maria',
    pending: true,
    failed: false,
  };
}

describe('toLocalMessage', () => {
  it('reads every shape the SPEC allows', () => {
    const live = toLocalMessage(
      { messageContent: 'hi', senderId: 12, time: '2026-05-01T10:00:00Z' },
      parties,
    );
    expect(live).toMatchObject({ text: 'hi', userId: 12, fromSelf: false, time: '2026-05-01T10:00:00Z' });
    expect(toLocalMessage({ text: 'yo', userId: '7', timestamp: 't' }, parties)).toMatchObject({
      fromSelf: true,
    });
  });

  it('drops messages of another chat, another person, or without text', () => {
    expect(toLocalMessage({ message: 'a', userId: 12, productId: 41 }, parties)).toBeNull();
    expect(toLocalMessage({ message: 'a', userId: 99, productId: 40 }, parties)).toBeNull();
    expect(toLocalMessage({ message: 'a', userId: 12, receiverId: 99, productId: 40 }, parties)).toBeNull();
    expect(toLocalMessage({ message: '   ', userId: 12, productId: 40 }, parties)).toBeNull();
    expect(toLocalMessage(null, parties)).toBeNull();
  });
});

describe('chatReducer', () => {
  it('keeps history oldest first and ignores the same id twice', () => {
    let state = chatReducer(EMPTY_CHAT, {
      type: 'history',
      messages: [stored(2, 12, 'b'), stored(1, 7, 'a')],
      hasMore: true,
    });
    state = chatReducer(state, { type: 'received', message: stored(2, 12, 'b') });
    expect(state.messages.map((m) => m.text)).toEqual(['a', 'b']);
    expect(state.hasMore).toBe(true);
  });

  it('ignores a message with the same text, author and time but no id', () => {
    const first = toLocalMessage({ message: 'hey', userId: 12, time: '2026-05-01T10:00:00Z' }, parties)!;
    const again = toLocalMessage(
      { message: 'hey', userId: 12, timestamp: '2026-05-01T10:00:00.000Z' },
      parties,
    )!;
    const state = chatReducer(chatReducer(EMPTY_CHAT, { type: 'received', message: first }), {
      type: 'received',
      message: again,
    });
    expect(state.messages).toHaveLength(1);
  });

  it('replaces the pending message its echo names by clientMessageId, not one with the same text', () => {
    let state = chatReducer(EMPTY_CHAT, { type: 'sent', message: pending('local-1', 'same', 'p-1') });
    state = chatReducer(state, { type: 'sent', message: pending('local-2', 'same', 'p-2') });
    state = chatReducer(state, { type: 'received', message: stored(5, 7, 'same', undefined, 'p-2') });
    expect(state.messages.map((m) => [m.key, m.pending])).toEqual([
      ['id-5', false],
      ['local-1', true],
    ]);
  });

  it('keeps our pending copy when a message of ours with the same text but another id arrives', () => {
    // Sent from another tab of ours: its echo reaches this tab too, with that tab's clientMessageId or none.
    let state = chatReducer(EMPTY_CHAT, { type: 'sent', message: pending('local-1', 'ok', 'p-1') });
    state = chatReducer(state, { type: 'received', message: stored(5, 7, 'ok', undefined, 'other-tab-1') });
    state = chatReducer(state, { type: 'received', message: stored(6, 7, 'ok') });
    expect(state.messages.map((m) => [m.key, m.pending])).toEqual([
      ['id-5', false],
      ['id-6', false],
      ['local-1', true],
    ]);
    state = chatReducer(state, { type: 'received', message: stored(7, 7, 'ok', undefined, 'p-1') });
    expect(state.messages.map((m) => [m.key, m.pending])).toEqual([
      ['id-5', false],
      ['id-6', false],
      ['id-7', false],
    ]);
  });

  it('lets a history reload settle a pending copy, and its late echo adds nothing', () => {
    let state = chatReducer(EMPTY_CHAT, { type: 'sent', message: pending('local-1', 'hi', 'p-1') });
    state = chatReducer(state, { type: 'history', messages: [stored(3, 7, 'hi')] });
    state = chatReducer(state, { type: 'received', message: stored(3, 7, 'hi', undefined, 'p-1') });
    expect(state.messages.map((m) => m.key)).toEqual(['id-3']);
  });

  it("does not take the other side's message for our echo", () => {
    let state = chatReducer(EMPTY_CHAT, { type: 'sent', message: pending('local-1', 'ok') });
    state = chatReducer(state, { type: 'received', message: stored(6, 12, 'ok') });
    expect(state.messages.map((m) => m.key)).toEqual(['id-6', 'local-1']);
  });

  it('marks the given pending message failed, or the oldest one', () => {
    let state = chatReducer(EMPTY_CHAT, { type: 'sent', message: pending('local-1', 'a') });
    state = chatReducer(state, { type: 'sent', message: pending('local-2', 'b') });
    state = chatReducer(state, { type: 'failed', key: 'local-2' });
    state = chatReducer(state, { type: 'failed' });
    expect(state.messages.map((m) => [m.key, m.failed])).toEqual([
      ['local-1', true],
      ['local-2', true],
    ]);
  });

  it('a reload after a reconnect adds what was missed and settles pending messages the server kept', () => {
    let state = chatReducer(EMPTY_CHAT, { type: 'history', messages: [stored(1, 7, 'a')] });
    state = chatReducer(state, { type: 'sent', message: pending('local-1', 'while offline') });
    state = chatReducer(state, {
      type: 'history',
      messages: [stored(1, 7, 'a'), stored(2, 12, 'missed'), stored(3, 7, 'while offline')],
      hasMore: false,
    });
    expect(state.messages.map((m) => [m.text, m.pending])).toEqual([
      ['a', false],
      ['missed', false],
      ['while offline', false],
    ]);
  });
});

describe('hubErrorText', () => {
  it('takes the readable part of a hub refusal', () => {
    expect(
      hubErrorText(
        new Error(
          "An unexpected error occurred invoking 'SendMessage' on the server. HubException: Please wait.",
        ),
      ),
    ).toBe('Please wait.');
    expect(
      hubErrorText(new Error('Invocation canceled due to the underlying connection being closed.')),
    ).toBeNull();
  });
});

describe('safety warnings', () => {
  const warned = (userId: number) =>
    toLocalMessage(
      {
        id: 5,
        productId: 40,
        userId,
        receiverId: userId === 7 ? 12 : 7,
        message: 'add me on WhatsApp',
        timestamp: '2026-05-01T10:00:05Z',
        safetyWarning: { kind: 'offPlatform', text: 'Careful: keep talking here.' },
      },
      parties,
    )!;

  it('keeps the warning on a message from the other person', () => {
    expect(warned(12).safetyWarning).toBe('Careful: keep talking here.');
  });

  it('never shows a warning on our own message, whatever arrives', () => {
    expect(warned(7).safetyWarning).toBeUndefined();
  });
});

describe('held messages', () => {
  const held = (id: number, clientMessageId?: string) =>
    toLocalMessage(
      {
        id,
        productId: 40,
        userId: 7,
        receiverId: 12,
        message: 'text me on whatsapp',
        timestamp: '2026-05-01T10:00:09Z',
        held: true,
        ...(clientMessageId !== undefined && { clientMessageId }),
      },
      parties,
    )!;

  it('keeps a held copy apart from chat messages with the same id, and replaces the pending copy with it', () => {
    const sending = pending('local-1', 'text me on whatsapp', 'c-1');
    const afterEcho = mergeStored([stored(9, 12, 'hello'), sending], [held(9, 'c-1')]);
    expect(afterEcho.map((m) => [m.key, m.held ?? false, m.pending])).toEqual([
      ['id-9', false, false],
      ['held-9', true, false],
    ]);
  });

  it('turns the held copy into the delivered message once staff release it', () => {
    const released = stored(31, 7, 'text me on whatsapp', '2026-05-01T10:00:09Z');
    const next = mergeStored([stored(9, 12, 'hello'), held(4)], [released]);
    expect(next.map((m) => [m.key, m.held ?? false])).toEqual([
      ['id-9', false],
      ['id-31', false],
    ]);
  });
});

describe('offers among the messages (docs/product.md §18)', () => {
  const offerRow = (status: string) =>
    toLocalMessage(
      {
        id: 5,
        productId: 40,
        userId: 12,
        receiverId: 7,
        userName: 'sam',
        message: 'Offered $80',
        timestamp: '2026-05-01T10:00:05Z',
        offer: { id: 9, amount: 80, status },
      },
      parties,
    )!;

  it('reads the offer of a row, and none on a plain message', () => {
    expect(offerRow('pending').offer).toEqual({ id: 9, amount: 80, status: 'pending' });
    expect(stored(1, 12, 'Hi')!.offer).toBeUndefined();
    expect(offerRow('nonsense').offer).toBeUndefined();
  });

  it('takes a new status from receiveoffer and from a history page read again', () => {
    let state = chatReducer(EMPTY_CHAT, {
      type: 'history',
      messages: [stored(1, 7, 'Hi')!, offerRow('pending')],
    });
    state = chatReducer(state, { type: 'offer', offer: { id: 9, amount: 80, status: 'countered' } });
    expect(state.messages[1]!.offer?.status).toBe('countered');
    // An offer the chat does not show changes nothing.
    expect(chatReducer(state, { type: 'offer', offer: { id: 99, amount: 1, status: 'declined' } })).toBe(
      state,
    );
    state = chatReducer(state, { type: 'history', messages: [offerRow('accepted')] });
    expect(state.messages.map((message) => message.offer?.status)).toEqual([undefined, 'accepted']);
  });
});

describe('stored ids', () => {
  it('names the oldest and newest message the server stored, passing over sends still on their way', () => {
    const messages = [stored(3, 12, 'a'), stored(8, 7, 'b'), pending('local-1', 'c')];
    expect([oldestStoredId(messages), newestStoredId(messages)]).toEqual([3, 8]);
    expect([oldestStoredId([pending('local-2', 'd')]), newestStoredId([])]).toEqual([null, null]);
  });
});

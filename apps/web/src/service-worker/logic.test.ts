import { describe, expect, it } from 'vitest';
import { APP_FILES, messages } from '@rummage/contract';
import { notificationFromPush, pickClientToFocus, shellCacheName } from './logic';

describe('what a push shows', () => {
  it('shows the title and text, tagged by its link so one chat keeps one notification', () => {
    const shown = notificationFromPush({
      title: 'New message from ana',
      body: 'Still here?',
      link: '/chat/7/12',
      type: 'message',
    });
    expect(shown.title).toBe('New message from ana');
    expect(shown.options).toMatchObject({
      body: 'Still here?',
      tag: '/chat/7/12',
      icon: APP_FILES.icons.any192,
      data: { link: '/chat/7/12' },
    });
  });

  it('opens only paths on this site', () => {
    for (const link of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example/x',
      'javascript:alert(1)',
    ]) {
      expect(notificationFromPush({ title: 't', body: 'b', link, type: 'message' }).options.data.link).toBe(
        '/',
      );
    }
  });

  it('still shows something for a payload it cannot read', () => {
    for (const data of [null, 'text', { title: 3 }]) {
      const shown = notificationFromPush(data);
      expect(shown.title).toBe(messages.notifications.bell);
      expect(shown.options.data.link).toBe('/');
    }
  });
});

describe('which tab a click brings forward', () => {
  const origin = 'https://rummage.test';
  it('the focused tab of the site, else its first, never another site', () => {
    const a = { url: `${origin}/marketplace`, focused: false };
    const b = { url: `${origin}/messages`, focused: true };
    const other = { url: 'https://other.test/', focused: true };
    expect(pickClientToFocus([a, b, other], origin)).toBe(b);
    expect(pickClientToFocus([other, a], origin)).toBe(a);
    expect(pickClientToFocus([other], origin)).toBeUndefined();
  });
});

describe('the offline cache name', () => {
  it('changes with the files it holds, so a new build replaces the old cache', () => {
    const one = [{ url: 'offline.html', revision: 'a' }];
    expect(shellCacheName(one)).toBe(shellCacheName([{ url: 'offline.html', revision: 'a' }]));
    expect(shellCacheName(one)).not.toBe(shellCacheName([{ url: 'offline.html', revision: 'b' }]));
  });
});

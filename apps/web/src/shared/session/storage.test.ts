import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@rummage/contract';
import { storeSession } from '../../test/api';
import { clearSession, clearSessionEndNotice, peekSessionEndNotice } from './storage';

afterEach(() => {
  localStorage.clear();
  clearSessionEndNotice();
});

describe('the notice of an ended session', () => {
  it('survives a second end of the same session, so the login page still says the account was deleted', () => {
    storeSession({ username: 'maria' });
    clearSession(messages.accountData.deleted);
    // A request still on its way is refused with 401 and ends the session again before the login page loads.
    clearSession();
    expect(peekSessionEndNotice()).toBe(messages.accountData.deleted);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('is dropped when a later session ends without one', () => {
    storeSession({ username: 'maria' });
    clearSession(messages.accountData.deleted);
    storeSession({ username: 'bob' });
    clearSession();
    expect(peekSessionEndNotice()).toBeNull();
  });
});

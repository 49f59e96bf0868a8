import { describe, expectTypeOf, it } from 'vitest';
import { HUB_EVENTS, SUPPORT_HUB_EVENTS } from '@rummage/contract';
import type { HubLookup } from './hub.js';

// Checked by the type check (npm run typecheck), not at run time: a send that the contract does not allow on that
// hub, or with another payload, does not compile.
describe('server hub sends', () => {
  it('take exactly the payload the contract gives each event of that hub', () => {
    const sends = (hubs: HubLookup) => {
      void hubs('general').clients.user(1).send(HUB_EVENTS.notificationsCount, 3);
      // @ts-expect-error a count is a number
      void hubs('general').clients.user(1).send(HUB_EVENTS.notificationsCount, 'three');
      // @ts-expect-error /generalhub never pushes ReceiveMessage
      void hubs('general').clients.user(1).send(HUB_EVENTS.receiveMessage, {});
      // @ts-expect-error /chathub's ReceiveMessage is a chat message, not a text
      void hubs('chat').clients.group('chat:1:2').send(HUB_EVENTS.receiveMessage, 'hello');
      // @ts-expect-error TicketChanged is /supporthub's alone
      void hubs('chat').clients.user(1).send(SUPPORT_HUB_EVENTS.ticketChanged, {});
    };
    expectTypeOf(sends).toBeFunction();
  });
});

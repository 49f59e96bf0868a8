import { createContext, useContext } from 'react';

/**
 * How many ChatActivity pushes (/generalhub: one of the person's chats got a message, was read or deleted)
 * arrived since sign-in. A page that lists chats reloads when it changes; 0 outside RealtimeProvider.
 */
export const ChatActivityContext = createContext(0);

export function useChatActivity(): number {
  return useContext(ChatActivityContext);
}

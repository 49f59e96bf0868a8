import { messages } from '@rummage/contract';

/**
 * Whether `name` is the name the server gives a deleted account's side of a chat. The server writes the contract's
 * English words into the chat's data (only its `message` is said in the reader's language), so the page shows
 * `texts.chat.deletedUser` in their place.
 */
export function isDeletedUser(name: string | null | undefined): boolean {
  return name === messages.chat.deletedUser;
}

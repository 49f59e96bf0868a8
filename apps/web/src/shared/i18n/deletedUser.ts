import { messages, type Catalogue } from '@rummage/contract';

/**
 * Whether `name` is the name the server gives a deleted account (in a chat, on a rating). The server writes the
 * contract's English words into its data (only an answer's `message` is said in the reader's language), so the page
 * shows `texts.chat.deletedUser` in their place.
 */
export function isDeletedUser(name: string | null | undefined): boolean {
  return name === messages.chat.deletedUser;
}

/** A person's name as the page shows it: a deleted account's in the page's language. */
export function shownName(name: string, texts: Catalogue): string {
  return isDeletedUser(name) ? texts.chat.deletedUser : name;
}

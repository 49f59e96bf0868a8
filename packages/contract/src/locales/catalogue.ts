/**
 * The shape every language's catalogue has: the English messages (messages.ts) with each text a string of its own.
 * A catalogue typed `Catalogue` fails to compile when it lacks a key or holds one the English source has not.
 */
import type { messages } from '../messages.js';

export type Texts<T> = T extends string ? string : { readonly [K in keyof T]: Texts<T[K]> };

export type Catalogue = Texts<typeof messages>;

/**
 * What each person chose to receive by e-mail and by push (docs/product.md §10). The notification centre keeps
 * every entry whatever the choice; push and e-mail jobs ask `allows` when they are about to go out, so a change
 * holds for what is still waiting too.
 */
import {
  PREFERENCE_OF_TYPE,
  type NotificationPreferenceKey,
  type NotificationPreferences,
  type NotificationType,
} from '@rummage/contract';
import type { Database, Executor } from '../../db/client.js';
import { readPreferences, switchOff, writePreferences } from './preferences.repository.js';

export type NotificationChannel = keyof NotificationPreferences;

export interface NotificationPreferencesService {
  read(userId: number): Promise<NotificationPreferences>;
  write(userId: number, preferences: NotificationPreferences): Promise<NotificationPreferences>;
  /** Whether `type` may reach `userId` on `channel` right now (read in `via`, a transaction, when given). */
  allows(
    userId: number,
    channel: NotificationChannel,
    type: NotificationType,
    via?: Executor,
  ): Promise<boolean>;
  switchOff(userId: number, channel: NotificationChannel, key: NotificationPreferenceKey): Promise<void>;
}

export function createNotificationPreferences(db: Database): NotificationPreferencesService {
  return {
    read: (userId) => readPreferences(db, userId),
    async write(userId, preferences) {
      await writePreferences(db, userId, preferences);
      return readPreferences(db, userId);
    },
    async allows(userId, channel, type, via = db) {
      return (await readPreferences(via, userId))[channel][PREFERENCE_OF_TYPE[type]];
    },
    switchOff: (userId, channel, key) => switchOff(db, userId, channel, key),
  };
}

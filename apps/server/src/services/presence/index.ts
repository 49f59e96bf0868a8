export { createMemoryPresence, type Presence } from './presence.js';
export { createRedisPresence, type RedisPresenceOptions } from './redis.js';

export {
  checkPushEndpoint,
  isPublicAddress,
  PUSH_LOOKUP_TIMEOUT_MS,
  PushEndpointLookupTimeoutError,
  PushEndpointRefusedError,
  PushEndpointUnresolvedError,
  systemLookup,
  type EndpointPolicy,
  type LookupAddresses,
  type ResolvedAddress,
} from './endpoint-policy.js';
export {
  createPushSender,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  PushEncryptionError,
  PushTimeoutError,
  type PushResult,
  type PushSender,
  type PushTarget,
} from './sender.js';
export { vapidKeysOf, type VapidKeys } from './vapid.js';
export { fitPushPayload, MAX_PUSH_PAYLOAD_BYTES } from './payload.js';

export {
  checkPushEndpoint,
  isPublicAddress,
  PushEndpointRefusedError,
  PushEndpointUnresolvedError,
  systemLookup,
  type EndpointPolicy,
  type LookupAddresses,
  type ResolvedAddress,
} from './endpoint-policy.js';
export {
  createPushSender,
  parseRetryAfter,
  PushTimeoutError,
  type PushResult,
  type PushSender,
  type PushTarget,
} from './sender.js';
export { vapidKeysOf, type VapidKeys } from './vapid.js';

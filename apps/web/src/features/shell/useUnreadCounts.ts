/**
 * Unread counts for the header and footer badges. They stay 0 until the real-time general hub
 * (SPEC §7 receiveunreadmessagescount / receiveunreadsupportmessagescount) is wired in a later issue;
 * the badges already hide themselves at 0.
 */
export function useUnreadCounts(): { messages: number; support: number } {
  return { messages: 0, support: 0 };
}

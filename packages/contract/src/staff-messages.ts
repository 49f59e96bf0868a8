/**
 * The texts of the staff console (beyond the SPEC): the ticket queue, report moderation, bans and roles, and the
 * admin command's answers. Part of `messages` (messages.ts), kept apart as the staff's own vocabulary.
 */
export const staffMessages = {
  staffOnly: 'Only support staff can do that.',
  adminOnly: 'Only an admin can do that.',
  reasonRequired: 'Please give a reason.',
  reasonTooLong: 'Please keep the reason under 500 characters.',
  /** The support form's success answer (POST /api/Support/create-ticket); the SPEC shows no text for it. */
  ticketCreated: 'Your ticket has been sent. Our team will answer you here.',
  replySent: 'Reply sent.',
  ticketClosed: 'Ticket closed.',
  ticketReopened: 'Ticket reopened.',
  ticketAlreadyClosed: 'This ticket is already closed.',
  ticketAlreadyOpen: 'This ticket is already open.',
  reopenRefused: 'This person already has another open ticket. Answer them there.',
  productNotFound: 'This listing does not exist.',
  listingHidden: 'Listing hidden. Its reports are marked reviewed.',
  listingUnhidden: 'Listing visible again.',
  listingNotHidden: 'This listing is not hidden.',
  reportsDismissed: 'Reports dismissed.',
  noOpenReports: 'This listing has no open reports.',
  userNotFound: 'This user does not exist.',
  userBanned: 'User banned. Their sessions have ended and their listings and sales are hidden.',
  userUnbanned: 'User unbanned. Their listings and sales are visible again.',
  alreadyBanned: 'This user is already banned.',
  notBanned: 'This user is not banned.',
  cannotBanSelf: 'You cannot ban yourself.',
  cannotBanStaff: 'Only an admin can ban staff, and admins cannot be banned.',
  staffGranted: '@{username} is now support staff.',
  staffRevoked: '@{username} is no longer support staff.',
  alreadyStaff: 'This user is already support staff.',
  notStaff: 'This user is not support staff.',
  adminRoleFixed: 'Admins keep their role; use the admin command to change it.',
  /** The admin command's revoke-admin. */
  adminRevoked: '@{username} is no longer an admin.',
  notAdmin: 'This user is not an admin.',
  lastAdmin: 'This is the only admin left; create another admin first.',
  bannedCannotBeStaff: 'A banned account cannot become support staff.',
} as const;

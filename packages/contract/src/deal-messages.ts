/**
 * The texts of deals between strangers (docs/product.md §18): offers and counter-offers made in a chat. Part of
 * `messages` (messages.ts), kept apart as the vocabulary of one feature.
 */
export const offerMessages = {
  makeOffer: 'Make an offer',
  /** POST /api/Offer answers. */
  sent: 'Offer sent.',
  /** Below the seller's lowest offer: declined at once, and the seller is not told. */
  tooLow: 'The seller is not accepting offers this low.',
  accepted: 'Offer accepted. The listing is reserved for the buyer.',
  declined: 'Offer declined.',
  countered: 'Counter-offer sent.',
  withdrawn: 'Offer withdrawn.',
  /** Refusals. */
  amountInvalid: 'Enter an amount greater than 0 with at most 2 decimals.',
  /** `{max}` is ten times the asking price, in the listing's price format. */
  amountTooHigh: 'An offer can be at most {max}, ten times the asking price.',
  ownListing: "You can't make an offer on your own listing.",
  listingSold: 'This listing is sold, so it takes no more offers.',
  /** More than `{count}` offers by one buyer on one listing within a day. */
  tooMany: 'You can make at most {count} offers on a listing in 24 hours. Please try again later.',
  notFound: 'This offer does not exist.',
  notYourTurn: 'Only the person this offer was made to can answer it.',
  onlyMaker: 'Only the person who made this offer can withdraw it.',
  notPending: 'This offer has already been answered or has expired.',
  /** A buyer accepting a counter-offer while the seller holds the listing for another buyer; it stays open. */
  heldForAnother:
    'The seller is holding this listing for someone else right now. The offer stays open until it expires.',
  /** The text of an offer's row in the chat (and the inbox's last message); `{amount}` in the price format. */
  inChat: 'Offered {amount}',
  /** The same for a counter-offer. */
  counterInChat: 'Countered with {amount}',
  /** The seller's lowest offer on the listing form (shown to nobody else). */
  minimumLabel: 'lowest offer you accept (optional)',
  minimumHint: 'Offers below it are declined at once and never reach you. Only you see it.',
  minimumRange: 'The lowest offer must be a number from 0 to 1,000,000 with at most two decimals.',
  minimumNotBelowPrice: 'The lowest offer you accept must be below the price.',
  /** The web: the product page's offer form and the offer bubbles in the chat. */
  amountLabel: 'Your offer',
  /** Under the amount field: `{price}` is the asking price. */
  amountHint: 'The asking price is {price}. The seller can accept, decline or counter your offer.',
  send: 'Send offer',
  sending: 'Sending…',
  failed: 'The offer could not be sent. Please try again.',
  actionFailed: 'That did not work. Please try again.',
  /** An offer's bubble: `{amount}` in the price format, `{name}` who made it. */
  bubbleLabel: 'Offer of {amount} by {name}',
  accept: 'Accept',
  decline: 'Decline',
  counter: 'Counter',
  counterLabel: 'Your counter-offer',
  counterSend: 'Send counter-offer',
  cancel: 'Cancel',
  withdraw: 'Withdraw',
  /** Screen readers: which offer a button answers. */
  acceptLabel: 'Accept the offer of {amount}',
  declineLabel: 'Decline the offer of {amount}',
  counterOpenLabel: 'Counter the offer of {amount}',
  withdrawLabel: 'Withdraw your offer of {amount}',
  /** The offer statuses as a person reads them. */
  status: {
    pending: 'Waiting for an answer',
    accepted: 'Accepted',
    declined: 'Declined',
    countered: 'Countered',
    withdrawn: 'Withdrawn',
    expired: 'Expired',
  },
} as const;

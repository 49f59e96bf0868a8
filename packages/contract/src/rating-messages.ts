/**
 * The texts of handovers and ratings (docs/product.md §19, §20): the deal a sale to someone records, and the
 * two-way ratings only such a deal unlocks. Part of `messages` (messages.ts), kept apart as one feature's words.
 * `{name}`, `{title}`, `{days}` and `{reason}` are filled in with `fillText`.
 */
export const dealMessages = {
  /** "Mark as sold to…": the seller picks among the people who chatted about the listing. */
  markSoldTo: 'Mark as sold to…',
  soldToNobody: 'Someone else (no rating)',
  /** Refusals. */
  buyerNoChat: 'You can only mark the item sold to someone who chatted with you about it.',
  notFound: 'This deal does not exist.',
  onlyBuyerDisputes: 'Only the buyer can say this handover did not happen.',
  alreadyVoid: 'This deal has already been called off.',
  disputeWindowOver: 'The time to say this handover did not happen is over.',
  /** POST /api/Deal/{id}/dispute answers. */
  disputed: 'Thanks for telling us. The deal is called off and neither side can rate it.',
  status: { completed: 'Handed over', void: 'Called off' },
  /** The seller hears that the buyer said the handover did not happen. */
  disputedTitle: '{name} says the handover of "{title}" did not happen',
  disputedBody: 'The deal is called off, so neither of you can rate it.',
  /** The web: choosing who bought the item, and the deal in the chat between the two. */
  soldToLegend: 'Who bought it?',
  /** The buyer the listing is reserved for, first among the choices. */
  soldToReserved: '{name} (reserved)',
  soldToHint: 'You can both rate the handover.',
  markSoldToName: 'Mark as sold to {name}',
  /** `{title}` the listing, `{name}` the buyer. */
  confirmSoldTo: 'Mark "{title}" as sold to {name}? You can both rate the handover.',
  buyersFailed: 'Could not load who chatted about this item.',
  /** `{status}` is one of `status`. */
  dealLine: 'Deal: {status}',
  rateUntil: 'You can rate until {time}.',
  dispute: 'The handover did not happen',
  disputeTitle: 'The handover did not happen?',
  disputeDescription:
    'The deal for "{title}" is called off and neither of you can rate it. The seller is told. This cannot be undone.',
  disputeConfirm: 'Call the deal off',
  cancel: 'Cancel',
  actionFailed: 'That did not work. Please try again.',
} as const;

export const reviewMessages = {
  tab: 'Reviews',
  rate: 'Rate this deal',
  starsLabel: 'Your rating',
  /** `{count}` stars, for the radio buttons and for reading out an average. */
  starsOption: '{count} out of 5 stars',
  textLabel: 'What was the handover like? (optional)',
  submit: 'Send rating',
  rulesLink: 'How ratings work',
  /** The short rules shown where people rate; the rules page says more. */
  rules:
    'Rate the handover, not the price you agreed on: was the item as described, did they come on time, were ' +
    'they polite? Ratings are published together once you have both rated, or when the rating time ends, so ' +
    'neither answers the other. Insults, personal details, threats and ratings about something other than this ' +
    'deal are removed, and the author is told why.',
  /** POST /api/Review answers. */
  sentPending:
    'Thanks! Your rating is published once the other side has rated too, or when the rating time ends.',
  sentPublished: 'Thanks! Both ratings are now published.',
  pending: 'Waiting for the other side',
  /** The web: the author's own rating under the form's place, `{count}` stars. */
  yourRating: 'You rated {count} out of 5 stars.',
  ownPublished: 'Both ratings are published.',
  asSeller: 'as seller',
  asBuyer: 'as buyer',
  noReviews: 'No ratings yet.',
  /** `{average}` stars out of 5 from `{count}` ratings, read out for the stars shown. */
  averageLabel: '{average} out of 5 stars from {count} ratings',
  /** `{role}` is asSeller or asBuyer: what the rated person was in the deal. */
  byLine: 'Rated {role} by {name}',
  replyBy: 'Answer',
  loadFailed: 'Failed to load ratings.',
  replyLabel: 'Your answer',
  replied: 'Your answer is published.',
  reported: 'Thanks, staff will look at this rating.',
  removed: 'Rating removed. Its author has been told why.',
  /** Refusals. */
  starsInvalid: 'Choose from 1 to 5 stars.',
  textTooLong: 'Please keep your rating under 500 characters.',
  replyRequired: 'Please write your answer.',
  replyTooLong: 'Please keep your answer under 500 characters.',
  notYourDeal: 'You can only rate a deal you were part of.',
  dealVoid: 'This deal was called off, so it cannot be rated.',
  windowOver: 'The time to rate this deal is over.',
  alreadyRated: 'You have already rated this deal.',
  notFound: 'This rating does not exist.',
  onlyReviewed: 'Only the person who was rated can answer a rating.',
  alreadyReplied: 'You have already answered this rating.',
  cannotReportOwn: 'You cannot report your own rating.',
  alreadyReported: 'You have already reported this rating.',
  /** Notifications (type `review`). */
  askTitle: 'How did the handover of "{title}" go? Rate {name}',
  askBody: 'You have {days} days. Your rating is published once you have both rated.',
  publishedTitle: 'Your ratings for "{title}" are published',
  publishedBody: 'See what {name} wrote on your profile.',
  removedTitle: 'Your rating of {name} was removed',
  removedBody: 'Staff removed it: {reason}',
  /** Reputation on profiles and seller cards. */
  ratingsCount: '{count} ratings',
  ratingsOne: '1 rating',
  dealsDone: '{count} deals done',
  dealsOne: '1 deal done',
  repliesWithinHour: 'Usually replies within an hour',
  repliesWithinHours: 'Usually replies within {hours} hours',
  repliesWithinDay: 'Usually replies within a day',
  repliesSlowly: 'Usually replies within a few days',
  /** Answering and reporting on a profile's ratings, and more of them. */
  replySend: 'Send answer',
  reportQuestion: 'Report this rating to our moderators?',
  reportReasonLabel: 'What is wrong with it? (optional)',
  showMore: 'Show more ratings',
  /** The reported ratings in the staff console's reports queue. */
  staffHeading: 'Reported ratings',
  staffAbout: 'Rating of @{subject} by @{author}',
  staffRemove: 'Remove rating',
  staffRemoveQuestion: 'Remove this rating of @{subject}?',
  staffRemoveDescription: 'It leaves their profile and reputation. Its author is told your reason.',
  staffRemovedBecause: 'Removed: {reason}',
  /** The page linked from the rating form (/rating-rules). */
  rulesPage: {
    title: 'How ratings work',
    breadcrumb: 'Breadcrumb',
    home: 'Home',
    heading: 'How ratings work',
    intro:
      'A rating tells other people what it was like to hand over an item with someone. Only the seller and the ' +
      'buyer of a deal can rate each other, once each, so every rating comes from a real handover.',
    sections: [
      {
        id: 'what',
        heading: 'What a rating is for',
        items: [
          'Rate the handover: was the item as described, did they come when agreed, were they polite?',
          'Do not rate the price you agreed on: you both chose it.',
          'You have a limited time after the sale to rate. A buyer can also say the handover did not happen; ' +
            'then nobody can rate the deal.',
        ],
      },
      {
        id: 'together',
        heading: 'Published together',
        items: [
          'Your rating stays hidden from the other person and everyone else until you have both rated, or the ' +
            'time to rate ends. Then both are published at once, so neither rating can answer the other.',
          'The person you rated may answer your rating once, publicly.',
        ],
      },
      {
        id: 'removed',
        heading: 'What gets a rating removed',
        items: [
          'Insults, threats, hate, and personal details such as a phone number or an address.',
          'Ratings about something other than this deal, or written for someone else.',
          'Anyone can report a rating. When staff remove one, its author is told which rule it broke.',
        ],
      },
    ],
  },
} as const;

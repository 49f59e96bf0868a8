/** Offers between a buyer and a seller (docs/product.md §18): the calls, and an offer's bubble in the chat. */
export { answerOffer, counterOffer, makeOffer, type OfferAction } from './api';
export { OfferBubble } from './OfferBubble';

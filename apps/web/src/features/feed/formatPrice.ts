/** Prices as every page writes them; the server's texts (an offer's limit) use the same function. */
export { formatPrice } from '@rummage/contract';

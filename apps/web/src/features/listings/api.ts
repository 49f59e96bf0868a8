import { API } from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';

/** POST /api/Product/add, multipart: Title, Description, Price, Latitude, Longitude, Images (repeated). */
export function createListing(form: FormData, fallbackMessage: string): Promise<unknown> {
  return apiFetch(API.product.add, { method: 'POST', form, fallbackMessage });
}

/** A route's {productId}: a positive whole number, else null (shown as "not available"). */
export function parseProductId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

import { useCallback } from 'react';
import { formatPrice } from '@rummage/contract';
import { useInstallationConfig } from '../../shared/config/useAppConfig';
import { useLocale } from '../../shared/i18n/useTexts';

/** Prices as the reader's language writes them, in the installation's currency ("12,50 €" in German). */
export function useFormatPrice(): (price: number) => string {
  const locale = useLocale();
  const { currency } = useInstallationConfig();
  return useCallback((price: number) => formatPrice(price, locale, currency), [locale, currency]);
}

import { useCallback, useContext, useSyncExternalStore } from 'react';
import { QueryClientContext, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  API,
  DEFAULT_PRODUCT_NAME,
  DEFAULT_SUPPORT_EMAIL,
  SPEC_LOCALE,
  fillText,
  setInstallationCountry,
  type PublicConfig,
} from '@rummage/contract';
import { apiFetch } from '../api/client';

/** Used until /api/Config answers (and if it never does), so every text still reads well. */
export const FALLBACK_CONFIG: PublicConfig = {
  productName: DEFAULT_PRODUCT_NAME,
  supportEmail: DEFAULT_SUPPORT_EMAIL,
  captcha: { provider: 'altcha' },
  mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  mapAttribution: '&copy; OpenStreetMap contributors',
  ...SPEC_LOCALE,
};

export const CONFIG_QUERY_KEY = ['config'] as const;

/**
 * Phone numbers are read in the installation's country ("0151 …" in Germany), as the server reads them: its
 * DEFAULT_COUNTRY is taken from the config as soon as `client` has it, whether the page came with it or fetched it.
 */
export function followInstallationCountry(client: QueryClient): void {
  const apply = () => {
    const config = client.getQueryData<PublicConfig>(CONFIG_QUERY_KEY);
    if (config) setInstallationCountry(config.defaultCountry);
  };
  apply();
  client.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === CONFIG_QUERY_KEY[0]) apply();
  });
}

/** The installation's public settings, fetched once per page load. */
export function useAppConfig(): { config: PublicConfig; isLoading: boolean } {
  const query = useQuery({
    queryKey: CONFIG_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiFetch<{ data: PublicConfig }>(API.config, { signal }).then((body) => body.data),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
  return { config: query.data ?? FALLBACK_CONFIG, isLoading: query.isPending };
}

/** Fills `{product}` and `{email}` (and any extra placeholders) in a contract text. */
export function useFillText(): (text: string, extra?: Record<string, string | number>) => string {
  const { config } = useAppConfig();
  const { productName, supportEmail } = config;
  return useCallback(
    (text, extra = {}) => fillText(text, { product: productName, email: supportEmail, ...extra }),
    [productName, supportEmail],
  );
}

/**
 * The installation's settings as far as they are in, without asking for them (the app's frame does, through
 * useAppConfig) and without needing a query cache: a price or a distance shown on its own reads in the SPEC's
 * defaults until the config arrives, then again in the installation's.
 */
export function useInstallationConfig(): PublicConfig {
  const client = useContext(QueryClientContext);
  // Only a change of the settings themselves renders again: the cache also tells of every observer a render adds
  // or updates, and rendering on those would render without end.
  const subscribe = useCallback(
    (changed: () => void) =>
      client?.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] === CONFIG_QUERY_KEY[0]) changed();
      }) ?? (() => undefined),
    [client],
  );
  const read = () => client?.getQueryData<PublicConfig>(CONFIG_QUERY_KEY);
  return useSyncExternalStore(subscribe, read, read) ?? FALLBACK_CONFIG;
}

import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  PHONE_DEFAULT_COUNTRY,
  installationCountryCode,
  normalizePhoneNumber,
  setInstallationCountry,
} from '@rummage/contract';
import { CONFIG_QUERY_KEY, FALLBACK_CONFIG, followInstallationCountry } from './useAppConfig';

afterEach(() => setInstallationCountry(PHONE_DEFAULT_COUNTRY));

describe('followInstallationCountry', () => {
  it("reads phone numbers in the installation's country once the config is fetched", () => {
    const client = new QueryClient();
    followInstallationCountry(client);
    expect(normalizePhoneNumber('0151 23456789')).toBeUndefined();
    client.setQueryData(CONFIG_QUERY_KEY, { ...FALLBACK_CONFIG, defaultCountry: 'DE' });
    expect(installationCountryCode()).toBe('DE');
    expect(normalizePhoneNumber('0151 23456789')).toBe('+4915123456789');
  });

  it('takes the country from a config the page came with', () => {
    const client = new QueryClient();
    client.setQueryData(CONFIG_QUERY_KEY, { ...FALLBACK_CONFIG, defaultCountry: 'ES' });
    followInstallationCountry(client);
    expect(normalizePhoneNumber('612 34 56 78')).toBe('+34612345678');
  });
});

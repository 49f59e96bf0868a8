import type {} from 'altcha/types/react';
import { useEffect, useRef, useState } from 'react';
import {
  API,
  COMPACT_CAPTCHA_MAX_WIDTH_PX,
  fillText,
  type Catalogue,
  type CaptchaProvider,
  type Locale,
} from '@rummage/contract';
import { useAppConfig } from '../../shared/config/useAppConfig';
import { useMediaQuery } from '../../shared/ui/useMediaQuery';
import { ScriptCaptcha } from './ScriptCaptcha';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/** What the form needs to know: verified or not, and the token the server checks. */
export interface CaptchaResult {
  verified: boolean;
  token: string;
}

export const UNVERIFIED: CaptchaResult = { verified: false, token: '' };

interface CaptchaProps {
  /** Called with every change; must be stable (useCallback) so the widget is not re-wired each render. */
  onChange(result: CaptchaResult): void;
  /** Id of the error line under the widget, for aria-describedby. */
  describedBy?: string;
}

/** "I am not a robot" check with the provider this installation configured (GET /api/Config). */
export function Captcha({ onChange, describedBy }: CaptchaProps) {
  const texts = useTexts();
  const { config, isLoading } = useAppConfig();
  const compact = useMediaQuery(`(max-width: ${COMPACT_CAPTCHA_MAX_WIDTH_PX - 0.02}px)`);
  const provider: CaptchaProvider = config.captcha.provider;

  useEffect(() => {
    // No captcha configured: the form is allowed through and the server expects no token.
    if (!isLoading && provider === 'none') onChange({ verified: true, token: '' });
  }, [isLoading, provider, onChange]);

  if (isLoading) return <p className="min-h-16 text-sm text-stone-600">{texts.register.captchaLoading}</p>;
  if (provider === 'none') return null;

  return (
    // docs/product.md §9: compact captcha under 400 px width, scaled 0.8.
    <div
      aria-describedby={describedBy}
      data-compact={compact}
      className={compact ? 'origin-top-left scale-[0.8]' : undefined}
    >
      {provider === 'altcha' ? (
        <AltchaCaptcha
          challengeUrl={config.captcha.challengeUrl || API.captcha.challenge}
          onChange={onChange}
        />
      ) : (
        <ScriptCaptcha
          provider={provider}
          siteKey={config.captcha.siteKey ?? ''}
          compact={compact}
          onChange={onChange}
        />
      )}
    </div>
  );
}

interface AltchaStateDetail {
  state?: string;
  payload?: string;
}

/**
 * The widget's texts from the catalogue, under the names it reads them by, so it speaks as the page does (the
 * widget's own German says "Sie" and ships every language). Its footer links to the widget's site.
 */
function widgetTexts(words: Catalogue['register']['captchaWidget']): Record<string, string> {
  const { protectedBy, officialSite, ...named } = words;
  const site = fillText(officialSite, { name: 'Altcha' }).replaceAll('"', '&quot;');
  const link = `<a href="https://altcha.org/" tabindex="-1" target="_blank" aria-label="${site}">ALTCHA</a>`;
  return { ...named, ariaLinkLabel: site, footer: fillText(protectedBy, { name: link }) };
}

/** Gives the widget the page's language; the registry is the widget's own, global to the page. */
function teachWidget(locale: Locale, words: Catalogue['register']['captchaWidget']): void {
  globalThis.$altcha.i18n.set(locale, widgetTexts(words));
}

/** The self-hosted ALTCHA proof-of-work widget; its code is fetched only when this renders. */
function AltchaCaptcha({
  challengeUrl,
  onChange,
}: {
  challengeUrl: string;
  onChange(result: CaptchaResult): void;
}) {
  const texts = useTexts();
  const locale = useLocale();
  const [ready, setReady] = useState(false);
  const widgetRef = useRef<HTMLElement>(null);

  useEffect(() => {
    let live = true;
    void import('./loadAltcha').then(() => {
      teachWidget(locale, texts.register.captchaWidget);
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [locale, texts]);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!ready || !widget) return;
    // ALTCHA v3 reports every state change as `statechange` with { state, payload }.
    const handleStateChange = (event: Event) => {
      const detail = (event as CustomEvent<AltchaStateDetail>).detail ?? {};
      onChange(
        detail.state === 'verified' && detail.payload
          ? { verified: true, token: detail.payload }
          : UNVERIFIED,
      );
    };
    widget.addEventListener('statechange', handleStateChange);
    return () => widget.removeEventListener('statechange', handleStateChange);
  }, [ready, onChange]);

  if (!ready) return <p className="min-h-16 text-sm text-stone-600">{texts.register.captchaLoading}</p>;
  return <altcha-widget ref={widgetRef} challenge={challengeUrl} language={locale} />;
}

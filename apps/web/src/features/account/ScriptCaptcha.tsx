import { useEffect, useRef } from 'react';
import type { CaptchaProvider } from '@rummage/contract';
import type { CaptchaResult } from './Captcha';

type ScriptProvider = Exclude<CaptchaProvider, 'altcha' | 'none'>;

interface RenderOptions {
  sitekey: string;
  size?: 'normal' | 'compact';
  callback(token: string): void;
  'expired-callback'(): void;
  'error-callback'(): void;
}
interface WidgetApi {
  render(container: HTMLElement, options: RenderOptions): string | number;
  remove?(id: string | number): void;
  ready?(callback: () => void): void;
}

/** Where each hosted provider's explicit-render script lives and the global it installs. */
const PROVIDERS: Record<ScriptProvider, { src: string; global: 'turnstile' | 'hcaptcha' | 'grecaptcha' }> = {
  turnstile: {
    src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
  },
  hcaptcha: { src: 'https://js.hcaptcha.com/1/api.js?render=explicit', global: 'hcaptcha' },
  recaptcha: { src: 'https://www.google.com/recaptcha/api.js?render=explicit', global: 'grecaptcha' },
};

const scriptLoads = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let pending = scriptLoads.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.defer = true;
      script.onload = () => resolve();
      script.onerror = () => {
        forgetScript(src);
        reject(new Error(`Could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    scriptLoads.set(src, pending);
  }
  return pending;
}

/** So the next widget asks for the script again instead of reusing a failed load. */
function forgetScript(src: string): void {
  scriptLoads.delete(src);
  document.head.querySelector(`script[src="${src}"]`)?.remove();
}

function widgetApi(name: string): WidgetApi | undefined {
  return (window as unknown as Record<string, WidgetApi | undefined>)[name];
}

/** Turnstile, hCaptcha or reCAPTCHA, rendered explicitly into a div with the installation's site key. */
export function ScriptCaptcha({
  provider,
  siteKey,
  compact,
  onChange,
}: {
  provider: ScriptProvider;
  siteKey: string;
  compact: boolean;
  onChange(result: CaptchaResult): void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const { src, global } = PROVIDERS[provider];
    let widgetId: string | number | undefined;
    let live = true;
    void loadScript(src)
      .then(
        () =>
          new Promise<WidgetApi>((resolve, reject) => {
            const api = widgetApi(global);
            // reCAPTCHA finishes initialising after its script has loaded; the others are ready at once.
            if (api?.ready) api.ready(() => resolve(api));
            else if (api) resolve(api);
            else {
              // A blocker or a proxy answered with something else: say so rather than wait forever.
              forgetScript(src);
              reject(new Error(`${src} loaded without window.${global}`));
            }
          }),
      )
      .then((api) => {
        const container = containerRef.current;
        if (!live || !container) return;
        widgetId = api.render(container, {
          sitekey: siteKey,
          size: compact ? 'compact' : 'normal',
          callback: (token) => onChange({ verified: Boolean(token), token }),
          'expired-callback': () => onChange({ verified: false, token: '' }),
          'error-callback': () => onChange({ verified: false, token: '' }),
        });
      })
      .catch(() => {
        if (live) onChange({ verified: false, token: '' });
      });
    return () => {
      live = false;
      if (widgetId !== undefined) widgetApi(global)?.remove?.(widgetId);
    };
  }, [provider, siteKey, compact, onChange]);

  return <div ref={containerRef} className="min-h-16" />;
}

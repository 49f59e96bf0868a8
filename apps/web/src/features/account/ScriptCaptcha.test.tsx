import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';

type Options = {
  sitekey: string;
  size?: string;
  callback(token: string): void;
  'expired-callback'(): void;
  'error-callback'(): void;
};

const globals = window as unknown as Record<string, unknown>;

/** The provider's script tag the component added; the test plays the browser and fires its outcome. */
function providerScript(host: string): HTMLScriptElement {
  const script = [...document.head.querySelectorAll('script')].find((tag) => tag.src.includes(host));
  if (!script) throw new Error(`no script from ${host}`);
  return script;
}

async function freshComponent() {
  // The script cache is per module: each test starts as a fresh page would.
  vi.resetModules();
  return (await import('./ScriptCaptcha')).ScriptCaptcha;
}

beforeEach(() => {
  document.head.querySelectorAll('script').forEach((tag) => tag.remove());
});
afterEach(() => {
  for (const name of ['turnstile', 'hcaptcha', 'grecaptcha']) delete globals[name];
});

describe('ScriptCaptcha (hosted captcha widgets)', () => {
  it('renders Turnstile with the site key and hands its token on; an expired token is taken back', async () => {
    const ScriptCaptcha = await freshComponent();
    const widget = { render: vi.fn((_: HTMLElement, _options: Options) => 'widget-1'), remove: vi.fn() };
    const onChange = vi.fn();
    const view = render(
      <ScriptCaptcha provider="turnstile" siteKey="site-1" compact={false} onChange={onChange} />,
    );

    const script = providerScript('challenges.cloudflare.com');
    expect(script.src).toContain('render=explicit');
    globals.turnstile = widget;
    script.dispatchEvent(new Event('load'));
    await waitFor(() => expect(widget.render).toHaveBeenCalledTimes(1));
    const [container, options] = widget.render.mock.calls[0]!;
    expect(view.container.contains(container)).toBe(true);
    expect(options).toMatchObject({ sitekey: 'site-1', size: 'normal' });

    options.callback('solved-token');
    expect(onChange).toHaveBeenLastCalledWith({ verified: true, token: 'solved-token' });
    options['expired-callback']();
    expect(onChange).toHaveBeenLastCalledWith({ verified: false, token: '' });

    view.unmount();
    expect(widget.remove).toHaveBeenCalledWith('widget-1');
  });

  it('waits for reCAPTCHA to be ready, and renders it compact on a narrow screen', async () => {
    const ScriptCaptcha = await freshComponent();
    let ready: (() => void) | undefined;
    const widget = { render: vi.fn(() => 0), ready: (callback: () => void) => (ready = callback) };
    render(<ScriptCaptcha provider="recaptcha" siteKey="site-2" compact onChange={vi.fn()} />);

    globals.grecaptcha = widget;
    providerScript('www.google.com/recaptcha').dispatchEvent(new Event('load'));
    await waitFor(() => expect(ready).toBeDefined());
    expect(widget.render).not.toHaveBeenCalled();
    ready!();
    await waitFor(() => expect(widget.render).toHaveBeenCalledTimes(1));
    expect(widget.render.mock.calls[0]).toEqual([
      expect.any(HTMLElement),
      expect.objectContaining({ size: 'compact' }),
    ]);
  });

  it('reports "not verified" when the script cannot load or brings no widget, and tries again next time', async () => {
    const ScriptCaptcha = await freshComponent();
    const onChange = vi.fn();
    const first = render(
      <ScriptCaptcha provider="hcaptcha" siteKey="site-3" compact={false} onChange={onChange} />,
    );
    providerScript('js.hcaptcha.com').dispatchEvent(new Event('error'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ verified: false, token: '' }));
    first.unmount();

    // Asked for again; loaded, but something other than hCaptcha answered: no window.hcaptcha.
    onChange.mockClear();
    const second = render(
      <ScriptCaptcha provider="hcaptcha" siteKey="site-3" compact={false} onChange={onChange} />,
    );
    providerScript('js.hcaptcha.com').dispatchEvent(new Event('load'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ verified: false, token: '' }));
    second.unmount();

    // And asked for once more, now with the widget there.
    const widget = { render: vi.fn(() => 'widget-3') };
    render(<ScriptCaptcha provider="hcaptcha" siteKey="site-3" compact={false} onChange={onChange} />);
    globals.hcaptcha = widget;
    providerScript('js.hcaptcha.com').dispatchEvent(new Event('load'));
    await waitFor(() => expect(widget.render).toHaveBeenCalledTimes(1));
  });
});

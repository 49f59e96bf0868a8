import { useEffect, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { currentPushSubscription, pushSupported } from '../../shared/push/device';
import { Banner } from '../../shared/ui/Banner';
import { pushServer, sendTestNotification } from './api';
import { browserPush, isAppleMobile, pushState, turnOffPush, turnOnPush } from './push';
import { useTexts } from '../../shared/i18n/useTexts';
type Note = { tone: 'error' | 'success' | 'info'; text: string } | null;

/** Reads the error's readable text (the server's own, such as "no push subscription"), or `fallback`. */
const readable = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 0 ? error.message : fallback;

/**
 * This device's push: the button that asks the browser for permission (only once pressed), what to do when the
 * browser blocks the site or cannot push at all, turning it off again, and a test notification.
 */
export function PushSection() {
  const texts = useTexts();
  const N = texts.notifications;
  const supported = pushSupported();
  const [permission, setPermission] = useState(() => (supported ? Notification.permission : 'default'));
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const state = pushState(supported, permission, subscription !== null);

  useEffect(() => {
    let live = true;
    void currentPushSubscription()
      .catch(() => null)
      .then((found) => live && setSubscription(found));
    return () => {
      live = false;
    };
  }, []);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setNote(null);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const turnOn = () =>
    run(async () => {
      try {
        const outcome = await turnOnPush(browserPush, pushServer);
        setPermission(Notification.permission);
        if (outcome === 'on') {
          setSubscription(await currentPushSubscription());
          setNote({ tone: 'success', text: N.pushEnabled });
        }
      } catch (error) {
        setNote({ tone: 'error', text: readable(error, N.pushFailed) });
      }
    });

  const turnOff = () =>
    run(async () => {
      if (!subscription) return;
      try {
        await turnOffPush(subscription, pushServer);
        setSubscription(null);
      } catch (error) {
        setNote({ tone: 'error', text: readable(error, texts.common.somethingWentWrong) });
      }
    });

  const sendTest = () =>
    run(async () => {
      try {
        await sendTestNotification();
        setNote({ tone: 'success', text: N.testSent });
      } catch (error) {
        setNote({ tone: 'error', text: readable(error, texts.common.somethingWentWrong) });
      }
    });

  return (
    <section
      aria-labelledby="push-heading"
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm md:p-6"
    >
      <h2 id="push-heading" className="text-lg font-semibold text-stone-900">
        {N.pushHeading}
      </h2>
      <p className="text-sm text-stone-700">{N.pushIntro}</p>
      {state === 'unsupported' && (
        <Banner tone="info">
          <p>{N.pushUnsupported}</p>
          {isAppleMobile(navigator.userAgent, navigator.maxTouchPoints) && (
            <p className="mt-1">{N.pushIosHint}</p>
          )}
        </Banner>
      )}
      {state === 'blocked' && <Banner>{N.pushBlocked}</Banner>}
      {state === 'on' && note?.text !== N.pushEnabled && <Banner tone="success">{N.pushEnabled}</Banner>}
      {note && <Banner tone={note.tone}>{note.text}</Banner>}
      {state !== 'unsupported' && (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {state === 'on' ? (
            <button type="button" className="btn btn-outline" onClick={() => void turnOff()} disabled={busy}>
              {N.pushDisable}
            </button>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => void turnOn()} disabled={busy}>
              {N.pushEnable}
            </button>
          )}
          <button type="button" className="btn btn-outline" onClick={() => void sendTest()} disabled={busy}>
            {N.sendTest}
          </button>
        </div>
      )}
    </section>
  );
}

import {
  EMAIL_UNSUBSCRIBE_KINDS,
  type Catalogue,
  NOTIFICATION_PREFERENCE_KEYS,
  type NotificationPreferenceKey,
} from '@rummage/contract';
import { Banner } from '../../shared/ui/Banner';
import { PageHeading } from '../../shared/ui/PageHeading';
import { Spinner } from '../../shared/ui/Spinner';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { useNotificationPreferences, type Channel } from './api';
import { PushSection } from './PushSection';
import { useTexts } from '../../shared/i18n/useTexts';

const kindLabels = (N: Catalogue['notifications']): Record<NotificationPreferenceKey, string> => ({
  messages: N.kindMessages,
  support: N.kindSupport,
  follows: N.kindFollows,
  garageSales: N.kindGarageSales,
  likes: N.kindLikes,
  reservations: N.kindReservations,
  savedSearches: N.kindSavedSearches,
  ratings: N.kindRatings,
  offers: N.kindOffers,
});
const channels = (N: Catalogue['notifications']): ReadonlyArray<{ channel: Channel; label: string }> => [
  { channel: 'email', label: N.emailColumn },
  { channel: 'push', label: N.pushColumn },
];
/** The kinds that are e-mailed at all (the same list the unsubscribe link names); the others show no switch there. */
const EMAILED: ReadonlySet<NotificationPreferenceKey> = new Set(EMAIL_UNSUBSCRIBE_KINDS);

/**
 * /settings/notifications (docs/product.md §10): per kind of notification, whether it comes by e-mail and as a
 * push, each switch saved as soon as it changes; then this device's push permission and a test notification.
 */
export default function NotificationSettingsPage() {
  const texts = useTexts();
  const N = texts.notifications;
  const KIND_LABELS = kindLabels(N);
  const CHANNELS = channels(N);
  useDocumentTitle(N.settingsDocumentTitle);
  const { preferences, isLoading, loadError, status, change } = useNotificationPreferences();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6">
      <div className="flex flex-col gap-2">
        <PageHeading>{N.settingsTitle}</PageHeading>
        <p className="text-stone-700">{N.settingsIntro}</p>
      </div>
      {isLoading ? (
        <Spinner label={N.settingsLoading} />
      ) : loadError || !preferences ? (
        <Banner>{loadError?.message ?? texts.common.somethingWentWrong}</Banner>
      ) : (
        <section className="rounded-2xl bg-white p-4 shadow-sm md:p-6">
          <table className="w-full border-collapse text-left">
            <caption className="pb-3 text-left text-lg font-semibold text-stone-900">
              {N.kindsCaption}
            </caption>
            <thead>
              <tr className="border-b border-stone-200 text-sm text-stone-600">
                <td />
                {CHANNELS.map(({ channel, label }) => (
                  <th
                    key={channel}
                    id={`column-${channel}`}
                    scope="col"
                    className="w-20 px-2 pb-2 text-center font-medium sm:w-36"
                  >
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_PREFERENCE_KEYS.map((key) => (
                <tr key={key} className="border-b border-stone-100 last:border-0">
                  <th id={`kind-${key}`} scope="row" className="py-3 pr-2 font-normal text-stone-900">
                    {KIND_LABELS[key]}
                  </th>
                  {CHANNELS.map(({ channel }) => (
                    <td key={channel} className="px-2 text-center">
                      {channel === 'email' && !EMAILED.has(key) ? (
                        <span className="text-stone-500" title={N.notByEmail}>
                          <span aria-hidden="true">–</span>
                          <span className="sr-only">{N.notByEmail}</span>
                        </span>
                      ) : (
                        <input
                          type="checkbox"
                          // Read as "Messages about listings, E-mail": the row and its column.
                          aria-labelledby={`kind-${key} column-${channel}`}
                          className="h-6 w-6 cursor-pointer accent-brand"
                          checked={preferences[channel][key]}
                          onChange={(event) => change(channel, key, event.target.checked)}
                        />
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <div aria-live="polite" className="mt-2 min-h-5 text-sm">
            {status === 'saved' && <p className="text-brand-800">{N.saved}</p>}
            {status === 'failed' && <p className="text-red-800">{N.saveFailed}</p>}
          </div>
        </section>
      )}
      <PushSection />
    </div>
  );
}

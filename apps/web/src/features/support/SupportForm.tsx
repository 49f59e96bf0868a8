import { useState, type FormEvent } from 'react';
import { createTicketSchema, SUPPORT_LIMITS, SUPPORT_SUBJECTS, type SupportTicket } from '@rummage/contract';
import { ApiError, refusalMessage } from '../../shared/api/client';
import { useFillText } from '../../shared/config/useAppConfig';
import { Banner } from '../../shared/ui/Banner';
import { createTicket } from './api';
import { useTexts } from '../../shared/i18n/useTexts';

export interface SupportFormProps {
  username: string;
  /** A note above the form, e.g. that the last ticket was closed. */
  notice?: string | null;
  onCreated(ticket: SupportTicket | null): void;
  /** The server already holds an open ticket (409): the page shows it instead of the form. */
  onAlreadyOpen(): Promise<boolean>;
}

/** The "thrift support" form (docs/product.md §2, §5): issue and description, both required; 'Submitting...' while busy. */
export function SupportForm({ username, notice, onCreated, onAlreadyOpen }: SupportFormProps) {
  const texts = useTexts();
  const fill = useFillText();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const parsed = createTicketSchema.safeParse({ subject, message, username });
    if (!parsed.success) {
      // The schema's own words are English; the page says them in its language.
      const tooLong = parsed.error.issues[0]?.code === 'too_big';
      setError(tooLong ? texts.support.tooLong : texts.common.fillFieldsProperly);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const ticket = await createTicket(parsed.data);
      onCreated(ticket);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409 && (await onAlreadyOpen())) return;
      // A refusal the person can act on (too long, too many tries) in the server's words; anything else, the
      // server's own failure included, is the SPEC's 'Failed to submit ticket' (§8).
      setError(refusalMessage(failure) ?? texts.support.failed);
    } finally {
      setSubmitting(false);
    }
  }

  function edited() {
    setError(null);
  }

  return (
    <div className="card p-5 md:p-8">
      <p className="text-stone-700">{fill(texts.support.greeting, { username })}</p>
      <h1 className="text-3xl font-extrabold text-brand-800">{texts.support.title}</h1>
      <p className="mb-6 text-lg text-stone-800">{texts.support.help}</p>
      <form
        noValidate
        onSubmit={handleSubmit}
        aria-label={texts.support.title}
        aria-busy={submitting}
        className="flex flex-col gap-4"
      >
        {notice && !error && <Banner tone="info">{notice}</Banner>}
        {error && <Banner onDismiss={() => setError(null)}>{error}</Banner>}
        <div>
          <label htmlFor="support-issue" className="field-label">
            {texts.support.issueLabel}
          </label>
          <select
            id="support-issue"
            className="field-input"
            value={subject}
            disabled={submitting}
            onChange={(event) => {
              setSubject(event.target.value);
              edited();
            }}
          >
            <option value="">{texts.support.issuePlaceholder}</option>
            {SUPPORT_SUBJECTS.map((issue) => (
              <option key={issue} value={issue}>
                {texts.support.issues[issue]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="support-description" className="field-label">
            {texts.support.descriptionLabel}
          </label>
          <textarea
            id="support-description"
            rows={5}
            className="field-input"
            placeholder={texts.support.descriptionPlaceholder}
            value={message}
            maxLength={SUPPORT_LIMITS.messageMax}
            disabled={submitting}
            onChange={(event) => {
              setMessage(event.target.value);
              edited();
            }}
          />
        </div>
        <button type="submit" className="btn btn-primary w-full md:w-auto md:self-end" disabled={submitting}>
          {submitting ? texts.support.submitting : texts.support.send}
        </button>
      </form>
    </div>
  );
}

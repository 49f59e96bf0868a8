import { useState, type FormEvent } from 'react';
import { fillText } from '@rummage/contract';
import { ApiError } from '../../../shared/api/client';
import { sendMessage } from '../api';
import { LoginFirstDialog } from './LoginFirstDialog';
import { useTexts } from '../../../shared/i18n/useTexts';

/**
 * The box to write to the seller, prefilled "Hi, is this available?" (docs/product.md §4, §5): an empty message is
 * ignored; after a send the box is replaced by "Your message has been sent!" (or, for a message held for a check,
 * "Your message will be delivered after a check."). A refusal shows the server's text (a blocked person reads
 * the same "You can't message this person." as in the chat). A visitor (or someone whose session
 * has ended) is asked to log in, as the like button does, rather than told the send failed.
 */
export function MessageBox({
  productId,
  sellerId,
  sellerName,
  signedIn,
}: {
  productId: number;
  sellerId: number;
  sellerName: string;
  signedIn: boolean;
}) {
  const texts = useTexts();
  const [text, setText] = useState<string>(texts.listing.sellerMessagePrefill);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'held' | 'failed'>('idle');
  const [askLogin, setAskLogin] = useState(false);
  const [failure, setFailure] = useState<string>(texts.listing.messageFailed);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const message = text.trim();
    if (!message || status === 'sending') return;
    if (!signedIn) {
      setAskLogin(true);
      return;
    }
    setStatus('sending');
    try {
      const answer = (await sendMessage(productId, sellerId, message)) as {
        data?: { held?: boolean };
      } | null;
      // Held for a check (docs/product.md §16): the sender is told, not that it was sent.
      setStatus(answer?.data?.held ? 'held' : 'sent');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setStatus('idle');
        setAskLogin(true);
      } else {
        // The server's readable refusal (a block: messages.blocking.cannotMessage, as the chat page says), else
        // the general failure text (network down, no message in the answer).
        setFailure(error instanceof ApiError ? error.message : texts.listing.messageFailed);
        setStatus('failed');
      }
    }
  }

  if (status === 'sent' || status === 'held') {
    return (
      <p role="status" className="rounded-xl bg-brand-50 px-4 py-4 font-semibold text-brand-800">
        {status === 'held' ? texts.safety.held : texts.listing.messageSent}
      </p>
    );
  }

  return (
    <form onSubmit={handleSubmit} className="rounded-xl border border-stone-200 bg-stone-50 p-4">
      <label htmlFor="seller-message" className="field-label">
        {texts.listing.messageSeller}
      </label>
      <span id="seller-message-name" className="sr-only">
        {fillText(texts.listing.messageLabel, { seller: sellerName })}
      </span>
      <div className="flex gap-2">
        <input
          id="seller-message"
          type="text"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (status === 'failed') setStatus('idle');
          }}
          aria-describedby={status === 'failed' ? 'seller-message-error' : 'seller-message-name'}
          maxLength={2000}
          className="field-input min-w-0 flex-1"
        />
        <button type="submit" className="btn btn-primary shrink-0" disabled={status === 'sending'}>
          {status === 'sending' ? texts.listing.sending : texts.listing.send}
        </button>
      </div>
      {status === 'failed' && (
        <p id="seller-message-error" role="alert" className="field-error">
          {failure}
        </p>
      )}
      {askLogin && <LoginFirstDialog onClose={() => setAskLogin(false)} />}
    </form>
  );
}

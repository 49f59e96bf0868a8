import { useState, type FormEvent } from 'react';
import { DEFAULT_SELLER_MESSAGE, fillText, messages } from '@rummage/contract';
import { sendMessage } from '../api';
import { LISTING_TEXT } from '../texts';

/**
 * The box to write to the seller, prefilled "Hi, is this available?" (docs/product.md §4, §5): an empty message is
 * ignored; after a send the box is replaced by "Your message has been sent!".
 */
export function MessageBox({
  productId,
  sellerId,
  sellerName,
}: {
  productId: number;
  sellerId: number;
  sellerName: string;
}) {
  const [text, setText] = useState<string>(DEFAULT_SELLER_MESSAGE);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const message = text.trim();
    if (!message || status === 'sending') return;
    setStatus('sending');
    try {
      await sendMessage(productId, sellerId, message);
      setStatus('sent');
    } catch {
      setStatus('failed');
    }
  }

  if (status === 'sent') {
    return (
      <p role="status" className="rounded-xl bg-brand-50 px-4 py-4 font-semibold text-brand-800">
        {messages.listing.messageSent}
      </p>
    );
  }

  return (
    <form onSubmit={handleSubmit} className="rounded-xl border border-stone-200 bg-stone-50 p-4">
      <label htmlFor="seller-message" className="field-label">
        {LISTING_TEXT.messageSeller}
      </label>
      <span id="seller-message-name" className="sr-only">
        {fillText(LISTING_TEXT.messageLabel, { seller: sellerName })}
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
          {status === 'sending' ? LISTING_TEXT.sending : LISTING_TEXT.send}
        </button>
      </div>
      {status === 'failed' && (
        <p id="seller-message-error" role="alert" className="field-error">
          {messages.listing.messageFailed}
        </p>
      )}
    </form>
  );
}

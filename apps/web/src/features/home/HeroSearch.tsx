import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '@rummage/contract';
import { useTexts } from '../../shared/i18n/useTexts';

/** The search form in the home hero: submits to /marketplace?search=… (docs/product.md §1, §2). */
export function HeroSearch() {
  const texts = useTexts();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const term = search.trim();
    navigate(term ? `${ROUTES.marketplace}?${new URLSearchParams({ search: term })}` : ROUTES.marketplace);
  }

  return (
    <form role="search" onSubmit={handleSubmit} className="flex w-full max-w-xl gap-2">
      <label htmlFor="home-search" className="sr-only">
        {texts.home.searchLabel}
      </label>
      <input
        id="home-search"
        type="search"
        name="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={texts.home.searchPlaceholder}
        className="field-input flex-1 rounded-full border-white px-5 shadow-sm"
      />
      <button type="submit" className="btn btn-accent shrink-0">
        {texts.home.searchButton}
      </button>
    </form>
  );
}

import type { JSX } from 'react';
import { HomeBreadcrumb } from '../../shared/ui/HomeBreadcrumb';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { useTexts } from '../../shared/i18n/useTexts';

/** /rating-rules: how ratings work (docs/product.md §20), linked from where people rate. Texts in the contract. */
export default function RatingRulesPage(): JSX.Element {
  const P = useTexts().reviews.rulesPage;
  useDocumentTitle(P.title);
  return (
    // An <article>, not <main>: the app layout owns the page's single main landmark.
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <HomeBreadcrumb label={P.breadcrumb} home={P.home} current={P.heading} />
      <h1 className="mb-2 text-3xl font-bold text-brand">{P.heading}</h1>
      <p className="mb-8 text-stone-700">{P.intro}</p>
      {P.sections.map((section) => (
        <section key={section.id} aria-labelledby={`${section.id}-heading`} className="mb-8">
          <h2 id={`${section.id}-heading`} className="mb-3 text-xl font-semibold text-stone-900">
            {section.heading}
          </h2>
          <ul className="flex list-disc flex-col gap-2 pl-5 text-stone-800">
            {section.items.map((item) => (
              <li key={item} className="break-words">
                {item}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}

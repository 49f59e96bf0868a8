import type { JSX } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PRODUCT_NAME, DEFAULT_SUPPORT_EMAIL, ROUTES, fillText } from '@rummage/contract';
import { useAppConfig } from '../../shared/config/useAppConfig';
import { HomeBreadcrumb } from '../../shared/ui/HomeBreadcrumb';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { useTexts } from '../../shared/i18n/useTexts';

/** /accessibility: the accessibility statement in the page's language, with this installation's name and contact. */
export default function AccessibilityPage(): JSX.Element {
  const A = useTexts().accessibility;
  const { config } = useAppConfig();
  const values = {
    product: config.productName.trim() || DEFAULT_PRODUCT_NAME,
    email: config.supportEmail.trim() || DEFAULT_SUPPORT_EMAIL,
  };
  useDocumentTitle(fillText(A.title, values));

  return (
    // An <article>, not <main>: the app layout owns the page's single main landmark.
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <HomeBreadcrumb label={A.breadcrumb} home={A.home} current={A.heading} />
      <h1 className="mb-2 text-3xl font-bold text-brand">{A.heading}</h1>
      <p className="mb-8 text-stone-700">{fillText(A.intro, values)}</p>
      {A.sections.map((section) => (
        <section key={section.id} aria-labelledby={`${section.id}-heading`} className="mb-8">
          <h2 id={`${section.id}-heading`} className="mb-3 text-xl font-semibold text-stone-900">
            {section.heading}
          </h2>
          <ul className="flex list-disc flex-col gap-2 pl-5 text-stone-800">
            {section.items.map((item) => (
              <li key={item} className="break-words">
                {fillText(item, values)}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <Link to={ROUTES.support} className="btn btn-primary">
        {A.supportLink}
      </Link>
    </article>
  );
}

import type { JSX } from 'react';
import { DEFAULT_PRODUCT_NAME, DEFAULT_SUPPORT_EMAIL, fillText } from '@rummage/contract';
import { useAppConfig } from '../../shared/config/useAppConfig';
import { HomeBreadcrumb } from '../../shared/ui/HomeBreadcrumb';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { termsSections } from './termsSections';
import { useTexts } from '../../shared/i18n/useTexts';

/** /terms: the Terms of Service (docs/product.md §2 "Terms"), branded with this installation's name and contact. */
export default function TermsPage(): JSX.Element {
  const texts = useTexts();
  // Runtime config (query ['config']); the shared hook already falls back to the contract defaults.
  const { config } = useAppConfig();
  // An installation configured with a blank value should still read as a sentence.
  const productName = config.productName.trim() || DEFAULT_PRODUCT_NAME;
  const supportEmail = config.supportEmail.trim() || DEFAULT_SUPPORT_EMAIL;
  useDocumentTitle(fillText(texts.terms.title, { product: productName }));

  const sections = termsSections({
    product: productName,
    email: supportEmail,
    headings: texts.terms.sections,
  });

  return (
    // An <article>, not <main>: the app layout owns the page's single main landmark.
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <HomeBreadcrumb label={texts.terms.breadcrumb} home={texts.terms.home} current={texts.terms.heading} />

      <h1 className="mb-2 text-3xl font-bold text-brand">{texts.terms.heading}</h1>
      <p className="mb-8 text-stone-600">
        These terms explain the rules for using {productName}, a community marketplace for buying and selling
        second-hand things with people nearby. Please read them before you list, buy or message anyone.
      </p>

      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mb-8">
          <h2 id={`${section.id}-heading`} className="mb-3 text-xl font-semibold text-stone-900">
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}

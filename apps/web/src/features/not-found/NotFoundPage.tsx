import { Link } from 'react-router';
import { ROUTES } from '@rummage/contract';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { useTexts } from '../../shared/i18n/useTexts';

/** Any unknown path (docs/product.md §2 "*"). */
export default function NotFoundPage() {
  const texts = useTexts();
  useDocumentTitle(texts.common.notFoundTitle);
  return (
    <section className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <p aria-hidden="true" className="text-7xl font-extrabold text-brand-500">
        404
      </p>
      <h1 className="text-2xl font-bold text-stone-900">{texts.common.notFound}</h1>
      <Link to={ROUTES.home} className="btn btn-primary">
        {texts.common.goToHome}
      </Link>
    </section>
  );
}

import { Link } from 'react-router';
import { ROUTES } from '@rummage/contract';
import { Dialog } from '../../../shared/ui/Dialog';
import { useTexts } from '../../../shared/i18n/useTexts';

/** "Alert! Please login first." with Cancel and Login: what a visitor gets from a listing's like and message box. */
export function LoginFirstDialog({ onClose }: { onClose(): void }) {
  const texts = useTexts();
  return (
    <Dialog role="alertdialog" title={texts.listing.loginFirst} onClose={onClose}>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          {texts.listing.cancel}
        </button>
        <Link to={ROUTES.login} className="btn btn-primary">
          {texts.listing.login}
        </Link>
      </div>
    </Dialog>
  );
}

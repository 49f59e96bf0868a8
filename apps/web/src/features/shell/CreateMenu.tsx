import { Link } from 'react-router';
import { ROUTES } from '@rummage/contract';
import { Dropdown, menuItemClass } from './Dropdown';
import { useTexts } from '../../shared/i18n/useTexts';

/** "Create" dropdown: a listing for sale or a garage sale (docs/product.md §2 Header). */
export function CreateMenu() {
  const texts = useTexts();
  return (
    <Dropdown
      triggerLabel={texts.header.createMenu}
      // On a phone the word gives way to the logo and the bell: the button is a round "+" there, named by its label.
      triggerClassName="btn btn-accent min-h-10 w-10 px-0 sm:w-auto sm:px-4"
      trigger={
        <>
          <span aria-hidden="true" className="text-2xl leading-none sm:text-lg">
            +
          </span>
          <span className="hidden sm:inline">{texts.header.create}</span>
        </>
      }
    >
      {(close) => (
        <>
          <li>
            <Link to={ROUTES.createProduct} className={menuItemClass} onClick={close}>
              {texts.header.forSale}
            </Link>
          </li>
          <li>
            <Link to={ROUTES.createGarage} className={menuItemClass} onClick={close}>
              {texts.header.garageSale}
            </Link>
          </li>
        </>
      )}
    </Dropdown>
  );
}

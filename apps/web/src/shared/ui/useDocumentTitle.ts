import { useEffect } from 'react';
import { useFillText } from '../config/useAppConfig';

/** Sets the tab title from a contract text such as "Login - {product}". */
export function useDocumentTitle(title: string): void {
  const fill = useFillText();
  const text = fill(title);
  useEffect(() => {
    document.title = text;
  }, [text]);
}

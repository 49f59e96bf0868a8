/**
 * The id of the <script type="application/json"> holding the query cache a page was rendered with at request
 * time (src/prerender.tsx; src/app/mount.tsx starts from it). A data block, not a script: the
 * Content-Security-Policy has nothing to allow. This module is loaded before the first paint: no imports.
 */
export const PAGE_STATE_ELEMENT_ID = 'rummage-page-state';

/** Whether the page arrived rendered with its data. */
export function hasPageState(): boolean {
  return document.getElementById(PAGE_STATE_ELEMENT_ID) !== null;
}

/**
 * The prerendered page (apps/web/build-plugins.ts) is on screen before the app has run, and its buttons and
 * forms do nothing yet. What a visitor does meanwhile is held here and done again on the app's copy of the page
 * once it has replaced the prerendered one: clicks on buttons, text typed into fields, forms submitted, and the
 * field the person is typing in (the browser drops focus with the element the app removes, and the next keys
 * would go nowhere). Links need nothing: they work as plain links. Loaded before the first paint (src/main.tsx),
 * so it imports nothing.
 */

type Path = number[];

interface Held {
  path: Path;
  /** Tag and accessible name: the replayed action only goes to an element that still reads the same. */
  signature: string;
}

const FIELDS = 'input, textarea';

type Field = HTMLInputElement | HTMLTextAreaElement;

/** Where the person's caret was, to be put back in the app's copy of the field. */
interface HeldFocus {
  field: Held;
  start: number | null;
  end: number | null;
  direction: 'forward' | 'backward' | 'none' | null;
}

function pathOf(element: Element, root: Element): Path {
  const path: Path = [];
  for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
    path.unshift(node.parentElement ? Array.prototype.indexOf.call(node.parentElement.children, node) : 0);
  }
  return path;
}

function elementAt(root: Element, path: Path): Element | null {
  let node: Element | null = root;
  for (const index of path) node = node?.children[index] ?? null;
  return node;
}

function signatureOf(element: Element): string {
  const name = element.getAttribute('aria-label') ?? element.getAttribute('name') ?? element.textContent;
  return `${element.tagName}|${element.id}|${(name ?? '').trim()}`;
}

function held(element: Element, root: Element): Held {
  return { path: pathOf(element, root), signature: signatureOf(element) };
}

/** The app's element standing where the held one stood (or, failing that, the one element that reads the same). */
function find(root: Element, { path, signature }: Held, selector: string): HTMLElement | null {
  const atPath = elementAt(root, path);
  if (atPath && signatureOf(atPath) === signature) return atPath as HTMLElement;
  const alike = [...root.querySelectorAll(selector)].filter((element) => signatureOf(element) === signature);
  return alike.length === 1 ? (alike[0] as HTMLElement) : null;
}

/** Sets a field's value so that React sees the change (its own setter would swallow the event). */
function typeInto(field: Field, value: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Focuses the app's field with the caret where it was, unless the person has gone to another element since. */
function refocus(field: Field, { start, end, direction }: HeldFocus): void {
  const active = document.activeElement;
  if (active && active !== document.body && active !== document.documentElement) return;
  field.focus({ preventScroll: true });
  try {
    if (start !== null && end !== null) field.setSelectionRange(start, end, direction ?? undefined);
  } catch {
    // Fields without a caret (checkboxes, dates) only take the focus.
  }
}

/**
 * How long held input waits for the app to show where it goes: a page whose first render is a loading state
 * (the frame-only pages, which load their data in the browser) shows its fields a moment later.
 */
const WAIT_FOR_TARGETS_MS = 5_000;

const BUTTONS = 'button, [role="button"]';

/**
 * Starts holding what is done inside `root`; the returned function stops and does it all again on what `root`
 * holds by then or shows within WAIT_FOR_TARGETS_MS: the typing as soon as its field is there, then the clicks
 * and submits in order, a moment after the app has taken the typing in. Call it once the app has rendered into
 * `root`; calling it again does nothing. Anything the person does on the app's page meanwhile drops what is
 * still waiting: they have moved on, and an old click must not land on top of it.
 */
export function holdEarlyInput(root: Element): () => void {
  const clicks: Held[] = [];
  const submits: Held[] = [];
  const typed = new Map<string, { field: Held; value: string }>();
  let focused: { element: Field; field: Held } | null = null;

  const onClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest(BUTTONS);
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    clicks.push(held(button, root));
  };
  const onInput = (event: Event) => {
    const field = event.target as Element | null;
    if (!field?.matches(FIELDS)) return;
    const key = pathOf(field, root).join('.');
    typed.set(key, { field: held(field, root), value: (field as HTMLInputElement).value });
  };
  const onSubmit = (event: Event) => {
    event.preventDefault();
    submits.push(held(event.target as Element, root));
  };
  const onFocusIn = (event: Event) => {
    const field = event.target as Element | null;
    if (field?.matches(FIELDS)) focused = { element: field as Field, field: held(field, root) };
  };
  const onFocusOut = (event: Event) => {
    const field = event.target;
    // Removing a focused element blurs it as well (Chromium does so while it is still in the page): only a field
    // still there once the event is over was left by the person.
    queueMicrotask(() => {
      if (focused?.element === field && focused.element.isConnected) focused = null;
    });
  };
  root.addEventListener('click', onClick, true);
  root.addEventListener('input', onInput, true);
  root.addEventListener('submit', onSubmit, true);
  root.addEventListener('focusin', onFocusIn, true);
  root.addEventListener('focusout', onFocusOut, true);

  let released = false;
  return () => {
    if (released) return;
    released = true;
    root.removeEventListener('click', onClick, true);
    root.removeEventListener('input', onInput, true);
    root.removeEventListener('submit', onSubmit, true);
    root.removeEventListener('focusin', onFocusIn, true);
    root.removeEventListener('focusout', onFocusOut, true);
    // Still connected: the app kept the element (or has not replaced the page), and with it the focus.
    const lost = focused && !focused.element.isConnected ? focused : null;
    replay(
      root,
      [...typed.values()],
      lost && {
        field: lost.field,
        start: lost.element.selectionStart,
        end: lost.element.selectionEnd,
        direction: lost.element.selectionDirection,
      },
      [
        ...clicks.map((target) => ({
          target,
          selector: BUTTONS,
          run: (element: HTMLElement) => element.click(),
        })),
        ...submits.map((target) => ({
          target,
          selector: 'form',
          run: (element: HTMLElement) => (element as HTMLFormElement).requestSubmit(),
        })),
      ],
    );
  };
}

interface HeldAction {
  target: Held;
  selector: string;
  run(element: HTMLElement): void;
}

function isDisabled(element: HTMLElement): boolean {
  return element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true';
}

function replay(
  root: Element,
  fields: Array<{ field: Held; value: string }>,
  heldFocus: HeldFocus | null,
  actions: HeldAction[],
): void {
  if (fields.length === 0 && actions.length === 0 && !heldFocus) return;
  let focus = heldFocus;
  let replaying = false;
  let stopped = false;
  let actionsDue = false;
  const observer = new MutationObserver(() => step());
  const timer = setTimeout(() => stop(), WAIT_FOR_TARGETS_MS);
  const onPersonActing = () => {
    if (!replaying) stop();
  };
  function stop() {
    stopped = true;
    observer.disconnect();
    clearTimeout(timer);
    root.removeEventListener('input', onPersonActing, true);
    root.removeEventListener('click', onPersonActing, true);
  }
  function runActions() {
    actionsDue = false;
    if (stopped) return;
    replaying = true;
    try {
      while (actions.length > 0) {
        const next = actions[0]!;
        const element = find(root, next.target, next.selector);
        // A button the app shows disabled for a moment (the footer's languages until the account is known) would
        // swallow the click: it waits to be enabled, as the person would have.
        if (!element || isDisabled(element)) return;
        actions.shift();
        next.run(element);
      }
    } finally {
      replaying = false;
    }
    stop();
  }
  function step() {
    if (stopped) return;
    replaying = true;
    try {
      for (let index = fields.length - 1; index >= 0; index -= 1) {
        const { field, value } = fields[index]!;
        const target = find(root, field, FIELDS);
        if (!target) continue;
        typeInto(target as Field, value);
        fields.splice(index, 1);
      }
      // After the typing, which leaves the caret at the end.
      const focusTarget = focus && find(root, focus.field, FIELDS);
      if (focus && focusTarget) {
        refocus(focusTarget as Field, focus);
        focus = null;
      }
    } finally {
      replaying = false;
    }
    // A click may be the one that sends what was typed: it waits for all of it, and for the caret to be back.
    if (fields.length > 0 || focus || actionsDue) return;
    actionsDue = true;
    setTimeout(runActions, 0);
  }
  root.addEventListener('input', onPersonActing, true);
  root.addEventListener('click', onPersonActing, true);
  observer.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled', 'aria-disabled'],
  });
  step();
}

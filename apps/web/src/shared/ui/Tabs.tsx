import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDefinition {
  id: string;
  label: string;
  panel: ReactNode;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the chosen tab is in the Tab order. */
export function Tabs({ tabs, label }: { tabs: TabDefinition[]; label: string }) {
  const baseId = useId();
  const [selected, setSelected] = useState(tabs[0]?.id ?? '');
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = tabs[((moves[event.key] ?? 0) + tabs.length) % tabs.length];
    if (!next) return;
    setSelected(next.id);
    tabRefs.current.get(next.id)?.focus();
  }

  return (
    <div>
      {/* Narrower tabs on a phone, so five fit 375 px (the staff console); wrapped rather than cut past that. */}
      <div role="tablist" aria-label={label} className="flex flex-wrap border-b border-stone-200">
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setSelected(tab.id)}
              onKeyDown={(event) => handleKeyDown(event, index)}
              className={`-mb-px border-b-4 px-2.5 py-3 text-sm sm:px-4 font-bold tracking-wide md:text-base ${
                isSelected
                  ? 'border-brand text-brand-800'
                  : 'border-transparent text-stone-600 hover:text-stone-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          tabIndex={0}
          className="py-6"
        >
          {tab.id === selected && tab.panel}
        </div>
      ))}
    </div>
  );
}

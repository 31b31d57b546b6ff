import { INBOX_TAB_LABELS, INBOX_TABS, type InboxTab } from '@mandado/shared/fulfilment';
import { type KeyboardEvent, useRef } from 'react';
import { tabIndexAfterKey } from './tab-keys.ts';

export const INBOX_PANEL_ID = 'inbox-panel';

export function inboxTabId(tab: InboxTab): string {
  return `inbox-tab-${tab}`;
}

interface InboxTabsProps {
  current: InboxTab;
  counts: Readonly<Record<InboxTab, number>> | undefined;
  onSelect: (tab: InboxTab) => void;
}

/**
 * The six tabs of the inbox with their counts (WAI-ARIA tabs pattern): one tab stop, the arrows move between
 * tabs and select them at once (each tab's list is already cheap to show). On a 360 px phone the row scrolls.
 */
export function InboxTabs({ current, counts, onSelect }: InboxTabsProps) {
  const refs = useRef<Partial<Record<InboxTab, HTMLButtonElement | null>>>({});

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = tabIndexAfterKey(event.key, index, INBOX_TABS.length);
    if (next === null) return;
    event.preventDefault();
    const tab = INBOX_TABS[next];
    if (!tab) return;
    onSelect(tab);
    refs.current[tab]?.focus();
  }

  return (
    <div className="inbox-tabs" role="tablist" aria-label="Pedidos por estado">
      {INBOX_TABS.map((tab, index) => {
        const selected = tab === current;
        const count = counts?.[tab];
        return (
          <button
            key={tab}
            ref={(element) => {
              refs.current[tab] = element;
            }}
            type="button"
            role="tab"
            id={inboxTabId(tab)}
            aria-selected={selected}
            aria-controls={INBOX_PANEL_ID}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'inbox-tabs__tab inbox-tabs__tab--current' : 'inbox-tabs__tab'}
            onClick={() => onSelect(tab)}
            onKeyDown={(event) => handleKeyDown(event, index)}
          >
            {INBOX_TAB_LABELS[tab]}{' '}
            {count === undefined ? null : (
              <span className={count > 0 ? 'inbox-tabs__count inbox-tabs__count--some' : 'inbox-tabs__count'}>
                {count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

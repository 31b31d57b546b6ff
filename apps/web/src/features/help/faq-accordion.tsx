import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { CARDS_ONLY, type FaqAction, type FaqEntry, type FaqSettings, faqEntries } from './faq.data.ts';
import { offeredPaymentsQueryOptions } from './help.api.ts';

interface FaqAccordionProps {
  settings: FaqSettings;
  onAction: (action: FaqAction) => void;
}

const NEXT_KEYS: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * WAI-ARIA accordion: each question is a button in a heading, with aria-expanded and aria-controls; Enter and
 * Space come with the button, the arrows, Home and End move between questions. Several can stay open.
 */
export function FaqAccordion({ settings, onAction }: FaqAccordionProps) {
  const offered = useQuery(offeredPaymentsQueryOptions()).data ?? CARDS_ONLY;
  const entries = useMemo(() => faqEntries(settings, offered), [settings, offered]);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();

  function toggle(id: string) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const move = NEXT_KEYS[event.key];
    if (!move) return;
    event.preventDefault();
    buttons.current[move(index, entries.length)]?.focus();
  }

  return (
    <div className="faq">
      {entries.map((entry, index) => (
        <FaqItem
          key={entry.id}
          entry={entry}
          baseId={baseId}
          expanded={open.has(entry.id)}
          onToggle={() => toggle(entry.id)}
          onKeyDown={(event) => handleKeyDown(event, index)}
          buttonRef={(element) => {
            buttons.current[index] = element;
          }}
          onAction={onAction}
        />
      ))}
    </div>
  );
}

interface FaqItemProps {
  entry: FaqEntry;
  baseId: string;
  expanded: boolean;
  onToggle: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  buttonRef: (element: HTMLButtonElement | null) => void;
  onAction: (action: FaqAction) => void;
}

function FaqItem({ entry, baseId, expanded, onToggle, onKeyDown, buttonRef, onAction }: FaqItemProps) {
  const buttonId = `${baseId}-${entry.id}-question`;
  const panelId = `${baseId}-${entry.id}-answer`;
  return (
    <div className={expanded ? 'faq__item faq__item--open' : 'faq__item'}>
      <h4 className="faq__heading">
        <button
          ref={buttonRef}
          id={buttonId}
          type="button"
          className="faq__question"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
          onKeyDown={onKeyDown}
        >
          <span>{entry.question}</span>
          <span className="faq__chevron" aria-hidden="true" />
        </button>
      </h4>
      {/* No region role: about 17 panels would flood the landmarks (WAI-ARIA APG accordion note). */}
      <div id={panelId} className="faq__answer" hidden={!expanded}>
        {entry.answer.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {entry.action ? (
          <p>
            <button
              type="button"
              className="help-link-button faq__action"
              onClick={() => entry.action && onAction(entry.action.kind)}
            >
              {entry.action.label}
            </button>
          </p>
        ) : null}
      </div>
    </div>
  );
}

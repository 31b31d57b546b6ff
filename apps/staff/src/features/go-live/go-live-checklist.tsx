import type { GoLiveChecklist } from '@mandado/shared/go-live';
import { Link } from 'react-router';
import './go-live.css';

/**
 * The checklist as a list of done / to-do items (issue 31): the owner's items link to where they are done;
 * the operator's copy (`links` false) only reads.
 */
export function GoLiveChecklistView({ checklist, links }: { checklist: GoLiveChecklist; links: boolean }) {
  return (
    <ul className="go-live__list">
      {checklist.items.map((item) => (
        <li key={item.key} className={item.done ? 'go-live__item go-live__item--done' : 'go-live__item'}>
          <span className="go-live__mark" aria-hidden="true">
            {item.done ? '✓' : '○'}
          </span>
          <span className="go-live__label">
            <span className="visually-hidden">{item.done ? 'Hecho: ' : 'Falta: '}</span>
            {links && !item.done && item.path ? <Link to={item.path}>{item.label}</Link> : item.label}
          </span>
        </li>
      ))}
    </ul>
  );
}

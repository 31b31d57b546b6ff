import type { SupportKind } from '@mandado/shared/admin-support.schemas';
import { SUGGESTION_CATEGORY_LABELS, type SuggestionCategory } from '@mandado/shared/help.schemas';
import type {
  AdminCityRequest,
  AdminContactMessage,
  AdminSuggestion,
  SupportOperator,
  SupportReply,
} from '@mandado/shared/support-inbox.schemas';

/** The inbox's three tabs, in the order shown. */
export const SUPPORT_TABS: ReadonlyArray<{ kind: SupportKind; label: string; param: string }> = [
  { kind: 'contact-messages', label: 'Mensajes', param: 'mensajes' },
  { kind: 'suggestions', label: 'Sugerencias', param: 'sugerencias' },
  { kind: 'city-requests', label: 'Ciudades', param: 'ciudades' },
];

/** The tab a `?bandeja=` value names; the messages when it names none. */
export function supportTabFor(param: string | null): (typeof SUPPORT_TABS)[number] {
  return (
    SUPPORT_TABS.find((tab) => tab.param === param) ?? (SUPPORT_TABS[0] as (typeof SUPPORT_TABS)[number])
  );
}

/** One item of any list, as its card shows it. */
export interface SupportCardItem {
  id: number;
  title: string;
  /** Where an answer goes. */
  email: string;
  /** Who wrote and how to reach them, one line each. */
  details: string[];
  /** What they wrote ('' for a city request, whose title says it all). */
  text: string;
  created: string;
  handled: string | null;
  handledBy: SupportOperator | null;
  assignedTo: SupportOperator | null;
  replies: SupportReply[];
}

function categoryLabel(category: string): string {
  return category in SUGGESTION_CATEGORY_LABELS
    ? SUGGESTION_CATEGORY_LABELS[category as SuggestionCategory]
    : category;
}

export function contactCard(item: AdminContactMessage): SupportCardItem {
  return {
    id: item.id,
    title: item.subject,
    email: item.email,
    details: [`${item.name} · ${item.email}`, item.phone],
    text: item.comments,
    ...state(item),
  };
}

export function suggestionCard(item: AdminSuggestion): SupportCardItem {
  return {
    id: item.id,
    title: item.name_product,
    email: item.mail,
    details: [categoryLabel(item.category), item.mail],
    text: item.description,
    ...state(item),
  };
}

export function cityCard(item: AdminCityRequest): SupportCardItem {
  return {
    id: item.id,
    title: `Piden llegar a ${item.city}`,
    email: item.email,
    details: [item.email],
    text: '',
    ...state(item),
  };
}

function state(item: AdminContactMessage | AdminSuggestion | AdminCityRequest) {
  return {
    created: item.created,
    handled: item.handled,
    handledBy: item.handled_by,
    assignedTo: item.assigned_to,
    replies: item.replies,
  };
}

/** "Lucía Pérez" or, for an account without a name, its e-mail. */
export function operatorName(person: SupportOperator): string {
  return person.name || person.email;
}

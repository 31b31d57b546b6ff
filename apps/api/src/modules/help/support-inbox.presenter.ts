import type {
  AdminCityRequest,
  AdminContactMessage,
  AdminSuggestion,
  SupportOperator,
  SupportReply,
} from '@mandado/shared/support-inbox.schemas';
import type {
  CityRequestRow,
  ContactMessageRow,
  SuggestionRow,
  SupportPerson,
  SupportReplyRow,
  SupportStateRow,
} from './support-inbox.repository.ts';

/** Either driver may hand a timestamp back as a Date or as text. */
function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

export function presentOperator(person: SupportPerson | null): SupportOperator | null {
  if (!person) return null;
  return {
    user_id: person.id,
    name: `${person.firstName} ${person.lastName}`.trim(),
    email: person.email,
  };
}

function presentReply(row: SupportReplyRow): SupportReply {
  return {
    id: row.id,
    body: row.body,
    author:
      row.author_id === null
        ? null
        : presentOperator({
            id: row.author_id,
            firstName: row.author_first ?? '',
            lastName: row.author_last ?? '',
            email: row.author_email ?? '',
          }),
    created: iso(row.created),
  };
}

function presentState(row: SupportStateRow) {
  const replies: SupportReplyRow[] =
    typeof row.replies === 'string' ? (JSON.parse(row.replies) as SupportReplyRow[]) : row.replies;
  return {
    created: iso(row.createdAt),
    handled: row.handledAt === null ? null : iso(row.handledAt),
    handled_by: presentOperator(row.handler),
    assigned_to: presentOperator(row.assignee),
    replies: replies.map(presentReply),
  };
}

export function presentContactMessage(row: ContactMessageRow): AdminContactMessage {
  return {
    id: row.id,
    user_account_id: row.userAccountId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    comments: row.comments,
    ...presentState(row),
  };
}

export function presentSuggestion(row: SuggestionRow): AdminSuggestion {
  return {
    id: row.id,
    user_account_id: row.userAccountId,
    category: row.category,
    name_product: row.productName,
    description: row.description,
    mail: row.email,
    ...presentState(row),
  };
}

export function presentCityRequest(row: CityRequestRow): AdminCityRequest {
  return { id: row.id, city: row.city, email: row.email, ...presentState(row) };
}

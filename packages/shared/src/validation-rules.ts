import type { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * Validation rules of spec §5 that the web forms and the API share, so a value the form accepts is a
 * value the server accepts.
 */
/**
 * local@domain.tld without spaces, control characters or the separators a mail library would read as a
 * display name or a list (`<>()[]\,;:"`), so the address we store is the one that receives the mail.
 */
export const EMAIL_PATTERN =
  /^[^\s@<>()[\]\\,;:"\p{Cc}\p{Cf}]+@[^\s@<>()[\]\\,;:"\p{Cc}\p{Cf}]+\.[^\s@<>()[\]\\,;:"\p{Cc}\p{Cf}]{2,}$/u;
export const EMAIL_MAX_LENGTH = 254;

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isValidEmail(value: string): boolean {
  const email = normalizeEmail(value);
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_DEBOUNCE_MS = 800;
/** Results per search page (the dropdown shows the first page; /buscar pages through them). */
export const SEARCH_PAGE_SIZE = 20;
/** The deepest search page served: past it a search is a scrape, not a shopper. */
export const SEARCH_MAX_PAGE = 50;

/** Spec §5: a search triggers only for 3 or more characters, or for an empty string (which clears it). */
export function shouldSearch(term: string): boolean {
  const length = term.trim().length;
  return length === 0 || length >= SEARCH_MIN_LENGTH;
}

/** Spec §4 analytics: the search event fires when the list is shown for more than 3 characters. */
export function shouldTrackSearch(term: string): boolean {
  return term.trim().length > SEARCH_MIN_LENGTH;
}

export const CITY_REQUEST_CITY_MAX_LENGTH = 100;

/**
 * C0 and C1 controls (NUL, CR, LF, TAB, ESC, …), the Unicode line and paragraph separators (U+2028, U+2029),
 * the bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069) and the directional marks (LRM, RLM,
 * ALM). A line break in a name becomes a header in an e-mail; an override or a mark makes "gpj.exe" read as
 * "exe.jpg" in every list that shows the value.
 */
const FORBIDDEN_IN_SINGLE_LINE = /[\p{Cc}\p{Zl}\p{Zp}\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/u;

/** Characters that print nothing: whitespace, zero-width spaces and joiners, marks, the BOM, fillers, the blank Braille cell. */
// U+034F (the combining grapheme joiner) is a mark, so it stands apart from the class.
const INVISIBLE_ONLY = /^(?:[\s\p{Cf}\u115F\u1160\u180E\u2800\u3164\uFFA0]|\u034F)*$/u;

/** Why a value cannot be one line of text a person typed, or null when it can. */
export function singleLineTextProblem(value: string): 'control' | 'invisible' | null {
  if (FORBIDDEN_IN_SINGLE_LINE.test(value)) return 'control';
  if (INVISIBLE_ONLY.test(value)) return 'invisible';
  return null;
}

/**
 * The rule for every single-line field (names, city, address lines…): no controls or bidi overrides, and not
 * only invisible characters (a lone zero-width space reads as empty, so it is "required"). Chain it after
 * `.trim().min(1)` so a plain empty value keeps its own message.
 */
export function singleLineText<T extends z.ZodType<string, string>>(schema: T) {
  return schema.superRefine((value, context) => {
    const problem = singleLineTextProblem(value);
    if (problem === 'control') context.addIssue({ code: 'custom', message: MESSAGES.singleLineText });
    else if (problem === 'invisible') context.addIssue({ code: 'custom', message: MESSAGES.required });
  });
}

/** Controls except line breaks and tabs, plus the bidi overrides and marks (see FORBIDDEN_IN_SINGLE_LINE). */
const FORBIDDEN_IN_MULTI_LINE = /(?![\n\r\t])\p{Cc}|[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/u;

/**
 * The rule for free text a person writes over several lines (a message to support, a product description):
 * line breaks and tabs are fine, other controls and bidi overrides are not, and only-invisible is "required".
 */
export function multiLineText<T extends z.ZodType<string, string>>(schema: T) {
  return schema.superRefine((value, context) => {
    if (FORBIDDEN_IN_MULTI_LINE.test(value))
      context.addIssue({ code: 'custom', message: MESSAGES.invalidText });
    else if (INVISIBLE_ONLY.test(value)) context.addIssue({ code: 'custom', message: MESSAGES.required });
  });
}

/** A person's first or last name (issue 16): long enough for real names, too short to carry a message. */
export const PERSON_NAME_MAX_LENGTH = 40;

/**
 * A link inside a name (kept for its own message, and for the courier's free-text note): an '@', a scheme
 * ('https://'), 'www.', or a domain — a letter or digit, a dot and two or more letters not followed by another
 * letter ('evil.example', 'bit.ly/x').
 */
const LINK_IN_NAME = /@|:\/\/|\bwww\.|[\p{L}\p{N}_-]\.[a-z]{2,63}(?![\p{L}\p{N}])/iu;

/**
 * Issue 27: what a name may be made of, an allowlist rather than a blocklist of lures (a blocklist missed
 * 'evil。com', 'evil.сом' in Cyrillic, a zero-width space inside '.com', an IP address, 'evil[.]com' and a
 * phone number). Letters of any script with their combining marks; words joined by a space, an apostrophe
 * or a hyphen. Digits, symbols, other punctuation and format characters are refused. A dot is checked apart
 * (PERSON_NAME_INITIAL): it may only end an initial.
 */
const PERSON_NAME_ALLOWED = /^\p{L}\p{M}*(?:[\p{L}\p{M}.]|[ '’‐-](?=[ \p{L}]))*$/u;
/** An initial: one letter (with its marks) that starts a word, a dot, then a space or the end ('J. P.'). */
const PERSON_NAME_INITIAL = /(?<![\p{L}\p{M}'’])\p{L}\p{M}*\.(?= |$)/gu;

/**
 * NFKC first: fullwidth and compatibility forms fold to what they look like ('evil．com' to 'evil.com',
 * 'Ａｎａ' to 'Ana', 'bit․ly' to 'bit.ly'), so the rules below judge what a reader sees.
 */
export function normalizePersonName(value: string): string {
  return value.normalize('NFKC').trim();
}

/**
 * Why a value cannot be a person's name, or null when it can (controls and only-invisible are
 * singleLineText's): 'link' for a link or a domain (its own message), 'characters' for anything outside the
 * allowlist, 'long' past 40 characters. Normalises with NFKC and trims first.
 */
export function personNameProblem(value: string): 'link' | 'characters' | 'long' | null {
  const name = normalizePersonName(value);
  if (LINK_IN_NAME.test(name)) return 'link';
  if (!PERSON_NAME_ALLOWED.test(name) || name.replace(PERSON_NAME_INITIAL, '').includes('.')) {
    return 'characters';
  }
  if (name.length > PERSON_NAME_MAX_LENGTH) return 'long';
  return null;
}

/**
 * A stored first name as an e-mail to someone other than the account holder may quote it: the name when it
 * passes today's rules, else `fallback` (rows written before the rules, or by hand). Only the first word is
 * not enough: 'Premio entra' would still read as a message, hence the fixed sentences around it. The same rule
 * as a new name (the allowlist, after NFKC), so a name stored before issue 27 with a lure is not quoted.
 */
export function firstNameForOthers(name: string, fallback: string): string {
  const normalized = normalizePersonName(name);
  if (
    normalized === '' ||
    personNameProblem(normalized) !== null ||
    singleLineTextProblem(normalized) !== null
  ) {
    return fallback;
  }
  return normalized;
}

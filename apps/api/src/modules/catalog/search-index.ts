import type { ProductRow } from './product-columns.sql.ts';
import {
  compareLexemes,
  parseTsvector,
  type QueryOperand,
  trigramSimilarity,
  trigramsOf,
  tsRank,
  uniqueOperands,
  type VectorEntry,
} from './search-rank.ts';

// The shop's search held in memory per city (decision 046): the same rules the SQL search applied (every term
// matches, as a prefix of a word as typed or as a whole word one typo away from it; ts_rank, then trigram
// similarity of the name, then popularity, then id), over the lexemes the database itself stemmed. Pure: the
// service loads the rows and the stems and keeps one index per catalog revision.

/** A product on sale as the index holds it: its row (stock read again per answer) and what search needs. */
export interface IndexedProduct {
  row: ProductRow;
  vector: VectorEntry[];
  nameTrigrams: string[];
}

export interface SearchIndex {
  products: IndexedProduct[];
  /** Every lexeme of the city's products, sorted, so a prefix is a range found by binary search. */
  lexemes: string[];
  /** For each lexeme (same position), the indexes of the products that hold it. */
  postings: number[][];
  lexemeAt: Map<string, number>;
  /** The last searches' answers (product indexes, best first): a repeated search or its next page is free. */
  answers: Map<string, Uint32Array>;
}

export interface SearchIndexRow {
  row: ProductRow;
  /** The product's search_vector as text (the database's Spanish, accent-free lexemes), null if it has none. */
  searchVector: string | null;
  /** search_normalize(name) as the database gives it: what trigram similarity compares. */
  foldedName: string;
}

export function buildSearchIndex(rows: SearchIndexRow[]): SearchIndex {
  const products: IndexedProduct[] = [];
  const holders = new Map<string, number[]>();
  for (const source of rows) {
    if (source.searchVector === null) continue;
    const vector = parseTsvector(source.searchVector);
    const at = products.length;
    products.push({ row: source.row, vector, nameTrigrams: trigramsOf(source.foldedName) });
    for (const entry of vector) {
      const list = holders.get(entry.lexeme);
      if (list) list.push(at);
      else holders.set(entry.lexeme, [at]);
    }
  }
  const lexemes = [...holders.keys()].sort(compareLexemes);
  return {
    products,
    lexemes,
    postings: lexemes.map((lexeme) => holders.get(lexeme) ?? []),
    lexemeAt: new Map(lexemes.map((lexeme, index) => [lexeme, index])),
    answers: new Map(),
  };
}

/**
 * within_one_typo() of the search migration: a wrong, missing or extra letter, or two adjacent letters
 * swapped. Both words are lowercase [a-z0-9].
 */
export function withinOneTypo(candidate: string, term: string): boolean {
  const difference = candidate.length - term.length;
  if (difference === 0) {
    let first = -1;
    let mismatches = 0;
    for (let index = 0; index < term.length; index += 1) {
      if (candidate[index] === term[index]) continue;
      mismatches += 1;
      if (first < 0) first = index;
    }
    if (mismatches <= 1) return true;
    return (
      mismatches === 2 &&
      term[first] === candidate[first + 1] &&
      term[first + 1] === candidate[first] &&
      term.slice(first + 2) === candidate.slice(first + 2)
    );
  }
  if (Math.abs(difference) !== 1) return false;
  const [longer, shorter] = difference > 0 ? [candidate, term] : [term, candidate];
  let index = 0;
  while (index < shorter.length && longer[index] === shorter[index]) index += 1;
  return longer.slice(index + 1) === shorter.slice(index);
}

/** Terms shorter than this are taken as typed: too short to tell a typo from another word. */
export const MIN_TYPO_TERM_LENGTH = 4;
const MAX_REMEMBERED_CORRECTIONS = 10_000;

/** The typo vocabulary (search_words, every city's product words), by length, with the corrections found. */
export interface Vocabulary {
  byLength: Map<number, string[]>;
  corrections: Map<string, string[]>;
}

export function buildVocabulary(words: string[]): Vocabulary {
  const byLength = new Map<number, string[]>();
  for (const word of words) {
    const list = byLength.get(word.length);
    if (list) list.push(word);
    else byLength.set(word.length, [word]);
  }
  return { byLength, corrections: new Map() };
}

/** The vocabulary words within one typo of a term (the term itself included), for terms of 4+ letters. */
export function correctionsOf(vocabulary: Vocabulary, term: string): string[] {
  if (term.length < MIN_TYPO_TERM_LENGTH) return [];
  const known = vocabulary.corrections.get(term);
  if (known) return known;
  const found: string[] = [];
  for (let length = term.length - 1; length <= term.length + 1; length += 1) {
    for (const word of vocabulary.byLength.get(length) ?? []) {
      if (withinOneTypo(word, term)) found.push(word);
    }
  }
  if (vocabulary.corrections.size >= MAX_REMEMBERED_CORRECTIONS) vocabulary.corrections.clear();
  vocabulary.corrections.set(term, found);
  return found;
}

export interface PlannedSearch {
  /** Per term, its alternatives (any may match); terms whose every alternative is a stop word are gone. */
  clauses: QueryOperand[][];
  /** The operands ts_rank walks: the parsed tsquery's, sorted, one per lexeme (uniqueOperands). */
  rankOperands: QueryOperand[];
  /** Whether the query's root is an AND (two terms or more left). */
  conjunction: boolean;
  /** The folded search text, compared with each name by trigram similarity. */
  normalizedText: string;
}

/**
 * The tsquery the SQL search built, as operands: per term, the term as typed (a prefix) and each correction
 * (a whole word), written in the order the database aggregated them (sorted, byte order: `leche` before
 * `leche:*`), each replaced by its lexeme (`lexemeOf`: the database's stem, null for a stop word, which the
 * query drops). The parsed query holds operands right to left, which decides the one ts_rank keeps when a
 * term and its correction share a lexeme.
 */
export function planSearch(
  terms: string[],
  corrections: string[][],
  lexemeOf: (word: string) => string | null,
  normalizedText: string,
): PlannedSearch {
  const clauses: QueryOperand[][] = [];
  for (const [position, term] of terms.entries()) {
    const alternatives = [`${term}:*`, ...(corrections[position] ?? [])].sort(compareLexemes);
    const operands: QueryOperand[] = [];
    for (const alternative of alternatives) {
      const prefix = alternative.endsWith(':*');
      const lexeme = lexemeOf(prefix ? alternative.slice(0, -2) : alternative);
      if (lexeme !== null) operands.push({ lexeme, prefix });
    }
    if (operands.length > 0) clauses.push(operands);
  }
  return {
    clauses,
    rankOperands: uniqueOperands(clauses.flat().reverse()),
    conjunction: clauses.length >= 2,
    normalizedText,
  };
}

function firstAtOrAfter(sorted: string[], lexeme: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareLexemes(sorted[middle] as string, lexeme) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The lexeme slots an operand matches: the one equal, or every one it begins. */
function lexemeSlots(index: SearchIndex, operand: QueryOperand): number[] {
  if (!operand.prefix) {
    const at = index.lexemeAt.get(operand.lexeme);
    return at === undefined ? [] : [at];
  }
  const slots: number[] = [];
  for (let at = firstAtOrAfter(index.lexemes, operand.lexeme); at < index.lexemes.length; at += 1) {
    if (!(index.lexemes[at] as string).startsWith(operand.lexeme)) break;
    slots.push(at);
  }
  return slots;
}

/** The products matching every clause (any alternative of each), by index. */
function matchingProducts(index: SearchIndex, clauses: QueryOperand[][]): number[] {
  if (clauses.length === 0) return [];
  const clausesMatched = new Uint8Array(index.products.length);
  let candidates: number[] = [];
  for (const [position, clause] of clauses.entries()) {
    const next: number[] = [];
    for (const operand of clause) {
      for (const slot of lexemeSlots(index, operand)) {
        for (const product of index.postings[slot] ?? []) {
          // Counting clauses in order: a product reaches `position + 1` only if it matched every earlier one.
          if (clausesMatched[product] !== position) continue;
          clausesMatched[product] = position + 1;
          next.push(product);
        }
      }
    }
    candidates = next;
    if (candidates.length === 0) break;
  }
  return candidates;
}

const REMEMBERED_ANSWERS = 200;

/** Every product matching the search, best first, ranked as the SQL search ranked them. */
export function searchIndex(index: SearchIndex, plan: PlannedSearch): IndexedProduct[] {
  const key = `${JSON.stringify(plan.clauses)}\n${plan.normalizedText}`;
  let answer = index.answers.get(key);
  if (answer) {
    // Most recently used last, so the oldest goes first when the map is full.
    index.answers.delete(key);
  } else {
    answer = rank(index, plan);
    if (index.answers.size >= REMEMBERED_ANSWERS) {
      const oldest = index.answers.keys().next();
      if (!oldest.done) index.answers.delete(oldest.value);
    }
  }
  index.answers.set(key, answer);
  return Array.from(answer, (at) => index.products[at] as IndexedProduct);
}

function rank(index: SearchIndex, plan: PlannedSearch): Uint32Array {
  const textTrigrams = trigramsOf(plan.normalizedText);
  const scored = matchingProducts(index, plan.clauses).map((at) => {
    const product = index.products[at] as IndexedProduct;
    return {
      at,
      row: product.row,
      rank: tsRank(product.vector, plan.rankOperands, plan.conjunction),
      similarity: trigramSimilarity(product.nameTrigrams, textTrigrams),
    };
  });
  scored.sort(
    (a, b) =>
      b.rank - a.rank ||
      b.similarity - a.similarity ||
      b.row.popularity - a.row.popularity ||
      a.row.id - b.row.id,
  );
  return Uint32Array.from(scored, (entry) => entry.at);
}

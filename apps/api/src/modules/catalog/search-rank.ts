// PostgreSQL's ranking, ported so the in-memory search (search-index.ts, decision 046) orders results as the
// database did: ts_rank (src/backend/utils/adt/tsrank.c, default weights, no normalization) and pg_trgm's
// similarity. The database computes both in float4, so every step that C stores in a float is rounded with
// Math.fround; otherwise two products the database ranks equal would be told apart by rounding noise.

/** One lexeme of a product's tsvector: its positions and each position's weight (0 = D … 3 = A). */
export interface VectorEntry {
  lexeme: string;
  positions: number[];
  weights: number[];
}

/** A lexeme of the query, matched as a prefix (a term as typed) or whole (a typo correction). */
export interface QueryOperand {
  lexeme: string;
  prefix: boolean;
}

const WEIGHT_OF_LETTER: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/**
 * A tsvector's text form (`'lech':1A,4 'ques':2B`) as entries, in the order PostgreSQL keeps them (sorted by
 * lexeme bytes), which ts_rank's prefix lookup and its float sums follow. Quotes are doubled inside a lexeme
 * and backslashes escape.
 */
export function parseTsvector(text: string): VectorEntry[] {
  const entries: VectorEntry[] = [];
  let index = 0;
  while (index < text.length) {
    if (text[index] !== "'") {
      index += 1;
      continue;
    }
    index += 1;
    let lexeme = '';
    while (index < text.length) {
      const char = text[index] as string;
      if (char === '\\') {
        lexeme += text[index + 1] ?? '';
        index += 2;
      } else if (char === "'" && text[index + 1] === "'") {
        lexeme += "'";
        index += 2;
      } else if (char === "'") {
        index += 1;
        break;
      } else {
        lexeme += char;
        index += 1;
      }
    }
    const entry: VectorEntry = { lexeme, positions: [], weights: [] };
    if (text[index] === ':') {
      const match = /^:([0-9A-D,]+)/.exec(text.slice(index));
      for (const position of (match?.[1] ?? '').split(',')) {
        const parsed = /^(\d+)([A-D]?)$/.exec(position);
        if (!parsed) continue;
        entry.positions.push(Number(parsed[1]));
        entry.weights.push(WEIGHT_OF_LETTER[parsed[2] || 'D'] ?? 0);
      }
      index += match?.[0].length ?? 0;
    }
    entries.push(entry);
  }
  return entries;
}

/** ts_rank's default weights {D 0.1, C 0.2, B 0.4, A 1.0}, as the float4 values C holds. */
const WEIGHTS = [0.1, 0.2, 0.4, 1.0].map(Math.fround);
const TINY_RANK = Math.fround(1e-20);
const PI_SQUARED_OVER_6 = 1.64493406685;

function weightAt(entry: VectorEntry, index: number): number {
  return WEIGHTS[entry.weights[index] ?? 0] ?? 0;
}

/** PostgreSQL compares lexemes as bytes, shorter first on a tie: for our text, JavaScript's order. */
export function compareLexemes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** find_wordentry: the entries an operand matches, in the vector's order (all those it begins, for a prefix). */
function entriesMatching(vector: VectorEntry[], operand: QueryOperand): VectorEntry[] {
  return vector.filter((entry) =>
    operand.prefix ? entry.lexeme.startsWith(operand.lexeme) : entry.lexeme === operand.lexeme,
  );
}

/** word_distance: how much two matched words count for each other, by how far apart they stand. */
function wordDistance(distance: number): number {
  if (distance > 100) return Math.fround(1e-30);
  return Math.fround(1.0 / (1.005 + 0.05 * Math.exp(distance / 1.5 - 2)));
}

function rankOr(vector: VectorEntry[], operands: QueryOperand[]): number {
  let rank = 0;
  for (const operand of operands) {
    for (const entry of entriesMatching(vector, operand)) {
      let sum = 0;
      let heaviest = -1;
      let heaviestAt = 0;
      for (let j = 0; j < entry.positions.length; j += 1) {
        const weight = weightAt(entry, j);
        sum = Math.fround(sum + Math.fround(weight / ((j + 1) * (j + 1))));
        if (weight > heaviest) {
          heaviest = weight;
          heaviestAt = j;
        }
      }
      const extra = Math.fround(
        Math.fround(heaviest + sum) - Math.fround(heaviest / ((heaviestAt + 1) * (heaviestAt + 1))),
      );
      rank = Math.fround(rank + extra / PI_SQUARED_OVER_6);
    }
  }
  return operands.length > 0 ? Math.fround(rank / operands.length) : rank;
}

function rankAnd(vector: VectorEntry[], operands: QueryOperand[]): number {
  if (operands.length < 2) return rankOr(vector, operands);
  const found: Array<VectorEntry | undefined> = [];
  let rank = -1;
  for (let i = 0; i < operands.length; i += 1) {
    for (const entry of entriesMatching(vector, operands[i] as QueryOperand)) {
      found[i] = entry;
      for (let k = 0; k < i; k += 1) {
        const other = found[k];
        if (!other) continue;
        for (let l = 0; l < entry.positions.length; l += 1) {
          for (let p = 0; p < other.positions.length; p += 1) {
            const distance = Math.abs((entry.positions[l] ?? 0) - (other.positions[p] ?? 0));
            if (distance === 0) continue;
            const weight = Math.fround(
              Math.fround(weightAt(entry, l) * weightAt(other, p)) * wordDistance(distance),
            );
            const current = Math.fround(Math.sqrt(weight));
            rank = rank < 0 ? current : Math.fround(1.0 - (1.0 - rank) * (1.0 - current));
          }
        }
      }
    }
  }
  return rank;
}

/**
 * ts_rank(vector, query) with the default weights and no normalization. `operands` are the query's lexemes as
 * uniqueOperands() leaves them (once per search, not per product); `conjunction` says whether the query's
 * root is an AND (then word proximity counts).
 */
export function tsRank(vector: VectorEntry[], operands: QueryOperand[], conjunction: boolean): number {
  if (vector.length === 0 || operands.length === 0) return 0;
  const rank = conjunction ? rankAnd(vector, operands) : rankOr(vector, operands);
  return rank < 0 ? TINY_RANK : rank;
}

/**
 * SortAndUniqItems, from the operands in the order the parsed query holds them: sorted by lexeme, the first
 * of equal lexemes kept. Which one is first decides whether a lexeme both typed and corrected ranks as a
 * prefix or a whole word, and PostgreSQL's quicksort is not stable from 7 items on, so it is sorted with the
 * same algorithm (pgQuicksort).
 */
export function uniqueOperands(operands: QueryOperand[]): QueryOperand[] {
  if (operands.length < 2) return operands;
  const sorted = [...operands];
  pgQuicksort(sorted, (a, b) => compareLexemes(a.lexeme, b.lexeme));
  return sorted.filter((operand, index) => index === 0 || sorted[index - 1]?.lexeme !== operand.lexeme);
}

/**
 * PostgreSQL's qsort (src/include/lib/sort_template.h: Bentley & McIlroy's quicksort with an insertion sort
 * below 7 items and a presorted check), in place, so equal items end in the order the database leaves them.
 */
export function pgQuicksort<T>(
  items: T[],
  compare: (a: T, b: T) => number,
  from = 0,
  count = items.length,
): void {
  const at = (index: number) => items[index] as T;
  const swap = (i: number, j: number) => {
    const kept = at(i);
    items[i] = at(j);
    items[j] = kept;
  };
  const swapRange = (i: number, j: number, length: number) => {
    for (let k = 0; k < length; k += 1) swap(i + k, j + k);
  };
  const cmp = (i: number, j: number) => compare(at(i), at(j));
  const median = (a: number, b: number, c: number) =>
    cmp(a, b) < 0 ? (cmp(b, c) < 0 ? b : cmp(a, c) < 0 ? c : a) : cmp(b, c) > 0 ? b : cmp(a, c) < 0 ? a : c;
  let a = from;
  let n = count;
  for (;;) {
    if (n < 7) {
      for (let m = a + 1; m < a + n; m += 1) {
        for (let l = m; l > a && cmp(l - 1, l) > 0; l -= 1) swap(l, l - 1);
      }
      return;
    }
    let presorted = true;
    for (let m = a + 1; m < a + n; m += 1) {
      if (cmp(m - 1, m) > 0) {
        presorted = false;
        break;
      }
    }
    if (presorted) return;
    let pm = a + Math.floor(n / 2);
    if (n > 7) {
      let pl = a;
      let pn = a + n - 1;
      if (n > 40) {
        const d = Math.floor(n / 8);
        pl = median(pl, pl + d, pl + 2 * d);
        pm = median(pm - d, pm, pm + d);
        pn = median(pn - 2 * d, pn - d, pn);
      }
      pm = median(pl, pm, pn);
    }
    swap(a, pm);
    let pa = a + 1;
    let pb = pa;
    let pc = a + n - 1;
    let pd = pc;
    for (;;) {
      while (pb <= pc) {
        const order = cmp(pb, a);
        if (order > 0) break;
        if (order === 0) {
          swap(pa, pb);
          pa += 1;
        }
        pb += 1;
      }
      while (pb <= pc) {
        const order = cmp(pc, a);
        if (order < 0) break;
        if (order === 0) {
          swap(pc, pd);
          pd -= 1;
        }
        pc -= 1;
      }
      if (pb > pc) break;
      swap(pb, pc);
      pb += 1;
      pc -= 1;
    }
    const pn = a + n;
    let d1 = Math.min(pa - a, pb - pa);
    swapRange(a, pb - d1, d1);
    d1 = Math.min(pd - pc, pn - pd - 1);
    swapRange(pb, pn - d1, d1);
    d1 = pb - pa;
    const d2 = pd - pc;
    if (d1 <= d2) {
      if (d1 > 1) pgQuicksort(items, compare, a, d1);
      if (d2 <= 1) return;
      a = pn - d2;
      n = d2;
    } else {
      if (d2 > 1) pgQuicksort(items, compare, pn - d2, d2);
      if (d1 <= 1) return;
      n = d1;
    }
  }
}

/**
 * pg_trgm's trigrams of a text: each run of letters and digits padded with two spaces before and one after,
 * every three characters of it, without repeats, sorted.
 */
export function trigramsOf(text: string): string[] {
  const trigrams = new Set<string>();
  for (const word of text.split(/[^\p{L}\p{N}]+/u)) {
    if (word.length === 0) continue;
    const chars = Array.from(`  ${word} `);
    for (let index = 0; index + 3 <= chars.length; index += 1) {
      trigrams.add(chars.slice(index, index + 3).join(''));
    }
  }
  return [...trigrams].sort();
}

/** pg_trgm's similarity() of two sorted trigram lists: shared over all, as a float4. */
export function trigramSimilarity(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const left = a[i] as string;
    const right = b[j] as string;
    if (left === right) {
      shared += 1;
      i += 1;
      j += 1;
    } else if (left < right) {
      i += 1;
    } else {
      j += 1;
    }
  }
  return Math.fround(shared / (a.length + b.length - shared));
}

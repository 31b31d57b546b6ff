import { describe, expect, it } from 'vitest';
import {
  parseTsvector,
  pgQuicksort,
  type QueryOperand,
  trigramSimilarity,
  trigramsOf,
  tsRank,
  uniqueOperands,
} from './search-rank.ts';

// Expected figures are what PostgreSQL 15 and PGlite (PostgreSQL 18) answer for the same input.

describe('parseTsvector', () => {
  it('reads lexemes with their positions and weights, D when none is written', () => {
    expect(parseTsvector("'1':4A 'it''s':2B,7 'lech':1A 'x'")).toEqual([
      { lexeme: '1', positions: [4], weights: [3] },
      { lexeme: "it's", positions: [2, 7], weights: [2, 0] },
      { lexeme: 'lech', positions: [1], weights: [3] },
      { lexeme: 'x', positions: [], weights: [] },
    ]);
  });
});

const leche = (prefix: boolean): QueryOperand => ({ lexeme: 'lech', prefix });

describe('tsRank (ts_rank with the default weights)', () => {
  const lecheLechuga = parseTsvector("'lech':1 'lechug':2");

  it('ranks a prefix over every lexeme it begins, a whole word over its own', () => {
    expect(tsRank(lecheLechuga, [leche(true)], false)).toBe(Math.fround(0.12158542));
    expect(tsRank(lecheLechuga, [leche(false)], false)).toBe(Math.fround(0.06079271));
  });

  it('keeps the operand the parsed query holds first when a lexeme is both typed and corrected', () => {
    // 'leche | leche:*' holds leche:* first (operands right to left), so the prefix counts.
    expect(tsRank(lecheLechuga, uniqueOperands([leche(true), leche(false)]), false)).toBe(
      Math.fround(0.12158542),
    );
    expect(tsRank(lecheLechuga, uniqueOperands([leche(false), leche(true)]), false)).toBe(
      Math.fround(0.06079271),
    );
  });

  it('counts how close the words of an AND stand, as the database does', () => {
    const vector = parseTsvector("'1':4A 'conaprol':3A 'enter':2A 'l':5A 'lacte':6B 'lech':1A");
    const operands: QueryOperand[] = [
      { lexeme: 'enter', prefix: false },
      { lexeme: 'enter', prefix: true },
      { lexeme: 'enter', prefix: false },
      leche(true),
      leche(false),
    ];
    expect(tsRank(vector, uniqueOperands(operands), true)).toBe(Math.fround(0.9910322));
  });

  it('gives 0 to a vector without the query', () => {
    expect(tsRank(parseTsvector("'pan':1A"), [leche(true)], false)).toBe(0);
  });
});

describe('uniqueOperands (SortAndUniqItems)', () => {
  it('sorts by lexeme and keeps the one PostgreSQL keeps, past the 7 items its sort is not stable from', () => {
    // 'pasa' widened: (gasa | pala | papa | pasa:* | pasas | paso | pasta | pata), held right to left.
    const held: QueryOperand[] = [
      { lexeme: 'pat', prefix: false },
      { lexeme: 'past', prefix: false },
      { lexeme: 'pas', prefix: false },
      { lexeme: 'pas', prefix: false },
      { lexeme: 'pas', prefix: true },
      { lexeme: 'pap', prefix: false },
      { lexeme: 'pal', prefix: false },
      { lexeme: 'gas', prefix: false },
    ];
    expect(uniqueOperands(held)).toEqual([
      { lexeme: 'gas', prefix: false },
      { lexeme: 'pal', prefix: false },
      { lexeme: 'pap', prefix: false },
      { lexeme: 'pas', prefix: true },
      { lexeme: 'past', prefix: false },
      { lexeme: 'pat', prefix: false },
    ]);
  });
});

describe('pgQuicksort', () => {
  it('sorts like any sort, whatever the input', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2_147_483_648;
      return seed;
    };
    for (let size = 0; size < 120; size += 1) {
      const items = Array.from({ length: size }, () => next() % 25);
      const sorted = [...items];
      pgQuicksort(sorted, (a, b) => a - b);
      expect(sorted).toEqual([...items].sort((a, b) => a - b));
    }
  });
});

describe('trigram similarity (pg_trgm)', () => {
  it('pads each word and compares the sets', () => {
    expect(trigramsOf('ab')).toEqual(['  a', ' ab', 'ab ']);
    expect(trigramSimilarity(trigramsOf('frutilla 500 g'), trigramsOf('fruta'))).toBe(
      Math.fround(0.23529412),
    );
    expect(trigramSimilarity(trigramsOf('leche entera conaprole 1 l'), trigramsOf('leche entera'))).toBe(0.5);
    expect(trigramSimilarity(trigramsOf(''), trigramsOf('leche'))).toBe(0);
  });
});

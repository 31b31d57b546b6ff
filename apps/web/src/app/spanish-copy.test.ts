/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
// The Oxc parser Vite's bundler ships (ESTree with TypeScript and JSX nodes): TypeScript 7, the checker, has no
// JavaScript API to read sources with (decision 044).
import { parseSync } from 'rolldown/utils';
import { describe, expect, it } from 'vitest';

/**
 * Issue 16 (decision 033): the shop speaks one voice, "tú", in correct Spanish. This test reads the texts a
 * person can see — string literals, template parts and JSX text — of the shop, the staff app, web-kit, the shared package and the
 * API's modules (e-mails, error texts), and fails on voseo, usted and English UI words.
 *
 * It scans the sources, not apps/web/dist: the unit suite runs without a build, the sources are what the
 * bundle's strings come from, and a hit can name its file and line. Arguments of `new Error(…)` and
 * `console.*` are skipped (developer texts), as are test files, seed data and the street gazetteer.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SCANNED = [
  'apps/web/src',
  'apps/staff/src',
  'packages/web-kit/src',
  'packages/shared/src',
  'apps/api/src/modules',
  'apps/api/src/plugins',
];
const SKIPPED = [/\.test\.tsx?$/, /\/gazetteer\//, /\/testing\//];

/** Voseo imperatives and presents that the app has used or would likely use, and their enclitic forms. */
// biome-ignore format: a word list reads better packed
const VOSEO_WORDS = new Set(
  [
    'vos', 'sos', 'tenés', 'podés', 'querés', 'sabés', 'hacés', 'ponés', 'comprometés', 'aceptás', 'pagás',
    'ganás', 'enviás', 'comprás', 'necesitás', 'usás', 'elegís', 'recibís', 'escribís', 'pedís', 'preferís', 'decís',
    'ingresá', 'buscá', 'agregá', 'completá', 'revisá', 'probá', 'iniciá', 'confirmá',
    'seleccioná', 'mirá', 'comprá', 'pagá', 'volvé', 'tocá', 'usá', 'intentá', 'reintentá', 'cerrá', 'guardá',
    'cambiá', 'actualizá', 'indicá', 'copiá', 'invitá', 'esperá', 'recargá', 'verificá', 'creá',
    'aceptá', 'activá', 'editá', 'eliminá', 'hacé', 'poné', 'tené', 'vení', 'decí', 'contá', 'sumá',
    'contanos', 'escribinos', 'avisanos', 'decinos', 'contactanos', 'registrate', 'fijate', 'sumate',
    'anotate', 'acordate', 'pedila', 'pedilo', 'elegila', 'elegilo', 'buscalo', 'agregalo', 'probalo',
    'copialo', 'compartilo', 'ingresala', 'ingresalo', 'mandanos', 'llamanos', 'consultanos',
  ].map((word) => word.normalize('NFC')),
);

/** Usted forms addressed to the shopper. */
// biome-ignore format: a word list reads better packed
const USTED_WORDS = new Set(
  ['usted', 'contáctenos', 'escríbanos', 'llámenos', 'retírelo', 'retírela', 'comuníquese'].map((word) =>
    word.normalize('NFC'),
  ),
);
/**
 * Forms that are also right in another sense (a third person's subjunctive: «la persona que elija»; a first
 * person's past: «ya pedí»), so they count only capitalised, as an imperative opening a sentence.
 */
// biome-ignore format: a word list reads better packed
const IMPERATIVES_WHEN_CAPITALISED = new Map(
  [
    ['Elegí', 'voseo'], ['Escribí', 'voseo'], ['Pedí', 'voseo'], ['Compartí', 'voseo'], ['Ingrese', 'usted'],
    ['Seleccione', 'usted'], ['Elija', 'usted'], ['Intente', 'usted'], ['Verifique', 'usted'],
    ['Revise', 'usted'], ['Escriba', 'usted'], ['Agregue', 'usted'], ['Confirme', 'usted'],
    ['Disculpe', 'usted'],
  ].map(([word, voice]) => [(word ?? '').normalize('NFC'), voice ?? '']),
);
const USTED_PHRASES = [/\b[Ll]e enviaremos\b/, /\b[Ll]e enviamos\b/];

/** Words the spec's strings wrote without their accent (and similar slips); each must not come back. */
// biome-ignore format: a word list reads better packed
const UNACCENTED = new Set([
  'envio', 'direccion', 'salio', 'carnicerias', 'opticas', 'todavia', 'invalido', 'valido', 'informacion',
  'telefono', 'numero', 'pagina', 'sesion', 'electronico', 'busqueda', 'ubicacion', 'codigo', 'tambien',
  'aqui', 'menu', 'exito', 'ultimo', 'minimo', 'maximo', 'credito', 'debito', 'categoria', 'categorias',
]);

/** A question or an exclamation needs its opening mark (¿ ¡) in the same text. */
const UNOPENED = [/^[^¿]*\?/, /^[^¡]*!/];

/** English a person could read; phrases anywhere, single words only as a whole text. */
// biome-ignore format: a word list reads better packed
const ENGLISH_PHRASES = [
  /could not be found/i, /\bnot found\b/i, /\bback to the\b/i, /\ban error occurred\b/i,
  /\bsomething went wrong\b/i, /\btry again\b/i, /\bplease\b/i, /\bOops\b/i, /\bLoading\b/,
  /\bSubmit\b/, /\bCancel\b/, /\bSign (in|up|out)\b/, /\bLog (in|out)\b/, /\bAdd to cart\b/i,
  /\bHome page\b/i, /\bClose\b/, /\bRetry\b/, /\bContinue\b/,
];
const ENGLISH_WORDS = new Set([
  'Error',
  'Save',
  'Delete',
  'Edit',
  'Back',
  'Next',
  'Search',
  'Yes',
  'OK',
  'Send',
]);

interface Hit {
  where: string;
  text: string;
  why: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !SKIPPED.some((skip) => skip.test(full)) ? [full] : [];
  });
}

/** A node of the ESTree the parser gives: its `type`, its offsets, and children under any other key. */
interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

function calleeName(callee: unknown): string {
  if (!isNode(callee)) return '';
  if (callee.type === 'Identifier') return String(callee.name);
  if (callee.type === 'MemberExpression')
    return `${calleeName(callee.object)}.${calleeName(callee.property)}`;
  return '';
}

/** Developer-only texts: the arguments of `new Error(…)`, `throw …` and `console.*(…)`. */
function isDeveloperText(ancestors: readonly AstNode[]): boolean {
  for (let index = ancestors.length - 1; index >= 0; index -= 1) {
    const parent = ancestors[index];
    if (!parent) break;
    if (parent.type === 'NewExpression' && /Error$/.test(calleeName(parent.callee))) return true;
    if (parent.type === 'CallExpression' && /^console\./.test(calleeName(parent.callee))) return true;
    if (parent.type === 'BlockStatement' || parent.type === 'Program') return false;
  }
  return false;
}

/** Imports, types, object keys and computed member names are code, not copy. */
function isCode(node: AstNode, parent: AstNode | undefined): boolean {
  if (!parent) return false;
  return (
    parent.type === 'ImportDeclaration' ||
    parent.type === 'ExportNamedDeclaration' ||
    parent.type === 'ExportAllDeclaration' ||
    parent.type === 'TSLiteralType' ||
    (parent.type === 'Property' && parent.key === node) ||
    (parent.type === 'MemberExpression' && parent.computed === true)
  );
}

function textsOf(file: string): { text: string; line: number }[] {
  const source = readFileSync(file, 'utf8');
  const { program, errors } = parseSync(file, source);
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]?.message ?? 'parse error'}`);
  const lineStarts = [0];
  for (let index = source.indexOf('\n'); index !== -1; index = source.indexOf('\n', index + 1)) {
    lineStarts.push(index + 1);
  }
  const lineOf = (offset: number): number => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
  const texts: { text: string; line: number }[] = [];
  const visit = (node: AstNode, ancestors: AstNode[]): void => {
    let text: string | null = null;
    if (node.type === 'Literal' && typeof node.value === 'string') text = node.value;
    else if (node.type === 'TemplateElement') text = String((node.value as { cooked?: string }).cooked ?? '');
    else if (node.type === 'JSXText') text = String(node.value);
    if (
      text !== null &&
      text.trim() !== '' &&
      !isCode(node, ancestors.at(-1)) &&
      !isDeveloperText(ancestors)
    ) {
      // JSX text starts where the previous tag ends: its line is the line of its first visible character.
      const leading = node.type === 'JSXText' ? text.length - text.trimStart().length : 0;
      texts.push({ text: text.replace(/\s+/g, ' ').trim(), line: lineOf(node.start + leading) });
    }
    ancestors.push(node);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'type' || key === 'start' || key === 'end') continue;
      if (Array.isArray(value)) {
        for (const child of value) if (isNode(child)) visit(child, ancestors);
      } else if (isNode(value)) {
        visit(value, ancestors);
      }
    }
    ancestors.pop();
  };
  visit(program as unknown as AstNode, []);
  return texts;
}

/** A text that reads as a sentence: it has a Spanish letter or mark, or it starts with a capital and has a space. */
function isProse(text: string): boolean {
  return /[áéíóúñ¿¡]/i.test(text) || /^[A-ZÁÉÍÓÚ][^\s]*\s/.test(text);
}

function problemsOf(text: string): string[] {
  const problems: string[] = [];
  const words = text.normalize('NFC').match(/\p{L}+/gu) ?? [];
  for (const word of words) {
    const lower = word.toLowerCase();
    if (VOSEO_WORDS.has(lower)) problems.push(`voseo «${word}»`);
    if (USTED_WORDS.has(lower)) problems.push(`usted «${word}»`);
    const voice = IMPERATIVES_WHEN_CAPITALISED.get(word);
    if (voice) problems.push(`${voice} «${word}»`);
    if (UNACCENTED.has(lower) && (isProse(text) || /^[A-ZÁÉÍÓÚ]/.test(text)))
      problems.push(`sin tilde «${word}»`);
  }
  for (const phrase of USTED_PHRASES) if (phrase.test(text)) problems.push(`usted ${phrase}`);
  if (isProse(text) && !text.includes('://')) {
    for (const sentence of text.split(/(?<=[.?!])\s+/)) {
      for (const mark of UNOPENED) if (mark.test(sentence)) problems.push(`sin ¿ o ¡: «${sentence}»`);
    }
  }
  for (const phrase of ENGLISH_PHRASES) if (phrase.test(text)) problems.push(`inglés ${phrase}`);
  if (ENGLISH_WORDS.has(text)) problems.push(`inglés «${text}»`);
  return problems;
}

function scan(): Hit[] {
  return SCANNED.flatMap((dir) =>
    sourceFiles(path.join(ROOT, dir)).flatMap((file) =>
      textsOf(file).flatMap(({ text, line }) =>
        problemsOf(text).map((why) => ({ where: `${path.relative(ROOT, file)}:${line}`, text, why })),
      ),
    ),
  );
}

describe('the shop speaks one voice (tú), in Spanish with accents and opening marks', () => {
  it('finds voseo, usted, a missing accent or mark, and English in the checks themselves', () => {
    expect(problemsOf('Elegí una tienda')).toEqual(['voseo «Elegí»']);
    expect(problemsOf('Contanos qué buscás y te avisamos')).toEqual(['voseo «Contanos»']);
    expect(problemsOf('Contáctenos')).toEqual(['usted «Contáctenos»']);
    expect(problemsOf('Elija una opción')).toEqual(['usted «Elija»']);
    expect(problemsOf('para la persona que elija')).toEqual([]);
    expect(problemsOf('Ingresa tu dirección de envio')).toEqual(['sin tilde «envio»']);
    expect(problemsOf('Estas seguro de que deseas cerrar sesión?')).toHaveLength(1);
    expect(problemsOf('Mensaje enviado!')).toHaveLength(1);
    expect(problemsOf('This page could not be found')).toEqual(['inglés /could not be found/i']);
    expect(problemsOf('Loading')).toEqual(['inglés /\\bLoading\\b/']);
    expect(problemsOf('Error')).toEqual(['inglés «Error»']);
    expect(problemsOf('¿Estás seguro de que deseas cerrar sesión?')).toEqual([]);
    expect(problemsOf('¡Mensaje enviado!')).toEqual([]);
    expect(problemsOf('Cuéntanos qué buscas. Te avisamos.')).toEqual([]);
    expect(problemsOf('status-page page-loading')).toEqual([]);
    // Lowercase single tokens are ids, slugs and class names, not copy.
    expect(problemsOf('contactenos')).toEqual([]);
    expect(problemsOf('top-menu__inner')).toEqual([]);
    expect(problemsOf('Carnicerias')).toEqual(['sin tilde «Carnicerias»']);
  });

  it('has no such text in the page every visitor downloads first (index.html: description, noscript)', () => {
    const html = readFileSync(path.join(ROOT, 'apps/web/index.html'), 'utf8');
    const texts = [
      ...[...html.matchAll(/content="([^"]*)"/g)].map((match) => match[1] ?? ''),
      ...[...html.matchAll(/>([^<]+)</g)].map((match) => match[1] ?? ''),
    ].filter((text) => isProse(text.trim()));
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.flatMap((text) => problemsOf(text.trim()))).toEqual([]);
  });

  // Parsing some 430 files takes seconds on a busy machine.
  it('has no such text in the web app, the shared package or the API', { timeout: 60_000 }, () => {
    const hits = scan().map((hit) => `${hit.where} ${hit.why} — ${hit.text.slice(0, 120)}`);
    expect(hits).toEqual([]);
  });
});

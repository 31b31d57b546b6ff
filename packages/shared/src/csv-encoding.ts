/**
 * A CSV file's bytes as text, one decoder for the catalog import (API) and the bank-statement upload (back
 * office, in the browser), so both read a spreadsheet saved on a Spanish Windows the same way (issue 27).
 */

/** Why a file cannot be read, in Spanish: the person re-saves it in an encoding we read. */
export const CSV_ENCODING_MESSAGES = {
  utf16:
    'El archivo está en UTF-16 («Texto Unicode»), que no sabemos leer: guárdalo como «CSV UTF-8 (delimitado por comas)» y vuelve a subirlo',
  unknownEncoding:
    'El archivo no está en UTF-8 ni en Windows-1252 (Latin-1): guárdalo como «CSV UTF-8 (delimitado por comas)» y vuelve a subirlo',
} as const;

/**
 * Windows-1252's 0x80–0x9F (€, curly quotes, dashes, Š, Ž, Œ…); the rest of its bytes are Latin-1's, the same
 * numbers as their code points. Written out because Node 20's TextDecoder('windows-1252') decodes this range as
 * ISO-8859-1 (C1 controls: nodejs/node#56542), and 27 fixed code points are less than a dependency. Null
 * marks the five bytes the encoding leaves undefined.
 */
// biome-ignore format: a table of 32 entries reads best as rows of 16
const WINDOWS_1252_HIGH: readonly (number | null)[] = [
  0x20ac, null, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, null, 0x017d, null,
  null, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, null, 0x017e, 0x0178,
];

function decodeWindows1252(bytes: Uint8Array): string | null {
  let text = '';
  for (const byte of bytes) {
    if (byte === 0) return null;
    if (byte < 0x80 || byte > 0x9f) {
      text += String.fromCharCode(byte);
      continue;
    }
    const code = WINDOWS_1252_HIGH[byte - 0x80];
    if (code === null || code === undefined) return null;
    text += String.fromCharCode(code);
  }
  return text;
}

/**
 * UTF-8 (with or without its BOM) as it is; a file that is not valid UTF-8 is what Excel's plain 'CSV' writes
 * on a Spanish Windows, Windows-1252 (Latin-1 plus € and curly quotes), and is read as such, so 'Ñandú' stays
 * 'Ñandú'. UTF-16 ('Texto Unicode') and anything else are refused with a reason that names the encoding,
 * never read as mojibake.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string } | { problem: string } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { problem: CSV_ENCODING_MESSAGES.utf16 };
  }
  try {
    // The default ignoreBOM: false drops a UTF-8 BOM.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    const text = decodeWindows1252(bytes);
    return text === null ? { problem: CSV_ENCODING_MESSAGES.unknownEncoding } : { text };
  }
}

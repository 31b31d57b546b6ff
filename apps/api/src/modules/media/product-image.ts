import type { StoreKind } from '@mandado/shared/store-kinds';
import type { ImageMotif } from '../../db/seed/catalog-seed.types.ts';

/**
 * Flat illustrations drawn in a 0 0 200 200 box. `{fg}`, `{accent}` and `{bg}` are replaced by the
 * renderer with colours derived from the product, so one drawing serves every product of its kind.
 */
export const IMAGE_MOTIFS: Record<ImageMotif, string> = {
  bottle:
    '<rect x="86" y="14" width="28" height="18" rx="4" fill="{accent}"/>' +
    '<path d="M90 32h20v22c0 10 24 16 24 38v82a10 10 0 0 1-10 10H76a10 10 0 0 1-10-10V92c0-22 24-28 24-38z" fill="{fg}"/>' +
    '<rect x="66" y="104" width="68" height="44" fill="{accent}"/>' +
    '<rect x="76" y="72" width="8" height="24" rx="4" fill="{bg}" opacity=".35"/>',
  carton:
    '<rect x="88" y="18" width="24" height="16" rx="3" fill="{accent}"/>' +
    '<path d="M56 70l22-38h44l22 38z" fill="{accent}"/>' +
    '<rect x="56" y="70" width="88" height="112" rx="4" fill="{fg}"/>' +
    '<path d="M56 70h88" stroke="{bg}" stroke-width="4" opacity=".5"/>' +
    '<circle cx="100" cy="128" r="24" fill="{accent}"/>',
  can:
    '<rect x="60" y="40" width="80" height="126" rx="6" fill="{fg}"/>' +
    '<ellipse cx="100" cy="166" rx="40" ry="11" fill="{fg}"/>' +
    '<rect x="60" y="82" width="80" height="44" fill="{accent}"/>' +
    '<ellipse cx="100" cy="40" rx="40" ry="11" fill="{accent}"/>' +
    '<ellipse cx="100" cy="40" rx="30" ry="6" fill="{fg}" opacity=".35"/>',
  jar:
    '<rect x="62" y="30" width="76" height="24" rx="5" fill="{accent}"/>' +
    '<path d="M70 54h60c10 8 16 18 16 32v82a10 10 0 0 1-10 10H64a10 10 0 0 1-10-10V86c0-14 6-24 16-32z" fill="{fg}"/>' +
    '<rect x="54" y="98" width="92" height="44" fill="{accent}"/>' +
    '<rect x="64" y="66" width="8" height="22" rx="4" fill="{bg}" opacity=".35"/>',
  bag:
    '<path d="M60 54l12-24h56l12 24z" fill="{accent}"/>' +
    '<path d="M56 54h88l10 126H46z" fill="{fg}"/>' +
    '<path d="M72 30l-4 24M128 30l4 24" stroke="{bg}" stroke-width="3" opacity=".5"/>' +
    '<rect x="66" y="98" width="68" height="44" rx="8" fill="{accent}"/>',
  box:
    '<path d="M54 46l22-18h74l-22 18z" fill="{accent}"/>' +
    '<path d="M128 46l22-18v134l-22 18z" fill="{fg}" opacity=".7"/>' +
    '<rect x="54" y="46" width="74" height="134" fill="{fg}"/>' +
    '<circle cx="91" cy="108" r="22" fill="{accent}"/>' +
    '<rect x="66" y="146" width="50" height="10" rx="5" fill="{accent}"/>',
  packet:
    '<rect x="58" y="40" width="84" height="122" fill="{fg}"/>' +
    '<path d="M54 26h92l-4 18H58zM58 158h84l4 18H54z" fill="{accent}"/>' +
    '<path d="M66 26v18M80 26v18M94 26v18M108 26v18M122 26v18M136 26v18" stroke="{fg}" stroke-width="3"/>' +
    '<ellipse cx="100" cy="102" rx="30" ry="24" fill="{accent}"/>',
  loaf:
    '<path d="M28 124c0-42 32-64 72-64s72 22 72 64v36a12 12 0 0 1-12 12H40a12 12 0 0 1-12-12z" fill="{fg}"/>' +
    '<path d="M64 92l16 26M96 84l16 26M128 92l16 26" stroke="{accent}" stroke-width="9" stroke-linecap="round"/>',
  cheese:
    '<path d="M26 112L154 56l20 56z" fill="{accent}"/>' +
    '<rect x="26" y="112" width="148" height="62" fill="{fg}"/>' +
    '<circle cx="64" cy="142" r="13" fill="{accent}"/><circle cx="112" cy="134" r="8" fill="{accent}"/>' +
    '<circle cx="146" cy="156" r="7" fill="{accent}"/><circle cx="94" cy="88" r="7" fill="{fg}" opacity=".4"/>',
  meat:
    '<path d="M34 104c0-40 42-66 86-62s56 34 48 66-44 62-88 58-46-22-46-62z" fill="{accent}"/>' +
    '<path d="M48 104c0-32 34-52 70-50s44 28 38 54-36 48-72 46-36-18-36-50z" fill="{fg}"/>' +
    '<circle cx="120" cy="94" r="16" fill="{bg}"/><circle cx="120" cy="94" r="7" fill="{accent}"/>' +
    '<path d="M70 128c12 8 30 10 44 4" stroke="{accent}" stroke-width="5" fill="none" stroke-linecap="round"/>',
  chicken:
    '<g transform="rotate(-40 100 100)">' +
    '<rect x="91" y="104" width="18" height="56" fill="{accent}"/>' +
    '<circle cx="89" cy="166" r="12" fill="{accent}"/><circle cx="111" cy="166" r="12" fill="{accent}"/>' +
    '<ellipse cx="100" cy="68" rx="44" ry="54" fill="{fg}"/>' +
    '<ellipse cx="84" cy="52" rx="10" ry="18" fill="{bg}" opacity=".3"/></g>',
  fish:
    '<path d="M140 100l40-34v68z" fill="{fg}"/>' +
    '<path d="M22 100c32-46 96-56 128 0-32 56-96 46-128 0z" fill="{fg}"/>' +
    '<path d="M80 60c14-20 36-22 48-8z" fill="{accent}"/>' +
    '<path d="M84 70c12 12 12 48 0 60" stroke="{accent}" stroke-width="6" fill="none" stroke-linecap="round"/>' +
    '<circle cx="52" cy="92" r="8" fill="{bg}"/><circle cx="52" cy="92" r="4" fill="{fg}"/>',
  sausage:
    '<path d="M40 74c16 66 96 82 128 26" stroke="{fg}" stroke-width="40" stroke-linecap="round" fill="none"/>' +
    '<path d="M56 86c18 38 66 48 92 20" stroke="{bg}" stroke-width="5" stroke-linecap="round" fill="none" opacity=".35"/>' +
    '<path d="M34 46l6 16M174 72l-8 14" stroke="{accent}" stroke-width="7" stroke-linecap="round"/>',
  apple:
    '<path d="M100 64c-16-12-60-14-64 32-4 46 28 82 50 80 6 0 9-4 14-4s8 4 14 4c22 2 54-34 50-80-4-46-48-44-64-32z" fill="{fg}"/>' +
    '<path d="M100 66c0-16 4-28 12-36" stroke="{fg}" stroke-width="7" stroke-linecap="round" fill="none"/>' +
    '<path d="M108 44c10-18 34-18 44-12-8 16-30 20-44 12z" fill="{accent}"/>' +
    '<ellipse cx="68" cy="100" rx="9" ry="18" fill="{bg}" opacity=".3"/>',
  citrus:
    '<circle cx="100" cy="104" r="68" fill="{fg}"/>' +
    '<circle cx="100" cy="104" r="56" fill="{accent}"/>' +
    '<path d="M100 48v112M44 104h112M60 64l80 80M140 64l-80 80" stroke="{fg}" stroke-width="5"/>' +
    '<circle cx="100" cy="104" r="9" fill="{fg}"/>' +
    '<path d="M100 36c6-16 22-22 36-18-6 14-20 20-36 18z" fill="{fg}"/>',
  banana:
    '<path d="M70 30C58 100 96 150 170 140c8-1 8-12 0-13-52 0-80-40-84-94-1-9-14-10-16-3z" fill="{accent}"/>' +
    '<path d="M50 34C20 118 78 184 172 156c10-3 10-16 0-17-62 2-94-40-96-98-1-12-22-16-26-7z" fill="{fg}"/>' +
    '<path d="M60 84c6 36 36 60 80 64" stroke="{bg}" stroke-width="5" stroke-linecap="round" fill="none" opacity=".35"/>' +
    '<path d="M52 36l6-20" stroke="{fg}" stroke-width="10" stroke-linecap="round"/>',
  leaf:
    '<path d="M36 164C30 84 82 38 172 32c0 86-46 134-136 132z" fill="{fg}"/>' +
    '<path d="M36 164C76 124 108 92 150 54M86 116l-6-30M110 92l-4-28M100 104l30 4M76 128l28 6" stroke="{accent}" stroke-width="5" fill="none" stroke-linecap="round"/>',
  carrot:
    '<path d="M100 62c-8-22-24-34-40-36M100 62c0-24 4-38 12-48M100 62c10-20 26-30 42-30" stroke="{accent}" stroke-width="9" stroke-linecap="round" fill="none"/>' +
    '<path d="M64 72c0-16 72-16 72 0l-30 108c-2 7-10 7-12 0z" fill="{fg}"/>' +
    '<path d="M80 96h14M92 122h12M86 146h10" stroke="{bg}" stroke-width="4" stroke-linecap="round" opacity=".45"/>',
  potato:
    '<path d="M34 112c-4-42 40-68 84-62s54 32 48 60-32 54-76 50-54-14-56-48z" fill="{fg}"/>' +
    '<circle cx="78" cy="92" r="5" fill="{accent}"/><circle cx="118" cy="80" r="4" fill="{accent}"/>' +
    '<circle cx="132" cy="120" r="5" fill="{accent}"/><circle cx="88" cy="134" r="4" fill="{accent}"/>' +
    '<ellipse cx="62" cy="104" rx="8" ry="14" fill="{bg}" opacity=".25"/>',
  pill:
    '<g transform="rotate(-40 84 96)"><rect x="26" y="72" width="116" height="48" rx="24" fill="{fg}"/>' +
    '<path d="M84 72h34a24 24 0 0 1 0 48H84z" fill="{accent}"/></g>' +
    '<circle cx="146" cy="148" r="30" fill="{accent}"/>' +
    '<path d="M124 148h44" stroke="{fg}" stroke-width="5" stroke-linecap="round"/>',
  tube:
    '<rect x="56" y="24" width="88" height="14" rx="3" fill="{accent}"/>' +
    '<path d="M60 38h80l-12 122H72z" fill="{fg}"/>' +
    '<rect x="80" y="160" width="40" height="24" rx="5" fill="{accent}"/>' +
    '<rect x="74" y="74" width="52" height="42" rx="6" fill="{accent}"/>' +
    '<path d="M66 24v14M78 24v14M90 24v14M102 24v14M114 24v14M126 24v14" stroke="{fg}" stroke-width="2"/>',
  spray:
    '<rect x="64" y="72" width="68" height="110" rx="10" fill="{fg}"/>' +
    '<path d="M72 74c0-20 52-20 52 0z" fill="{fg}"/>' +
    '<rect x="86" y="38" width="24" height="22" rx="4" fill="{accent}"/><rect x="108" y="42" width="16" height="7" fill="{accent}"/>' +
    '<circle cx="140" cy="36" r="4" fill="{accent}"/><circle cx="152" cy="46" r="4" fill="{accent}"/>' +
    '<circle cx="148" cy="28" r="3" fill="{accent}"/><rect x="64" y="112" width="68" height="38" fill="{accent}"/>',
  shirt:
    '<path d="M72 32L28 56l16 38 20-9v95h72V85l20 9 16-38-44-24c-4 14-16 22-28 22s-24-8-28-22z" fill="{fg}"/>' +
    '<path d="M72 32c4 14 16 22 28 22s24-8 28-22" stroke="{accent}" stroke-width="7" fill="none"/>' +
    '<path d="M44 94l20-9M156 94l-20-9" stroke="{accent}" stroke-width="6"/>',
  pants:
    '<path d="M58 26h84l12 156h-40l-14-104-14 104H46z" fill="{fg}"/>' +
    '<rect x="58" y="26" width="84" height="16" fill="{accent}"/>' +
    '<path d="M100 42v30M66 56c10 2 18-2 22-14M134 56c-10 2-18-2-22-14" stroke="{accent}" stroke-width="4" fill="none"/>',
  shoe:
    '<path d="M20 150v-42c0-8 6-12 14-10l32 8c10 2 20-4 24-14l6-14c2-7 10-9 15-4 20 24 44 40 72 48 10 3 15 12 15 22v6z" fill="{fg}"/>' +
    '<rect x="16" y="148" width="170" height="20" rx="8" fill="{accent}"/>' +
    '<path d="M96 96l14 10M106 84l14 10M114 72l14 10" stroke="{accent}" stroke-width="5" stroke-linecap="round"/>',
  dress:
    '<path d="M78 20h8l6 24h16l6-24h8l2 36-8 20 40 106H42L82 76l-6-20z" fill="{fg}"/>' +
    '<path d="M74 80h52" stroke="{accent}" stroke-width="9"/>' +
    '<path d="M70 120l-8 58M100 100v80M130 120l8 58" stroke="{bg}" stroke-width="3" opacity=".3"/>',
  ball:
    '<circle cx="100" cy="100" r="72" fill="{fg}"/>' +
    '<path d="M100 74l25 18-10 29H85l-10-29z" fill="{accent}"/>' +
    '<path d="M100 74V28M125 92l44-14M115 121l28 38M85 121l-28 38M75 92l-44-14" stroke="{accent}" stroke-width="6"/>' +
    '<path d="M76 36l24-8 24 8M160 64l10 24M162 132l-16 22M54 154l-16-22M30 88l10-24" stroke="{accent}" stroke-width="6" fill="none"/>',
  teddy:
    '<circle cx="58" cy="48" r="22" fill="{fg}"/><circle cx="142" cy="48" r="22" fill="{fg}"/>' +
    '<circle cx="58" cy="48" r="10" fill="{accent}"/><circle cx="142" cy="48" r="10" fill="{accent}"/>' +
    '<ellipse cx="100" cy="150" rx="52" ry="42" fill="{fg}"/><circle cx="100" cy="80" r="46" fill="{fg}"/>' +
    '<ellipse cx="100" cy="156" rx="28" ry="24" fill="{accent}"/><ellipse cx="100" cy="96" rx="20" ry="14" fill="{accent}"/>' +
    '<circle cx="82" cy="72" r="6" fill="{bg}"/><circle cx="118" cy="72" r="6" fill="{bg}"/><circle cx="100" cy="90" r="6" fill="{fg}"/>',
  blocks:
    '<rect x="26" y="110" width="68" height="68" rx="8" fill="{fg}"/>' +
    '<rect x="106" y="110" width="68" height="68" rx="8" fill="{accent}"/>' +
    '<rect x="66" y="34" width="68" height="68" rx="8" fill="{accent}"/>' +
    '<circle cx="60" cy="144" r="16" fill="{accent}"/><path d="M124 160l16-32 16 32z" fill="{fg}"/>' +
    '<rect x="86" y="54" width="28" height="28" rx="3" fill="{fg}"/>',
  car:
    '<path d="M16 136v-22c0-9 7-16 16-16h20l22-30c4-6 10-8 17-8h38c7 0 13 2 17 8l24 30h10c9 0 16 7 16 16v22z" fill="{fg}"/>' +
    '<path d="M64 98l18-26h18v26zM110 98V72h20l20 26z" fill="{accent}"/>' +
    '<circle cx="58" cy="138" r="22" fill="{bg}"/><circle cx="58" cy="138" r="16" fill="{fg}"/><circle cx="58" cy="138" r="6" fill="{accent}"/>' +
    '<circle cx="144" cy="138" r="22" fill="{bg}"/><circle cx="144" cy="138" r="16" fill="{fg}"/><circle cx="144" cy="138" r="6" fill="{accent}"/>',
  glasses:
    '<circle cx="58" cy="108" r="34" fill="{accent}" fill-opacity=".35" stroke="{fg}" stroke-width="10"/>' +
    '<circle cx="142" cy="108" r="34" fill="{accent}" fill-opacity=".35" stroke="{fg}" stroke-width="10"/>' +
    '<path d="M92 104c4-10 12-10 16 0M25 100L10 74M175 100l15-26" stroke="{fg}" stroke-width="9" fill="none" stroke-linecap="round"/>' +
    '<path d="M42 96c4-8 12-12 20-12M126 96c4-8 12-12 20-12" stroke="{bg}" stroke-width="5" fill="none" stroke-linecap="round"/>',
  sunglasses:
    '<path d="M14 78h172v12c0 32-10 52-38 52s-38-22-40-46h-16c-2 24-12 46-40 46S14 122 14 90z" fill="{fg}"/>' +
    '<path d="M14 78L6 64M186 78l8-14" stroke="{fg}" stroke-width="8" stroke-linecap="round"/>' +
    '<path d="M34 94l20-12M40 110l30-20M122 94l20-12M128 110l30-20" stroke="{accent}" stroke-width="5" stroke-linecap="round"/>',
  'lens-case':
    '<rect x="48" y="88" width="104" height="24" rx="8" fill="{fg}"/>' +
    '<circle cx="56" cy="100" r="38" fill="{fg}"/><circle cx="144" cy="100" r="38" fill="{fg}"/>' +
    '<circle cx="56" cy="100" r="27" fill="{accent}"/><circle cx="144" cy="100" r="27" fill="{accent}"/>' +
    '<path d="M42 88c6-8 16-10 24-8M130 88c6-8 16-10 24-8" stroke="{bg}" stroke-width="5" fill="none" stroke-linecap="round" opacity=".6"/>',
  soap:
    '<rect x="32" y="96" width="136" height="72" rx="26" fill="{fg}"/>' +
    '<rect x="54" y="112" width="92" height="32" rx="16" fill="{accent}" opacity=".55"/>' +
    '<circle cx="70" cy="66" r="16" fill="none" stroke="{accent}" stroke-width="6"/>' +
    '<circle cx="110" cy="46" r="11" fill="none" stroke="{accent}" stroke-width="5"/>' +
    '<circle cx="140" cy="74" r="13" fill="none" stroke="{accent}" stroke-width="5"/>',
  detergent:
    '<rect x="58" y="34" width="38" height="26" rx="5" fill="{accent}"/>' +
    '<path d="M52 60h66l10-14h20c10 0 16 6 16 16v114a8 8 0 0 1-8 8H44a8 8 0 0 1-8-8V78c0-12 6-18 16-18z" fill="{fg}"/>' +
    '<rect x="126" y="72" width="20" height="40" rx="6" fill="{bg}"/>' +
    '<rect x="48" y="108" width="68" height="50" rx="8" fill="{accent}"/>',
  diaper:
    '<path d="M20 56h160v24c0 54-32 94-80 94S20 134 20 80z" fill="{fg}"/>' +
    '<rect x="20" y="56" width="160" height="18" fill="{accent}"/>' +
    '<path d="M20 74h30v30H20zM150 74h30v30h-30z" fill="{accent}" opacity=".7"/>' +
    '<path d="M70 112c14 24 46 24 60 0" stroke="{bg}" stroke-width="5" fill="none" stroke-linecap="round" opacity=".5"/>',
};

/** Base hues per kind, so a store's logo colour hints at what it sells. */
const KIND_HUES: Record<StoreKind, number> = {
  store: 205,
  pharmacy: 160,
  meat_shop: 350,
  greengrocer_shop: 115,
  clothing_shop: 290,
  toy_store: 28,
  optical_shop: 245,
};

/** FNV-1a: tiny, stable across runtimes, and spreads similar seeds far apart. */
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number): string => {
    const k = (n + hue / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function renderProductImage(input: { name: string; motif: ImageMotif; seed: string }): string {
  // Tenths of a degree so that nearby seeds rarely share a background.
  const hue = (hashSeed(input.seed) % 3600) / 10;
  const bg = hslToHex(hue, 70, 93);
  // Lightness 28% on a 93% background keeps the motif well above a 4.5:1 contrast ratio.
  const fg = hslToHex(hue, 55, 28);
  const accent = hslToHex((hue + 40) % 360, 75, 60);
  const motif = IMAGE_MOTIFS[input.motif]
    .replaceAll('{fg}', fg)
    .replaceAll('{accent}', accent)
    .replaceAll('{bg}', bg);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img">' +
    `<title>${escapeXml(input.name)}</title>` +
    `<rect width="400" height="400" fill="${bg}"/>` +
    `<ellipse cx="200" cy="304" rx="100" ry="12" fill="${fg}" opacity=".12"/>` +
    // The motif's 200 box scaled by 1.2 fills 240 px, 60% of the image, centred.
    `<g transform="translate(80 80) scale(1.2)">${motif}</g>` +
    '</svg>'
  );
}

/** First letters of the first two words of three or more letters; short words like 'El' or 'de' are skipped. */
function storeInitials(name: string): string {
  const words = name.split(/\s+/).filter((word) => (word.match(/\p{L}/gu) ?? []).length >= 3);
  const letters = words
    .slice(0, 2)
    .map((word) => word.match(/\p{L}/u)?.[0] ?? '')
    .join('');
  const initials = letters || (name.match(/\p{L}/u)?.[0] ?? '');
  return initials.toLocaleUpperCase('es');
}

export function renderStoreLogo(input: { name: string; kind: StoreKind; seed: string }): string {
  const offset = (hashSeed(input.seed) % 300) / 10 - 15;
  const hue = (KIND_HUES[input.kind] + offset + 360) % 360;
  // Lightness 34% keeps white initials readable even on the greens, which look lightest.
  const fill = hslToHex(hue, 62, 34);
  const ring = hslToHex(hue, 62, 50);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img">' +
    `<title>${escapeXml(input.name)}</title>` +
    `<rect width="200" height="200" rx="40" fill="${fill}"/>` +
    `<rect x="10" y="10" width="180" height="180" rx="32" fill="none" stroke="${ring}" stroke-width="4"/>` +
    '<text x="100" y="104" text-anchor="middle" dominant-baseline="middle" fill="#ffffff" ' +
    `font-family="system-ui, sans-serif" font-weight="700" font-size="72">${escapeXml(storeInitials(input.name))}</text>` +
    '</svg>'
  );
}

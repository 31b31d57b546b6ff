import type { Product } from '@mandado/shared/catalog.schemas';
import { effectivePrice } from '@mandado/shared/product-price';
import {
  CITY_DATA_ELEMENT_ID,
  PAGE_DATA_ELEMENT_ID,
  type PageDataEntry,
  SITE_DATA_ELEMENT_ID,
} from '@mandado/shared/web-page-data';
import { type JsonLd, SITE_NAME, type WebPageHead } from './web-pages.service.ts';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * JSON inside a <script> element: `<` written as \u003c so no text of the catalog (a product named
 * "</script>…") can end the element, and U+2028/2029 escaped for old parsers. Still valid JSON.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The JSON of each embedded value, remembered per object (decision 087): the page data comes from the
 * catalog caches, which hand out the same objects while the catalog stays and never change them, so a store
 * page's catalog is serialized once per revision instead of once per request. A new object is serialized once.
 */
const valueJson = new WeakMap<object, string>();

function rememberedScriptJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return scriptJson(value);
  let json = valueJson.get(value);
  if (json === undefined) {
    json = scriptJson(value);
    valueJson.set(value, json);
  }
  return json;
}

/** Embedded entries as scriptJson(entries) writes them, each value's JSON remembered. */
function pageDataJson(entries: readonly PageDataEntry[]): string {
  const items = entries.map((entry) =>
    entry.value === undefined
      ? `{"key":${scriptJson(entry.key)}}`
      : `{"key":${scriptJson(entry.key)},"value":${rememberedScriptJson(entry.value)}}`,
  );
  return `[${items.join(',')}]`;
}

/** A site path (/media/…) made absolute on the public URL; an absolute URL stays as it is. */
function absolute(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

function productJsonLd(publicUrl: string, product: Product, path: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    ...(product.images.length > 0
      ? { image: product.images.map((image) => absolute(publicUrl, image)) }
      : {}),
    sku: String(product.id),
    category: product.category,
    offers: {
      '@type': 'Offer',
      url: absolute(publicUrl, path),
      price: effectivePrice(product),
      priceCurrency: product.currency,
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      seller: { '@type': 'Organization', name: product.store_name },
    },
  };
}

function jsonLdObject(publicUrl: string, item: JsonLd) {
  if (item.kind === 'product') return productJsonLd(publicUrl, item.product, item.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
  };
}

/** The tags a page's head gets (decision 066): title, description, canonical, Open Graph, Twitter, JSON-LD. */
export function renderHeadTags(head: WebPageHead, publicUrl: string): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
  ];
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}" />`;
  if (head.canonicalPath !== null) {
    const url = absolute(publicUrl, head.canonicalPath);
    tags.push(`<link rel="canonical" href="${escapeHtml(url)}" />`, meta('og:url', url));
  }
  tags.push(
    meta('og:site_name', SITE_NAME),
    meta('og:locale', 'es_UY'),
    meta('og:type', head.ogType),
    meta('og:title', head.title.replace(` | ${SITE_NAME}`, '')),
    meta('og:description', head.description),
  );
  if (head.image) tags.push(meta('og:image', absolute(publicUrl, head.image)));
  if (head.price) {
    tags.push(
      meta('product:price:amount', head.price.amount),
      meta('product:price:currency', head.price.currency),
    );
  }
  tags.push(`<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`);
  for (const item of head.jsonLd) {
    tags.push(`<script type="application/ld+json">${scriptJson(jsonLdObject(publicUrl, item))}</script>`);
  }
  if (head.data.length > 0) {
    tags.push(
      `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${pageDataJson(head.data)}</script>`,
    );
  }
  if (head.cityData.length > 0) {
    tags.push(
      `<script type="application/json" id="${CITY_DATA_ELEMENT_ID}">${pageDataJson(head.cityData)}</script>`,
    );
  }
  if (head.siteData.length > 0) {
    tags.push(
      `<script type="application/json" id="${SITE_DATA_ELEMENT_ID}">${scriptJson(head.siteData)}</script>`,
    );
  }
  return tags.join('\n    ');
}

/**
 * index.html with a page's head: its own <title> and description replace the build's, and the other tags go
 * last in the head, after the build's script and style links, so the browser finds those as early as before.
 * A template without a head (a test's stand-in) is sent as it is.
 */
export function withPageHead(template: string, headTags: string): string {
  const end = template.indexOf('</head>');
  if (end === -1) return template;
  const head = template
    .slice(0, end)
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '');
  return `${head}  ${headTags}\n  ${template.slice(end)}`;
}

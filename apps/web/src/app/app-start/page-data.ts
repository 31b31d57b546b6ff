import {
  CITY_DATA_ELEMENT_ID,
  PAGE_DATA_ELEMENT_ID,
  type PageDataEntry,
  SITE_DATA_ELEMENT_ID,
} from '@mandado/shared/web-page-data';
import type { QueryClient } from '@tanstack/react-query';

function readEntries(doc: Document, id: string): PageDataEntry[] {
  const element = doc.getElementById(id);
  if (!element?.textContent) return [];
  try {
    const entries: unknown = JSON.parse(element.textContent);
    return Array.isArray(entries) ? (entries as PageDataEntry[]) : [];
  } catch {
    // A broken block only costs the page its head start: its queries ask the API as before.
    return [];
  }
}

/**
 * Puts the data the server embedded in the page (decision 066: the product or the store's catalog; decision
 * 079: a store page's cities and city's stores; decision 085: the promo banner) into the query cache before the first render, so the page
 * shows at once instead of after its API calls, and hydrates the server's markup from the same data. They
 * count as fresh as of now, like any fetched answer (the client's staleTime applies).
 */
export function seedPageData(queryClient: QueryClient, doc: Document = document): void {
  for (const id of [PAGE_DATA_ELEMENT_ID, CITY_DATA_ELEMENT_ID, SITE_DATA_ELEMENT_ID]) {
    for (const entry of readEntries(doc, id)) {
      if (Array.isArray(entry.key)) queryClient.setQueryData([...entry.key], entry.value);
    }
  }
}

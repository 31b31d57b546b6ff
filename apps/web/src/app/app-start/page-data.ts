import { PAGE_DATA_ELEMENT_ID, type PageDataEntry } from '@mandado/shared/web-page-data';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Puts the data the server embedded in the page (decision 066: the product, the store's catalog and its
 * city's stores) into the query cache before the first render, so the page shows at once instead of after
 * its API calls. They count as fresh as of now, like any fetched answer (the client's staleTime applies).
 */
export function seedPageData(queryClient: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return;
  let entries: PageDataEntry[];
  try {
    entries = JSON.parse(element.textContent) as PageDataEntry[];
  } catch {
    // A broken block only costs the page its head start: its queries ask the API as before.
    return;
  }
  for (const entry of entries) {
    if (Array.isArray(entry.key)) queryClient.setQueryData([...entry.key], entry.value);
  }
}

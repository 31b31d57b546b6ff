import type {
  StoreApplicationValues,
  storeApplicationReceivedSchema,
} from '@mandado/shared/store-application.schemas';
import { apiPost } from '@mandado/web-kit/api-client.ts';
import type { z } from 'zod';

export type StoreApplicationReceived = z.infer<typeof storeApplicationReceivedSchema>;

/** `POST /v1/store-applications/` (issue 18): 201 with the thank-you text; 400, 409 and 429 throw ApiError. */
export function sendStoreApplication(values: StoreApplicationValues): Promise<StoreApplicationReceived> {
  return apiPost<StoreApplicationReceived>('/store-applications/', values);
}

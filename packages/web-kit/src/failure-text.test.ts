import { MESSAGES } from '@mandado/shared/messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { CONNECTION_FAILED_TEXT, failureMessage } from './failure-text.ts';

describe('failureMessage (the text under "Algo salió mal")', () => {
  it('says the connection failed when there was no answer, instead of repeating the title', () => {
    expect(failureMessage(new ApiError(0, null))).toBe(CONNECTION_FAILED_TEXT);
  });

  it('gives the server’s text, out-of-stock included (spec §8)', () => {
    expect(
      failureMessage(new ApiError(400, { errors: [{ out_of_stock: true, product_id: 4, name: 'Yerba' }] })),
    ).toBe(`Yerba ${MESSAGES.outOfStockSuffix}`);
    expect(failureMessage(new ApiError(400, { detail: SERVER_MESSAGES.cartCityRequired }))).toBe(
      SERVER_MESSAGES.cartCityRequired,
    );
  });

  it('says nothing more than the title for an answer without a text', () => {
    expect(failureMessage(new ApiError(500, null))).toBeUndefined();
    expect(failureMessage(new Error('boom'))).toBeUndefined();
  });
});

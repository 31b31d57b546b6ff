import type { FiscalDocumentLine } from '../../db/schema/invoicing.ts';

/**
 * The invoicing adapter (issue 32, decision 071): a certified CFE provider signs, numbers and reports each
 * document to the DGI; Mandado sends it what to document. Two adapters: `offlineCfeProvider` (the default
 * without CFE_PROVIDER_URL) numbers documents in a test series and marks them 'Sin validez fiscal', and
 * `httpCfeProvider` speaks the generic JSON REST protocol of decision 071 to the configured provider.
 */

/** The DGI's CFE types Mandado uses: e-Ticket, its credit note, e-Factura and its credit note. */
export type CfeType = 101 | 102 | 111 | 112;

export interface CfeRequest {
  /** Ours, unique per cause ('sale:12'): the provider answers the same document when it is sent twice. */
  idempotencyKey: string;
  /** Our row's id: the offline adapter's number in its test series. */
  documentId: number;
  cfeType: CfeType;
  /** The issuer's RUT, 12 digits: the store, or Mandado. */
  issuerRut: string;
  /** The receiver: a company with RUT (e-Factura), or null for a final consumer (e-Ticket). */
  receiver: { rut: string; name: string } | null;
  currency: string;
  /** YYYY-MM-DD, Montevideo. */
  date: string;
  lines: FiscalDocumentLine[];
  /** The document a credit note corrects. */
  reference: { cfeType: CfeType; series: string; number: number } | null;
  /** Free text printed on the document ('Pedido MV-10234-1'). */
  addendum: string;
}

export interface IssuedCfe {
  provider: 'offline' | 'http';
  series: string;
  number: number;
  /** The provider's id of the document. */
  providerRef: string;
  /** True for a test document: no fiscal value. */
  test: boolean;
  /**
   * The provider's link to the CFE's official representation (the public copy with DGI's QR check), when it
   * gives one (decision 078): the receipt shows 'Ver comprobante oficial'. The offline adapter has none.
   */
  officialUrl: string | null;
}

export interface CfeProvider {
  name: 'offline' | 'http';
  /** Issues one document; throws CfeRejectedError when the provider refuses it for good, any other error to retry. */
  issue(request: CfeRequest): Promise<IssuedCfe>;
}

/** The provider refused the document (4xx other than 408/429): retrying the same one will not help. */
export class CfeRejectedError extends Error {}

/** The offline adapter's series: a real provider's series are letters (A, B…), so this one cannot be taken for one. */
export const TEST_SERIES = 'PRUEBA';

/** Without a provider: documents numbered in the test series by their row id, marked test (no fiscal value). */
export const offlineCfeProvider: CfeProvider = {
  name: 'offline',
  async issue(request) {
    return {
      provider: 'offline',
      series: TEST_SERIES,
      number: request.documentId,
      providerRef: `offline-${request.documentId}`,
      test: true,
      officialUrl: null,
    };
  },
};

export interface CfeProviderConfig {
  /** CFE_PROVIDER_URL, without a trailing slash. */
  url: string;
  /** CFE_PROVIDER_TOKEN, sent as a bearer token. */
  token: string;
}

const TIMEOUT_MS = 15_000;

interface ProviderAnswer {
  id?: unknown;
  serie?: unknown;
  numero?: unknown;
  /** Decision 078: the official representation's address (https), optional. */
  enlace?: unknown;
}

/** Only an http(s) address of reasonable length is kept as the official copy's link; anything else is dropped. */
export function officialUrlOf(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The JSON body of decision 071's protocol: the provider's field names, in Spanish as Uruguayan providers use. */
export function cfeRequestBody(request: CfeRequest) {
  return {
    tipo_cfe: request.cfeType,
    fecha_emision: request.date,
    moneda: request.currency,
    emisor: { rut: request.issuerRut },
    receptor: request.receiver ? { rut: request.receiver.rut, razon_social: request.receiver.name } : null,
    items: request.lines.map((line) => ({
      descripcion: line.description,
      cantidad: line.quantity,
      precio_unitario: line.unitPrice,
      descuento: line.discount,
      monto_item: line.amount,
      indicador_facturacion: line.billingIndicator,
    })),
    referencia: request.reference
      ? {
          tipo_cfe: request.reference.cfeType,
          serie: request.reference.series,
          numero: request.reference.number,
        }
      : null,
    adenda: request.addendum,
    montos_brutos: true,
  };
}

/**
 * `POST <url>/comprobantes` with the bearer token and our idempotency key; 200/201 with the series and number,
 * and optionally `enlace`, the official representation's address (decision 078).
 */
export function httpCfeProvider(config: CfeProviderConfig, fetchImpl: typeof fetch = fetch): CfeProvider {
  return {
    name: 'http',
    async issue(request) {
      const response = await fetchImpl(`${config.url}/comprobantes`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${config.token}`,
          'content-type': 'application/json',
          'idempotency-key': request.idempotencyKey,
        },
        body: JSON.stringify(cfeRequestBody(request)),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await response.text();
      if (!response.ok) {
        const message = `CFE provider answered ${response.status}: ${text.slice(0, 300)}`;
        const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
        throw retryable ? new Error(message) : new CfeRejectedError(message);
      }
      let answer: ProviderAnswer;
      try {
        answer = JSON.parse(text) as ProviderAnswer;
      } catch {
        throw new Error('CFE provider answered something that is not JSON');
      }
      if (typeof answer.serie !== 'string' || !Number.isSafeInteger(answer.numero)) {
        throw new Error('CFE provider answered without a series and number');
      }
      return {
        provider: 'http',
        series: answer.serie,
        number: answer.numero as number,
        providerRef: typeof answer.id === 'string' ? answer.id : String(answer.id ?? ''),
        test: false,
        officialUrl: officialUrlOf(answer.enlace),
      };
    },
  };
}

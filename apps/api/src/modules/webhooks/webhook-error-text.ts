/**
 * Why a webhook attempt got no answer, in plain Spanish for operators (issue 27). Node's messages quote
 * OpenSSL ('error:0A00010B:SSL routines::wrong version number') or the resolver; what an operator needs is
 * what to tell the partner. Only the error's code is read, never its message, so no library internals reach
 * the screen; the code itself goes to the log for whoever debugs it.
 */
const BY_CODE: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'El servidor rechazó la conexión: no hay nada escuchando en esa dirección y puerto.',
  ENOTFOUND: 'No existe ese nombre de servidor (DNS).',
  EAI_AGAIN: 'No se pudo consultar el nombre del servidor (DNS); se vuelve a intentar.',
  ETIMEDOUT: 'El servidor no respondió a tiempo.',
  ECONNRESET: 'El servidor cortó la conexión antes de responder.',
  EPIPE: 'El servidor cortó la conexión antes de responder.',
  EHOSTUNREACH: 'No hay ruta de red hasta el servidor.',
  ENETUNREACH: 'No hay ruta de red hasta el servidor.',
  CERT_HAS_EXPIRED: 'El certificado HTTPS del servidor venció.',
  CERT_NOT_YET_VALID: 'El certificado HTTPS del servidor todavía no es válido (¿la hora del servidor?).',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'El certificado HTTPS del servidor es autofirmado.',
  SELF_SIGNED_CERT_IN_CHAIN: 'El certificado HTTPS del servidor es autofirmado.',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    'El certificado HTTPS del servidor no es de una autoridad reconocida (¿falta la cadena intermedia?).',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    'El certificado HTTPS del servidor no es de una autoridad reconocida (¿falta la cadena intermedia?).',
  ERR_TLS_CERT_ALTNAME_INVALID: 'El certificado HTTPS del servidor es de otro nombre.',
  ERR_SSL_WRONG_VERSION_NUMBER: 'El servidor no habla HTTPS en ese puerto (¿es http://?).',
  EPROTO: 'No se pudo establecer la conexión segura (HTTPS) con el servidor.',
  ERR_INVALID_URL: 'La URL del endpoint no es válida.',
  ERR_INVALID_PROTOCOL: 'La URL del endpoint no es http:// ni https://.',
};

export const WEBHOOK_ERROR_TEXTS = {
  timeout: (seconds: number) => `El servidor no respondió en ${seconds} s.`,
  addressRefused: (address: string) =>
    `La dirección ${address} no es pública: los avisos solo van a direcciones públicas.`,
  endpointRemoved: 'El endpoint ya no existe.',
  fallback: 'No se pudo conectar con el servidor.',
  tls: 'No se pudo establecer la conexión segura (HTTPS) con el servidor.',
  certificate: 'El certificado HTTPS del servidor no es válido.',
} as const;

/** The code Node puts on a network or TLS error ('ECONNREFUSED', 'CERT_HAS_EXPIRED'), or null. */
export function errorCodeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/** The operator's text for a failed attempt's error; unknown codes read as the plain fallback. */
export function webhookErrorText(error: unknown): string {
  const code = errorCodeOf(error);
  if (code === null) return WEBHOOK_ERROR_TEXTS.fallback;
  const known = BY_CODE[code];
  if (known) return known;
  if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) return WEBHOOK_ERROR_TEXTS.tls;
  if (code.includes('CERT')) return WEBHOOK_ERROR_TEXTS.certificate;
  return WEBHOOK_ERROR_TEXTS.fallback;
}

/**
 * The courier link's Spanish texts, apart from its schemas: the courier page reads them without loading zod
 * into the link's first load (the schemas stay in courier.schemas.ts).
 */
export const COURIER_MESSAGES = {
  linkNotFound: 'Este enlace de entrega no existe o ya venció.',
  linkLocked: 'Este enlace está bloqueado; comunícate con Mandado.',
  /** The same lock, heard at the store's counter. */
  codeLocked: 'Este pedido está bloqueado por demasiados códigos incorrectos; comunícate con Mandado.',
  wrongCode: (triesLeft: number) =>
    triesLeft === 1
      ? 'El código no es correcto. Te queda 1 intento.'
      : `El código no es correcto. Te quedan ${triesLeft} intentos.`,
  codeFormat: 'El código tiene 4 dígitos.',
  actionNotAllowed: 'Este pedido ya no admite ese paso. Actualiza la página.',
  alreadyPickedUp: 'Ya marcaste este pedido como retirado: está en camino.',
  noteRequired: 'Cuenta qué pasó.',
  noteWithLink: 'Escribe la nota sin enlaces ni correos.',
  photoNotFound: 'No encontramos esa foto. Vuelve a sacarla.',
  linkReopened: 'Enlace de entrega reabierto',
  twoAttempts: 'Dos intentos de entrega fallidos',
} as const;

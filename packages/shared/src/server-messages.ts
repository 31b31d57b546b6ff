import { CSV_ENCODING_MESSAGES } from './csv-encoding.ts';

/**
 * Spanish texts only the API sends (request errors, account and cart answers, store applications, the team's
 * invitations, the store owner's photos, catalog, CSV import, pause and closures); the staff app shows one
 * itself. Apart from messages.ts so the shop's shell does not carry them: the shop shows these only as the
 * API's answers. A text the shop's own code shows lives in messages.ts; each text has one home.
 */
/**
 * How long to wait, in words, for the 429s that say when to try again (issue 27): seconds under a minute,
 * then whole minutes rounded up, then whole hours ('un minuto', '5 minutos', 'una hora', '2 horas').
 */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? 'un minuto' : `${minutes} minutos`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'una hora' : `${hours} horas`;
}

export const SERVER_MESSAGES = {
  notFound: 'No encontrado.',
  unknownCity: 'No tenemos servicio en esa ciudad.',
  geocoderUnavailable:
    'El buscador de direcciones no está disponible en este momento. Intenta de nuevo en unos minutos o marca el punto en el mapa.',
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  unsupportedMediaType: 'El tipo de contenido no es compatible; envía JSON.',
  tooManyRequests: 'Demasiadas solicitudes. Intenta de nuevo en unos segundos.',
  /** Issue 27: the registrations of one address are used up; says when the window ends. */
  tooManyRegistrations: (secondsLeft: number) =>
    `Se crearon demasiadas cuentas desde tu conexión. Intenta de nuevo en ${waitText(Math.max(60, secondsLeft))}.`,
  /** Issue 27: failed logins of one account, from any address (decision 053). */
  loginThrottled: (seconds: number, locked: boolean) =>
    locked
      ? `Por seguridad bloqueamos el ingreso a esta cuenta tras muchos intentos fallidos. Vuelve a intentarlo en ${waitText(seconds)}, o restablece tu contraseña.`
      : `Hubo varios intentos fallidos con esta cuenta. Vuelve a intentarlo en ${waitText(seconds)}.`,
  emailTaken: 'Ya existe una cuenta con este correo electrónico.',
  notAuthenticated: 'Debes iniciar sesión para continuar.',
  passwordResetRequested:
    'Si existe una cuenta con ese correo, te enviamos un enlace para restablecer la contraseña. Revisa tu bandeja de entrada.',
  passwordSameAsCurrent: 'La nueva contraseña debe ser distinta de la actual.',
  passwordChanged: 'Cambiamos tu contraseña. Cerramos tus sesiones en otros dispositivos.',
  passwordResetDone: 'Tu contraseña fue actualizada. Ya puedes iniciar sesión.',
  cartCityRequired: 'Elige la ciudad de entrega antes de agregar productos al carrito.',
  cartProductUnavailable: 'Ese producto no existe o ya no está a la venta.',
  cartProductNotInCity: (product: string, city: string) => `${product} no se entrega en ${city}.`,
  applicationReceived:
    'Recibimos tu solicitud. Te escribiremos a tu correo en los próximos días hábiles con los pasos siguientes.',
  applicationDuplicate: 'Ya recibimos una solicitud con ese RUT: te escribiremos pronto',
  applicationNotPending: 'Esa solicitud ya fue revisada',
  invitationNotFound: 'Esta invitación no existe o ya fue usada',
  invitationExpired: 'Esta invitación venció: pide a la tienda que te envíe otra',
  invitationOtherEmail: (email: string) =>
    `Esta invitación es para ${email}: ingresa con esa cuenta para aceptarla`,
  alreadyMember: 'Esa persona ya trabaja en esta tienda',
  lastOwner: 'La tienda necesita al menos un dueño: nombra a otro antes de quitar a este',
  memberNotFound: 'Esa persona no trabaja en esta tienda',
  routeNotFound: 'La dirección solicitada no existe.',
  /** The database went away mid-request (a restart, a failover; issue 27): the client may try again soon. */
  serviceUnavailable: 'El servicio no está disponible en este momento. Intenta de nuevo en unos segundos.',
  /** GET /ready of an instance that should get no traffic (draining, no database, migrations pending). */
  notReady: 'Esta instancia no está lista para atender solicitudes.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  /** GET /metrics from outside this machine without METRICS_TOKEN (decision 055). */
  metricsUnauthorized: 'Las métricas piden el token de métricas.',
  /** Uploaded photos (decision 041): checked by content, at most 8 MB. */
  imageTooLarge: 'La foto pesa más de 8 MB',
  imageNotSupported: 'La imagen no es JPEG, PNG ni WebP',
  imageTooManyPixels: 'La foto tiene demasiada resolución; envía una más pequeña',
  /** The store owner's catalog and its CSV import (issue 18). */
  productNameTaken: 'Ya tienes un producto con ese nombre',
  productNotFound: 'Ese producto no existe en tu tienda',
  categoryNotInStore: 'Elige una categoría de tu tienda',
  productImageNotOurs: 'Sube las fotos desde este formulario',
  productPhotoGone: 'Una de las fotos ya no está guardada: quítala y vuelve a subirla',
  ownersOnly: 'Solo los dueños de la tienda pueden ver y cambiar esto',
  storeNameTaken: 'Ya hay una tienda con ese nombre en Mandado',
  csvUnreadable:
    'No pudimos leer el archivo: guárdalo como CSV (separado por comas o punto y coma) y vuelve a subirlo',
  csvEmpty: 'El archivo está vacío',
  csvUtf16: CSV_ENCODING_MESSAGES.utf16,
  csvUnknownEncoding: CSV_ENCODING_MESSAGES.unknownEncoding,
  csvMissingColumns: (columns: readonly string[]) =>
    `Faltan columnas en la primera fila: ${columns.join(', ')}. Descarga la plantilla para ver el formato`,
  csvTooManyRows: (max: number) =>
    `El archivo tiene más de ${String(max).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} filas; divídelo en partes`,
  csvDuplicateName: (line: number) => `Este nombre ya aparece en la fila ${line}`,
  csvYesNo: 'Escribe sí o no',
  csvVatRate: 'Escribe 22, 10 o 0 (el IVA en %), o déjalo vacío para la tasa del tipo de comercio',
  csvHasErrors: 'El archivo tiene errores: corrígelos y vuelve a subirlo. No cambiamos nada.',
  /** Issue 31: a category the store does not have is created only once the owner confirms it by name. */
  csvUnconfirmedCategories: (names: readonly string[]) =>
    `${names.length === 1 ? 'La categoría' : 'Las categorías'} ${names.map((name) => `«${name}»`).join(', ')} no ${
      names.length === 1 ? 'existe' : 'existen'
    } en tu tienda: confírmala${names.length === 1 ? '' : 's'} para crearla${names.length === 1 ? '' : 's'}. No cambiamos nada.`,
  /** A store's pause, closures and map pin (issue 18). */
  pauseInPast: 'Elige una hora de reapertura futura',
  pauseTooLong: (hours: number) => `Puedes pausar hasta ${hours} horas; para más tiempo, programa un cierre`,
  closureInPast: 'El cierre tiene que terminar en el futuro',
  closureTooFar: (days: number) => `Programa cierres de hasta ${days} días y dentro del próximo año`,
  mapPinInServedCity: 'Marca un punto dentro de Montevideo, la ciudad donde repartimos',
  /** The back office (issue 19): nobody moves money on their own order. */
  ownOrderMoney: 'Es un pedido tuyo: pídele a otra persona del equipo que registre su pago o su devolución.',
} as const;

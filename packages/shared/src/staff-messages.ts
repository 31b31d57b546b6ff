/**
 * Spanish texts for the people who run a store, that the staff app shows itself (its forms check them through
 * the shared schemas: catalog, opening hours, closures) and the API sends back. Apart from messages.ts so the
 * shop's shell does not carry them; a text the shop's own code shows lives in messages.ts, one only the API
 * sends in server-messages.ts: each text has one home.
 */
export const STAFF_MESSAGES = {
  /** The store owner's catalog (issue 18). */
  invalidPrice: 'Ingresa un precio mayor que 0, como 1250 o 1250,50',
  discountNotLower: 'El precio con descuento tiene que ser menor que el precio',
  invalidStock: 'Ingresa un stock entero entre 0 y 100.000',
  tooManyImages: (max: number) => `Puedes subir hasta ${max} fotos por producto`,
  catalogOwnersOnly: 'Solo los dueños de la tienda pueden cambiar el catálogo',
  /** Closures and opening hours (issue 18). */
  invalidDate: 'Ingresa una fecha y hora válidas',
  closureEndsBeforeStart: 'El cierre tiene que terminar después de empezar',
  invalidClock: 'Ingresa una hora válida, como 09:00',
  hoursEndBeforeStart: 'La hora de cierre tiene que ser después de la de apertura',
  hoursOverlap: 'Los turnos del día no pueden superponerse',
  hoursTooManyRanges: (max: number) => `Puedes poner hasta ${max} turnos por día`,
  hoursNeverOpen: 'Abre al menos un día; para cerrar unos días, programa un cierre',
} as const;

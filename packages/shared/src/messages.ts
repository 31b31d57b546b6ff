/**
 * Spanish texts that both the API and the web app show. Copy follows the spec's strings, in the voice "tú" and with
 * the accents and opening marks the spec leaves out (decision 033). The whole object rides in the shop's shell:
 * a text only the API sends (and the shop only shows as its answer) goes to server-messages.ts instead, one for
 * the people who run a store that the staff app shows itself to staff-messages.ts, the account forms' own
 * texts to account-messages.ts.
 */
export const MESSAGES = {
  required: 'Campo requerido',
  invalidEmail: 'Correo electrónico inválido',
  searchTooShort: 'La búsqueda debe tener al menos 3 caracteres.',
  searchTooLong: 'La búsqueda no puede tener más de 100 caracteres.',
  invalidCoordinates: 'Las coordenadas no son válidas.',
  latitudeRange: 'La latitud debe estar entre -90 y 90.',
  longitudeRange: 'La longitud debe estar entre -180 y 180.',
  tooLong: (max: number) => `No puede tener más de ${max} caracteres.`,
  invalidValue: 'Valor inválido.',
  nameWithLink: 'Escribe solo el nombre, sin enlaces, direcciones web ni correos.',
  nameCharacters:
    'Escribe el nombre solo con letras, espacios, apóstrofos y guiones; el punto, solo después de una inicial.',
  singleLineText:
    'No puede contener saltos de línea, caracteres de control ni marcas de dirección del texto.',
  invalidText: 'No puede contener caracteres de control ni marcas de dirección del texto.',
  serverError: 'Algo salió mal',
  invalidPhone: 'Ingresa un número válido',
  csrfFailed: 'No pudimos verificar la solicitud. Recarga la página e intenta de nuevo.',
  visitorCartChanged:
    'Actualizamos tu carrito: algunos productos cambiaron de precio o de stock, o ya no están disponibles.',
  cartQuantityInvalid: 'La cantidad debe ser un número entero entre 1 y 99.',
  cartTooManyLines: 'El carrito no puede tener más de 100 productos distintos.',
  cartDuplicateProduct: 'Cada producto puede aparecer una sola vez en el carrito.',
  emptyCartTitle: 'Todavía no tienes productos en el carrito',
  emptyCartMessage: 'Agrega productos al carrito',
  outOfStockSuffix: 'está fuera de stock. Quítalo del carrito para continuar.',
  /** A count asked above the stock is cut to it, and the shopper is told (review of issue 8). */
  cartStockLeft: (count: number, product: string) =>
    count === 1 ? `Solo queda 1 unidad de ${product}` : `Solo quedan ${count} unidades de ${product}`,
  cartQuantityLimit: (max: number, product: string) => `Puedes llevar hasta ${max} unidades de ${product}`,
  /** The store application form (issue 18), the shop's own. */
  invalidRut: 'El RUT no es válido: revisa sus 12 dígitos',
  mapPinRequired: 'Marca la tienda en el mapa',
  mapPinInUruguay: 'El punto del mapa tiene que estar en Uruguay',
} as const;

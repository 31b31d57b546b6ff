/**
 * Spanish texts only the API sends (request errors, account and cart answers, store applications, the team's
 * invitations); the staff app shows one itself. Apart from messages.ts so the shop's shell does not carry
 * them: the shop shows these only as the API's answers. A text the shop's own code shows lives in
 * messages.ts; each text has one home.
 */
export const SERVER_MESSAGES = {
  notFound: 'No encontrado.',
  unknownCity: 'No tenemos servicio en esa ciudad.',
  geocoderUnavailable:
    'El buscador de direcciones no está disponible en este momento. Intenta de nuevo en unos minutos o marca el punto en el mapa.',
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  unsupportedMediaType: 'El tipo de contenido no es compatible; envía JSON.',
  tooManyRequests: 'Demasiadas solicitudes. Intenta de nuevo en unos segundos.',
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
} as const;

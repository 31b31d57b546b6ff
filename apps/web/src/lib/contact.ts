/** Where shoppers write for help; spec §8 asks to report errors to it. */
export const SUPPORT_EMAIL = 'soporte@mandado.uy';

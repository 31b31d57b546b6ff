import { pickupContactSchema } from '@mandado/shared/checkout.schemas';

export type PickupErrors = Partial<Record<'name' | 'phone', string>>;

/** The pick-up contact's problems by field, with the server's own schema; empty when it can be sent. */
export function pickupContactErrors(contact: { name: string; phone: string }): PickupErrors {
  const result = pickupContactSchema.safeParse(contact);
  if (result.success) return {};
  const errors: PickupErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'phone') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

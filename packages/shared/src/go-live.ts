import { z } from 'zod';

/**
 * What an approved store needs before it is published (issue 31, decision 068). Which items apply and how
 * many products are enough are settings (`go_live_checks`, `go_live_min_products` in settings-registry.ts);
 * the API reads the store's facts in one query and this file turns them into the checklist the owner sees in
 * /comercio/tienda, the operator sees on the store's page, and the approval e-mail lists.
 */
export const GO_LIVE_ITEMS = ['owner', 'products', 'hours', 'phone', 'payout'] as const;
export type GoLiveItem = (typeof GO_LIVE_ITEMS)[number];

export interface GoLiveFacts {
  /** A member with the owner role exists: someone accepted the owner's invitation. */
  ownerAccepted: boolean;
  /** Products on sale with at least one photo and a price above zero. */
  productsReady: number;
  hasHours: boolean;
  hasPhone: boolean;
  hasPayoutAccount: boolean;
}

export interface GoLiveRules {
  items: readonly GoLiveItem[];
  minProducts: number;
}

export const goLiveChecklistSchema = z.object({
  ready: z.boolean(),
  items: z.array(
    z.object({
      key: z.enum(GO_LIVE_ITEMS),
      label: z.string(),
      done: z.boolean(),
      /** Where the owner does it, in /comercio; null when someone else does it (accepting the invitation). */
      path: z.string().nullable(),
    }),
  ),
});
export type GoLiveChecklist = z.infer<typeof goLiveChecklistSchema>;

function labelOf(item: GoLiveItem, rules: GoLiveRules, facts: GoLiveFacts): string {
  switch (item) {
    case 'owner':
      return 'El dueño aceptó la invitación';
    case 'products':
      return `Al menos ${rules.minProducts} productos a la venta con foto y precio (tienes ${Math.min(facts.productsReady, rules.minProducts)})`;
    case 'hours':
      return 'El horario de atención';
    case 'phone':
      return 'Un teléfono de contacto';
    case 'payout':
      return 'La cuenta bancaria donde te pagamos';
  }
}

const PATHS: Record<GoLiveItem, string | null> = {
  owner: null,
  products: '/comercio/catalogo',
  hours: '/comercio/tienda',
  phone: '/comercio/tienda',
  payout: '/comercio/tienda',
};

function isDone(item: GoLiveItem, rules: GoLiveRules, facts: GoLiveFacts): boolean {
  switch (item) {
    case 'owner':
      return facts.ownerAccepted;
    case 'products':
      return facts.productsReady >= rules.minProducts;
    case 'hours':
      return facts.hasHours;
    case 'phone':
      return facts.hasPhone;
    case 'payout':
      return facts.hasPayoutAccount;
  }
}

/** The checklist in GO_LIVE_ITEMS' order, with only the items the settings ask for. */
export function goLiveChecklist(rules: GoLiveRules, facts: GoLiveFacts): GoLiveChecklist {
  const items = GO_LIVE_ITEMS.filter((item) => rules.items.includes(item)).map((key) => ({
    key,
    label: labelOf(key, rules, facts),
    done: isDone(key, rules, facts),
    path: PATHS[key],
  }));
  return { ready: items.every((item) => item.done), items };
}

/** 'Antes de publicarla falta: …' — the 409 of a publish that is not ready yet. */
export function goLiveMissingText(checklist: GoLiveChecklist): string {
  const missing = checklist.items.filter((item) => !item.done).map((item) => item.label.toLowerCase());
  return `Antes de publicar la tienda falta: ${missing.join('; ')}.`;
}

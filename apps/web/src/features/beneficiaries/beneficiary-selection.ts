import type { Beneficiary } from '@mandado/shared/beneficiary.schemas';

/** The manager's screens (spec §4: list, add and edit). */
export type BeneficiaryMode = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; beneficiary: Beneficiary };

/** Spec §4: a click selects an item; a click on the selected item deselects it. */
export function nextSelection(selectedId: string | null, clickedId: string): string | null {
  return selectedId === clickedId ? null : clickedId;
}

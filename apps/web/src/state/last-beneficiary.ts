/**
 * The beneficiary of this account's last order, kept in localStorage (unlike the checkout) because it is
 * what a returning shopper, days later, most likely sends to again; it names its account, so another
 * person on a shared computer gets no preselection.
 */
export const LAST_BENEFICIARY_STORAGE_KEY = 'mandado:last-beneficiary';

export function rememberLastBeneficiary(userId: string, beneficiaryId: string): void {
  try {
    window.localStorage.setItem(LAST_BENEFICIARY_STORAGE_KEY, JSON.stringify({ userId, beneficiaryId }));
  } catch {
    // Not preselecting next time is a nuisance, never a failure.
  }
}

export function lastBeneficiaryOf(userId: string): string | null {
  try {
    const raw = window.localStorage.getItem(LAST_BENEFICIARY_STORAGE_KEY);
    const stored: unknown = raw === null ? null : JSON.parse(raw);
    if (typeof stored !== 'object' || stored === null) return null;
    const { userId: owner, beneficiaryId } = stored as { userId?: unknown; beneficiaryId?: unknown };
    return owner === userId && typeof beneficiaryId === 'string' ? beneficiaryId : null;
  } catch {
    return null;
  }
}

import type { DatabaseOrTransaction } from '../../db/database.ts';
import { deleteBeneficiariesOf } from './beneficiaries-erasure.repository.ts';

/** Account deletion (issue 32): the saved recipients go; orders keep their own (pseudonymised) copy. */
export function forgetBeneficiaries(tx: DatabaseOrTransaction, remitterId: number): Promise<void> {
  return deleteBeneficiariesOf(tx, remitterId);
}

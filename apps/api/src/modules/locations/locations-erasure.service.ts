import type { DatabaseOrTransaction } from '../../db/database.ts';
import { deleteCityRequestsBy } from './locations-erasure.repository.ts';

/** Account deletion (issue 32): the cities this address asked for are forgotten. */
export function forgetCityRequests(tx: DatabaseOrTransaction, email: string): Promise<void> {
  return deleteCityRequestsBy(tx, email);
}

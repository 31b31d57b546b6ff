import type { PermissionHolder } from '@mandado/shared/permissions';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQuery } from '@tanstack/react-query';

/**
 * The logged-in operator as hasPermission reads them, for showing only the actions their group may take
 * (issue 19: support staff see no refund button). Under AdminLayout only, whose guard has loaded who-am-I.
 */
export function useOperator(): PermissionHolder {
  const whoami = useQuery(whoamiQueryOptions());
  const user = whoami.data?.whoami;
  return {
    roles: user?.roles ?? [],
    storeIds: user?.store_ids ?? [],
    operatorGroup: user?.operator_group ?? null,
  };
}

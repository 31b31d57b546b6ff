import { readConfig } from '../config.ts';
import { applyUserRole, parseUserRoleArgs, UserRoleError } from '../modules/accounts/user-roles.service.ts';
import { openDatabase } from './database.ts';

// npm run user:role -- ana@example.com operator | merchant:<store id>[:staff] [--remove]
let command: ReturnType<typeof parseUserRoleArgs>;
try {
  command = parseUserRoleArgs(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const handle = await openDatabase(readConfig().database);
try {
  await handle.migrate();
  console.log(await applyUserRole(handle.db, command));
} catch (error) {
  if (!(error instanceof UserRoleError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}

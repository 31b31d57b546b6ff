import { readConfig } from '../config.ts';
import { applyUserRole, parseUserRoleArgs, UserRoleError } from '../modules/accounts/user-roles.service.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';

// npm run user:role -- ana@example.com operator | merchant:<store id>[:staff] [--remove]
let command: ReturnType<typeof parseUserRoleArgs>;
try {
  command = parseUserRoleArgs(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
let handle: DatabaseHandle;
try {
  handle = await openDatabase(readConfig().database);
} catch (error) {
  // The running server holds the embedded database: a grant written here would never reach it (issue 16).
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
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

// The operator's command line: `npm run fleet -- company list` (README "Running it for your fleet").
// It opens the configured database (DATABASE_URL, or PGlite in DATA_DIR: stop the server first,
// a PGlite folder takes one process) and migrates it, so it also works before the first start.
import { text } from "node:stream/consumers";
import { getDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { runFleetCommand } from "./fleet-command";

const database = getDatabase();
await migrateDatabase(database);
const code = await runFleetCommand(process.argv.slice(2), {
  db: database.db,
  readStdin: () => text(process.stdin),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
await database.close();
process.exit(code);

import { useTestDatabase } from "../helpers/test-database";
import { fuzzRoutes } from "./fuzz-routes";

// A third of the routes (fuzz-routes.ts), so that the forks share the fuzzing.
fuzzRoutes({ database: useTestDatabase(), share: 2, of: 3 });

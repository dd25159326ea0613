import { fuzzRoutes } from "./fuzz-routes";

// A third of the routes (fuzz-routes.ts), so that the forks share the fuzzing.
fuzzRoutes({ share: 0, of: 3 });

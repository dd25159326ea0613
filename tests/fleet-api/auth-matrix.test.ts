import { describe } from "vitest";
import { runCommonRouteTests } from "../helpers/fleet-route-matrix";
import { setupFleetFixture, type FleetFixture } from "../helpers/fleet-fixture";
import { useTestDatabase } from "../helpers/test-database";
import { beforeAll } from "vitest";
import { FLEET_ROUTES } from "./routes";

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
});

for (const route of FLEET_ROUTES) {
  describe(route.name, () => runCommonRouteTests(route, () => ({ db: database().db, fixture })));
}

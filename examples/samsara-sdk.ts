// Samsara's official TypeScript SDK against this service: the only change from code written for
// Samsara is `baseUrl`. Run with a key (Settings → API keys, or POST /api/v2/api-keys):
//   FLEET_API_KEY=svc_live_… FLEET_BASE_URL=http://localhost:3000 npx tsx examples/samsara-sdk.ts
import { SamsaraClient, SamsaraError } from "@samsarahq/samsara";

const token = process.env.FLEET_API_KEY;
if (!token) throw new Error("Set FLEET_API_KEY to a svc_live_… or svc_test_… key.");
const client = new SamsaraClient({ token, baseUrl: process.env.FLEET_BASE_URL ?? "http://localhost:3000" });

// Auto-pagination: the SDK follows pagination.endCursor for us.
let vehicleCount = 0;
for await (const vehicle of await client.vehicles.list({ limit: 100 })) {
  if (vehicleCount++ < 3) console.log(`vehicle ${vehicle.id}: ${vehicle.name} (${vehicle.make ?? ""} ${vehicle.model ?? ""})`);
}
console.log(`${vehicleCount} vehicles`);

// Latest positions; `speed` is in meters per second here (Samsara sends mph).
const locations = await client.vehicleLocations.getVehicleLocations();
for (const { name, location } of locations.data.slice(0, 3)) {
  console.log(
    `${name}: ${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)} at ${location.time}, ${((location.speed ?? 0) * 3.6).toFixed(0)} km/h`,
  );
}
if (locations.data.length === 0) console.log("no positions reported yet");

// Hours of service: each active driver's remaining drive time.
const clocks = await client.hoursOfService.getHosClocks({ limit: 3 });
for (const { driver, clocks: driverClocks } of clocks.data) {
  console.log(`${driver?.name}: ${((driverClocks?.drive?.driveRemainingDurationMs ?? 0) / 3_600_000).toFixed(1)} h of driving left`);
}

// Errors arrive as the SDK's typed errors, with our { message, requestId } body.
try {
  await client.vehicles.get({ id: "999999999" });
} catch (error) {
  if (!(error instanceof SamsaraError)) throw error;
  console.log(`unknown vehicle → ${error.statusCode}: ${(error.body as { message: string }).message}`);
}

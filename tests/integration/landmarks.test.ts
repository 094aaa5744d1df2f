import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import {
  createLandmark,
  deleteLandmark,
  findLandmark,
  LandmarkSlugTaken,
  listLandmarks,
  placeCentre,
  updateLandmark,
} from "#app/location/landmarks.server.ts";
import type { LandmarkInput } from "#app/location/landmark-form.ts";
import { DEMO_PLACES } from "#app/operations/demo-catalogue.ts";
import { seedDemoLandmarks } from "#app/operations/seed.server.ts";
import { createHotels } from "#tests/factories.ts";
import { testDatabases } from "#tests/db.ts";

const stockholm = { country: "Sweden", location: "Stockholm" };
const landmark = (fields: Partial<LandmarkInput> = {}): LandmarkInput => ({
  name: "Centralstationen",
  slug: "centralstationen",
  kind: "station",
  latitude: 59.3303,
  longitude: 18.0586,
  centre: false,
  ...fields,
});

// Both databases: the centre's partial unique index and the median (percentile_cont) are the server's SQL.
describe.each(testDatabases())("a place's landmarks on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("keeps one centre per place: making another the centre takes it from the first", async () => {
    const centre = await createLandmark(
      stockholm,
      landmark({ name: "Centrum", slug: "centrum", kind: "centrum", centre: true }),
      handle.db,
    );
    await createLandmark(stockholm, landmark(), handle.db);
    // Any spelling of the place finds the same landmarks.
    expect((await listLandmarks({ country: "sweden", location: " STOCKHOLM " }, handle.db)).map((row) => [row.slug, row.isCentre])).toEqual(
      [
        ["centrum", true],
        ["centralstationen", false],
      ],
    );
    expect(await placeCentre(stockholm, handle.db)).toMatchObject({ slug: "centrum", isCentre: true, latitude: 59.3303 });

    const station = (await findLandmark(stockholm, "Centralstationen", handle.db))!;
    expect(await updateLandmark(stockholm, station.id, landmark({ centre: true }), handle.db)).toBe(true);
    const after = await listLandmarks(stockholm, handle.db);
    expect(after.filter((row) => row.isCentre).map((row) => row.id)).toEqual([station.id]);
    expect(after.find((row) => row.id === centre)?.isCentre).toBe(false);
  });

  it("refuses a second landmark of the place with the same slug, and a landmark of another place", async () => {
    await expect(createLandmark(stockholm, landmark({ name: "Stockholm C" }), handle.db)).rejects.toBeInstanceOf(LandmarkSlugTaken);
    // Another place may have its own Centralstationen.
    await createLandmark({ country: "Sweden", location: "Gothenburg" }, landmark({ latitude: 57.7087, longitude: 11.9733 }), handle.db);
    const gothenburgStation = (await findLandmark({ country: "Sweden", location: "Gothenburg" }, "centralstationen", handle.db))!;
    expect(await deleteLandmark(stockholm, gothenburgStation.id, handle.db)).toBe(false);
    expect(await deleteLandmark({ country: "Sweden", location: "Gothenburg" }, gothenburgStation.id, handle.db)).toBe(true);
    expect(await listLandmarks({ country: "Sweden", location: "Gothenburg" }, handle.db)).toEqual([]);
  });

  it("seeds each demo place's centre and landmarks once, leaving a place an editor has touched alone", async () => {
    const written = await seedDemoLandmarks(handle.db);
    // Stockholm had landmarks already (the tests above): the seed left it as it was.
    expect((await listLandmarks(stockholm, handle.db)).map((row) => row.slug)).toEqual(["centralstationen", "centrum"]);
    const gothenburg = await listLandmarks({ country: "Sweden", location: "Gothenburg" }, handle.db);
    expect(gothenburg[0]).toMatchObject({ slug: "centrum", name: "Centrum", isCentre: true, latitude: 57.7089, longitude: 11.9746 });
    expect(gothenburg).toContainEqual(expect.objectContaining({ slug: "liseberg", name: "Liseberg", kind: "sevardhet" }));
    expect(written).toBeGreaterThan((DEMO_PLACES.length - 1) * 4);
    expect(await seedDemoLandmarks(handle.db)).toBe(0);
  });

  it("measures a place without a centre landmark from the median of its hotels, once it has three with coordinates", async () => {
    const ystad = { country: "Sweden", location: "Ystad" };
    await createHotels(handle.db, [
      { hotel_id: "V1", country: "Sweden", location: "Ystad", latitude: 57.63, longitude: 18.28 },
      { hotel_id: "V2", country: "Sweden", location: "Ystad", latitude: 57.64, longitude: 18.3 },
      { hotel_id: "V3", country: "Sweden", location: "Ystad", latitude: null, longitude: null },
    ]);
    expect(await placeCentre(ystad, handle.db)).toBeNull();
    // A third hotel, far out at sea: the median does not follow it.
    await createHotels(handle.db, [{ hotel_id: "V4", country: "Sweden", location: "Ystad", latitude: 58.5, longitude: 19.9 }]);
    expect(await placeCentre(ystad, handle.db)).toEqual({ latitude: 57.64, longitude: 18.3, name: "centrum", slug: null, isCentre: true });
  });
});

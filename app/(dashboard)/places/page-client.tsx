"use client";

import { SubmitButton } from "@/components/ui/submit-button";
import dynamic from "next/dynamic";
import { useMemo, useState } from "react";
import { useActionCall } from "@/components/ui/use-action-call";
import { Field } from "@/components/ui/form-field";
import { shapeOfPlace, toGeofence, type PlaceShapeValue, type PlaceView } from "@/components/places/place-view";
import type { MapStart } from "@/lib/fleet/places/map-start";
import type { MapTarget } from "@/components/places/places-map";
import { CityField } from "@/components/settings/city-field";
import { AddressSearch } from "@/components/places/address-search";
import { TOWNS_ONLY_MESSAGE } from "@/lib/platform/geo/towns-only";
import { createPlaceAction, deletePlaceAction, searchAddressesAction, searchCitiesAction, updatePlaceAction } from "./actions";
import { ClientButton } from "@/components/ui/client-button";

const PlacesMap = dynamic(() => import("@/components/places/places-map"), {
  ssr: false,
  loading: () => <div className="places-map map-loading">Loading map…</div>,
});

type Draft = { name: string; formattedAddress: string; notes: string; shape: PlaceShapeValue | null };
const EMPTY: Draft = { name: "", formattedAddress: "", notes: "", shape: null };

const describeShape = (shape: PlaceShapeValue | null) =>
  !shape
    ? "No shape yet: draw a circle or a polygon on the map, or give a centre and radius."
    : shape.kind === "circle"
      ? `Circle, ${shape.radiusMeters} m radius`
      : `Polygon, ${shape.vertices.length} vertices`;

/** Places: the list with search, the map with every place, and drawing or editing one (editors only). */
export const PlacesPageClient = ({
  places,
  canEdit,
  tileUrl,
  attribution,
  start,
  addressSearch,
}: {
  places: PlaceView[];
  canEdit: boolean;
  tileUrl: string;
  attribution: string;
  start: MapStart;
  /** A geocoder is configured (GEOCODER_URL): street addresses can be searched beside towns. */
  addressSearch: boolean;
}) => {
  const [target, setTarget] = useState<MapTarget | null>(null);
  const [search, setSearch] = useState("");
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const { run, pending: isPending, message, fieldErrors, refuse, clear } = useActionCall({ refresh: true });
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? places.filter((place) => `${place.name} ${place.formattedAddress}`.toLowerCase().includes(needle)) : places;
  }, [places, search]);

  const select = (id: number | null) => {
    setSelectedId(id);
    clear();
    const place = places.find((candidate) => candidate.id === id);
    setDraft(place ? { name: place.name, formattedAddress: place.formattedAddress, notes: place.notes, shape: shapeOfPlace(place) } : EMPTY);
  };

  const save = () => {
    if (!draft.shape) return refuse("Draw the place on the map first, or give a centre and radius.");
    const input = { name: draft.name, formattedAddress: draft.formattedAddress, notes: draft.notes, geofence: toGeofence(draft.shape) };
    run(
      () => (selectedId === null ? createPlaceAction(input) : updatePlaceAction(selectedId, input)),
      () => {
        if (selectedId === null) setDraft(EMPTY);
        return selectedId === null ? "Place saved." : "Changes saved.";
      },
    );
  };

  const remove = () => {
    if (selectedId === null) return;
    run(
      () => deletePlaceAction(selectedId),
      () => {
        select(null);
        return "Place deleted.";
      },
    );
  };

  const circle = draft.shape?.kind === "circle" ? draft.shape : null;
  const setCircle = (change: Partial<Extract<PlaceShapeValue, { kind: "circle" }>>) =>
    setDraft({
      ...draft,
      shape: {
        kind: "circle",
        latitude: circle?.latitude ?? target?.latitude ?? (start.south + start.north) / 2,
        longitude: circle?.longitude ?? target?.longitude ?? (start.west + start.east) / 2,
        radiusMeters: circle?.radiusMeters ?? 200,
        ...change,
      },
    });

  return (
    <section className="page places-page">
      <div className="page-header">
        <div>
          <h1>Places</h1>
          <p className="muted">Depots, customer sites and zones. Alert rules watch vehicles enter, leave or stay in them.</p>
        </div>
      </div>
      <div className="places-layout">
        <div className="places-side">
          <CityField
            name="town"
            label="Find a town on the map"
            hint={`Its first letters, then pick it: the map moves there, to draw your place.${addressSearch ? "" : ` ${TOWNS_ONLY_MESSAGE}`}`}
            search={searchCitiesAction}
            onPick={setTarget}
          />
          {addressSearch ? <AddressSearch search={searchAddressesAction} onPick={setTarget} /> : null}
          <label className="labelled-field">
            Search places
            <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Name or address" />
          </label>
          <ul className="places-list" aria-label="Places">
            {shown.map((place) => (
              <li key={place.id}>
                <ClientButton
                  className={place.id === selectedId ? "place-item selected" : "place-item"}
                  aria-pressed={place.id === selectedId}
                  onClick={() => select(place.id)}
                >
                  <strong>{place.name}</strong>
                  <span className="muted">{place.formattedAddress}</span>
                </ClientButton>
              </li>
            ))}
            {shown.length === 0 && <li className="muted">No places match.</li>}
          </ul>
        </div>
        <div className="places-main">
          <PlacesMap
            places={places}
            selectedId={selectedId}
            canEdit={canEdit}
            onSelect={select}
            onShape={(shape) => setDraft((current) => ({ ...current, shape }))}
            tileUrl={tileUrl}
            attribution={attribution}
            start={start}
            target={target}
          />
          {canEdit ? (
            <form
              className="form place-form"
              aria-label={selectedId === null ? "New place" : "Edit place"}
              onSubmit={(event) => {
                event.preventDefault();
                save();
              }}
            >
              <h2>{selectedId === null ? "New place" : `Edit ${draft.name}`}</h2>
              <Field label="Name" errorId="place-name-error" error={fieldErrors.name}>
                <input
                  required
                  maxLength={255}
                  value={draft.name}
                  onChange={(event) => setDraft({ ...draft, name: event.target.value })}
                  aria-describedby="place-name-error"
                />
              </Field>
              <Field label="Address" errorId="place-address-error" error={fieldErrors.formattedAddress}>
                <input
                  required
                  maxLength={1024}
                  value={draft.formattedAddress}
                  onChange={(event) => setDraft({ ...draft, formattedAddress: event.target.value })}
                  aria-describedby="place-address-error"
                />
              </Field>
              <Field label="Notes" errorId="place-notes-error">
                <input maxLength={4096} value={draft.notes} onChange={(event) => setDraft({ ...draft, notes: event.target.value })} />
              </Field>
              <fieldset className="place-circle">
                <legend>Circle (or draw on the map)</legend>
                <Field label="Latitude" errorId="place-lat-error">
                  <input
                    type="number"
                    step="any"
                    min={-90}
                    max={90}
                    value={circle?.latitude ?? ""}
                    onChange={(event) => setCircle({ latitude: Number(event.target.value) })}
                  />
                </Field>
                <Field label="Longitude" errorId="place-lon-error">
                  <input
                    type="number"
                    step="any"
                    min={-180}
                    max={180}
                    value={circle?.longitude ?? ""}
                    onChange={(event) => setCircle({ longitude: Number(event.target.value) })}
                  />
                </Field>
                <Field label="Radius (m)" errorId="place-radius-error" error={fieldErrors.geofence}>
                  <input
                    type="number"
                    min={1}
                    max={50000}
                    value={circle?.radiusMeters ?? ""}
                    onChange={(event) => setCircle({ radiusMeters: Number(event.target.value) })}
                    aria-describedby="place-radius-error"
                  />
                </Field>
              </fieldset>
              <p className="muted" data-testid="place-shape">
                {describeShape(draft.shape)}
              </p>
              {message && (
                <p role="status" className="form-message">
                  {message}
                </p>
              )}
              <div className="form-actions">
                <SubmitButton label={selectedId === null ? "Save place" : "Save changes"} pending={isPending} />
                {selectedId !== null && (
                  <>
                    <ClientButton className="button" onClick={() => select(null)} disabled={isPending}>
                      New place
                    </ClientButton>
                    <ClientButton className="button-danger" onClick={remove} disabled={isPending}>
                      Delete
                    </ClientButton>
                  </>
                )}
              </div>
            </form>
          ) : (
            <p className="muted">Your role can view places; admins, managers and dispatchers edit them.</p>
          )}
        </div>
      </div>
    </section>
  );
};

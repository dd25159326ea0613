"use client";

import { useId, useState, type FormEvent } from "react";
import { ClientButton } from "@/components/ui/client-button";
import { SubmitButton } from "@/components/ui/submit-button";
import type { CityMatch } from "@/lib/platform/geo/city-search";

type AddressSearchProps = {
  search: (query: string) => Promise<{ ok: true; addresses: CityMatch[] } | { ok: false; message: string }>;
  onPick: (address: CityMatch) => void;
};

/** A street address searched on submit (the geocoder answers one search a second, never as one types); a found one moves the map. */
export const AddressSearch = ({ search, onPick }: AddressSearchProps) => {
  const id = useId();
  const [found, setFound] = useState<CityMatch[] | null>(null);
  const [message, setMessage] = useState("");
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get("address") ?? "");
    setPending(true);
    const result = await search(query).finally(() => setPending(false));
    setFound(result.ok ? result.addresses : null);
    setMessage(result.ok ? (result.addresses.length === 0 ? "No address found: check the spelling, or add the town." : "") : result.message);
  };

  return (
    <form className="address-search" role="search" aria-label="Find a street address" onSubmit={(event) => void submit(event)}>
      <div className="form-field">
        <label htmlFor={`${id}-input`}>Find a street address</label>
        <div className="inline-field">
          <input id={`${id}-input`} name="address" type="search" required minLength={3} maxLength={200} aria-describedby={`${id}-hint`} />
          <SubmitButton label="Find" pendingLabel="Finding…" pending={pending} className="button" />
        </div>
        <p id={`${id}-hint`} className="field-hint">
          Street, number and town, then Find: pick a result to move the map there.
        </p>
      </div>
      <p role="status" className={message ? "form-error" : undefined}>
        {message}
      </p>
      {found && found.length > 0 ? (
        <ul className="address-results" aria-label="Addresses found">
          {found.map((address) => (
            <li key={`${address.label} ${address.latitude} ${address.longitude}`}>
              <ClientButton className="place-item" onClick={() => onPick(address)}>
                {address.label}
              </ClientButton>
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
};

"use client";

import { useEffect, useRef, useState } from "react";
import { ClientButton } from "@/components/ui/client-button";
import { MAX_PHOTOS_PER_DEFECT } from "@/lib/fleet/inspections/photo-limits";
import { uploadDefectPhotoAction } from "./actions";
import { shrinkPhoto } from "./shrink-photo";

type Sent = { id: number; preview: string };

/** Tries `send` up to 4 times, 1, 2 then 4 s apart: a weak connection's dropped request is sent again. */
const withRetries = async <T,>(send: () => Promise<T>): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000 * 2 ** attempt));
    }
  }
};

/**
 * Up to 5 photos of one defect from the phone's camera or gallery: each is shrunk and sent on its own
 * as soon as it is chosen (retried on a dropped connection), and the report carries the photos' ids
 * (`photos-<typeId>`). Needs the script: without it the report goes without photos.
 */
export const DefectPhotosField = ({ typeId, label }: { typeId: number; label: string }) => {
  const [sent, setSent] = useState<Sent[]>([]);
  const [sending, setSending] = useState(0);
  const [problem, setProblem] = useState("");
  const previews = useRef<string[]>([]);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);
  const room = MAX_PHOTOS_PER_DEFECT - sent.length - sending;

  const add = async (files: File[]) => {
    setProblem("");
    const chosen = files.slice(0, room);
    if (files.length > chosen.length) setProblem(`At most ${MAX_PHOTOS_PER_DEFECT} photos a defect: the others were left out.`);
    setSending((n) => n + chosen.length);
    for (const file of chosen) {
      try {
        const photo = await shrinkPhoto(file);
        const form = new FormData();
        form.set("photo", photo, "photo.jpg");
        const answer = await withRetries(() => uploadDefectPhotoAction(form));
        if (!answer.ok) throw new Error(answer.message);
        const preview = URL.createObjectURL(photo);
        previews.current.push(preview);
        setSent((list) => [...list, { id: answer.id, preview }]);
      } catch (error) {
        setProblem(`A photo was not sent: ${error instanceof Error ? error.message : "try again"}.`);
      } finally {
        setSending((n) => n - 1);
      }
    }
  };

  return (
    <div className="defect-photos">
      <input type="hidden" name={`photos-${typeId}`} value={sent.map((photo) => photo.id).join(",")} />
      {sent.length > 0 && (
        <ul className="defect-photo-list" aria-label={`${label}: photos`}>
          {sent.map((photo, index) => (
            <li key={photo.id}>
              <img src={photo.preview} alt={`${label}: photo ${index + 1}`} />
              <ClientButton className="button" onClick={() => setSent((list) => list.filter((other) => other.id !== photo.id))}>
                Remove photo {index + 1}
              </ClientButton>
            </li>
          ))}
        </ul>
      )}
      {room > 0 && (
        <label className="button defect-photo-add">
          Add photo{sending ? ` (sending ${sending}…)` : ""}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            capture="environment"
            multiple
            className="visually-hidden"
            aria-label={`${label}: add a photo`}
            onChange={(event) => {
              void add([...(event.currentTarget.files ?? [])]);
              event.currentTarget.value = "";
            }}
          />
        </label>
      )}
      <span role="status" className={problem ? "form-error" : "visually-hidden"}>
        {problem || (sending ? `Sending ${sending} photo${sending === 1 ? "" : "s"}` : "")}
      </span>
    </div>
  );
};
